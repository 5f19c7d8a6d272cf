-- name: DeleteImportAccount :exec
-- trigger accounts_unlink_ledger clears the ledger's references (docs/database.md).
DELETE FROM accounts WHERE id = $1 AND client_id = $2;

-- name: DeleteImportSync :exec
DELETE FROM account_syncs WHERE id = $1;
