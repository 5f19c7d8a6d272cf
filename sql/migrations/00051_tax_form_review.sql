-- +goose Up
-- A form's state follows its reconciliation with the settled ledger, as getTaxFormReconciliation
-- computes it: the counts of the last reconciliation are kept with the key of the results it read
-- (result set, its write time, the client's edit counter), so a list of forms reconciles again
-- only the forms whose key changed.
ALTER TABLE tax_forms
    ADD COLUMN reconciled_key           text,
    ADD COLUMN matched_count            integer NOT NULL DEFAULT 0,
    ADD COLUMN mismatched_count         integer NOT NULL DEFAULT 0,
    ADD COLUMN missing_in_ledger_count  integer NOT NULL DEFAULT 0,
    ADD COLUMN missing_on_form_count    integer NOT NULL DEFAULT 0;

-- A run remembers what it was asked (a hash of the rows and options) and the results it
-- reconciled, so that the same call again (a retry) returns it instead of starting another.
ALTER TABLE tax_form_generations
    ADD COLUMN request_hash  text,
    ADD COLUMN results_key   text;

-- +goose Down
ALTER TABLE tax_form_generations DROP COLUMN request_hash, DROP COLUMN results_key;
ALTER TABLE tax_forms DROP COLUMN reconciled_key, DROP COLUMN matched_count, DROP COLUMN mismatched_count,
    DROP COLUMN missing_in_ledger_count, DROP COLUMN missing_on_form_count;
