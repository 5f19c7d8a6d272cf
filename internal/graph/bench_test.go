package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/jobs"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/server"
)

// The read benchmark (`make bench` P6): every read operation of the GraphQL API (every Query
// field, several argument sets for the heavy ones) and of the partner REST API (its GETs), timed
// over HTTP with keep-alive against the whole server (server.NewHandler: REST gate, GraphQL
// policies, the services as `taxd serve` builds them) on one client of TAXD_BENCH_TRANSACTIONS
// transactions (default 1,000,000; see benchFixture). The chain indexers that getUsedChains asks
// never answer, as an unreachable one would not. Each sub-benchmark reports p50 and p99 latency in
// ms; BenchmarkReads prints them as one table at the end. `make bench` runs it with -benchtime 30x
// (each operation once more before timing: a warm-up).
//
// Building the fixture takes minutes at 1M. With TAXD_BENCH_KEEP=1 its database is kept on the
// test server (a persistent TEST_DATABASE_URL) and reused by the next run with the same migrations
// (TAXD_KEPT_PREFIX names one per checkout when worktrees share the server).

type readBench struct {
	srv *httptest.Server
	fx  benchFixture
}

var (
	readBenchOnce sync.Once
	readBenchEnv  *readBench
	readBenchErr  error
	readResults   = map[string][2]time.Duration{}
)

func setupReadBench(b *testing.B) *readBench {
	readBenchOnce.Do(func() { readBenchEnv, readBenchErr = newReadBench(b) })
	if readBenchErr != nil {
		b.Fatal(readBenchErr)
	}
	return readBenchEnv
}

func benchTransactions() (int, error) {
	if s := os.Getenv("TAXD_BENCH_TRANSACTIONS"); s != "" {
		return strconv.Atoi(s)
	}
	return 1_000_000, nil
}

func newReadBench(b *testing.B) (*readBench, error) {
	ctx := context.Background()
	n, err := benchTransactions()
	if err != nil {
		return nil, err
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil))) // no request log per call
	var pool *pgxpool.Pool
	var fx benchFixture
	found, migrated := false, false
	if os.Getenv("TAXD_BENCH_KEEP") != "" {
		pool = pgtest.KeptPool(b, fmt.Sprintf("taxd_bench_reads_%d", n), func(p *pgxpool.Pool, m bool) bool {
			fx, found = loadBenchFixture(ctx, p, n)
			migrated = m
			return found
		})
	} else {
		pool = pgtest.ProcessPool(b) // the pool outlives the first benchmark
	}
	if !found {
		start := time.Now()
		if fx, err = seedBenchFixture(ctx, pool, n, os.Stderr); err != nil {
			return nil, err
		}
		if err := saveBenchFixture(ctx, pool, fx); err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "bench: fixture of %d transactions built in %s\n", n, time.Since(start).Round(time.Second))
	}
	if migrated {
		// A fixture kept from an earlier migration set: its results are computed again, as a
		// recalculation after the upgrade would (new result columns and tables are filled).
		start := time.Now()
		if _, err := (&recalc.Runner{Pool: pool, Full: true}).Run(ctx, auth.JobWriteScope(fx.Client, "test")); err != nil {
			return nil, err
		}
		if _, err := pool.Exec(ctx, `VACUUM ANALYZE`); err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "bench: migrated fixture recalculated in %s\n", time.Since(start).Round(time.Second))
	}
	// An indexer's getUsedChains answer is fresh for an hour: a kept fixture's are made fresh.
	if _, err := pool.Exec(ctx, `UPDATE used_chain_checks SET checked_at = now() WHERE address = lower($1)`, fx.CachedChains); err != nil {
		return nil, err
	}
	// Indexers that accept the connection and never answer.
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	dir, err := os.MkdirTemp("", "taxd-bench-reads-")
	if err != nil {
		return nil, err
	}
	cfg := &config.Config{
		Env: "production", Listen: "127.0.0.1:0", DataDir: dir, Offline: true,
		AccessTokenKeyID: "bench", AccessTokenSecret: "bench-access-token-secret-0123456789abcdef", ReportSigningSecret: "bench-report-signing-secret-0123456789abcdef",
		CredentialsKey: "YmVuY2gtY3JlZGVudGlhbHMta2V5LW9mLTMyLWJ5dGU=", // base64 of 32 bytes: not the development key, which production refuses
		PortalURL:      "https://portal.bench.example/embed", EmailDailyLimit: 5, SignedLinkLifetime: time.Hour,
		EtherscanURL: hang.URL, SolanaRPCURL: hang.URL, EsploraURL: hang.URL, EtherscanRPS: -1,
	}
	if err := cfg.Finish(); err != nil {
		return nil, err
	}
	bucket, err := reports.OpenBucket(ctx, "", dir)
	if err != nil {
		return nil, err
	}
	// The report files (the bucket is not kept with the database).
	rs := reports.NewService(reports.Deps{Pool: pool, Bucket: bucket})
	for _, id := range fx.Reports {
		r, err := db.New(pool).GetReport(ctx, db.GetReportParams{ClientID: fx.Client, ID: id})
		if err != nil {
			return nil, err
		}
		f, err := reports.Render(reports.TypeTaxForms, reports.Data{ReferenceID: fx.ReferenceID, Name: "Bench User", Year: fx.FormYear})
		if err != nil {
			return nil, err
		}
		if err := rs.Store(ctx, auth.JobWriteScope(r.ClientID, "bench"), reports.Report(r), f); err != nil {
			return nil, err
		}
	}
	jc, err := jobs.New(pool, nil, jobs.Options{}) // inserts jobs; no worker runs them
	if err != nil {
		return nil, err
	}
	h, err := server.NewHandler(server.Deps{Config: cfg, Pool: pool, Jobs: jc, Bucket: bucket})
	if err != nil {
		return nil, err
	}
	return &readBench{srv: httptest.NewServer(h), fx: fx}, nil
}

