-- +goose Up
-- The reads of a result set by tax year (Form 8949 rows and boxes, the broker-form reconciliation,
-- a year's disposal count) and by asset (an asset's disposal trail in seq order) find their pieces
-- by these keys instead of scanning every piece of the result set.
CREATE INDEX tax_disposals_year_idx ON tax_disposals (result_set_id, tax_year, form_box, seq);
CREATE INDEX tax_disposals_asset_idx ON tax_disposals (result_set_id, asset_key, seq);
CREATE INDEX tax_income_year_idx ON tax_income (result_set_id, tax_year);

-- +goose Down
DROP INDEX tax_income_year_idx;
DROP INDEX tax_disposals_asset_idx;
DROP INDEX tax_disposals_year_idx;
