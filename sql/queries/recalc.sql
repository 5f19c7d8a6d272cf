-- name: InsertRecalcJob :one
-- At most one queued or running job per client (partial unique index): a second request gets none.
INSERT INTO recalc_jobs (id, client_id, use_speedup, do_not_replay, skip_plugins) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (client_id) WHERE status IN ('queued', 'running') DO NOTHING
RETURNING *;

-- name: MergeRecalcFlags :one
-- A request that finds the client's job still queued joins it: the job then does what the most
-- thorough request asked for (a full run, a replay, plugins). A running job keeps its flags.
UPDATE recalc_jobs SET use_speedup = use_speedup AND sqlc.arg(use_speedup)::boolean,
    do_not_replay = do_not_replay AND sqlc.arg(do_not_replay)::boolean,
    skip_plugins = skip_plugins AND sqlc.arg(skip_plugins)::boolean
WHERE client_id = sqlc.arg(client_id)::uuid AND status = 'queued'
RETURNING *;

-- name: TrackRecalcJob :exec
-- The client's active job mirrors its river job's attempt (jobs.Tracker): running, waiting for a
-- retry at next_attempt_at with the reason in error, queued again, or failed. An attempt that
-- starts counts the dirty items as StartRecalcJob does, so that a job seen running before the run
-- starts says what it is to recalculate.
UPDATE recalc_jobs SET
    dirty_count_at_start = CASE WHEN sqlc.arg(state)::text = 'running' THEN
        (SELECT (SELECT count(DISTINCT d.transaction_id) FROM dirty_marks d WHERE d.client_id = sqlc.arg(client_id)::uuid)
            + (SELECT count(*) FROM clients c WHERE c.id = sqlc.arg(client_id)::uuid AND c.settings_dirty_seq IS NOT NULL))::integer
        ELSE dirty_count_at_start END,
    status = CASE sqlc.arg(state)::text WHEN 'running' THEN 'running' WHEN 'failed' THEN 'failed' WHEN 'cancelled' THEN 'failed' ELSE 'queued' END,
    attempt = sqlc.arg(attempt)::integer, max_attempts = sqlc.arg(max_attempts)::integer,
    next_attempt_at = sqlc.narg(next_attempt_at)::timestamptz,
    error = coalesce(sqlc.narg(reason)::text, error),
    started_at = CASE WHEN sqlc.arg(state)::text = 'running' THEN coalesce(started_at, now()) ELSE started_at END,
    finished_at = CASE WHEN sqlc.arg(state)::text IN ('failed', 'cancelled') THEN now() ELSE finished_at END,
    river_job_id = CASE WHEN sqlc.arg(state)::text = 'running' THEN sqlc.arg(river_job_id)::bigint ELSE river_job_id END
WHERE client_id = sqlc.arg(client_id)::uuid AND status IN ('queued', 'running');

-- name: GetRecalcJob :one
-- One of the client's recalculations in any status (the partner polls the one it started).
SELECT * FROM recalc_jobs WHERE client_id = $1 AND id = $2;

-- name: GetActiveRecalcJob :one
SELECT * FROM recalc_jobs WHERE client_id = $1 AND status IN ('queued', 'running');

-- name: GetActiveRecalcJobLiveness :one
-- The client's active job, and whether the worker of its running attempt stopped: the attempt's
-- heartbeat is older than the stale interval (the background reclaimer takes the job over soon).
SELECT sqlc.embed(r),
    coalesce(r.status = 'running' AND h.beat_at < now() - make_interval(secs => sqlc.arg(stale_seconds)::float8), false)::boolean AS worker_lost
FROM recalc_jobs r LEFT JOIN job_heartbeats h ON h.job_id = r.river_job_id AND h.attempt = r.attempt
WHERE r.client_id = sqlc.arg(client_id)::uuid AND r.status IN ('queued', 'running');

-- name: StartRecalcJob :one
-- The run starts: its dirty items are counted as it finds them (dirtyCountAtStart).
UPDATE recalc_jobs SET status = 'running', started_at = coalesce(started_at, now()), progress = 5,
    dirty_count_at_start = (SELECT (SELECT count(DISTINCT d.transaction_id) FROM dirty_marks d WHERE d.client_id = $1)
        + (SELECT count(*) FROM clients c WHERE c.id = $1 AND c.settings_dirty_seq IS NOT NULL))::integer
