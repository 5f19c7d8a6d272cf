-- +goose Up
-- A page of an asset's lot trail (taxfigures.Lots) places every piece and removal of the asset by
-- its seq and time before it reads the page's rows: with the time in these indexes, those keys are
-- read from the index alone (an index-only scan) instead of a table row each.
DROP INDEX tax_disposals_asset_idx;
CREATE INDEX tax_disposals_asset_idx ON tax_disposals (result_set_id, asset_key, seq) INCLUDE (disposed_at);
CREATE INDEX tax_removals_asset_idx ON tax_removals (result_set_id, asset_key, seq, removed_at);

-- +goose Down
DROP INDEX tax_removals_asset_idx;
DROP INDEX tax_disposals_asset_idx;
CREATE INDEX tax_disposals_asset_idx ON tax_disposals (result_set_id, asset_key, seq);
