-- +goose Up
-- A full run of a large ledger writes its disposal pieces into a table of its own, without
-- indexes, builds the indexes after the load on two connections and attaches the table as a
-- partition (internal/recalc/settables.go): at a million transactions the pieces' index entries
-- written row by row into the shared indexes were 9-15 s of the store's Postgres CPU.
--
-- tax_disposals is partitioned by range of result_set_id. Every set
-- whose id is below 'ffffffff-ffff-ffff-0000-000000000000' (every id taxd made before, and every
-- small set's v7 id) lives in the shared partition: the table as it was, its indexes under their
-- old names (the pinned plans name them). A large full run's set takes an id above it
-- (recalc.ownTablesSetID) and a partition of its own, which its cleanup detaches concurrently and
-- drops. There is no default partition: attaching next to one would scan it.
--
-- The parent's indexes are the shared partition's, each under the name of its index with "_p"
-- before the "idx" (the primary key: "_key"); a set's own partition has them under
-- "<its table>_<suffix>".
--
-- tax_transaction_results stays one table: on a partitioned table PostgreSQL 15 neither removes
-- an unused LEFT JOIN nor proves a join unique (both came in 16), and the list's page query relies
-- on the first (its deep pages would join every result row of the client).

ALTER TABLE tax_disposals RENAME TO tax_disposals_shared;

CREATE TABLE tax_disposals (
    result_set_id uuid NOT NULL,
    seq integer NOT NULL,
    transfer_id uuid NOT NULL,
    lot_id text,
    account_key text NOT NULL,
    asset_key text NOT NULL,
    quantity numeric NOT NULL,
    proceeds numeric NOT NULL,
    basis numeric NOT NULL,
    gain numeric NOT NULL,
    acquired_at timestamp with time zone,
    disposed_at timestamp with time zone NOT NULL,
    tax_year integer NOT NULL,
    term text NOT NULL,
    form_box text NOT NULL,
    uncovered boolean DEFAULT false NOT NULL,
    missing_basis boolean DEFAULT false NOT NULL,
    lot_transfer_id uuid,
    match text,
    denied_loss numeric,
    client_id uuid NOT NULL,
    CONSTRAINT tax_disposals_match_check CHECK ((match = ANY (ARRAY['same_day'::text, 'thirty_day'::text, 'pool'::text, 'acb'::text, 'uncovered'::text]))),
    CONSTRAINT tax_disposals_term_check CHECK ((term = ANY (ARRAY['short'::text, 'long'::text])))
) PARTITION BY RANGE (result_set_id);

ALTER TABLE tax_disposals ATTACH PARTITION tax_disposals_shared
    FOR VALUES FROM (MINVALUE) TO ('ffffffff-ffff-ffff-0000-000000000000');
ALTER TABLE tax_disposals ADD CONSTRAINT tax_disposals_key PRIMARY KEY (result_set_id, seq, client_id);
CREATE INDEX tax_disposals_asset_pidx ON tax_disposals (result_set_id, asset_key, seq) INCLUDE (disposed_at);
CREATE INDEX tax_disposals_held_pidx ON tax_disposals (result_set_id, tax_holding_class(acquired_at, disposed_at), acquired_at)
    WHERE acquired_at IS NOT NULL;
CREATE INDEX tax_disposals_uncovered_pidx ON tax_disposals (result_set_id, transfer_id) WHERE uncovered;
CREATE INDEX tax_disposals_year_pidx ON tax_disposals (result_set_id, tax_year, form_box, seq);

-- +goose Down
-- The sets with partitions of their own are moved into the shared partition, which becomes the table.
-- +goose StatementBegin
DO $$
DECLARE
    part regclass;
BEGIN
    FOR part IN SELECT inhrelid::regclass FROM pg_inherits
                 WHERE inhparent = 'tax_disposals'::regclass AND inhrelid <> 'tax_disposals_shared'::regclass LOOP
        EXECUTE format('ALTER TABLE tax_disposals DETACH PARTITION %s', part);
        EXECUTE format('INSERT INTO tax_disposals_shared SELECT * FROM %s', part);
        EXECUTE format('DROP TABLE %s', part);
    END LOOP;
END $$;
-- +goose StatementEnd
ALTER TABLE tax_disposals DETACH PARTITION tax_disposals_shared;
DROP TABLE tax_disposals;
ALTER TABLE tax_disposals_shared RENAME TO tax_disposals;
