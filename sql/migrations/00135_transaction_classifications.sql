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

-- A transaction is edited when a person changed it: an audit entry other than its creation whose
-- actor is not the system (a sync, a re-classification, an automatic link). The one definition of
-- "edited": the showOnlyEdited filter, re-classification (which never touches an edited
-- transaction) and the automatic bridge links read it.
-- +goose StatementBegin
CREATE FUNCTION transaction_is_edited(p_client uuid, p_transaction uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM audit_logs al
                    WHERE al.client_id = p_client AND al.transaction_id = p_transaction
                      AND al.action <> 'create' AND al.actor NOT LIKE 'system:%')
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION transaction_is_edited(uuid, uuid);
DROP TABLE transaction_classifications;