WHERE client_id = $1 AND status IN ('queued', 'running')
RETURNING *;

-- name: SetRecalcProgress :exec
UPDATE recalc_jobs SET progress = $2 WHERE id = $1 AND status = 'running';

-- name: CompleteRecalcJob :exec
-- Completes the job. It runs in the run's store transaction after the dirty marks it saw were
-- cleared: when the client is still dirty (edits made during the run), the follow-up's row is
-- queued in the same commit, so a poll never sees "no active job" while changes wait. The worker
-- then queues its river job (Worker.finish); a direct run leaves it to the next request.
WITH done AS (
    UPDATE recalc_jobs r SET status = 'completed', progress = 100, finished_at = now() WHERE r.id = $1
    RETURNING r.client_id
)
INSERT INTO recalc_jobs (id, client_id)
SELECT gen_random_uuid(), d.client_id FROM done d
WHERE EXISTS (SELECT 1 FROM dirty_marks m WHERE m.client_id = d.client_id)
   OR EXISTS (SELECT 1 FROM clients c WHERE c.id = d.client_id AND c.settings_dirty_seq IS NOT NULL)
ON CONFLICT (client_id) WHERE status IN ('queued', 'running') DO NOTHING;

-- name: FailRecalcJob :exec
UPDATE recalc_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1;

-- name: SwitchResultSet :exec
UPDATE clients SET current_result_set_id = sqlc.arg(result_set_id)::uuid, updated_at = now() WHERE id = sqlc.arg(client_id)::uuid;

-- name: ClearDirty :execrows
-- Deletes exactly the dirty marks the run saw; marks written since stay. The seqs it saw come as
-- ranges of consecutive values (DirtyMarkSpan, dirtyRanges): seqs are unique, so a mark inside a range is one
-- the run saw, and a range reads the primary key once where a join by seq probed it per mark
-- (a million marks after an import: 0.83 s of Postgres CPU instead of 1.5 s).
DELETE FROM dirty_marks d
USING (SELECT unnest(sqlc.arg(lows)::bigint[]) AS lo, unnest(sqlc.arg(highs)::bigint[]) AS hi) r
WHERE d.client_id = sqlc.arg(client_id)::uuid AND d.seq BETWEEN r.lo AND r.hi;

-- name: ClearSettingsDirty :exec
UPDATE clients SET settings_dirty_seq = NULL WHERE id = $1 AND settings_dirty_seq = $2;

-- name: DeleteStaleResultSets :exec
-- Result sets the client no longer points at (the previous one, or an orphan of a crashed run).
DELETE FROM tax_result_sets rs USING clients c
WHERE rs.client_id = $1 AND c.id = rs.client_id AND rs.id IS DISTINCT FROM c.current_result_set_id;

