-- +goose Up
-- A year's taxable figures where the rules make them differ from the net gain (tax.Rules.TaxableGain):
-- the taxable gain after a holding exemption, losses, a discount or an inclusion rate and a threshold;
-- the income after an income threshold; the gains of long-term pieces among the gains, the net capital
-- losses brought forward and carried forward, and the discount (under a discount rule). NULL where the
-- rules have no such figure.
ALTER TABLE tax_year_summaries
    ADD COLUMN taxable_gain           numeric,
    ADD COLUMN taxable_income         numeric,
    ADD COLUMN discount_gains         numeric,
    ADD COLUMN losses_brought_forward numeric,
    ADD COLUMN losses_carried_forward numeric,
    ADD COLUMN discount               numeric;

-- Clients in Germany and Australia had the generic (US) rules until their countries' own rules
-- existed: their stored results are stale, so the next run recomputes them under their rules.
UPDATE clients SET settings_dirty_seq = nextval('ledger_dirty_seq')
WHERE country IN ('DE', 'AU') AND current_result_set_id IS NOT NULL AND settings_dirty_seq IS NULL;

-- +goose Down
ALTER TABLE tax_year_summaries DROP COLUMN discount, DROP COLUMN losses_carried_forward, DROP COLUMN losses_brought_forward,
    DROP COLUMN discount_gains, DROP COLUMN taxable_income, DROP COLUMN taxable_gain;
