package portfolio_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/bench"
	"taxd/internal/pgtest"
)

// TestDefiReadsUseIndexes pins the plans of the two ledger reads every holdings request makes for
// DeFi: which held assets are receipts, and which accounts moved coins into a position. Both concern
// a few transfers of a ledger, so on a generated ledger, with sequential and bitmap scans priced out
// (the plan shows the lookups the query allows), they go through their partial indexes and never
// read the client's every transfer.
func TestDefiReadsUseIndexes(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 3000, 6, 3, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	var assets []uuid.UUID
	rows, err := pool.Query(ctx, `SELECT id FROM assets WHERE client_id = $1`, client)
	if err != nil {
		t.Fatal(err)
	}
	if assets, err = pgx.CollectRows(rows, pgx.RowTo[uuid.UUID]); err != nil || len(assets) == 0 {
		t.Fatalf("the generated client's assets: %v %v", assets, err)
	}
	for _, c := range []struct {
		name string
		call func(q *db.Queries) error
		uses []string // every one must appear in the plan
	}{
		{"the receipts among the held assets", func(q *db.Queries) error {
			_, err := q.ReceiptAssets(ctx, db.ReceiptAssetsParams{ClientID: client, AssetIds: assets})
			return err
		}, []string{"transfers_receipt_idx", "transactions_client_label_idx", "transfers_transaction_position_key"}},
		{"the accounts of positions", func(q *db.Queries) error {
			_, err := q.PositionAccounts(ctx, db.PositionAccountsParams{ClientID: client, Positions: []string{"lido:ethereum:steth"}})
			return err
		}, []string{"transfers_position_idx"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			plan := pgtest.ExplainSent(t, pool, `SET LOCAL enable_bitmapscan = off`, func(r *pgtest.Recorder) error { return c.call(db.New(r)) })
			if strings.Contains(plan, "Seq Scan on transfers") {
				t.Errorf("a sequential scan of transfers:\n%s", plan)
			}
			for _, idx := range c.uses {
				if !strings.Contains(plan, idx) {
					t.Errorf("does not use %s:\n%s", idx, plan)
				}
			}
		})
	}
}