// readOp is one operation with one argument set: a GraphQL document and its variables, or a REST
// GET path (relative to /api).
type readOp struct {
	name  string
	query string
	vars  map[string]any
	get   string
}

const txRowFields = `fragment Row on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam isEdited
  fiatValueCents capGainsSumSigned incomeSum linkType linkedTransactionId account { id name }
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`

const txListDoc = `query list($clientId: ID!, $limit: Int, $page: Int, $sortBy: String, $ascending: Boolean, $assetIds: [String!],
  $startDate: Date, $endDate: Date, $labels: [String!], $hasIncome: Boolean, $providers: [String!], $search: String,
  $skipTotal: Boolean, $onlyDisposals: Boolean, $gainLossFilter: String, $isMissingBasis: Boolean) {
  getClientTransactions(clientId: $clientId, limit: $limit, page: $page, sortBy: $sortBy, ascending: $ascending, assetIds: $assetIds,
    startDate: $startDate, endDate: $endDate, labels: $labels, hasIncome: $hasIncome, providers: $providers, search: $search,
    skipTotal: $skipTotal, onlyDisposals: $onlyDisposals, gainLossFilter: $gainLossFilter, isMissingBasis: $isMissingBasis) {
    total page limit hasNextPage
    transactions { ...Row }
  }
}
` + txRowFields

const txSummaryDoc = `query summary($clientId: ID!, $assetIds: [String!], $startDate: Date, $endDate: Date, $labels: [String!],
  $hasIncome: Boolean, $providers: [String!], $search: String) {
  getClientTransactionsSummary(clientId: $clientId, assetIds: $assetIds, startDate: $startDate, endDate: $endDate,
    labels: $labels, hasIncome: $hasIncome, providers: $providers, search: $search) {
    transactionCount disposalCount proceedsCents costBasisCents capGainsCents capGainsSumSigned incomeCents isStale
  }
}`

