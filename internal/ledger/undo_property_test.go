package ledger_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/ledger"
)

// The undo property: from any ledger, a random sequence of every kind of edit followed by the undo
// of all the audit entries the sequence wrote restores the ledger exactly (transactions, transfers,
// labels, links, hidden flags, internal-transfer pairs) and leaves the client dirty. Each edit on
// the way must mark the client dirty (settled -> dirty).
func TestUndoOfEveryEditRestoresTheLedger(t *testing.T) {
	t.Parallel()
	pool := setup(t).pool
	const sequences, workers = 200, 4
	seeds := make(chan int64, sequences)
	for i := int64(0); i < sequences; i++ {
		seeds <- i + 1
	}
	close(seeds)
	var wg sync.WaitGroup
	var mu sync.Mutex
	kinds := map[string]int{}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				done, err := undoSequence(pool, seed)
				mu.Lock()
				for k, n := range done {
					kinds[k] += n
				}
				mu.Unlock()
				if err != nil {
					t.Errorf("seed %d: %v", seed, err)
				}
			}
		}()
	}
	wg.Wait()
	// Every kind of edit must have succeeded somewhere, or the property says little.
	for _, k := range editKinds {
		if kinds[k.name] == 0 {
			t.Errorf("edit %q never succeeded in %d sequences", k.name, sequences)
		}
	}
}

type world struct {
	ctx             context.Context
	pool            *pgxpool.Pool
	client          uuid.UUID
	wallets, assets []uuid.UUID
	r               *rand.Rand
}

type editKind struct {
	name string
	run  func(w *world, e *ledger.Editor) error
}

func (w *world) auditEntries() (int, error) {
	var n int
	err := w.pool.QueryRow(w.ctx, `SELECT count(*) FROM audit_logs WHERE client_id = $1`, w.client).Scan(&n)
	return n, err
}

// live reads inside the edit's transaction: a second connection per worker could exhaust the pool.
func (w *world) live(e *ledger.Editor) (txs []uuid.UUID, transfers map[uuid.UUID][]uuid.UUID) {
	rows, err := e.Tx().Query(w.ctx, `SELECT t.id, tr.id FROM transactions t LEFT JOIN transfers tr ON tr.transaction_id = t.id
		WHERE t.client_id = $1 AND t.deleted_at IS NULL ORDER BY t.id, tr.position`, w.client)
	if err != nil {
		panic(err)
	}
	defer rows.Close()
	transfers = map[uuid.UUID][]uuid.UUID{}
	for rows.Next() {
		var tx uuid.UUID
		var tr *uuid.UUID
		if err := rows.Scan(&tx, &tr); err != nil {
			panic(err)
		}
		if _, ok := transfers[tx]; !ok {
			txs = append(txs, tx)
			transfers[tx] = nil
		}
		if tr != nil {
			transfers[tx] = append(transfers[tx], *tr)
		}
	}
	return txs, transfers
}

func (w *world) pick(ids []uuid.UUID) uuid.UUID {
	if len(ids) == 0 {
		return uuid.New() // unknown: the edit fails with NOT_FOUND, as it should
	}
	return ids[w.r.Intn(len(ids))]
}

func (w *world) amount() decimal.Decimal {
	return decimal.New(int64(w.r.Intn(100000)+1), -int32(w.r.Intn(9)))
}

func (w *world) transfer(e *ledger.Editor, tx uuid.UUID) error {
	in := ledger.NewTransfer{AssetID: w.assets[w.r.Intn(len(w.assets))], Quantity: w.amount()}
	switch w.r.Intn(3) {
	case 0:
		in.ToAccountID, in.FromAddress = &w.wallets[0], ptr(fmt.Sprintf("0xcafe%02d", w.r.Intn(3)))
	case 1:
		in.FromAccountID, in.ToAddress = &w.wallets[w.r.Intn(2)], ptr("0xbeef")
	default:
		in.FromAccountID, in.ToAccountID = &w.wallets[0], &w.wallets[1]
	}
	if w.r.Intn(3) > 0 {
		in.FiatValue = decimal.NullDecimal{Decimal: decimal.New(int64(w.r.Intn(1000000)), -2), Valid: true}
	}
	_, err := e.AddTransfer(tx, in)
	return err
}

