package taxfigures_test

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
)

// TestResultReadsUseKeys pins the plans of the reads of a result set that a large client makes
// slow: on a generated ledger, with sequential scans priced out of reach (so the planner takes an
// index whenever one can serve the condition), a tax year's and an asset's disposal pieces are
// found through their indexes, and the transfers they name are looked up by primary key (result
// rows hold transfer ids as text: a join on the text of every transfer's id cannot use the key).
func TestResultReadsUseKeys(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 3000, 6, 3, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	var rs uuid.UUID
	var asset string
	var year int32
	if err := pool.QueryRow(ctx, `SELECT c.current_result_set_id, d.asset_key, d.tax_year FROM clients c
		JOIN tax_disposals d ON d.result_set_id = c.current_result_set_id WHERE c.id = $1 LIMIT 1`, client).Scan(&rs, &asset, &year); err != nil {
		t.Fatal(err)
	}
	var firstYear, lastYear int32
	if err := pool.QueryRow(ctx, `SELECT min(tax_year), max(tax_year) FROM tax_disposals WHERE result_set_id = $1`, rs).Scan(&firstYear, &lastYear); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		call func(q *db.Queries) error
		uses []string // every one must appear in the plan
	}{
		{"the keys of an asset's disposal trail", func(q *db.Queries) error {
			_, err := q.ListAssetDisposalKeys(ctx, db.ListAssetDisposalKeysParams{ResultSetID: rs, AssetKeys: []string{asset}})
			return err
		}, []string{"tax_disposals_asset_idx"}},
		{"a page of an asset's disposal trail", func(q *db.Queries) error {
			_, err := q.ListDisposalsBySeq(ctx, db.ListDisposalsBySeqParams{ResultSetID: rs, ClientID: client, Seqs: []int32{1, 2, 3}})
			return err
		}, []string{"tax_disposals_pkey", "transfers_pkey"}},
		{"a page of an asset's open lots", func(q *db.Queries) error {
			_, err := q.ListLotsByID(ctx, db.ListLotsByIDParams{ResultSetID: rs, ClientID: client, LotIds: []string{"1", "2"}})
			return err
		}, []string{"tax_lots_pkey", "transfers_pkey"}},
		{"the keys of an asset's removals", func(q *db.Queries) error {
			_, err := q.ListAssetRemovalKeys(ctx, db.ListAssetRemovalKeysParams{ResultSetID: rs, AssetKeys: []string{asset}})
			return err
		}, []string{"tax_removals_asset_idx"}},
		{"a page of an asset's removals", func(q *db.Queries) error {
			_, err := q.ListRemovalsByKey(ctx, db.ListRemovalsByKeyParams{ResultSetID: rs, ClientID: client,
				RemovedAt: []time.Time{time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)}, Seqs: []int32{1}})
			return err
		}, []string{"tax_removals_pkey"}},
		{"a year's disposal totals and transactions", func(q *db.Queries) error {
			_, err := q.SumYearDisposalLines(ctx, db.SumYearDisposalLinesParams{ResultSetID: rs, TaxYear: year})
			return err
		}, []string{"tax_month_disposals_pkey"}},
		{"a year's income by type", func(q *db.Queries) error {
			_, err := q.ListYearIncomeByType(ctx, db.ListYearIncomeByTypeParams{ResultSetID: rs, TaxYear: year})
			return err
		}, []string{"tax_month_income_pkey"}},
		{"a page of a year's Form 8949 rows", func(q *db.Queries) error {
			_, err := q.ListYearForm8949Rows(ctx, db.ListYearForm8949RowsParams{ResultSetID: rs, TaxYear: year, ClientID: client, RowLimit: 100})
			return err
		}, []string{"tax_disposals_year_idx", "transfers_pkey"}},
		{"a year's Form 8949 boxes", func(q *db.Queries) error {
			_, err := q.ListYearForm8949Boxes(ctx, db.ListYearForm8949BoxesParams{ResultSetID: rs, TaxYear: year})
			return err
		}, []string{"tax_disposals_year_idx"}},
		{"the pieces held at an instant of the last tax year (loss harvesting)", func(q *db.Queries) error {
			_, err := q.ListPiecesHeldAt(ctx, db.ListPiecesHeldAtParams{ResultSetID: rs, At: time.Date(int(lastYear), 6, 1, 0, 0, 0, 0, time.UTC)})
			return err
		}, []string{"tax_disposals_held_idx"}},
		{"the pieces held at an instant of the first tax year (loss harvesting)", func(q *db.Queries) error {
			_, err := q.ListPiecesHeldAt(ctx, db.ListPiecesHeldAtParams{ResultSetID: rs, At: time.Date(int(firstYear), 6, 1, 0, 0, 0, 0, time.UTC)})
			return err
		}, []string{"tax_disposals_held_idx"}},
		{"a year's disposals for the broker-form reconciliation", func(q *db.Queries) error {
			_, err := q.ListYearDisposalUnits(ctx, db.ListYearDisposalUnitsParams{ID: client, TaxYear: year, MaxUnits: 100000})
			return err
		}, []string{"tax_disposals_year_idx", "transfers_pkey"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The ledger here is small: a bitmap scan of all the client's transfers (client_id is in every
			// transfers key) prices below a key lookup per result row, which at 1M transfers it is not;
			// both whole-table paths are priced out so the plan shows the lookups the query allows.
			plan := pgtest.ExplainSent(t, pool, `SET LOCAL enable_bitmapscan = off`, func(r *pgtest.Recorder) error { return c.call(db.New(r)) })
			for _, s := range []string{"Seq Scan on tax_disposals", "Seq Scan on transfers", "Seq Scan on tax_income", "Seq Scan on tax_month"} {
				if strings.Contains(plan, s) {
					t.Errorf("%s:\n%s", s, plan)
				}
			}
			for _, idx := range c.uses {
				if !strings.Contains(plan, idx) {
					t.Errorf("does not use %s:\n%s", idx, plan)
				}
			}
		})
	}
}
