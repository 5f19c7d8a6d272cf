-- name: GetClientAPIKey :one
SELECT * FROM client_api_keys WHERE client_id = $1 AND id = $2;
