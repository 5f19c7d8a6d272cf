-- name: ListAccounts :many
SELECT * FROM accounts
WHERE client_id = $1 AND deleted_at IS NULL AND (sqlc.arg(include_virtual)::boolean OR type <> 'virtual')
ORDER BY created_at, id;

-- name: CountAccounts :one
SELECT count(*) FROM accounts WHERE client_id = $1 AND deleted_at IS NULL AND type <> 'virtual';

-- name: CreateAccount :one
INSERT INTO accounts (id, client_id, type, provider, address, name, status, staking_account_identifier)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING *;

-- name: GetAccount :one
SELECT * FROM accounts WHERE client_id = $1 AND id = $2 AND deleted_at IS NULL;
