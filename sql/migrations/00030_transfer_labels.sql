-- +goose Up
-- Where a label lives (docs/ledger-edits.md): a transaction's label governs every transfer without
-- a label of its own; a transfer's own label is an exception a person set on one leg, or a leg the
-- file labels apart from its transaction (a fee leg is 'fee'). The engine reads the transfer's own
-- label when set, else its transaction's.
--
-- Imports used to copy the transaction's label onto every leg, so a later relabel of the
-- transaction changed nothing for the engine. Those copies can be told apart: until now no operation
-- let a person label a transfer (updateTransfer had no label), and no importer labelled a non-fee leg
-- other than its transaction (every parser gives all legs of a row the row's label). So every
-- label on a non-fee transfer is a copy of its transaction's label, either current (clearing it
-- changes nothing) or from before a relabel, a split with a child label, a merge into a transaction
-- labelled otherwise or a re-applied edit after a hard refresh (clearing it makes the leg follow
-- what the person set last). Fee legs keep 'fee'. A label with a live audit entry of its own is a
-- person's and stays (none can exist before this migration; kept for safety).
--
-- Transactions whose engine view changes (a cleared copy that differed from the transaction's
-- label) get a dirty mark, so the next run recomputes them.
INSERT INTO dirty_marks (client_id, transaction_id)
SELECT DISTINCT tr.client_id, tr.transaction_id
  FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
 WHERE tr.label IS NOT NULL AND NOT tr.is_fee AND tr.label IS DISTINCT FROM t.label AND t.deleted_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM audit_logs l WHERE l.client_id = tr.client_id AND l.entity_id = tr.id
                   AND l.entity = 'transfer' AND l.field = 'label' AND l.undone_at IS NULL);

UPDATE transfers tr SET label = NULL
 WHERE tr.label IS NOT NULL AND NOT tr.is_fee
   AND NOT EXISTS (SELECT 1 FROM audit_logs l WHERE l.client_id = tr.client_id AND l.entity_id = tr.id
                   AND l.entity = 'transfer' AND l.field = 'label' AND l.undone_at IS NULL);

-- +goose Down
-- The copies are not restored: the engine reads the same labels from the transactions.
SELECT 1;
