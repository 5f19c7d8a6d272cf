-- +goose Up
-- The size of a ready report's file (Report.sizeBytes), set when the file is stored. Reports made
-- before have none: the first list that shows them reads it from the bucket once.
ALTER TABLE reports ADD COLUMN size_bytes bigint CHECK (size_bytes >= 0);

-- +goose Down
ALTER TABLE reports DROP COLUMN size_bytes;
