-- +goose Up
-- The disposal pieces and income of a transfer are found through its transaction's result row
-- instead of an index by transfer (issue 10, P3). Writing the index (result_set_id, transfer_id)
-- cost a recalculation about 15% of the Postgres time of its result COPY (a 56 MB index at a
-- million transactions, one entry and one WAL record per piece); the pieces and income of a
-- transaction have consecutive seqs (the engine settles a transaction at a time), so its row
-- carries their seq ranges and a lookup reads the primary key (result_set_id, seq) from there.
-- The ranges are min and max, so a transaction whose pieces were not consecutive would still be
-- found (with others between, which the lookups filter out by transfer).
ALTER TABLE tax_transaction_results
    ADD COLUMN first_disposal_seq integer,
    ADD COLUMN last_disposal_seq  integer,
    ADD COLUMN first_income_seq   integer,
    ADD COLUMN last_income_seq    integer;

UPDATE tax_transaction_results r SET first_disposal_seq = s.lo, last_disposal_seq = s.hi
FROM (SELECT d.result_set_id, tr.transaction_id, min(d.seq) AS lo, max(d.seq) AS hi
      FROM tax_disposals d JOIN transfers tr ON tr.id::text = d.transfer_id
      GROUP BY d.result_set_id, tr.transaction_id) s
WHERE r.result_set_id = s.result_set_id AND r.transaction_id = s.transaction_id;

UPDATE tax_transaction_results r SET first_income_seq = s.lo, last_income_seq = s.hi
FROM (SELECT i.result_set_id, tr.transaction_id, min(i.seq) AS lo, max(i.seq) AS hi
      FROM tax_income i JOIN transfers tr ON tr.id::text = i.transfer_id
      GROUP BY i.result_set_id, tr.transaction_id) s
WHERE r.result_set_id = s.result_set_id AND r.transaction_id = s.transaction_id;

DROP INDEX tax_disposals_transfer_idx;
DROP INDEX tax_income_transfer_idx;

-- +goose Down
CREATE INDEX tax_disposals_transfer_idx ON tax_disposals (result_set_id, transfer_id);
CREATE INDEX tax_income_transfer_idx ON tax_income (result_set_id, transfer_id);
ALTER TABLE tax_transaction_results DROP COLUMN first_disposal_seq, DROP COLUMN last_disposal_seq,
    DROP COLUMN first_income_seq, DROP COLUMN last_income_seq;
