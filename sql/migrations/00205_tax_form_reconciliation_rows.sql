-- +goose Up
-- A form keeps its last reconciliation's rows beside its counts, sums and proceeds per asset, under
-- the same key of the results (tax_forms.reconciled_key), so that a page of the reconciliation or
-- of the reconciled Form 8949 is a range of these rows, not a comparison of the whole tax year.
-- Both writers of the key (a generate call, a review of a stale form) replace them in the same
-- transaction. A row holds both sides as compared: the broker's (absent when MISSING_ON_FORM) and
-- the ledger disposal's (absent when MISSING_IN_LEDGER).
CREATE TABLE tax_form_reconciliation_rows (
    tax_form_id            uuid    NOT NULL,
    client_id              uuid    NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    -- the reconciliation's order: those needing attention first
    position               integer NOT NULL CHECK (position >= 0),
    -- the reconciled Form 8949's order (date sold, the engine's order, the form's); NULL: the row
    -- is left out of it (a broker row excluded)
    preview_position       integer CHECK (preview_position >= 0),
    id                     uuid    NOT NULL,
    status                 text    NOT NULL CHECK (status IN ('MATCHED', 'MISMATCHED', 'MISSING_IN_LEDGER', 'MISSING_ON_FORM')),
    broker_position        integer,
    broker_asset_symbol    text,
    broker_asset_id        uuid,
    broker_quantity        numeric,
    broker_date_acquired   timestamptz,
    broker_date_sold       timestamptz,
    broker_proceeds        numeric,
    broker_cost_basis      numeric,
    broker_transaction_id  uuid,
    broker_transfer_id     uuid,
    broker_include         boolean,
    broker_box             text,
    broker_adjustment_code text,
    broker_adjustment      numeric,
    transfer_id            uuid,
    transaction_id         uuid,
    asset_id               uuid,
    symbol                 text,
    long_term              boolean,
    disposed_at            timestamptz,
    acquired_at            timestamptz,
    quantity               numeric,
    proceeds               numeric,
    basis                  numeric,
    seq                    integer,
    CHECK ((status = 'MISSING_ON_FORM') = (broker_date_sold IS NULL)),
    CHECK ((status = 'MISSING_IN_LEDGER') = (disposed_at IS NULL)),
    PRIMARY KEY (tax_form_id, client_id, position),
    FOREIGN KEY (tax_form_id, client_id) REFERENCES tax_forms (id, client_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX tax_form_reconciliation_rows_preview_idx ON tax_form_reconciliation_rows (tax_form_id, client_id, preview_position)
    WHERE preview_position IS NOT NULL;
CREATE INDEX tax_form_reconciliation_rows_client_idx ON tax_form_reconciliation_rows (client_id);

-- The totals of the ledger's side, kept with the form's other sums.
ALTER TABLE tax_forms ADD COLUMN computed_proceeds numeric, ADD COLUMN computed_basis numeric;

-- Forms reconciled before the rows were kept lose their key: their next read reconciles them again.
UPDATE tax_forms SET reconciled_key = NULL WHERE reconciled_key IS NOT NULL;

-- +goose Down
ALTER TABLE tax_forms DROP COLUMN computed_proceeds, DROP COLUMN computed_basis;
DROP TABLE tax_form_reconciliation_rows;
