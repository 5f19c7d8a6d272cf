-- A transaction is edited when a person changed it, or paired it: a link's audit entry sits on its
-- from side only, and names the to side as its new value.
-- +goose Up
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transaction_is_edited(p_client uuid, p_transaction uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM audit_logs al
                    WHERE al.client_id = p_client AND al.transaction_id = p_transaction
                      AND al.action <> 'create' AND al.actor NOT LIKE 'system:%')
        OR EXISTS (SELECT 1 FROM internal_transfer_pairs p
                     JOIN audit_logs al ON al.transaction_id = p.from_transaction_id AND al.client_id = p_client
                    WHERE p.to_transaction_id = p_transaction
                      AND al.field IN ('internalTransferTo', 'bridgeTo', 'crossChainSwapTo')
                      AND al.new_value = to_jsonb(p_transaction::text) AND al.actor NOT LIKE 'system:%')
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transaction_is_edited(p_client uuid, p_transaction uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM audit_logs al
                    WHERE al.client_id = p_client AND al.transaction_id = p_transaction
                      AND al.action <> 'create' AND al.actor NOT LIKE 'system:%')
$$;
-- +goose StatementEnd