var labels = []string{"buy", "payment", "staking_reward", "gift_received"}

var editKinds = []editKind{
	{"createTransaction", func(w *world, e *ledger.Editor) error {
		t, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &w.wallets[0], OccurredAt: time.Date(2024, 1, 1+w.r.Intn(28), 0, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		for i := w.r.Intn(3); i >= 0; i-- {
			if err := w.transfer(e, t.ID); err != nil {
				return err
			}
		}
		return nil
	}},
	{"createTransfer", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		return w.transfer(e, w.pick(txs))
	}},
	{"duplicateTransaction", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		_, err := e.DuplicateTransaction(w.pick(txs))
		return err
	}},
	{"updateTransaction", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		p := ledger.TransactionPatch{}
		switch w.r.Intn(7) {
		case 0:
			p.Label = &labels[w.r.Intn(len(labels))]
		case 1:
			p.ClearLabel = true
		case 2:
			p.Notes = ptr([]string{"", "a note", "another"}[w.r.Intn(3)])
		case 3:
			p.IsReviewed = ptr(w.r.Intn(2) == 0)
		case 4:
			p.OccurredAt = ptr(time.Date(2024, 2, 1+w.r.Intn(28), w.r.Intn(24), 0, 0, 0, time.UTC))
		case 5:
			p.Hash, p.InvestmentID = ptr("0xabc"), ptr([]string{"", "inv-1"}[w.r.Intn(2)])
		default:
			d := ledger.OffChainDetails{Description: ptr("paid a supplier"), FiatValue: ptr(decimal.RequireFromString("1837.69"))}
			b, _ := d.JSON()
			p.OffChainData = b
			if w.r.Intn(2) == 0 {
				p.OffChainData = json.RawMessage("null")
			}
		}
		_, err := e.UpdateTransaction(w.pick(txs), p)
		return err
	}},
	{"updateTransfer", func(w *world, e *ledger.Editor) error {
		txs, trs := w.live(e)
		tx := w.pick(txs)
		p := ledger.TransferPatch{}
		switch w.r.Intn(8) {
		case 0:
			p.Quantity = ptr(w.amount())
		case 1:
			p.FiatValue = ptr(decimal.New(int64(w.r.Intn(100000)), -2))
		case 2:
			p.BasisFiatValue = ptr(decimal.New(int64(w.r.Intn(100000)), -2))
		case 3:
			p.ResetFiatValue = true
		case 4:
			p.IsHidden = ptr(w.r.Intn(2) == 0)
		case 5:
			p.PurchaseDateOverride = ptr(time.Date(2020, 5, 1, 0, 0, 0, 0, time.UTC))
		case 6:
			p.AssetID = &w.assets[w.r.Intn(len(w.assets))]
		default:
			p.ToAccountID = &w.wallets[1]
		}
		_, err := e.UpdateTransfer(tx, w.pick(trs[tx]), p)
		return err
	}},
	{"labelTransactions", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		in := ledger.LabelEdit{Notes: ptr("labelled"), InvestmentID: ptr("inv-2")}
		if w.r.Intn(3) == 0 {
			in.Wipe = true
		} else {
			in.Label = &labels[w.r.Intn(len(labels))]
		}
		return e.LabelTransactions([]uuid.UUID{w.pick(txs), w.pick(txs)}, in)
	}},
	{"hideMultipleTransactions", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		_, err := e.SetHiddenCount([]uuid.UUID{w.pick(txs), w.pick(txs)}, w.r.Intn(2) == 0)
		return err
	}},
	{"updateMultiTransactionsCostBasis", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		return e.SetMissingBasisOverride([]uuid.UUID{w.pick(txs)}, w.r.Intn(2) == 0, w.r.Intn(3) > 0)
	}},
	{"mergeTransactions", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		_, err := e.Merge([]uuid.UUID{w.pick(txs)}, w.pick(txs))
		return err
	}},
	{"splitTransactionIntoMany", func(w *world, e *ledger.Editor) error {
		txs, trs := w.live(e)
		base := w.pick(txs)
		var groups []ledger.SplitGroup
		for _, id := range trs[base][1:] { // keep the first in the base
			if w.r.Intn(2) == 0 || len(groups) == 0 {
				groups = append(groups, ledger.SplitGroup{Label: &labels[w.r.Intn(len(labels))], Notes: ptr("part")})
			}
			groups[len(groups)-1].TransferIDs = append(groups[len(groups)-1].TransferIDs, id)
		}
		_, err := e.Split(base, groups, nil)
		return err
	}},
	{"splitTransaction", func(w *world, e *ledger.Editor) error {
		txs, trs := w.live(e)
		base := w.pick(txs)
		if len(trs[base]) < 2 {
			return apperr.InvalidField("splits", "too few transfers")
		}
		_, err := e.Split(base, []ledger.SplitGroup{{TransferIDs: []uuid.UUID{trs[base][len(trs[base])-1]}}}, ptr(1))
		return err
	}},
	{"saveReceivePriceForTransactions", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		p := ledger.ReceivePrice{UnitPrice: decimal.New(int64(w.r.Intn(500000)), -2)}
		if w.r.Intn(2) == 0 {
			p.AssetID = &w.assets[0]
		}
		_, err := e.SaveReceivePrice([]uuid.UUID{w.pick(txs)}, p)
		return err
	}},
	{"createDefaultRule", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		_, _, err := e.CreateLabelRule(w.pick(txs))
		return err
	}},
	{"markInternalTransfer", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		from, to := w.pick(txs), w.pick(txs)
		var paired bool
		if err := e.Tx().QueryRow(w.ctx, `SELECT EXISTS (SELECT 1 FROM internal_transfer_pairs WHERE from_transaction_id = $1 AND to_transaction_id = $2)`, from, to).Scan(&paired); err != nil || paired {
			return apperr.New(apperr.Conflict, "already paired")
		}
		return e.MarkInternalTransfer(from, to)
	}},
	{"bridgeTransactions", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		_, err := e.Link(ledger.LinkBridge, w.pick(txs), w.pick(txs))
		return err
	}},
	{"crossChainSwap", func(w *world, e *ledger.Editor) error {
		txs, _ := w.live(e)
		_, err := e.Link(ledger.LinkCrossChainSwap, w.pick(txs), w.pick(txs))
		return err
	}},
	{"unmarkInternalTransfer", func(w *world, e *ledger.Editor) error {
		var from, to uuid.UUID
		if err := e.Tx().QueryRow(w.ctx, `SELECT from_transaction_id, to_transaction_id FROM internal_transfer_pairs WHERE client_id = $1 LIMIT 1`, w.client).Scan(&from, &to); err != nil {
			return apperr.NotFoundf("no pair")
		}
		return e.UnmarkInternalTransfer(from, to)
	}},
}

