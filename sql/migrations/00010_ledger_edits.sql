-- +goose Up
-- What the GraphQL edits record beside the columns of 00001: the investment a transaction is grouped
-- under, the off-chain details attached to it, a person's missing-basis override, and the labeling
-- rules (`updateTransaction(createDefaultRule: true)`) the importers apply to new transactions.
ALTER TABLE transactions
    ADD COLUMN investment_id text,
    ADD COLUMN off_chain_data jsonb,
    ADD COLUMN is_missing_basis_override boolean;

-- A rule labels every transaction imported later into an account of the same provider whose first
-- transfer goes the same way (in/out) with the same counterparty address (the protocol's contract or
-- the other party): the nearest the ledger has to "same protocol and method".
CREATE TABLE label_rules (
    id            uuid PRIMARY KEY,
    client_id     uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    provider      text NOT NULL,
    direction     text NOT NULL CHECK (direction IN ('in', 'out')),
    counterparty  text NOT NULL, -- lower case
    label         text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT label_rules_match_key UNIQUE (client_id, provider, direction, counterparty)
);

CREATE INDEX audit_logs_entity_idx ON audit_logs (client_id, entity_id);

-- +goose Down
DROP INDEX audit_logs_entity_idx;
DROP TABLE label_rules;
ALTER TABLE transactions DROP COLUMN investment_id, DROP COLUMN off_chain_data, DROP COLUMN is_missing_basis_override;
