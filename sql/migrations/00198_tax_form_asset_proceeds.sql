-- +goose Up
-- A form keeps its last reconciliation's proceeds per asset beside its counts and sums, under the
-- same key of the results (tax_forms.reconciled_key), so that the proceeds by asset are read, not
-- compared again, while the results and the form's rows are unchanged. Both writers of the key
-- (a generate call, a review of a stale form) replace these rows in the same transaction. Forms
-- reconciled before the rows were kept lose their key: their next read reconciles them again.
CREATE TABLE tax_form_asset_proceeds (
    tax_form_id       uuid    NOT NULL,
    client_id         uuid    NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    -- the order of the comparison: the largest difference first, then by symbol
    position          integer NOT NULL CHECK (position >= 0),
    -- the ledger's asset when either side knows it, else only the symbol names the asset
    asset_id          uuid,
    symbol            text    NOT NULL,
    broker_proceeds   numeric NOT NULL,
    computed_proceeds numeric NOT NULL,
    broker_rows       integer NOT NULL CHECK (broker_rows >= 0),
    computed_units    integer NOT NULL CHECK (computed_units >= 0),
    PRIMARY KEY (tax_form_id, client_id, position),
    FOREIGN KEY (tax_form_id, client_id) REFERENCES tax_forms (id, client_id) ON DELETE CASCADE
);
CREATE INDEX tax_form_asset_proceeds_client_idx ON tax_form_asset_proceeds (client_id);

UPDATE tax_forms SET reconciled_key = NULL WHERE reconciled_key IS NOT NULL;

-- +goose Down
DROP TABLE tax_form_asset_proceeds;