// dump is the client's ledger as text: every column an edit can change, in a fixed order
// (timestamps of the rows' own bookkeeping left out).
func dump(ctx context.Context, pool *pgxpool.Pool, client uuid.UUID) (string, error) {
	var b strings.Builder
	for _, q := range []string{
		`SELECT id, account_id, occurred_at, ordinal, txn_hash, external_id, label, notes, is_hidden, is_reviewed, is_failed, source,
		        session_id, parent_id, investment_id, off_chain_data::text, is_missing_basis_override
		   FROM transactions WHERE client_id = $1 AND deleted_at IS NULL ORDER BY id`,
		`SELECT id, transaction_id, position, asset_id, quantity::text, from_account_id, to_account_id, from_address, to_address,
		        fiat_value::text, original_fiat_value::text, basis_fiat_value::text, original_basis_fiat_value::text, fee_fiat::text,
		        is_fee, is_hidden, is_missing_basis_override, label, staking_account_identifier, purchase_date_override
		   FROM transfers WHERE client_id = $1 ORDER BY id`,
		`SELECT from_transaction_id, to_transaction_id, link_type, id FROM internal_transfer_pairs WHERE client_id = $1 ORDER BY 1, 2`,
	} {
		rows, err := pool.Query(ctx, q, client)
		if err != nil {
			return "", err
		}
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				rows.Close()
				return "", err
			}
			fmt.Fprintln(&b, vals...)
		}
		rows.Close()
		b.WriteString("--\n")
	}
	return b.String(), nil
}

