-- +goose Up
-- Each client's figures of the transactions an unfiltered list shows ("shown": live, not hidden, not
-- failed): their count, the reviewed ones, the ones without a label, and their fees (fee transfers'
-- values plus fiat fees, of transfers not hidden, as Transaction.feeFiatValueCents). Statement-level
-- triggers on transactions and transfers keep them, so the unfiltered summary reads a row instead of
-- a million. The spam-only and linked transactions, which a count cannot tell apart, are few and
-- read at query time (internal/ledger/summary.go). Each statement adds its net change per client, in
-- client order; a change that moves no figure writes nothing. A transaction deleted outright (the
-- client's deletion: its transfers go first, by the cascade) makes its client's row counted again.
CREATE TABLE client_transaction_counts (
    client_id uuid PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
    shown bigint NOT NULL,
    reviewed bigint NOT NULL,
    unlabeled bigint NOT NULL,
    fees numeric NOT NULL
);

-- +goose StatementBegin
CREATE FUNCTION client_transaction_counts_recount(clients uuid[]) RETURNS void LANGUAGE sql AS $$
    UPDATE client_transaction_counts c SET shown = n.shown, reviewed = n.reviewed, unlabeled = n.unlabeled,
        fees = coalesce((SELECT sum((CASE WHEN tr.is_fee THEN coalesce(tr.fiat_value, 0) ELSE 0 END + coalesce(tr.fee_fiat, 0))) FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id
                         WHERE t.client_id = c.client_id AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed
                           AND (tr.is_fee OR tr.fee_fiat IS NOT NULL) AND NOT tr.is_hidden), 0)
    FROM (SELECT cl.id, count(t.id) AS shown, count(t.id) FILTER (WHERE t.is_reviewed) AS reviewed,
                 count(t.id) FILTER (WHERE coalesce(t.label, '') = '') AS unlabeled
          FROM unnest(clients) cl(id) LEFT JOIN transactions t ON t.client_id = cl.id AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed
          GROUP BY cl.id) n
    WHERE c.client_id = n.id
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION client_transaction_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        -- a new transaction has no transfers yet
        INSERT INTO client_transaction_counts AS c (client_id, shown, reviewed, unlabeled, fees)
        SELECT n.client_id, count(*), count(*) FILTER (WHERE n.is_reviewed), count(*) FILTER (WHERE coalesce(n.label, '') = ''), 0
        FROM new_rows n WHERE n.deleted_at IS NULL AND NOT n.is_hidden AND NOT n.is_failed
        GROUP BY n.client_id ORDER BY n.client_id
        ON CONFLICT (client_id) DO UPDATE SET shown = c.shown + excluded.shown,
            reviewed = c.reviewed + excluded.reviewed, unlabeled = c.unlabeled + excluded.unlabeled;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM client_transaction_counts_recount(ARRAY(SELECT DISTINCT o.client_id FROM old_rows o ORDER BY 1));
        -- nor does the client's current result set claim its rows are the ledger's: the deleted
        -- transactions' rows stay, without a dirty mark
        UPDATE tax_result_sets rs SET transaction_columns = 'inexact' FROM clients c
        WHERE c.id IN (SELECT DISTINCT o.client_id FROM old_rows o) AND rs.id = c.current_result_set_id AND rs.transaction_columns = 'exact';
    ELSE
        INSERT INTO client_transaction_counts AS c (client_id, shown, reviewed, unlabeled, fees)
        SELECT s.client_id, sum(s.n), coalesce(sum(s.n) FILTER (WHERE s.is_reviewed), 0), coalesce(sum(s.n) FILTER (WHERE s.blank), 0),
            coalesce(sum(s.n * (SELECT sum((CASE WHEN tr.is_fee THEN coalesce(tr.fiat_value, 0) ELSE 0 END + coalesce(tr.fee_fiat, 0))) FROM transfers tr WHERE tr.transaction_id = s.id
                                  AND (tr.is_fee OR tr.fee_fiat IS NOT NULL) AND NOT tr.is_hidden)) FILTER (WHERE s.moved), 0)
        FROM (
            SELECT o.id, o.client_id, -1 AS n, o.is_reviewed, coalesce(o.label, '') = '' AS blank,
                NOT (n.deleted_at IS NULL AND NOT n.is_hidden AND NOT n.is_failed) AS moved
            FROM old_rows o JOIN new_rows n USING (id)
            WHERE o.deleted_at IS NULL AND NOT o.is_hidden AND NOT o.is_failed
            UNION ALL
            SELECT n.id, n.client_id, 1, n.is_reviewed, coalesce(n.label, '') = '',
                NOT (o.deleted_at IS NULL AND NOT o.is_hidden AND NOT o.is_failed)
            FROM old_rows o JOIN new_rows n USING (id)
            WHERE n.deleted_at IS NULL AND NOT n.is_hidden AND NOT n.is_failed) s
        GROUP BY s.client_id
        HAVING sum(s.n) <> 0 OR coalesce(sum(s.n) FILTER (WHERE s.is_reviewed), 0) <> 0
            OR coalesce(sum(s.n) FILTER (WHERE s.blank), 0) <> 0 OR bool_or(s.moved)
        ORDER BY s.client_id
        ON CONFLICT (client_id) DO UPDATE SET shown = c.shown + excluded.shown, reviewed = c.reviewed + excluded.reviewed,
            unlabeled = c.unlabeled + excluded.unlabeled, fees = c.fees + excluded.fees;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
-- A transfer's fee counts while its transaction is shown (one found deleted outright is left to
-- that deletion's recount).
CREATE FUNCTION client_transaction_fees_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE client_transaction_counts c SET fees = c.fees + d.fees
        FROM (SELECT n.client_id, sum((CASE WHEN n.is_fee THEN coalesce(n.fiat_value, 0) ELSE 0 END + coalesce(n.fee_fiat, 0))) AS fees FROM new_rows n
              JOIN transactions t ON t.id = n.transaction_id AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed
              WHERE (n.is_fee OR n.fee_fiat IS NOT NULL) AND NOT n.is_hidden GROUP BY n.client_id) d
        WHERE c.client_id = d.client_id AND d.fees <> 0;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE client_transaction_counts c SET fees = c.fees - d.fees
        FROM (SELECT o.client_id, sum((CASE WHEN o.is_fee THEN coalesce(o.fiat_value, 0) ELSE 0 END + coalesce(o.fee_fiat, 0))) AS fees FROM old_rows o
              JOIN transactions t ON t.id = o.transaction_id AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed
              WHERE (o.is_fee OR o.fee_fiat IS NOT NULL) AND NOT o.is_hidden GROUP BY o.client_id) d
        WHERE c.client_id = d.client_id AND d.fees <> 0;
    ELSE
        UPDATE client_transaction_counts c SET fees = c.fees + d.fees
        FROM (SELECT s.client_id, sum(s.fee) AS fees FROM (
                SELECT o.client_id, o.transaction_id, -(CASE WHEN o.is_fee THEN coalesce(o.fiat_value, 0) ELSE 0 END + coalesce(o.fee_fiat, 0)) AS fee FROM old_rows o
                WHERE (o.is_fee OR o.fee_fiat IS NOT NULL) AND NOT o.is_hidden
                UNION ALL
                SELECT n.client_id, n.transaction_id, (CASE WHEN n.is_fee THEN coalesce(n.fiat_value, 0) ELSE 0 END + coalesce(n.fee_fiat, 0)) FROM new_rows n
                WHERE (n.is_fee OR n.fee_fiat IS NOT NULL) AND NOT n.is_hidden) s
              JOIN transactions t ON t.id = s.transaction_id AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed
              GROUP BY s.client_id) d
        WHERE c.client_id = d.client_id AND d.fees <> 0;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER transactions_count_by_client_inserted AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_transaction_counts_changed();
CREATE TRIGGER transactions_count_by_client_updated AFTER UPDATE ON transactions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_transaction_counts_changed();
CREATE TRIGGER transactions_count_by_client_deleted AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_transaction_counts_changed();
CREATE TRIGGER transfers_fees_by_client_inserted AFTER INSERT ON transfers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_transaction_fees_changed();
CREATE TRIGGER transfers_fees_by_client_updated AFTER UPDATE ON transfers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_transaction_fees_changed();
CREATE TRIGGER transfers_fees_by_client_deleted AFTER DELETE ON transfers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_transaction_fees_changed();

INSERT INTO client_transaction_counts (client_id, shown, reviewed, unlabeled, fees)
SELECT c.id, 0, 0, 0, 0 FROM clients c;
SELECT client_transaction_counts_recount(ARRAY(SELECT id FROM clients ORDER BY id));

-- +goose Down
DROP TRIGGER transfers_fees_by_client_deleted ON transfers;
DROP TRIGGER transfers_fees_by_client_updated ON transfers;
DROP TRIGGER transfers_fees_by_client_inserted ON transfers;
DROP TRIGGER transactions_count_by_client_deleted ON transactions;
DROP TRIGGER transactions_count_by_client_updated ON transactions;
DROP TRIGGER transactions_count_by_client_inserted ON transactions;
DROP FUNCTION client_transaction_fees_changed();
DROP FUNCTION client_transaction_counts_changed();
DROP FUNCTION client_transaction_counts_recount(uuid[]);
DROP TABLE client_transaction_counts;
