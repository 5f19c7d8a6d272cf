-- +goose Up
-- Whether a holdings report lists the lots held in DeFi and staking positions (the engine's
-- "staking:<identifier>" accounts) beside the wallets' lots: getReportExportV2's includeDefiPositions.
-- A parameter of the report, so a report with the other choice is never reused for it.
ALTER TABLE reports ADD COLUMN include_defi_positions boolean NOT NULL DEFAULT true;

-- +goose Down
ALTER TABLE reports DROP COLUMN include_defi_positions;
