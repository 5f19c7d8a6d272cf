-- +goose Up
-- The client's country picks the engine's rule set (US, GB or CA). A result set records the one it
-- was computed under, so that readers describe its figures in that country's terms even while a
-- change of country waits for the next run.
ALTER TABLE tax_result_sets
    ADD COLUMN jurisdiction text NOT NULL DEFAULT 'US' CHECK (jurisdiction IN ('US', 'GB', 'CA'));

-- GB and CA pieces: the rule that matched the piece (same_day, thirty_day, pool; acb) and, under CA,
-- the superficial loss denied on it (basis is the adjusted cost base less it). NULL under US.
ALTER TABLE tax_disposals
    ADD COLUMN match       text CHECK (match IN ('same_day', 'thirty_day', 'pool', 'acb', 'uncovered')),
    ADD COLUMN denied_loss numeric;

-- GB and CA years: gains and losses counted per disposal (SA108, Schedule 3) and CA's superficial
-- losses denied. NULL under US.
ALTER TABLE tax_year_summaries
    ADD COLUMN gains         numeric,
    ADD COLUMN losses        numeric,
    ADD COLUMN denied_losses numeric;

-- +goose Down
ALTER TABLE tax_year_summaries DROP COLUMN denied_losses, DROP COLUMN losses, DROP COLUMN gains;
ALTER TABLE tax_disposals DROP COLUMN denied_loss, DROP COLUMN match;
ALTER TABLE tax_result_sets DROP COLUMN jurisdiction;