// undoSequence builds a small ledger for a new client, runs 4 to 12 random edits (each in its
// own unit of work; refused ones change nothing), then undoes all their audit entries at once.
func undoSequence(pool *pgxpool.Pool, seed int64) (map[string]int, error) {
	ctx := context.Background()
	w := &world{ctx: ctx, pool: pool, client: uuid.New(), r: rand.New(rand.NewSource(seed))}
	w.wallets = []uuid.UUID{uuid.New(), uuid.New()}
	w.assets = []uuid.UUID{uuid.New(), uuid.New()}
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO clients (id, name) VALUES ($1, 'p')`, []any{w.client}},
		{`INSERT INTO accounts (id, client_id, type, provider, address, name) VALUES ($1, $2, 'wallet', 'ethereum', '0x01', 'a'), ($3, $2, 'wallet', 'ethereum', '0x02', 'b')`,
			[]any{w.wallets[0], w.client, w.wallets[1]}},
		{`INSERT INTO assets (id, client_id, key, symbol) VALUES ($1, $2, 'ethereum:native', 'ETH'), ($3, $2, 'bitcoin:native', 'BTC')`,
			[]any{w.assets[0], w.client, w.assets[1]}},
	} {
		if _, err := pool.Exec(ctx, q.sql, q.args...); err != nil {
			return nil, err
		}
	}
	led := ledger.New(pool)
	m := ledger.Meta{Actor: "user:prop"}
	for i := 0; i < 3; i++ { // the starting ledger
		if err := led.Update(ctx, auth.JobWriteScope(w.client, "test"), m, func(e *ledger.Editor) error { return editKinds[0].run(w, e) }); err != nil {
			return nil, err
		}
	}
	for _, q := range []string{`UPDATE audit_logs SET undone_at = now() WHERE client_id = $1`, `DELETE FROM dirty_marks WHERE client_id = $1`} {
		if _, err := pool.Exec(ctx, q, w.client); err != nil {
			return nil, err
		}
	}
	before, err := dump(ctx, pool, w.client)
	if err != nil {
		return nil, err
	}
	done := map[string]int{}
	var applied []string
	for i, n := 0, 4+w.r.Intn(9); i < n; i++ {
		k := editKinds[w.r.Intn(len(editKinds))]
		entriesBefore, err := w.auditEntries()
		if err != nil {
			return done, err
		}
		err = led.Update(ctx, auth.JobWriteScope(w.client, "test"), m, func(e *ledger.Editor) error { return k.run(w, e) })
		switch apperr.KindOf(err) {
		case apperr.Invalid, apperr.NotFound, apperr.Conflict:
			continue // refused: nothing was written
		}
		if err != nil {
			return done, fmt.Errorf("%s: %w", k.name, err)
		}
		done[k.name]++
		applied = append(applied, k.name)
		// Every edit that changed something marks the client dirty; settle it again so the next
		// edit must mark it too. (An edit to the values a row has already changes nothing.)
		entries, err := w.auditEntries()
		if err != nil {
			return done, err
		}
		if n, err := led.CountDirty(ctx, auth.JobWriteScope(w.client, "test")); err != nil || (n == 0 && entries > entriesBefore) {
			return done, fmt.Errorf("%s left %d dirty (%v), want some", k.name, n, err)
		}
		if _, err := pool.Exec(ctx, `DELETE FROM dirty_marks WHERE client_id = $1`, w.client); err != nil {
			return done, err
		}
	}
	var ids []uuid.UUID
	rows, err := pool.Query(ctx, `SELECT id FROM audit_logs WHERE client_id = $1 AND undone_at IS NULL`, w.client)
	if err != nil {
		return done, err
	}
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			return done, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if len(ids) > 0 {
		if err := led.Update(ctx, auth.JobWriteScope(w.client, "test"), m, func(e *ledger.Editor) error { _, err := e.Undo(ids); return err }); err != nil {
			return done, fmt.Errorf("undo after %v: %w", applied, err)
		}
	}
	after, err := dump(ctx, pool, w.client)
	if err != nil {
		return done, err
	}
	if after != before {
		return done, fmt.Errorf("after %v and their undo the ledger differs:\nbefore:\n%s\nafter:\n%s", applied, before, after)
	}
	if n, err := led.CountDirty(ctx, auth.JobWriteScope(w.client, "test")); err != nil || (len(applied) > 0 && n == 0) {
		return done, fmt.Errorf("after the undo: %d dirty (%v), want some", n, err)
	}
	return done, nil
}
