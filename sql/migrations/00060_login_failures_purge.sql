-- +goose Up
-- The janitor deletes the failure counts whose window and lock have both ended; this index keeps
-- that a range scan however many addresses an attack rotates through.
CREATE INDEX login_failures_window_start ON login_failures (window_start);

-- +goose Down
DROP INDEX login_failures_window_start;
