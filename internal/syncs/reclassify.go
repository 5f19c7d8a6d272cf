package syncs

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/classify"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
)

// Reclassifier runs the classification rules again over a client's stored chain data, without
// asking the chain: every wallet account on an EVM chain, each transaction of it the store holds.
// What the rules now say replaces what they said before (ledger.Editor.Reclassify: in place, only
// where the outcome changed, never a transaction a person edited); bridges are linked again. The
// rewritten transactions are marked dirty, so the client's figures follow on its next
// recalculation.
type Reclassifier struct {
	Pool       *pgxpool.Pool
	Chain      ChainData
	Classifier classify.Classifier // nil: classify.Default()
	Prices     ledger.PriceFunc    // values of legs that are new (nil: left missing)
	PricesIn   func(currency string) ledger.PriceFunc
}

// ErrNoChainData is returned when the Reclassifier has no chain data store to read.
var ErrNoChainData = errors.New("syncs: re-classification needs the stored chain data (Reclassifier.Chain)")

// ReclassifyResult sums what a re-classification did, with the bridge links it made.
type ReclassifyResult struct {
	ledger.ReclassifyCounts
	Linked int
}

// Changed reports whether the ledger changed.
func (r ReclassifyResult) Changed() bool { return r.Replaced+r.Added+r.Linked > 0 }

// Client re-classifies the scope's client.
func (r *Reclassifier) Client(ctx context.Context, scope auth.ClientScope) (ReclassifyResult, error) {
	var res ReclassifyResult
	if err := scope.CheckWrite(); err != nil {
		return res, err
	}
	if r.Chain == nil {
		return res, ErrNoChainData
	}
	classifier := r.Classifier
	if classifier == nil {
		classifier = classify.Default()
	}
	q := db.New(r.Pool)
	client := scope.ClientID()
	wallets, err := ownWallets(ctx, q, client)
	if err != nil {
		return res, err
	}
	c, err := q.GetClient(ctx, client)
	if err != nil {
		return res, err
	}
	price := pricesIn(r.Prices, r.PricesIn, c.Currency)
	accts, err := q.ListAccounts(ctx, db.ListAccountsParams{ClientID: client})
	if err != nil {
		return res, err
	}
	led := ledger.New(r.Pool)
	meta := ledger.Meta{Actor: "system:classify"}
	for _, a := range accts {
		if a.Type != "wallet" || a.Address == nil || !imports.IsEVM(a.Provider) {
			continue
		}
		hashes, err := q.ListAccountChainHashes(ctx, db.ListAccountChainHashesParams{ClientID: client, AccountID: a.ID})
		if err != nil {
			return res, err
		}
		if len(hashes) == 0 {
			continue
		}
		stored, err := r.Chain.GetChainTxs(ctx, a.Provider, hashes)
		if err != nil {
			return res, fmt.Errorf("chain data of account %s: %w", a.ID, err)
		}
		own := classify.NewOwn(a.Provider, *a.Address, wallets)
		txs := make([]imports.Tx, 0, len(stored))
		for _, h := range hashes {
			if ct, ok := stored[h]; ok {
				txs = append(txs, classifier.Classify(ct, own))
			} else if ct, ok := stored[strings.ToLower(h)]; ok {
				txs = append(txs, classifier.Classify(ct, own))
			}
		}
		err = led.Update(ctx, scope, meta, func(e *ledger.Editor) error {
			c, err := e.Reclassify(a.ID, txs, price)
			res.Replaced += c.Replaced
			res.Added += c.Added
			res.Unchanged += c.Unchanged
			res.Kept += c.Kept
			return err
		})
		if err != nil {
			return res, err
		}
	}
	err = led.Update(ctx, scope, meta, func(e *ledger.Editor) error {
		n, err := e.LinkBridges()
		res.Linked = n
		return err
	})
	return res, err
}

// ReclassifyArgs is the river job that re-classifies one client (one queued or running per client).
type ReclassifyArgs struct {
	ClientID uuid.UUID `json:"client_id"`
}

func (ReclassifyArgs) Kind() string { return jobs.KindReclassify }

func (ReclassifyArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueReclassify, MaxAttempts: 5, UniqueOpts: jobs.UniqueWhileActive()}
}

// RequestReclassifyTx queues the client's re-classification inside tx.
func RequestReclassifyTx(ctx context.Context, tx pgx.Tx, jc *jobs.Client, clientID uuid.UUID) error {
	_, err := jc.InsertTx(ctx, tx, ReclassifyArgs{ClientID: clientID}, nil)
	return err
}

// ReclassifyWorker works ReclassifyArgs: the client's re-classification, then, when the ledger
// changed, its recalculation.
type ReclassifyWorker struct {
	river.WorkerDefaults[ReclassifyArgs]
	Reclassifier *Reclassifier
}

func (w *ReclassifyWorker) Work(ctx context.Context, job *river.Job[ReclassifyArgs]) error {
	res, err := w.Reclassifier.Client(ctx, auth.JobWriteScope(job.Args.ClientID, "reclassify"))
	if err != nil || !res.Changed() {
		return err
	}
	jc, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return nil // run outside a river client (a tool): the client stays dirty until recalculated
	}
	return pgx.BeginFunc(ctx, w.Reclassifier.Pool, func(tx pgx.Tx) error {
		_, err := recalc.RequestTx(ctx, tx, jc, job.Args.ClientID)
		return err
	})
}
