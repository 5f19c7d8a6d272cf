-- +goose Up
-- Which classification rule labelled a chain transaction, how sure it is and why
-- (internal/classify). digest identifies what the rules produced (label, legs, rule), so a
-- re-classification rewrites only the transactions whose outcome changed. A person's edit is
-- never overwritten: re-classification skips edited transactions (ledger.EditedSQL).
CREATE TABLE transaction_classifications (
    transaction_id uuid NOT NULL,
    client_id uuid NOT NULL,
    rule text NOT NULL,
    confidence text NOT NULL CHECK (confidence IN ('high', 'medium', 'low')),
    explanation text NOT NULL,
    digest text NOT NULL,
    PRIMARY KEY (transaction_id, client_id),
    FOREIGN KEY (transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE CASCADE
);
-- getClientTransactions(classificationRule) and the needs-review insight (low confidence).
CREATE INDEX transaction_classifications_rule_idx ON transaction_classifications (client_id, rule);
CREATE INDEX transaction_classifications_low_idx ON transaction_classifications (client_id) WHERE confidence = 'low';

-- +goose Down
DROP TABLE transaction_classifications;