-- name: AnalyzeResultTables :exec
-- Brings the planner's statistics of the large result tables up to date with a large client's full
-- run's new set once its writers have committed it, before the switch (recalc.analyzeNewSet).
-- Before, they describe the previous set as most of these tables, and a read naming the new set by
-- its value is priced as if the set were empty: any index that starts with the set looks as cheap as
-- the one a read needs (see internal/recalc/bulksql.go, setValue). It runs in a transaction with SetAnalyzeSettings: waiting
-- for a table an autovacuum worker holds cancels that worker after deadlock_timeout (its work is
-- redone by the next worker), while a manual VACUUM or another run's ANALYZE can hold it longer.
-- Only the set's column: the other columns' statistics describe every set alike and are left to
-- autovacuum (the whole tables took 1.3-4.3 s after a full run at a million transactions, the
-- set's column about half of that).
ANALYZE tax_disposals (result_set_id), tax_transaction_results (result_set_id), tax_income (result_set_id),
    tax_removals (result_set_id), tax_lots (result_set_id);

-- name: SetAnalyzeSettings :exec
-- AnalyzeResultTables' transaction waits at most this long for each table's lock.
SELECT set_config('lock_timeout', '10s', true);

-- name: LockRecalcRequests :exec
-- Serialises a client's recalculation requests with the worker's completion check (see recalc.Request).
SELECT pg_advisory_xact_lock(hashtextextended('taxd.recalc:' || sqlc.arg(client_id)::uuid::text, 0));

-- name: RecalcFollowUpNeeded :one
-- After a run: is the client still dirty (edits the run's snapshot did not see), or did a request
-- arrive while it ran?
SELECT (EXISTS (SELECT 1 FROM dirty_marks d WHERE d.client_id = sqlc.arg(client_id)::uuid)
    OR EXISTS (SELECT 1 FROM clients c WHERE c.id = sqlc.arg(client_id)::uuid AND c.settings_dirty_seq IS NOT NULL)
    OR EXISTS (SELECT 1 FROM recalc_jobs r WHERE r.client_id = sqlc.arg(client_id)::uuid AND r.status IN ('queued', 'running')))::boolean AS pending;

-- name: TryLockResults :one
-- Taken by a run in the transaction that commits new results (a switch, or an incremental
-- rewrite). Reports hold it shared while they are rendered, so that a report reads one set of
-- results; the run does not wait for it holding a connection (lockedTx retries).
SELECT pg_try_advisory_xact_lock(hashtextextended('taxd.results:' || sqlc.arg(client_id)::uuid::text, 0));

-- name: LoadRecalcClient :one
-- A run's settings, and the client's current result set with what it was written under.
SELECT c.cost_basis_algorithm, c.timezone, c.fiscal_year_start, c.per_wallet_from, c.lock_taxes_until, c.settings,
    c.settings_dirty_seq, c.current_result_set_id, rs.settings_key, rs.transaction_columns, rs.removals_written, c.country
FROM clients c LEFT JOIN tax_result_sets rs ON rs.id = c.current_result_set_id WHERE c.id = $1;

-- name: LatestCheckpointAtOrBefore :one
SELECT disposal_seq, income_seq, year_transactions, state FROM tax_checkpoints
WHERE result_set_id = $1 AND at_time <= $2 ORDER BY at_time DESC LIMIT 1;

-- name: DirtyMarkSpan :one
-- The client's dirty marks in one pass: the lowest and highest seq, how many, the earliest instant
-- and whether a mark without one is among them (then the earliest instant does not count). When
-- the marks are every seq from low to high (a million after an import) they are one range: the
-- run need not read them one by one (ListDirtyMarks).
SELECT coalesce(min(seq), 0)::bigint AS low, coalesce(max(seq), 0)::bigint AS high, count(*)::bigint AS marks,
       coalesce(min(occurred_at), 'epoch')::timestamptz AS earliest, coalesce(bool_or(occurred_at IS NULL), false)::boolean AS unknown
FROM dirty_marks WHERE client_id = $1;

-- name: ListDirtyMarks :many
SELECT seq, occurred_at FROM dirty_marks WHERE client_id = $1;

-- name: CurrentResultTransactionCount :one
SELECT coalesce(sum(ys.transaction_count), 0)::int FROM clients c
JOIN tax_year_summaries ys ON ys.result_set_id = c.current_result_set_id WHERE c.id = $1;

-- name: ExportSnapshot :one
SELECT pg_export_snapshot()::text;

-- name: SpamAssetIDs :many
SELECT id FROM assets WHERE client_id = $1 AND is_spam;

-- name: SpamOnlyTransactionIDs :many
-- The client's transactions that move only spam (kept by triggers, migration 00201): the
-- transaction list leaves them out by default, and so do the year counts.
SELECT transaction_id FROM spam_only_transactions WHERE client_id = $1;

-- name: AccountAndAssetIDs :many
SELECT id FROM accounts WHERE client_id = sqlc.arg(client_id)::uuid UNION ALL SELECT id FROM assets WHERE client_id = sqlc.arg(client_id)::uuid;

-- name: LinkedDirtyFrom :one
-- The earliest time of either side of a link with a dirty transaction.
SELECT least(tf.occurred_at, tt.occurred_at)::timestamptz AS earliest
FROM dirty_marks d
JOIN internal_transfer_pairs p ON d.transaction_id IN (p.from_transaction_id, p.to_transaction_id)
JOIN transactions tf ON tf.id = p.from_transaction_id
JOIN transactions tt ON tt.id = p.to_transaction_id
WHERE d.client_id = sqlc.arg(client_id)::uuid AND p.client_id = sqlc.arg(client_id)::uuid
ORDER BY 1 LIMIT 1;

-- name: ListLiveTransferLinks :many
SELECT p.link_type, p.from_transaction_id, p.to_transaction_id
FROM internal_transfer_pairs p
JOIN transactions tf ON tf.id = p.from_transaction_id AND tf.deleted_at IS NULL AND NOT tf.is_hidden
JOIN transactions tt ON tt.id = p.to_transaction_id AND tt.deleted_at IS NULL AND NOT tt.is_hidden
WHERE p.client_id = $1
ORDER BY p.from_transaction_id, p.to_transaction_id;

-- name: KeepNewestCheckpoints :exec
-- Keeps the newest @keep + 1 checkpoints of a result set, as a full run would.
DELETE FROM tax_checkpoints WHERE result_set_id = sqlc.arg(result_set_id)::uuid AND at_time <
    (SELECT at_time FROM tax_checkpoints WHERE result_set_id = sqlc.arg(result_set_id)::uuid ORDER BY at_time DESC OFFSET sqlc.arg(keep)::int LIMIT 1);

-- name: InsertResultSet :exec
INSERT INTO tax_result_sets (id, client_id, recalc_job_id, settings_key, transaction_columns, removals_written, jurisdiction)
VALUES ($1, $2, $3, $4, $5, true, $6);

-- name: LockResultSet :one
-- The lock a foreign-key check would take (the result tables have none).
SELECT 1 FROM tax_result_sets WHERE id = $1 FOR KEY SHARE;

-- name: LockClientCurrentResultSet :one
SELECT current_result_set_id FROM clients WHERE id = $1 FOR UPDATE;

-- name: SetLedgerReadSettings :exec
-- The load transactions' settings. The ledger query sorts every transfer of the client: give the
-- sort memory instead of spilling a million rows to disk. A full run reads its two halves on two
-- connections already, and the tail of an incremental run is small: parallel workers and JIT
-- compilation (a third of a second per query at a million rows) cost more than they save.
SELECT set_config('work_mem', '256MB', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true);

-- name: SetTailTransfersReadSettings :exec
-- SetLedgerReadSettings for the transaction that reads an incremental run's tail transfers on a
-- connection of its own, and nothing else. The planner reads the tail's range of each asset in
-- transfers_asset_time_idx with an index scan even when it knows the rows (the heap is about in
-- time order), visiting a heap page for each row, asset after asset (7,800 buffer visits for
-- 13,000 transfers at a million transactions); a bitmap scan visits each of the ~280 pages once
-- (5 ms of Postgres time instead of 10-12).
SELECT set_config('work_mem', '256MB', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true),
    set_config('enable_indexscan', 'off', true);

-- name: SetTailWriteSettings :exec
-- An incremental run's tail statements, the reads of the stored tail (diffTail) among them, touch
-- the tail only: compiling them costs more (at a million transactions the estimate of the read of
-- the tail's transaction results passes jit_above_cost: compiling added 30-70 ms to a read of 55).
SELECT set_config('jit', 'off', true);

-- name: DeleteTailFigures :exec
-- Deletes, from the current result set, the figures a run resumed from a checkpoint writes again
-- whole: the removals and checkpoints after the checkpoint, the year summaries from its tax year on
-- and the month figures from its month on; the set is then the run's. It touches none of the rows
-- the run compares with its own (DeleteChangedRows), so it runs while they are read.
WITH removals AS (
    DELETE FROM tax_removals WHERE result_set_id = sqlc.arg(result_set_id)::uuid AND removed_at >= sqlc.arg(removed_from)::timestamptz
), years AS (
    DELETE FROM tax_year_summaries WHERE result_set_id = sqlc.arg(result_set_id)::uuid AND tax_year >= sqlc.arg(first_year)::integer
), month_disposals AS (
    DELETE FROM tax_month_disposals WHERE result_set_id = sqlc.arg(result_set_id)::uuid AND month >= sqlc.arg(month_from)::date
), month_income AS (
    DELETE FROM tax_month_income WHERE result_set_id = sqlc.arg(result_set_id)::uuid AND month >= sqlc.arg(month_from)::date
), checkpoints AS (
    DELETE FROM tax_checkpoints WHERE result_set_id = sqlc.arg(result_set_id)::uuid AND at_time > sqlc.arg(checkpoint_at)::timestamptz
)
-- created_at is "calculated at"; rows written from a snapshot whose columns may differ from their
-- transactions make the set no longer claim them
UPDATE tax_result_sets SET recalc_job_id = sqlc.arg(recalc_job_id)::uuid, created_at = now(),
    transaction_columns = CASE WHEN sqlc.arg(columns_inexact)::boolean AND transaction_columns = 'exact' THEN 'inexact' ELSE transaction_columns END
WHERE id = sqlc.arg(result_set_id)::uuid;

-- name: DeleteChangedRows :one
-- Deletes, from the current result set, the rows a run resumed from a checkpoint replaces: of the
-- pieces and income after the checkpoint, the lots (the state at the end) and the results of the
-- transactions from the first one written on (deleted and hidden ones included: a transaction
-- moved here from before it made the dirty point earlier), those that differ from the run's or that
-- it no longer has (disposal_seqs, income_seqs, lot_ids, transaction_ids: diffTail). The deleted
-- transaction results leave the set's totals (tax_result_totals). Returns the transactions whose
-- deleted rows had transfer figures (their fiat values are refreshed once the run has written its
-- rows: RefreshTransactionFiatValues). Each row is found by its key, whatever the planner's
-- statistics say about this result set (a set just written is missing from them: it would scan
-- the set's rows and filter them by the keys instead).
WITH disposals AS (
    DELETE FROM tax_disposals WHERE ctid = ANY (ARRAY(
        SELECT r.ctid FROM unnest(sqlc.arg(disposal_seqs)::integer[]) s(seq)
        CROSS JOIN LATERAL (SELECT x.ctid FROM tax_disposals x WHERE x.result_set_id = (SELECT sqlc.arg(result_set_id)::uuid) AND x.seq = s.seq OFFSET 0) r))
), income AS (
    DELETE FROM tax_income WHERE ctid = ANY (ARRAY(
        SELECT r.ctid FROM unnest(sqlc.arg(income_seqs)::integer[]) s(seq)
        CROSS JOIN LATERAL (SELECT x.ctid FROM tax_income x WHERE x.result_set_id = (SELECT sqlc.arg(result_set_id)::uuid) AND x.seq = s.seq OFFSET 0) r))
), lots AS (
    DELETE FROM tax_lots WHERE ctid = ANY (ARRAY(
        SELECT r.ctid FROM unnest(sqlc.arg(lot_ids)::text[]) l(id)
        CROSS JOIN LATERAL (SELECT x.ctid FROM tax_lots x WHERE x.result_set_id = (SELECT sqlc.arg(result_set_id)::uuid) AND x.lot_id = l.id OFFSET 0) r))
), transaction_results AS (
    DELETE FROM tax_transaction_results WHERE ctid = ANY (ARRAY(
        SELECT r.ctid FROM unnest(sqlc.arg(transaction_ids)::uuid[]) t(id)
        CROSS JOIN LATERAL (SELECT x.ctid FROM tax_transaction_results x WHERE x.result_set_id = (SELECT sqlc.arg(result_set_id)::uuid) AND x.transaction_id = t.id OFFSET 0) r))
    RETURNING transaction_id, transfer_figures IS NOT NULL AS had_figures,
        sale_term, proceeds, basis, gain, short_term_gain, long_term_gain, income, is_missing_basis, has_negative_balance, is_failed
), totals AS (
    UPDATE tax_result_totals x SET disposals = x.disposals - d.disposals, proceeds = x.proceeds - d.proceeds, basis = x.basis - d.basis,
        gain = x.gain - d.gain, short_term_gain = x.short_term_gain - d.short_term_gain, long_term_gain = x.long_term_gain - d.long_term_gain,
        income = x.income - d.income, missing_basis = x.missing_basis - d.missing_basis, negative_balance = x.negative_balance - d.negative_balance
    FROM (SELECT count(sale_term) AS disposals, coalesce(sum(proceeds), 0) AS proceeds, coalesce(sum(basis), 0) AS basis,
                 coalesce(sum(gain), 0) AS gain, coalesce(sum(short_term_gain), 0) AS short_term_gain,
                 coalesce(sum(long_term_gain), 0) AS long_term_gain, coalesce(sum(income), 0) AS income,
                 count(*) FILTER (WHERE is_missing_basis) AS missing_basis, count(*) FILTER (WHERE has_negative_balance) AS negative_balance
          FROM transaction_results WHERE is_failed IS NOT TRUE) d
    WHERE x.result_set_id = sqlc.arg(result_set_id)::uuid
)
SELECT ARRAY(SELECT transaction_id FROM transaction_results WHERE had_figures)::uuid[] AS figured;

-- name: RefreshTransactionFiatValues :exec
-- An incremental run's rows are in the current set: the transactions whose rows it deleted or
-- wrote with transfer figures get their fiat values again (a full run's switch does this for its
-- whole set: clients_fiat_values_switched).
SELECT refresh_transaction_fiat_values(sqlc.arg(transaction_ids)::uuid[]);

-- name: AddResultTotals :exec
-- Adds the totals of rows a run wrote to their result set's (resulttotals.go).
INSERT INTO tax_result_totals AS x (result_set_id, client_id, disposals, proceeds, basis, gain, short_term_gain, long_term_gain,
    income, missing_basis, negative_balance)
VALUES (sqlc.arg(result_set_id)::uuid, sqlc.arg(client_id)::uuid, sqlc.arg(disposals)::bigint, sqlc.arg(proceeds)::numeric,
    sqlc.arg(basis)::numeric, sqlc.arg(gain)::numeric, sqlc.arg(short_term_gain)::numeric, sqlc.arg(long_term_gain)::numeric,
    sqlc.arg(income)::numeric, sqlc.arg(missing_basis)::bigint, sqlc.arg(negative_balance)::bigint)
ON CONFLICT (result_set_id, client_id) DO UPDATE SET disposals = x.disposals + excluded.disposals, proceeds = x.proceeds + excluded.proceeds,
    basis = x.basis + excluded.basis, gain = x.gain + excluded.gain, short_term_gain = x.short_term_gain + excluded.short_term_gain,
    long_term_gain = x.long_term_gain + excluded.long_term_gain, income = x.income + excluded.income,
    missing_basis = x.missing_basis + excluded.missing_basis, negative_balance = x.negative_balance + excluded.negative_balance;

-- name: GetYearSummary :one
SELECT * FROM tax_year_summaries WHERE result_set_id = $1 AND tax_year = $2;

-- name: LatestSummaryYear :one
SELECT coalesce(max(tax_year), 0)::integer FROM tax_year_summaries WHERE result_set_id = $1;

-- name: InsertMonthDisposals :exec
-- A run's month figures of its taxable pieces (monthfigures.go), one row per element of the arrays.
INSERT INTO tax_month_disposals (result_set_id, client_id, month, tax_year, pieces, transactions,
    short_proceeds, short_basis, long_proceeds, long_basis)
SELECT sqlc.arg(result_set_id)::uuid, sqlc.arg(client_id)::uuid, unnest(sqlc.arg(months)::date[]), unnest(sqlc.arg(tax_years)::integer[]),
       unnest(sqlc.arg(pieces)::integer[]), unnest(sqlc.arg(transactions)::integer[]),
       unnest(sqlc.arg(short_proceeds)::numeric[]), unnest(sqlc.arg(short_basis)::numeric[]),
       unnest(sqlc.arg(long_proceeds)::numeric[]), unnest(sqlc.arg(long_basis)::numeric[]);

-- name: InsertMonthIncome :exec
-- A run's month figures of its income per type (monthfigures.go), one row per element of the arrays.
INSERT INTO tax_month_income (result_set_id, client_id, month, tax_year, income_type, transactions, value)
SELECT sqlc.arg(result_set_id)::uuid, sqlc.arg(client_id)::uuid, unnest(sqlc.arg(months)::date[]), unnest(sqlc.arg(tax_years)::integer[]),
       unnest(sqlc.arg(income_types)::text[]), unnest(sqlc.arg(transactions)::integer[]), unnest(sqlc.arg(values)::numeric[]);
