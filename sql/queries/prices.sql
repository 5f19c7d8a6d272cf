-- name: GetPrice :one
SELECT usd FROM prices WHERE price_key = $1 AND day = $2;

-- name: PutPrice :exec
INSERT INTO prices (price_key, day, usd, source) VALUES ($1, $2, $3, $4)
ON CONFLICT (price_key, day) DO UPDATE SET usd = excluded.usd, source = excluded.source, fetched_at = now();