// readOps lists every read of the seed with the argument sets a frontend sends.
func readOps(fx benchFixture) []readOp {
	c := fx.Client.String()
	eth := fx.Assets["ETH"].String()
	vars := func(kv ...any) map[string]any {
		m := map[string]any{"clientId": c}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	ids := make([]string, 0, len(fx.Edited))
	for _, id := range fx.Edited[:25] {
		ids = append(ids, id.String())
	}
	year := strconv.Itoa(fx.FormYear)
	form := fx.TaxForm.String()
	user := "/users/" + fx.ReferenceID
	ops := []readOp{
		// transactions
		{name: "getClientTransactions/default", query: txListDoc, vars: vars("limit", 100)},
		{name: "getClientTransactions/skipTotal", query: txListDoc, vars: vars("limit", 25, "skipTotal", true)},
		{name: "getClientTransactions/sortBy=capGains", query: txListDoc, vars: vars("limit", 100, "sortBy", "capGains")},
		{name: "getClientTransactions/sortBy=capGains+page=50", query: txListDoc, vars: vars("limit", 100, "sortBy", "capGains", "page", 50)},
		{name: "getClientTransactions/sortBy=capGains+ascending", query: txListDoc, vars: vars("limit", 100, "sortBy", "capGains", "ascending", true)},
		{name: "getClientTransactions/sortBy=income", query: txListDoc, vars: vars("limit", 100, "sortBy", "income")},
		{name: "getClientTransactions/sortBy=fiatValue", query: txListDoc, vars: vars("limit", 100, "sortBy", "fiatValue")},
		{name: "getClientTransactions/asset=ETH+2023", query: txListDoc, vars: vars("limit", 100, "assetIds", []string{eth}, "startDate", "2023-01-01", "endDate", "2024-01-01")},
		{name: "getClientTransactions/asset+dates+label", query: txListDoc, vars: vars("limit", 100, "assetIds", []string{fx.BigAsset.String()}, "startDate", "2023-01-01", "endDate", "2024-01-01", "labels", []string{"buy"})},
		{name: "getClientTransactions/income+provider", query: txListDoc, vars: vars("limit", 100, "hasIncome", true, "providers", []string{"ethereum"})},
		{name: "getClientTransactions/disposals+loss", query: txListDoc, vars: vars("limit", 100, "onlyDisposals", true, "gainLossFilter", "loss")},
		{name: "getClientTransactions/missingBasis", query: txListDoc, vars: vars("limit", 100, "isMissingBasis", true)},
		{name: "getClientTransactions/search=hash", query: txListDoc, vars: vars("limit", 100, "search", fx.Hash)},
		{name: "getClientTransactions/search=asset-name", query: txListDoc, vars: vars("limit", 100, "search", "ethereum")},
		{name: "getClientTransactions/page=100", query: txListDoc, vars: vars("limit", 100, "page", 100)},
		{name: "getClientTransactions/page=1234", query: txListDoc, vars: vars("limit", 100, "page", 1234)},
		{name: "getClientTransactionsSummary/none", query: txSummaryDoc, vars: vars()},
		{name: "getClientTransactionsSummary/asset=ETH+2023", query: txSummaryDoc, vars: vars("assetIds", []string{eth}, "startDate", "2023-01-01", "endDate", "2024-01-01")},
		{name: "getClientTransactionsSummary/asset+dates+label", query: txSummaryDoc, vars: vars("assetIds", []string{fx.BigAsset.String()}, "startDate", "2023-01-01", "endDate", "2024-01-01", "labels", []string{"buy"})},
		{name: "getClientTransactionsSummary/hasIncome", query: txSummaryDoc, vars: vars("hasIncome", true)},
		{name: "getClientTransactionsSummary/income+provider", query: txSummaryDoc, vars: vars("hasIncome", true, "providers", []string{"ethereum"})},
		{name: "getTransactionHistoryReportV2", vars: vars("startDate", "2024-01-01", "endDate", "2025-01-01"), query: `query h($clientId: ID!, $startDate: Date, $endDate: Date) {
  getTransactionHistoryReportV2(clientId: $clientId, startDate: $startDate, endDate: $endDate) { isCached report { id type status } }
}`},
		{name: "getLabelOptionsForTransactions", vars: vars("ids", ids), query: `query lo($clientId: ID!, $ids: [ID!]!) {
  getLabelOptionsForTransactions(clientId: $clientId, transactionIds: $ids) { currentLabel options { value name category } recommended { value } }
}`},
		{name: "getLabels", vars: vars(), query: `query l($clientId: ID) { getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable } }`},
		{name: "getTransaction", vars: vars("id", fx.Tx.String()), query: `query t($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) {
    id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis
    hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId
    fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum
    transfers {
      id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress
      direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum saleTerm uncoveredAmountExact
    }
  }
}`},
		{name: "getTransactionImportJobs", vars: vars(), query: `query ij($clientId: ID!) { getTransactionImportJobs(clientId: $clientId) { hasActiveJobs jobs { id status } } }`},
		{name: "getTransactionTypeOptions", vars: vars("id", fx.Tx.String()), query: `query to($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) { options { value name description } recommended { value } currentLabel }
}`},
		{name: "getTransactions", vars: vars("ids", ids), query: `query ts($clientId: ID!, $ids: [ID!]!) { getTransactions(clientId: $clientId, transactionIds: $ids) { ...Row } }
` + txRowFields},
		// tax
		{name: "countDirty", vars: vars(), query: `query d($clientId: ID!) { countDirty(clientId: $clientId) }`},
		{name: "getActiveRecalculateJob", vars: vars(), query: `query j($clientId: ID!) { getActiveRecalculateJob(clientId: $clientId) { id status progress attempt } }`},
		{name: "getHarvestableLosses/today", vars: vars("date", time.Now().UTC().Format("2006-01-02")), query: harvestDoc},
		{name: "getHarvestableLosses/2022-06-30", vars: vars("date", "2022-06-30"), query: harvestDoc},
		{name: "getIncomeAndCapGains/2023", vars: vars("year", "2023"), query: yearDoc},
		{name: "getIncomeAndCapGains/" + year, vars: vars("year", year), query: yearDoc},
		{name: "getReportDownloadUrl", vars: map[string]any{"id": fx.Reports[0].String()}, query: `query u($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName expiresAt contentType } }`},
		{name: "getReportExportV2", vars: vars("year", year), query: `query r($clientId: ID!, $year: String!) {
  getReportExportV2(clientId: $clientId, type: CAPITAL_GAINS_CSV, dateQueryType: TAX_YEAR, year: $year) { report { id status } isCached emailQueued }
}`},
		{name: "getReportInfo", vars: vars("form", form), query: `query ri($clientId: ID!, $form: ID!) {
  getReportInfo(clientId: $clientId, taxFormId: $form) {
    taxForm { id formType taxYear brokerName status rowCount }
    brokerProceedsCents brokerCostBasisCents computedProceedsCents proceedsDifferenceCents matchedTransactionCount latestGeneration { id status }
  }
}`},
		{name: "getReports", vars: vars(), query: `query rs($clientId: ID!) { getReports(clientId: $clientId) { id type status year fileName isStale error createdAt completedAt } }`},
		{name: "getTaxForm8949Preview", vars: vars("form", form), query: `query p($clientId: ID!, $form: ID!) {
  getTaxForm8949Preview(clientId: $clientId, taxFormId: $form) { transferId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents term box }
}`},
		{name: "getTaxFormReconciliation", vars: vars("form", form), query: `query rc($clientId: ID!, $form: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $form) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows { id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents }
  }
}`},
		{name: "getTaxFormStatuses", vars: vars("year", fx.FormYear), query: `query fs($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") { processingCount needsReviewCount completedCount taxForms { id brokerName status statusMessage rowCount uploadedAt } }
}`},
		{name: "getTaxLots/biggest-asset", vars: vars("key", fx.BigKey), query: lotsDoc},
		{name: "getTaxLots/matic", vars: vars("key", "matic"), query: lotsDoc},
		{name: "getTaxYears", vars: vars(), query: `query y($clientId: ID!) { getTaxYears(clientId: $clientId) }`},
		{name: "taxFormGenerations", vars: vars("form", form), query: `query g($clientId: ID!, $form: ID!) { taxFormGenerations(clientId: $clientId, taxFormId: $form) { id status createdAt } }`},
		// clients
		{name: "getClientApiKeys", vars: vars(), query: `query k($clientId: ID!) { getClientApiKeys(clientId: $clientId) { id name permissionLevel prefix status createdAt expiresAt } }`},
		{name: "getClientAuditLogs/page", vars: vars(), query: auditDoc},
		{name: "getClientAuditLogs/transactions", vars: vars("ids", ids[:5]), query: auditDoc},
		{name: "getClientById", vars: vars(), query: `query cb($clientId: String!) {
  getClientById(clientId: $clientId) { id name currency country timezone costBasisAlgorithm fiscalYearStart fiscalYearEnd isDirty }
}`},
		{name: "getClientInsights", vars: vars(), query: `query in($clientId: ID!) {
  getClientInsights(clientId: $clientId, status: OPEN, limit: 100) { id patternId type severity title description transactionCount assetId }
}`},
		{name: "getMyActiveClient", query: `query ac { getMyActiveClient { id name currency country timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil lastRecalculatedAt } }`},
		{name: "getMyClients", query: `query mc { getMyClients { id name } }`},
		// accounts
		{name: "getClientAccounts", vars: vars(), query: `query ca($clientId: String!) {
  getClientAccounts(clientId: $clientId) { id name type provider address status transactionCount lastSyncedAt lastSyncError balanceFiatValueCents }
}`},
		{name: "getJobsForAccount", vars: map[string]any{"id": fx.Accounts[0].String()}, query: `query ja($id: ID!) { getJobsForAccount(accountId: $id) { id type status progress importedTransactionCount finishedAt } }`},
		{name: "getUsedChains/cached", vars: map[string]any{"address": fx.CachedChains}, query: usedChainsDoc},
		{name: "getUsedChains/indexers-unreachable", vars: map[string]any{"address": fx.EthAddress}, query: usedChainsDoc},
		// portfolio
		{name: "getChart/ALL_TIME+hardRefresh", vars: vars("interval", "ALL_TIME", "hard", true), query: chartDoc},
		{name: "getChart/ONE_YEAR+hardRefresh", vars: vars("interval", "ONE_YEAR", "hard", true), query: chartDoc},
		{name: "getChart/ONE_YEAR", vars: vars("interval", "ONE_YEAR"), query: chartDoc},
		{name: "getChart/ONE_DAY+hardRefresh", vars: vars("interval", "ONE_DAY", "hard", true), query: chartDoc},
		{name: "getClientAssets", vars: vars(), query: `query as($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { total assets { id assetKey pricingKey symbol name type isSpam } }
}`},
		{name: "getClientAssetsOptions", vars: vars(), query: `query ao($clientId: ID!) { getClientAssetsOptions(clientId: $clientId, limit: 50, page: 0) { total assets { id symbol name } } }`},
		{name: "getPortfolioV2/value", vars: vars(), query: portfolioDoc},
		{name: "getPortfolioV2/search+sort", vars: vars("search", "eth", "sort", "UNREALIZED_GAIN"), query: portfolioDoc},
		{name: "getPortfolioValue", vars: vars(), query: `query v($clientId: ID!) { getPortfolioValue(clientId: $clientId) { totalValueCents totalCostBasisCents unrealizedGainCents dayChangeCents } }`},
		{name: "getTaxFormReconciliationProceedsByAsset", vars: vars("form", form), query: `query pa($clientId: ID!, $form: ID!) {
  getTaxFormReconciliationProceedsByAsset(clientId: $clientId, taxFormId: $form) {
    assetId assetSymbol brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerTransactionCount computedTransactionCount
  }
}`},
		// the partner REST API's reads
		{name: "REST GET user", get: user + "/user"},
		{name: "REST GET accounts", get: user + "/accounts"},
		{name: "REST GET account_syncs", get: user + "/account_syncs"},
		{name: "REST GET account_syncs/{id}", get: user + "/account_syncs/" + fx.Sync.String()},
		{name: "REST GET preview", get: user + "/preview"},
		{name: "REST GET preview?year=2023", get: user + "/preview?year=2023"},
		{name: "REST GET active-recalculate-job", get: user + "/active-recalculate-job"},
		{name: "REST GET reports", get: user + "/reports"},
		{name: "REST GET reports/{id}/download", get: user + "/reports/" + fx.Reports[0].String() + "/download"},
	}
	return ops
}

const (
	harvestDoc = `query hl($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets { assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents hasRecentAcquisition }
    unpricedAssetIds isStale
  }
}`
	yearDoc = `query ic($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount isStale computedAt
  }
}`
	lotsDoc = `query tl($clientId: ID!, $key: String!) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key) {
    costBasisAlgorithm totalAmountExact totalCostBasisCents currentValueCents isTruncated
    lots { accountId acquiredAt transactionId amountExact costBasisCents isMissingBasis }
    disposals { transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId isUncovered isMissingBasis }
  }
}`
	auditDoc = `query al($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    total auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
  }
}`
	usedChainsDoc = `query uc($address: String!) { getUsedChains(address: $address) }`
	chartDoc      = `query ch($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!, $hard: Boolean) {
  getChart(clientId: $clientId, interval: $interval, hardRefresh: $hard) { points { date valueCents costBasisCents } startValueCents endValueCents changeCents isStale }
}`
	portfolioDoc = `query pf($clientId: ID!, $search: String, $sort: PortfolioSortColumnEnum) {
  getPortfolioV2(clientId: $clientId, limit: 100, search: $search, sort: $sort) {
    positions { assetId asset { symbol name } amountExact price valueCents costBasisCents unrealizedGainCents unrealizedGainPercent portfolioPercent accountIds }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`
)

// call runs op once and returns the response size; any error fails the benchmark.
func (e *readBench) call(b *testing.B, op readOp, client *http.Client) int {
	var req *http.Request
	if op.get != "" {
		req, _ = http.NewRequest(http.MethodGet, e.srv.URL+"/api"+op.get, nil)
		req.Header.Set("x-client-id", benchPartnerCreds.ClientID)
		req.Header.Set("x-api-secret", benchPartnerCreds.APISecret)
	} else {
		body, _ := json.Marshal(map[string]any{"query": op.query, "variables": op.vars})
		req, _ = http.NewRequest(http.MethodPost, e.srv.URL+"/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("x-api-key", rawKey)
	}
	resp, err := client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		b.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		b.Fatalf("%s: %d %.500s", op.name, resp.StatusCode, raw)
	}
	if op.get == "" {
		var out struct {
			Errors []struct {
				Extensions struct{ Code string } `json:"extensions"`
			} `json:"errors"`
		}
		if err := json.Unmarshal(raw, &out); err != nil {
			b.Fatalf("%s: %v %.500s", op.name, err, raw)
		}
		for _, e := range out.Errors {
			if e.Extensions.Code != "PARTIAL_RESULT" { // a partial answer (indexers unreachable) is an answer
				b.Fatalf("%s: %.500s", op.name, raw)
			}
		}
	}
	return len(raw)
}

// BenchmarkReads times every read (readOps) on the 1M client and prints the p50/p99 table.
func BenchmarkReads(b *testing.B) {
	e := setupReadBench(b)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}} // keep-alive
	for _, op := range readOps(e.fx) {
		b.Run(op.name, func(b *testing.B) {
			size := e.call(b, op, client) // warm-up
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				e.call(b, op, client)
				lat = append(lat, time.Since(start))
			}
			b.StopTimer()
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			p50, p99 := lat[len(lat)/2], lat[(len(lat)*99)/100]
			b.ReportMetric(ms(p50), "p50-ms")
			b.ReportMetric(ms(p99), "p99-ms")
			b.ReportMetric(float64(size), "bytes")
			readResults[op.name] = [2]time.Duration{p50, p99}
		})
	}
	printReadTable(os.Stdout, e.fx, readOps(e.fx))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// printReadTable prints the last figures of every operation that ran.
func printReadTable(w io.Writer, fx benchFixture, ops []readOp) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "\nreads on a client of %d transactions: p50 / p99 in ms (p99 over 100 ms marked *)\n", fx.N)
	fmt.Fprintf(&sb, "%-62s %10s %10s\n", "operation [arguments]", "p50", "p99")
	over, total := 0, 0
	for _, op := range ops {
		r, ok := readResults[op.name]
		if !ok {
			continue
		}
		total++
		mark := ""
		if r[1] > 100*time.Millisecond {
			mark, over = " *", over+1
		}
		fmt.Fprintf(&sb, "%-62s %10.1f %10.1f%s\n", op.name, ms(r[0]), ms(r[1]), mark)
	}
	fmt.Fprintf(&sb, "%d of %d operation/argument sets meet p99 <= 100 ms\n", total-over, total)
	fmt.Fprint(w, sb.String())
}
