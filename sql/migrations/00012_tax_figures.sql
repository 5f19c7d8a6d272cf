-- +goose Up
-- Tax figures of the GraphQL tax operations (getTaxLots, getReportExportV2, updateClientTaxSettings).

-- The transfer that created the lot a disposal piece consumed, so every gain can be traced to its
-- acquisition through the API even after the lot is used up (NULL when uncovered, and for results
-- written before this column: a recalculation fills it).
ALTER TABLE tax_disposals ADD COLUMN lot_transfer_id text;

-- Report parameters of getReportExportV2: the period (a tax year, a date range or everything), the
-- accounts, 1099-DA exclusion, language and Form 8949 box; result_set_id is the result set the file was
-- rendered from (NULL for files rendered before it was recorded), which tells whether it is stale.
ALTER TABLE reports
    ADD COLUMN date_query_type text NOT NULL DEFAULT 'TAX_YEAR' CHECK (date_query_type IN ('TAX_YEAR', 'DATE_RANGE', 'ALL_TIME')),
    ADD COLUMN start_at        timestamptz,
    ADD COLUMN end_at          timestamptz,
    ADD COLUMN account_ids     uuid[],
    ADD COLUMN exclude_1099da  boolean NOT NULL DEFAULT false,
    ADD COLUMN language        text NOT NULL DEFAULT 'en',
    ADD COLUMN form_box        text,
    ADD COLUMN result_set_id   uuid;

-- +goose Down
ALTER TABLE reports DROP COLUMN date_query_type, DROP COLUMN start_at, DROP COLUMN end_at, DROP COLUMN account_ids,
    DROP COLUMN exclude_1099da, DROP COLUMN language, DROP COLUMN form_box, DROP COLUMN result_set_id;
ALTER TABLE tax_disposals DROP COLUMN lot_transfer_id;
