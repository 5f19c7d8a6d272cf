-- +goose Up
-- When an account was retired (retireAccount), apart from the last instant it imports
-- (stop_importing_at), which a person may set in the past or the future. Accounts retired before
-- this column existed read their stop as the time they were retired, the best record there is.
ALTER TABLE accounts ADD COLUMN retired_at timestamptz;
UPDATE accounts SET retired_at = coalesce(stop_importing_at, created_at) WHERE status = 'retired';

-- +goose Down
ALTER TABLE accounts DROP COLUMN retired_at;
