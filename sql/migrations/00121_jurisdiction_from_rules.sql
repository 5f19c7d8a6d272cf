-- +goose Up
-- The jurisdictions are tax.Rules values (internal/tax/rules.go) and the recalculation writes a
-- result set only under one of them, so the database no longer repeats their list: a new country
-- is a rules value, not a migration.
ALTER TABLE tax_result_sets DROP CONSTRAINT tax_result_sets_jurisdiction_check;

-- +goose Down
ALTER TABLE tax_result_sets ADD CONSTRAINT tax_result_sets_jurisdiction_check CHECK (jurisdiction IN ('US', 'GB', 'CA'));
