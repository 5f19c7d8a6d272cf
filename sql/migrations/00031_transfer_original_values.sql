-- +goose Up
-- A transfer's original_fiat_value is the value it was created with (an import, a sync,
-- createTransfer: all write it, NULL when there was none); Transfer.isFiatValueOverridden compares
-- the value with it and resetFiatValue goes back to it. Edits used to set it from the value before
-- the edit when it was NULL, so a transfer created without a value and priced twice by a person
-- took the first person's value as its original. The audit log knows the value before the first
-- edit: the old value of the transfer's earliest fiatValue entry.
UPDATE transfers tr SET original_fiat_value = f.old
  FROM (SELECT DISTINCT ON (l.entity_id) l.entity_id, (l.old_value #>> '{}')::numeric AS old
          FROM audit_logs l
         WHERE l.entity = 'transfer' AND l.field = 'fiatValue'
         ORDER BY l.entity_id, l.created_at, l.id) f
 WHERE tr.id = f.entity_id AND tr.original_fiat_value IS DISTINCT FROM f.old;

-- +goose Down
SELECT 1;
