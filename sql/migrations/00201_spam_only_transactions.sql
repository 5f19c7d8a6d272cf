-- +goose Up
-- The transactions that move only spam: they have a transfer and every transfer moves an asset
-- marked spam (half of the review concept "spam", internal/ledger/review.go). Kept by triggers on
-- transfers and on assets' is_spam, so that the insights, the unlabeled count and the filters test
-- membership in a set the planner hashes once (usually empty) instead of probing each transaction's
-- transfers twice.
CREATE TABLE spam_only_transactions (
    transaction_id uuid NOT NULL,
    client_id uuid NOT NULL,
    PRIMARY KEY (transaction_id, client_id)
);
CREATE INDEX spam_only_transactions_client_idx ON spam_only_transactions (client_id);

-- The unlabeled transactions in time order: the unlabeled insight counts and lists them (a ledger
-- labelled by its imports has few, and without this index each read walked every transaction).
CREATE INDEX transactions_unlabeled_idx ON transactions (client_id, occurred_at, id)
    WHERE coalesce(label, '') = '' AND deleted_at IS NULL;

-- +goose StatementBegin
CREATE FUNCTION spam_only_transactions_set(ids uuid[]) RETURNS void LANGUAGE sql AS $$
    WITH s AS (
        SELECT t.id, t.client_id,
               EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id)
               AND NOT EXISTS (SELECT 1 FROM transfers tr JOIN assets a ON a.id = tr.asset_id AND a.client_id = tr.client_id
                               WHERE tr.transaction_id = t.id AND NOT a.is_spam) AS spam_only
        FROM unnest(ids) x(id) JOIN transactions t ON t.id = x.id),
    gone AS (
        DELETE FROM spam_only_transactions so WHERE so.transaction_id = ANY(ids)
            AND NOT EXISTS (SELECT 1 FROM s WHERE s.id = so.transaction_id AND s.spam_only))
    INSERT INTO spam_only_transactions (transaction_id, client_id)
    SELECT s.id, s.client_id FROM s WHERE s.spam_only ORDER BY s.id
    ON CONFLICT (transaction_id, client_id) DO NOTHING;
$$;

-- A statement on transfers recomputes the membership of the transactions whose transfers came, went
-- or changed transaction or asset, among them only those with a spam transfer now or in the set: a
-- client without spam assets and spam-only transactions (most imports) costs two index probes.
CREATE FUNCTION transfers_spam_only_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    clients uuid[];
    ids uuid[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        clients := ARRAY(SELECT DISTINCT n.client_id FROM new_rows n);
    ELSIF TG_OP = 'DELETE' THEN
        clients := ARRAY(SELECT DISTINCT o.client_id FROM old_rows o);
    ELSE
        clients := ARRAY(SELECT DISTINCT n.client_id FROM old_rows o JOIN new_rows n USING (id)
                         WHERE (o.transaction_id, o.asset_id) IS DISTINCT FROM (n.transaction_id, n.asset_id));
    END IF;
    IF NOT EXISTS (SELECT 1 FROM assets a WHERE a.client_id = ANY(clients) AND a.is_spam)
       AND NOT EXISTS (SELECT 1 FROM spam_only_transactions so WHERE so.client_id = ANY(clients)) THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        ids := ARRAY(SELECT DISTINCT n.transaction_id FROM new_rows n);
    ELSIF TG_OP = 'DELETE' THEN
        ids := ARRAY(SELECT DISTINCT o.transaction_id FROM old_rows o);
    ELSE
        ids := ARRAY(SELECT DISTINCT x.id FROM old_rows o JOIN new_rows n USING (id)
                     CROSS JOIN LATERAL (VALUES (o.transaction_id), (n.transaction_id)) x(id)
                     WHERE (o.transaction_id, o.asset_id) IS DISTINCT FROM (n.transaction_id, n.asset_id));
    END IF;
    PERFORM spam_only_transactions_set(ARRAY(
        SELECT c.id FROM unnest(ids) c(id)
        WHERE c.id IN (SELECT tr.transaction_id FROM transfers tr
                       WHERE tr.client_id = ANY(clients)
                         AND tr.asset_id IN (SELECT a.id FROM assets a WHERE a.client_id = ANY(clients) AND a.is_spam))
           OR c.id IN (SELECT so.transaction_id FROM spam_only_transactions so WHERE so.client_id = ANY(clients))));
    RETURN NULL;
END $$;

CREATE FUNCTION assets_spam_only_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM spam_only_transactions_set(ARRAY(
        SELECT DISTINCT tr.transaction_id FROM transfers tr WHERE tr.client_id = NEW.client_id AND tr.asset_id = NEW.id));
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER transfers_spam_only_inserted AFTER INSERT ON transfers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transfers_spam_only_changed();
CREATE TRIGGER transfers_spam_only_updated AFTER UPDATE ON transfers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transfers_spam_only_changed();
CREATE TRIGGER transfers_spam_only_deleted AFTER DELETE ON transfers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transfers_spam_only_changed();
CREATE TRIGGER assets_spam_only AFTER UPDATE OF is_spam ON assets
    FOR EACH ROW WHEN (old.is_spam IS DISTINCT FROM new.is_spam) EXECUTE FUNCTION assets_spam_only_changed();

INSERT INTO spam_only_transactions (transaction_id, client_id)
SELECT t.id, t.client_id FROM transactions t
WHERE t.id IN (SELECT tr.transaction_id FROM transfers tr JOIN assets a ON a.id = tr.asset_id AND a.client_id = tr.client_id WHERE a.is_spam)
  AND NOT EXISTS (SELECT 1 FROM transfers tr JOIN assets a ON a.id = tr.asset_id AND a.client_id = tr.client_id
                  WHERE tr.transaction_id = t.id AND NOT a.is_spam);

-- +goose Down
DROP TRIGGER assets_spam_only ON assets;
DROP TRIGGER transfers_spam_only_deleted ON transfers;
DROP TRIGGER transfers_spam_only_updated ON transfers;
DROP TRIGGER transfers_spam_only_inserted ON transfers;
DROP FUNCTION assets_spam_only_changed();
DROP FUNCTION transfers_spam_only_changed();
DROP FUNCTION spam_only_transactions_set(uuid[]);
DROP INDEX transactions_unlabeled_idx;
DROP TABLE spam_only_transactions;
