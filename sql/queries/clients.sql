-- name: CreateClient :one
INSERT INTO clients (id, partner_id, reference_id, name, email)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: GetClientByReference :one
SELECT * FROM clients WHERE partner_id = $1 AND reference_id = $2;

-- name: GetClient :one
SELECT * FROM clients WHERE id = $1;
