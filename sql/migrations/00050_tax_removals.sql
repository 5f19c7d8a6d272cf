-- +goose Up
-- The pieces of lots that leave the client without a capital-gain event (gift sent, donation,
-- lost or stolen, transfer out to an untracked account): the engine reports them like a sale's
-- pieces, with the basis they took away, but tax_disposals keeps the taxable ones only. Readers
-- that follow the basis held over time (getChart) need them too. Written by every recalculation
-- with the rest of its result set; an incremental run replaces those from its checkpoint on.
CREATE TABLE tax_removals (
    result_set_id  uuid NOT NULL,
    removed_at     timestamptz NOT NULL,
    -- the piece's order among those the run wrote (unique with removed_at: a run resumed from a
    -- checkpoint rewrites every piece at or after it)
    seq            integer NOT NULL,
    transfer_id    text NOT NULL,
    kind           text NOT NULL CHECK (kind IN ('gift', 'donation', 'lost', 'transfer_out')),
    lot_id         text,
    account_key    text NOT NULL,
    asset_key      text NOT NULL,
    quantity       numeric NOT NULL,
    basis          numeric NOT NULL,
    -- NULL for the part no lot covered
    acquired_at    timestamptz,
    PRIMARY KEY (result_set_id, removed_at, seq)
);

-- Whether the set's removals are written (sets written before this table have none: an
-- incremental run needs a set that has them, so such a set is written again in full).
ALTER TABLE tax_result_sets ADD COLUMN removals_written boolean NOT NULL DEFAULT false;

-- Deleting result sets deletes their removals (no foreign key, as for the other result tables:
-- migration 00018).
-- +goose StatementBegin
CREATE FUNCTION tax_result_sets_delete_removals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    gone uuid;
BEGIN
    FOR gone IN SELECT id FROM gone_sets LOOP
        EXECUTE 'DELETE FROM tax_removals WHERE result_set_id = $1' USING gone;
    END LOOP;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER tax_result_sets_delete_removals AFTER DELETE ON tax_result_sets
    REFERENCING OLD TABLE AS gone_sets FOR EACH STATEMENT EXECUTE FUNCTION tax_result_sets_delete_removals();

-- +goose Down
DROP TRIGGER tax_result_sets_delete_removals ON tax_result_sets;
DROP FUNCTION tax_result_sets_delete_removals();
ALTER TABLE tax_result_sets DROP COLUMN removals_written;
DROP TABLE tax_removals;
