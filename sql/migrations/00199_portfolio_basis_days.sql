-- +goose Up
-- The change per UTC day of the basis held in pieces that left (the disposal pieces and the
-- non-taxable removals of a result set: each adds its basis on the day of its acquisition and
-- takes it away on the day it left), so that a value chart's basis line reads a row per day, not
-- every piece of the history. A cache per written result set, as portfolio_basis: filled on the
-- first chart read after a recalculation writes the set.
CREATE TABLE portfolio_basis_days (
    result_set_id  uuid        NOT NULL,
    client_id      uuid        NOT NULL,
    set_written_at timestamptz NOT NULL,
    day            date        NOT NULL,
    delta          numeric     NOT NULL,
    PRIMARY KEY (result_set_id, set_written_at, day, client_id),
    CONSTRAINT portfolio_basis_days_result_set_id_fkey FOREIGN KEY (result_set_id, client_id)
        REFERENCES tax_result_sets (id, client_id) ON DELETE CASCADE
);
CREATE INDEX portfolio_basis_days_client_idx ON portfolio_basis_days (client_id);
CREATE TRIGGER portfolio_basis_days_client_id BEFORE INSERT ON portfolio_basis_days
    FOR EACH ROW EXECUTE FUNCTION ledger_fill_client_id('tax_result_sets', 'result_set_id', 'portfolio_basis_days_result_set_id_fkey');

-- +goose Down
DROP TABLE portfolio_basis_days;
