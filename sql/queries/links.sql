-- name: InsertLink :one
INSERT INTO links (id, partner_id, wallets_hash, wallets, token)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (partner_id, wallets_hash) DO NOTHING
RETURNING *;

-- name: GetLinkByWallets :one
SELECT * FROM links WHERE partner_id = $1 AND wallets_hash = $2;

-- name: GetDiscountCode :one
SELECT * FROM discount_codes WHERE client_id = $1 AND year = $2;

-- name: InsertDiscountCode :one
INSERT INTO discount_codes (id, client_id, year, code, percent_off, expires_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (client_id, year) DO NOTHING
RETURNING *;

-- name: GetLinkByToken :one
SELECT * FROM links WHERE token = $1;
