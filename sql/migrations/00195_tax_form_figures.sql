-- +goose Up
-- A form keeps the money figures of its last reconciliation next to its counts, under the same
-- key of the results it read, so that the form's summary (getReportInfo) is read, not computed,
-- while the results and the form's rows are unchanged. Forms reconciled before the figures were
-- kept lose their key: their next read reconciles them again and keeps both.
ALTER TABLE tax_forms
    ADD COLUMN broker_proceeds  numeric,
    ADD COLUMN broker_basis     numeric,
    ADD COLUMN paired_proceeds  numeric,
    ADD COLUMN paired_basis     numeric;

UPDATE tax_forms SET reconciled_key = NULL WHERE reconciled_key IS NOT NULL;

-- +goose Down
ALTER TABLE tax_forms DROP COLUMN broker_proceeds, DROP COLUMN broker_basis, DROP COLUMN paired_proceeds,
    DROP COLUMN paired_basis;
