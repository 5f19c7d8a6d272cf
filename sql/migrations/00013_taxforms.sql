-- +goose Up
-- Broker tax forms (internal/taxforms): a Form 1099-DA (or 1099-B, ...) received from a broker for one
-- client and tax year, its rows as the broker printed them, and the runs that generate a Form 8949
-- reconciled with it. The ledger side of a reconciliation is never copied here: it is read from the
-- client's settled results (tax_disposals) each time, so it follows recalculations.
CREATE TABLE tax_forms (
    id              uuid PRIMARY KEY,
    client_id       uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    form_type       text NOT NULL CHECK (form_type IN ('FORM_1099_DA', 'FORM_1099_B', 'FORM_1099_MISC', 'FORM_1099_K')),
    tax_year        integer NOT NULL CHECK (tax_year BETWEEN 2000 AND 2100),
    broker_name     text NOT NULL,
    -- the client's account at the broker: when set, only that account's disposals are compared
    account_id      uuid REFERENCES accounts (id) ON DELETE SET NULL,
    -- the state of the last reconciliation (GENERATED is derived from the generations)
    status          text NOT NULL DEFAULT 'PROCESSING'
        CHECK (status IN ('PROCESSING', 'NEEDS_REVIEW', 'RECONCILED', 'FAILED')),
    status_message  text,
    file_name       text,
    row_count       integer NOT NULL DEFAULT 0 CHECK (row_count >= 0),
    uploaded_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tax_forms_client_year_idx ON tax_forms (client_id, tax_year, uploaded_at DESC);
CREATE INDEX tax_forms_account_idx ON tax_forms (account_id) WHERE account_id IS NOT NULL;

-- The rows of a broker form, in the broker's order. cost_basis NULL: the broker reported no basis.
-- transaction_id/transfer_id name the ledger disposal the row was given for (a pairing the caller
-- made); they are hints, not foreign keys, because the ledger may change after the form came in.
CREATE TABLE tax_form_rows (
    tax_form_id      uuid NOT NULL REFERENCES tax_forms (id) ON DELETE CASCADE,
    position         integer NOT NULL CHECK (position >= 0),
    id               uuid NOT NULL,
    client_id        uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    asset_symbol     text NOT NULL,
    asset_id         uuid REFERENCES assets (id) ON DELETE SET NULL,
    quantity         numeric NOT NULL CHECK (quantity > 0),
    date_acquired    timestamptz,
    date_sold        timestamptz NOT NULL,
    proceeds         numeric NOT NULL,
    cost_basis       numeric,
    transaction_id   uuid,
    transfer_id      uuid,
    -- corrections for the reconciled Form 8949
    include          boolean NOT NULL DEFAULT true,
    box              text CHECK (box IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L')),
    adjustment_code  text,
    adjustment       numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (tax_form_id, position),
    CONSTRAINT tax_form_rows_id_key UNIQUE (id)
);
CREATE INDEX tax_form_rows_client_idx ON tax_form_rows (client_id);
CREATE INDEX tax_form_rows_asset_idx ON tax_form_rows (asset_id) WHERE asset_id IS NOT NULL;

-- One generate1099DAReports run: the reconciled Form 8949 it queued is a report (RECONCILED_8949_PDF);
-- the run's state is its report's.
CREATE TABLE tax_form_generations (
    id                         uuid PRIMARY KEY,
    client_id                  uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    tax_form_id                uuid NOT NULL REFERENCES tax_forms (id) ON DELETE CASCADE,
    transaction_count          integer NOT NULL CHECK (transaction_count >= 0),
    use_broker_data_for_box_g  boolean NOT NULL,
    report_id                  uuid REFERENCES reports (id) ON DELETE SET NULL,
    created_by                 text NOT NULL,
    created_at                 timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tax_form_generations_form_idx ON tax_form_generations (tax_form_id, created_at DESC);
CREATE INDEX tax_form_generations_client_idx ON tax_form_generations (client_id);
CREATE INDEX tax_form_generations_report_idx ON tax_form_generations (report_id) WHERE report_id IS NOT NULL;

-- +goose Down
DROP TABLE tax_form_generations;
DROP TABLE tax_form_rows;
DROP TABLE tax_forms;
