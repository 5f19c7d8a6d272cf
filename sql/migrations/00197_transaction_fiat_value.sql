-- +goose Up
-- The transaction list sorted by fiat value walks an index of the value instead of computing it for
-- every transaction and sorting them all. transactions.fiat_value is the value the list shows
-- (Transaction.fiatValueCents, in cents as it prints them): the larger of the incoming and the
-- outgoing side, fees left out, over the transaction's visible transfers, each valued by its own
-- fiat value or, without one, by the value the current result set's engine gave it
-- (tax_transaction_results.transfer_figures). transaction_fiat_values is that definition; the
-- triggers below keep the column equal to it whenever a transfer, a result row with transfer
-- figures or the client's current result set changes.
ALTER TABLE transactions ADD COLUMN fiat_value numeric NOT NULL DEFAULT 0;

-- +goose StatementBegin
CREATE FUNCTION transaction_fiat_values(ids uuid[]) RETURNS TABLE (id uuid, value numeric)
LANGUAGE sql STABLE AS $$
    SELECT t.id, round(greatest(
        coalesce(sum(v.value) FILTER (WHERE fv.to_account_id IS NOT NULL AND NOT fv.is_fee), 0),
        coalesce(sum(v.value) FILTER (WHERE fv.from_account_id IS NOT NULL AND NOT fv.is_fee), 0)), 2)
      FROM (SELECT DISTINCT unnest(ids)) AS u(id)
      JOIN transactions t ON t.id = u.id
      JOIN clients c ON c.id = t.client_id
      LEFT JOIN tax_transaction_results r ON r.result_set_id = c.current_result_set_id AND r.transaction_id = t.id
           AND r.client_id = t.client_id
      LEFT JOIN transfers fv ON fv.transaction_id = t.id AND NOT fv.is_hidden
      LEFT JOIN LATERAL (SELECT coalesce(fv.fiat_value, (r.transfer_figures -> fv.id::text ->> 'value')::numeric) AS value) v ON true
     GROUP BY t.id
$$;
-- +goose StatementEnd

