-- +goose Up
-- Each account's count of live (not deleted) transactions, kept current by statement-level triggers
-- on transactions: getClientAccounts reads a row per account instead of counting a million rows
-- (hidden, failed and spam transactions count, as they always did). Each statement adds its net
-- change per account, in account order (two statements touching the same accounts lock their rows in
-- the same order). An account's row goes with the account. The triggers' names sort after
-- transactions_check_parents, so that a transaction of an unknown account fails on that check.
CREATE TABLE account_transaction_counts (
    client_id uuid NOT NULL,
    account_id uuid NOT NULL,
    transactions bigint NOT NULL,
    PRIMARY KEY (client_id, account_id),
    FOREIGN KEY (account_id, client_id) REFERENCES accounts (id, client_id) ON DELETE CASCADE
);

-- +goose StatementBegin
CREATE FUNCTION account_transaction_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO account_transaction_counts AS c (account_id, client_id, transactions)
        SELECT n.account_id, n.client_id, count(*) FROM new_rows n
        WHERE n.account_id IS NOT NULL AND n.deleted_at IS NULL
        GROUP BY n.account_id, n.client_id ORDER BY n.account_id
        ON CONFLICT (client_id, account_id) DO UPDATE SET transactions = c.transactions + excluded.transactions;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE account_transaction_counts c SET transactions = c.transactions - d.n
        FROM (SELECT o.client_id, o.account_id, count(*) AS n FROM old_rows o
              WHERE o.account_id IS NOT NULL AND o.deleted_at IS NULL GROUP BY o.client_id, o.account_id) d
        WHERE c.client_id = d.client_id AND c.account_id = d.account_id;
    ELSE
        INSERT INTO account_transaction_counts AS c (account_id, client_id, transactions)
        SELECT s.account_id, s.client_id, sum(s.n) FROM (
            SELECT o.account_id, o.client_id, -1 AS n FROM old_rows o JOIN new_rows n USING (id)
            WHERE o.account_id IS NOT NULL AND o.deleted_at IS NULL
              AND (n.account_id IS DISTINCT FROM o.account_id OR n.deleted_at IS NOT NULL)
            UNION ALL
            SELECT n.account_id, n.client_id, 1 FROM old_rows o JOIN new_rows n USING (id)
            WHERE n.account_id IS NOT NULL AND n.deleted_at IS NULL
              AND (n.account_id IS DISTINCT FROM o.account_id OR o.deleted_at IS NOT NULL)) s
        GROUP BY s.account_id, s.client_id HAVING sum(s.n) <> 0 ORDER BY s.account_id
        ON CONFLICT (client_id, account_id) DO UPDATE SET transactions = c.transactions + excluded.transactions;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER transactions_count_by_account_inserted AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_transaction_counts_changed();
CREATE TRIGGER transactions_count_by_account_updated AFTER UPDATE ON transactions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_transaction_counts_changed();
CREATE TRIGGER transactions_count_by_account_deleted AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_transaction_counts_changed();

INSERT INTO account_transaction_counts (account_id, client_id, transactions)
SELECT t.account_id, t.client_id, count(*) FROM transactions t JOIN accounts a ON a.id = t.account_id
WHERE t.deleted_at IS NULL GROUP BY t.account_id, t.client_id;

-- +goose Down
DROP TRIGGER transactions_count_by_account_deleted ON transactions;
DROP TRIGGER transactions_count_by_account_updated ON transactions;
DROP TRIGGER transactions_count_by_account_inserted ON transactions;
DROP FUNCTION account_transaction_counts_changed();
DROP TABLE account_transaction_counts;
