-- +goose Up
-- Bulk imports write a million transactions in one statement; every foreign key is one index lookup
-- per written row. These two are redundant: a transfer and a dirty mark belong to a transaction,
-- which belongs to the client, and deleting the client already cascades through the transaction.
-- (client_id stays on both tables, for tenancy in every WHERE clause.)
ALTER TABLE transfers DROP CONSTRAINT transfers_client_id_fkey;
ALTER TABLE dirty_marks DROP CONSTRAINT dirty_marks_client_id_fkey;

-- +goose Down
ALTER TABLE transfers ADD CONSTRAINT transfers_client_id_fkey FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE;
ALTER TABLE dirty_marks ADD CONSTRAINT dirty_marks_client_id_fkey FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE;
