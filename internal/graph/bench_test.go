package graph_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/fileimport"
	"taxd/internal/graph"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/portfolio"
	"taxd/internal/recalc"
	"taxd/internal/reports"
)

// The P6 benchmark: getClientTransactions (limit 100) and its summary through the HTTP handler
// on one generated client of TAXD_BENCH_TRANSACTIONS transactions (default 1,000,000), with its
// results computed. `make bench` runs it with -benchtime 100x; each sub-benchmark reports p50
// and p99 latency in ms.

type benchEnv struct {
	srv    *httptest.Server
	client uuid.UUID
	asset  uuid.UUID
	hash   string
	from   time.Time
	ledger *ledger.Ledger
}

var (
	benchOnce sync.Once
	bench     *benchEnv
	benchErr  error
)

func setupBench(b *testing.B) *benchEnv {
	benchOnce.Do(func() { bench, benchErr = newBenchEnv(b) })
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return bench
}

func newBenchEnv(b *testing.B) (*benchEnv, error) {
	n := 1_000_000
	if s := os.Getenv("TAXD_BENCH_TRANSACTIONS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			return nil, err
		}
	}
	// The pool outlives the first benchmark: BenchmarkTransactionQueries and BenchmarkPortfolio share it.
	return newBenchEnvPool(context.Background(), pgtest.ProcessPool(b), n)
}