-- Sets the value of the transactions ids whose stored value differs from the definition. The
-- UPDATE is sent only when one does: the statement triggers of transactions fire for an UPDATE of
-- no row too.
-- +goose StatementBegin
CREATE FUNCTION refresh_transaction_fiat_values(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    changed uuid[];
    vals numeric[];
BEGIN
    IF cardinality(ids) = 0 THEN
        RETURN;
    END IF;
    SELECT array_agg(v.id), array_agg(v.value) INTO changed, vals
      FROM transaction_fiat_values(ids) v JOIN transactions t ON t.id = v.id
     WHERE t.fiat_value <> v.value;
    IF changed IS NOT NULL THEN
        UPDATE transactions t SET fiat_value = c.value FROM unnest(changed, vals) AS c(id, value) WHERE t.id = c.id;
    END IF;
END $$;
-- +goose StatementEnd

-- A transfer's value, visibility, fee flag, sides or transaction: its transactions' values. A bulk
-- import writes the values of the transactions it adds or replaces with them (ledger.Importer:
-- computing them here costs several index probes per transaction) and says so for its statements
-- with the setting taxd.transaction_values_written.
-- +goose StatementBegin
CREATE FUNCTION transfers_refresh_fiat_values() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('taxd.transaction_values_written', true) = 'on' THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        PERFORM refresh_transaction_fiat_values(ARRAY(SELECT DISTINCT n.transaction_id FROM new_rows n));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM refresh_transaction_fiat_values(ARRAY(SELECT DISTINCT o.transaction_id FROM old_rows o));
    ELSE
        PERFORM refresh_transaction_fiat_values(ARRAY(
            SELECT DISTINCT x.id FROM new_rows n JOIN old_rows o ON o.id = n.id
             CROSS JOIN LATERAL (VALUES (n.transaction_id), (o.transaction_id)) AS x(id)
             WHERE (n.fiat_value, n.is_hidden, n.is_fee, n.from_account_id IS NULL, n.to_account_id IS NULL, n.transaction_id)
                   IS DISTINCT FROM (o.fiat_value, o.is_hidden, o.is_fee, o.from_account_id IS NULL, o.to_account_id IS NULL, o.transaction_id)));
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER transfers_fiat_values_inserted AFTER INSERT ON transfers REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION transfers_refresh_fiat_values();
CREATE TRIGGER transfers_fiat_values_updated AFTER UPDATE ON transfers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION transfers_refresh_fiat_values();
CREATE TRIGGER transfers_fiat_values_deleted AFTER DELETE ON transfers REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION transfers_refresh_fiat_values();

-- A result row with transfer figures written into or removed from a client's current result set
-- (an incremental run rewrites rows in place): its transaction's value.
-- +goose StatementBegin
CREATE FUNCTION results_refresh_fiat_values() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM refresh_transaction_fiat_values(ARRAY(SELECT n.transaction_id FROM new_rows n
            JOIN clients c ON c.id = n.client_id AND c.current_result_set_id = n.result_set_id WHERE n.transfer_figures IS NOT NULL));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM refresh_transaction_fiat_values(ARRAY(SELECT o.transaction_id FROM old_rows o
            JOIN clients c ON c.id = o.client_id AND c.current_result_set_id = o.result_set_id WHERE o.transfer_figures IS NOT NULL));
    ELSE
        PERFORM refresh_transaction_fiat_values(ARRAY(SELECT n.transaction_id FROM new_rows n
            JOIN old_rows o ON o.result_set_id = n.result_set_id AND o.transaction_id = n.transaction_id
            JOIN clients c ON c.id = n.client_id AND c.current_result_set_id = n.result_set_id
            WHERE n.transfer_figures IS DISTINCT FROM o.transfer_figures));
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER results_fiat_values_inserted AFTER INSERT ON tax_transaction_results REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION results_refresh_fiat_values();
CREATE TRIGGER results_fiat_values_updated AFTER UPDATE ON tax_transaction_results REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION results_refresh_fiat_values();
CREATE TRIGGER results_fiat_values_deleted AFTER DELETE ON tax_transaction_results REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION results_refresh_fiat_values();

-- The result rows with transfer figures (about one in ten), which a switch of the current result
-- set compares between the two sets.
CREATE INDEX tax_transaction_results_figures_idx ON tax_transaction_results (result_set_id, transaction_id)
    WHERE transfer_figures IS NOT NULL;

-- The client's current result set switched: the values of the transactions whose transfer figures
-- differ between the two sets (a value depends on the set through its figures alone; a full run
-- mostly derives the figures it derived before).
-- +goose StatementBegin
CREATE FUNCTION clients_refresh_fiat_values() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM refresh_transaction_fiat_values(ARRAY(
        SELECT coalesce(o.transaction_id, n.transaction_id)
          FROM (SELECT transaction_id, transfer_figures FROM tax_transaction_results
                 WHERE result_set_id = OLD.current_result_set_id AND transfer_figures IS NOT NULL) o
          FULL JOIN (SELECT transaction_id, transfer_figures FROM tax_transaction_results
                      WHERE result_set_id = NEW.current_result_set_id AND transfer_figures IS NOT NULL) n
            ON n.transaction_id = o.transaction_id
         WHERE o.transfer_figures IS DISTINCT FROM n.transfer_figures));
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER clients_fiat_values_switched AFTER UPDATE OF current_result_set_id ON clients
    FOR EACH ROW WHEN (OLD.current_result_set_id IS DISTINCT FROM NEW.current_result_set_id)
    EXECUTE FUNCTION clients_refresh_fiat_values();

UPDATE transactions t SET fiat_value = v.value
  FROM transaction_fiat_values(ARRAY(SELECT id FROM transactions)) v
 WHERE t.id = v.id AND v.value <> 0;

-- The list by fiat value: the value, then time, as the list orders it; the columns of its default
-- conditions are included, so a page's ids come from the index alone.
CREATE INDEX transactions_client_fiat_value_idx ON transactions (client_id, fiat_value, occurred_at, ordinal, id)
    INCLUDE (deleted_at, is_hidden, is_failed);

-- +goose Down
DROP INDEX transactions_client_fiat_value_idx;
DROP TRIGGER clients_fiat_values_switched ON clients;
DROP FUNCTION clients_refresh_fiat_values();
DROP INDEX tax_transaction_results_figures_idx;
DROP TRIGGER results_fiat_values_deleted ON tax_transaction_results;
DROP TRIGGER results_fiat_values_updated ON tax_transaction_results;
DROP TRIGGER results_fiat_values_inserted ON tax_transaction_results;
DROP FUNCTION results_refresh_fiat_values();
DROP TRIGGER transfers_fiat_values_deleted ON transfers;
DROP TRIGGER transfers_fiat_values_updated ON transfers;
DROP TRIGGER transfers_fiat_values_inserted ON transfers;
DROP FUNCTION transfers_refresh_fiat_values();
DROP FUNCTION refresh_transaction_fiat_values(uuid[]);
DROP FUNCTION transaction_fiat_values(uuid[]);
ALTER TABLE transactions DROP COLUMN fiat_value;
