-- +goose Up
-- A full recalculation writes a dozen checkpoints of a few hundred kB of engine state each; pglz
-- compresses them at about a third of lz4's speed to the same size. Where the server was built
-- without lz4 the column keeps the default.
-- +goose StatementBegin
DO $$
BEGIN
    ALTER TABLE tax_checkpoints ALTER COLUMN state SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    NULL;
END
$$;
-- +goose StatementEnd

-- +goose Down
ALTER TABLE tax_checkpoints ALTER COLUMN state SET COMPRESSION default;
