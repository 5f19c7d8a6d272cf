-- +goose Up
-- The result rows of a client carry client_id, like every other table of a client's data
-- (migration 00115, docs/operations.md "Sharding by client"): the disposal pieces, income, open
-- lots, removals and transaction results, backfilled from their result set's client. The
-- recalculation writes it in its COPY (no trigger: a full run writes millions of rows). client_id
-- is the last column of each primary key, so every read by result set and position keeps using
-- the key's index; no index is added. The transfer ids they name are the transfers' uuids, so
-- readers join them to transfers without casts.
-- Rows of a result set that no longer exists (the result tables have no foreign key, migration
-- 00018; Cleanup removes them) have no client and go.

ALTER TABLE tax_disposals ADD COLUMN client_id uuid;
UPDATE tax_disposals r SET client_id = s.client_id FROM tax_result_sets s WHERE s.id = r.result_set_id;
DELETE FROM tax_disposals WHERE client_id IS NULL;
ALTER TABLE tax_disposals ALTER COLUMN client_id SET NOT NULL,
    ALTER COLUMN transfer_id TYPE uuid USING transfer_id::uuid,
    ALTER COLUMN lot_transfer_id TYPE uuid USING lot_transfer_id::uuid,
    DROP CONSTRAINT tax_disposals_pkey,
    ADD CONSTRAINT tax_disposals_pkey PRIMARY KEY (result_set_id, seq, client_id);

ALTER TABLE tax_income ADD COLUMN client_id uuid;
UPDATE tax_income r SET client_id = s.client_id FROM tax_result_sets s WHERE s.id = r.result_set_id;
DELETE FROM tax_income WHERE client_id IS NULL;
ALTER TABLE tax_income ALTER COLUMN client_id SET NOT NULL,
    ALTER COLUMN transfer_id TYPE uuid USING transfer_id::uuid,
    DROP CONSTRAINT tax_income_pkey,
    ADD CONSTRAINT tax_income_pkey PRIMARY KEY (result_set_id, seq, client_id);

ALTER TABLE tax_lots ADD COLUMN client_id uuid;
UPDATE tax_lots r SET client_id = s.client_id FROM tax_result_sets s WHERE s.id = r.result_set_id;
DELETE FROM tax_lots WHERE client_id IS NULL;
ALTER TABLE tax_lots ALTER COLUMN client_id SET NOT NULL,
    ALTER COLUMN source_transfer_id TYPE uuid USING source_transfer_id::uuid,
    DROP CONSTRAINT tax_lots_pkey,
    ADD CONSTRAINT tax_lots_pkey PRIMARY KEY (result_set_id, lot_id, client_id);

ALTER TABLE tax_removals ADD COLUMN client_id uuid;
UPDATE tax_removals r SET client_id = s.client_id FROM tax_result_sets s WHERE s.id = r.result_set_id;
DELETE FROM tax_removals WHERE client_id IS NULL;
ALTER TABLE tax_removals ALTER COLUMN client_id SET NOT NULL,
    ALTER COLUMN transfer_id TYPE uuid USING transfer_id::uuid,
    DROP CONSTRAINT tax_removals_pkey,
    ADD CONSTRAINT tax_removals_pkey PRIMARY KEY (result_set_id, removed_at, seq, client_id);

ALTER TABLE tax_transaction_results ADD COLUMN client_id uuid;
UPDATE tax_transaction_results r SET client_id = s.client_id FROM tax_result_sets s WHERE s.id = r.result_set_id;
DELETE FROM tax_transaction_results WHERE client_id IS NULL;
ALTER TABLE tax_transaction_results ALTER COLUMN client_id SET NOT NULL,
    DROP CONSTRAINT tax_transaction_results_pkey,
    ADD CONSTRAINT tax_transaction_results_pkey PRIMARY KEY (result_set_id, transaction_id, client_id);

-- +goose Down
ALTER TABLE tax_transaction_results DROP CONSTRAINT tax_transaction_results_pkey,
    ADD CONSTRAINT tax_transaction_results_pkey PRIMARY KEY (result_set_id, transaction_id),
    DROP COLUMN client_id;
ALTER TABLE tax_removals DROP CONSTRAINT tax_removals_pkey,
    ADD CONSTRAINT tax_removals_pkey PRIMARY KEY (result_set_id, removed_at, seq),
    ALTER COLUMN transfer_id TYPE text USING transfer_id::text,
    DROP COLUMN client_id;
ALTER TABLE tax_lots DROP CONSTRAINT tax_lots_pkey,
    ADD CONSTRAINT tax_lots_pkey PRIMARY KEY (result_set_id, lot_id),
    ALTER COLUMN source_transfer_id TYPE text USING source_transfer_id::text,
    DROP COLUMN client_id;
ALTER TABLE tax_income DROP CONSTRAINT tax_income_pkey,
    ADD CONSTRAINT tax_income_pkey PRIMARY KEY (result_set_id, seq),
    ALTER COLUMN transfer_id TYPE text USING transfer_id::text,
    DROP COLUMN client_id;
ALTER TABLE tax_disposals DROP CONSTRAINT tax_disposals_pkey,
    ADD CONSTRAINT tax_disposals_pkey PRIMARY KEY (result_set_id, seq),
    ALTER COLUMN transfer_id TYPE text USING transfer_id::text,
    ALTER COLUMN lot_transfer_id TYPE text USING lot_transfer_id::text,
    DROP COLUMN client_id;