// newBenchEnvPool seeds the bench client of n transactions into pool and serves GraphQL over it.
func newBenchEnvPool(ctx context.Context, pool *pgxpool.Pool, n int) (*benchEnv, error) {
	start := time.Now()
	client, err := seedLedger(ctx, pool, n, 20, 8, io.Discard)
	if err != nil {
		return nil, err
	}
	// What an import gives that the generator leaves out: each transaction's account (its first
	// transfer's own side), its label, a hash, and accounts of several providers.
	for _, q := range []string{
		`UPDATE accounts a SET provider = (ARRAY['ethereum','bitcoin','coinbase','solana'])[1 + n.i % 4]
		   FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM accounts WHERE client_id = $1) n WHERE a.id = n.id`,
		`UPDATE transactions t SET account_id = f.acct, label = f.label, txn_hash = md5(t.id::text)
		   FROM (SELECT DISTINCT ON (transaction_id) transaction_id, coalesce(to_account_id, from_account_id) AS acct, label
		           FROM transfers WHERE client_id = $1 ORDER BY transaction_id, position) f
		  WHERE t.id = f.transaction_id AND t.client_id = $1`,
	} {
		if _, err := pool.Exec(ctx, q, client); err != nil {
			return nil, err
		}
	}
	fmt.Fprintf(os.Stderr, "bench: %d transactions seeded in %s\n", n, time.Since(start).Round(time.Second))
	start = time.Now()
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, client); err != nil {
		return nil, err
	}
	// Prices for every generated asset (TOKnnn) over the last 400 days, as the price service caches
	// them, so portfolio values and charts have something to multiply.
	for _, q := range []string{
		`UPDATE assets SET price_source_id = lower(symbol) WHERE client_id = $1`,
		`INSERT INTO prices (price_key, day, usd, source)
		   SELECT 'coingecko:' || lower(a.symbol), d::date, 1 + (abs(hashtext(a.symbol)) % 1000) + extract(doy FROM d), 'bench'
		     FROM assets a, generate_series(current_date - 400, current_date, '1 day') d WHERE a.client_id = $1
		   ON CONFLICT DO NOTHING`,
	} {
		if _, err := pool.Exec(ctx, q, client); err != nil {
			return nil, err
		}
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE`); err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "bench: recalculated and analyzed in %s\n", time.Since(start).Round(time.Second))
	if _, err := clients.StoreKey(ctx, db.New(pool), uuid.New(), clients.NewKey{ClientID: client, ReadWrite: true}, rawKey, time.Now()); err != nil {
		return nil, err
	}
	e := &benchEnv{client: client, ledger: ledger.New(pool)}
	// The most traded asset, a year in the middle of the ledger, and part of one hash.
	if err := pool.QueryRow(ctx, `SELECT asset_id FROM transfers WHERE client_id = $1 GROUP BY asset_id ORDER BY count(*) DESC LIMIT 1`, client).Scan(&e.asset); err != nil {
		return nil, err
	}
	if err := pool.QueryRow(ctx, `SELECT substr(txn_hash, 3, 10) FROM transactions WHERE client_id = $1 ORDER BY id LIMIT 1 OFFSET 1000`, client).Scan(&e.hash); err != nil {
		return nil, err
	}
	e.from = time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	h := graph.NewHTTPHandler(graph.Deps{
		Auth: &auth.ViewerAuthenticator{DB: pool, Now: time.Now}, Ledger: ledger.New(pool), Clients: clients.NewService(pool, nil),
		Recalc: recalc.NewService(pool, nil), Reports: reports.NewService(reports.Deps{Pool: pool}), Files: fileimport.NewService(pool, nil),
		Portfolio: portfolio.NewService(pool, nil, time.Now),
	}, false)
	e.srv = httptest.NewServer(h)
	return e, nil
}

const benchList = `query list($clientId: ID!, $assetIds: [String!], $startDate: Date, $endDate: Date, $labels: [String!],
  $hasIncome: Boolean, $providers: [String!], $search: String, $skipTotal: Boolean) {
  getClientTransactions(clientId: $clientId, limit: 100, assetIds: $assetIds, startDate: $startDate, endDate: $endDate,
    labels: $labels, hasIncome: $hasIncome, providers: $providers, search: $search, skipTotal: $skipTotal) {
    total
    transactions { id createdAt label capGainsSumSigned incomeSum isDirty account { name } transfers { amountExact asset { symbol } } }
  }
}`

const benchSummary = `query summary($clientId: ID!, $assetIds: [String!], $startDate: Date, $endDate: Date, $labels: [String!],
  $hasIncome: Boolean, $providers: [String!], $search: String) {
  getClientTransactionsSummary(clientId: $clientId, assetIds: $assetIds, startDate: $startDate, endDate: $endDate,
    labels: $labels, hasIncome: $hasIncome, providers: $providers, search: $search) {
    transactionCount capGainsCents incomeCents
  }
}`

func BenchmarkTransactionQueries(b *testing.B) {
	e := setupBench(b)
	filters := []struct {
		name string
		vars map[string]any
	}{
		{"asset+dates+label", map[string]any{"assetIds": []string{e.asset.String()}, "startDate": "2023-01-01", "endDate": "2024-01-01", "labels": []string{"buy"}}},
		{"income+provider", map[string]any{"hasIncome": true, "providers": []string{"ethereum"}}},
		{"search", map[string]any{"search": e.hash}},
	}
	if os.Getenv("TAXD_BENCH_EXPLAIN") != "" {
		yes := true
		from, to := e.from, e.from.AddDate(1, 0, 0)
		for _, f := range []ledger.TxFilter{
			{AssetIDs: []uuid.UUID{e.asset}, StartDate: &from, EndDate: &to, Labels: []string{"buy"}},
			{HasIncome: &yes, Providers: []string{"ethereum"}},
			{Search: &e.hash},
		} {
			plan, err := e.ledger.Explain(context.Background(), auth.JobScope(e.client, "bench"), f, ledger.TxPage{Limit: 100})
			if err != nil {
				b.Fatal(err)
			}
			fmt.Fprintln(os.Stderr, plan)
		}
	}
	for _, op := range []struct {
		name, query string
		skipTotal   bool
	}{{"list", benchList, false}, {"list-skipTotal", benchList, true}, {"summary", benchSummary, false}} {
		for _, f := range filters {
			b.Run(op.name+"/"+f.name, func(b *testing.B) {
				vars := map[string]any{"clientId": e.client}
				if op.skipTotal {
					vars["skipTotal"] = true
				}
				for k, v := range f.vars {
					vars[k] = v
				}
				lat := make([]time.Duration, 0, b.N)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					start := time.Now()
					res := post(b, e.srv.URL, op.query, vars)
					lat = append(lat, time.Since(start))
					if len(res.Errors) > 0 {
						b.Fatalf("errors: %v", res.Errors)
					}
					if i == 0 {
						raw, _ := json.Marshal(res.Data)
						b.Logf("%s: %.200s", op.name, raw)
					}
				}
				sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
				b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(lat[(len(lat)*99)/100].Microseconds())/1000, "p99-ms")
			})
		}
	}
}

// The P8 benchmark: getPortfolioV2 (a page by value, and a filtered one), getPortfolioValue and
// getChart (a year, daily: cold with hardRefresh, then from the cache) on the P6 client, through the
// HTTP handler; p50 and p99 per operation in ms.
func BenchmarkPortfolio(b *testing.B) {
	e := setupBench(b)
	const portfolioV2 = `query p($clientId: ID!, $search: String, $sort: PortfolioSortColumnEnum) {
  getPortfolioV2(clientId: $clientId, limit: 50, search: $search, sort: $sort) {
    total totalValueCents totalCostBasisCents
    positions { assetKey amountExact price valueCents costBasisCents unrealizedGainCents dayChangePercent portfolioPercent accountIds asset { symbol } }
  }
}`
	const value = `query v($clientId: ID!) { getPortfolioValue(clientId: $clientId) { totalValueCents totalCostBasisCents unrealizedGainCents dayChangeCents } }`
	const chart = `query c($clientId: ID!, $hardRefresh: Boolean) {
  getChart(clientId: $clientId, interval: ONE_YEAR, hardRefresh: $hardRefresh) { startValueCents endValueCents points { date valueCents costBasisCents } }
}`
	for _, op := range []struct {
		name, query string
		vars        map[string]any
	}{
		{"getPortfolioV2", portfolioV2, nil},
		{"getPortfolioV2/search+sort", portfolioV2, map[string]any{"search": "tok01", "sort": "UNREALIZED_GAIN"}},
		{"getPortfolioValue", value, nil},
		{"getChart/year-cold", chart, map[string]any{"hardRefresh": true}},
		{"getChart/year-cached", chart, nil},
	} {
		b.Run(op.name, func(b *testing.B) {
			vars := map[string]any{"clientId": e.client}
			for k, v := range op.vars {
				vars[k] = v
			}
			if res := post(b, e.srv.URL, op.query, vars); len(res.Errors) > 0 { // warm: the basis sums, the cached chart
				b.Fatalf("errors: %v", res.Errors)
			}
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				res := post(b, e.srv.URL, op.query, vars)
				lat = append(lat, time.Since(start))
				if len(res.Errors) > 0 {
					b.Fatalf("errors: %v", res.Errors)
				}
				if i == 0 {
					raw, _ := json.Marshal(res.Data)
					b.Logf("%s: %.300s", op.name, raw)
				}
			}
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[(len(lat)*99)/100].Microseconds())/1000, "p99-ms")
		})
	}
}
