package contracttests

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/clients"
	"taxd/internal/testwait"
)

// readsClient is a client of its own (no fixture ledger), created with a ReadWrite key and then
// driven only over GraphQL as an integration would: files uploaded and imported, edits, rerunGraph,
// reads. The env's server works the job queues (newWorkingGraphQLEnv).
type readsClient struct {
	t   *testing.T
	e   *env
	id  uuid.UUID
	key string
}

func newReadsClient(t *testing.T, e *env, name string) *readsClient {
	t.Helper()
	c := &readsClient{t: t, e: e, id: uuid.Must(uuid.NewV7()), key: "svc_" + rand.Text()[:26] + "ab12cd"}
	if _, err := e.pool.Exec(ctx(), `INSERT INTO clients (id, name, email, timezone) VALUES ($1, $2, $3, 'UTC')`,
		c.id, name, strings.ToLower(strings.ReplaceAll(name, " ", "."))+"@example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := clients.StoreKey(ctx(), db.New(e.pool), uuid.New(), clients.NewKey{ClientID: c.id, Name: "test", ReadWrite: true}, c.key, time.Now()); err != nil {
		t.Fatal(err)
	}
	return c
}

// post sends one operation with the client's key and returns the HTTP status and the answer.
func (c *readsClient) post(query string, vars map[string]any) (int, gqlResponse) {
	c.t.Helper()
	if vars == nil {
		vars = map[string]any{}
	}
	if _, ok := vars["c"]; !ok {
		vars["c"] = c.id.String()
	}
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, c.e.url+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", c.key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var g gqlResponse
	if err := json.Unmarshal(raw, &g); err != nil {
		c.t.Fatalf("not JSON (%d): %s", resp.StatusCode, raw)
	}
	return resp.StatusCode, g
}

// must runs an operation that must succeed and decodes its root field into out.
func (c *readsClient) must(root, query string, vars map[string]any, out any) {
	c.t.Helper()
	status, g := c.post(query, vars)
	if status != http.StatusOK || len(g.Errors) > 0 {
		c.t.Fatalf("%s: status %d: %+v", root, status, g.Errors)
	}
	var data map[string]json.RawMessage
	if err := json.Unmarshal(g.Data, &data); err != nil {
		c.t.Fatalf("%s: %v", root, err)
	}
	if out != nil {
		if err := json.Unmarshal(data[root], out); err != nil {
			c.t.Fatalf("%s: %v: %s", root, err, data[root])
		}
	}
}

// importCSV uploads a generic CSV (createUploadUrl, PUT) and imports it into a new file account
// named name (uploadManualTransactions); it returns the account's id.
func (c *readsClient) importCSV(name, file string) string {
	c.t.Helper()
	var u uploadURL
	c.must("createUploadUrl", createUploadURLQuery, map[string]any{"n": name + ".csv"}, &u)
	if status, body := putFile(c.t, c.e, u.URL, strings.NewReader(file), int64(len(file))); status != http.StatusCreated {
		c.t.Fatalf("upload %s: %d %s", name, status, body)
	}
	var job string
	c.must("uploadManualTransactions", `mutation($c: String, $k: String!, $n: String) { uploadManualTransactions(clientId: $c, fileObjectKey: $k, name: $n) }`,
		map[string]any{"k": u.FileObjectKey, "n": name}, &job)
	if st, why := awaitImportJob(c.t, job, func(query string, vars map[string]any, out any) {
		c.must("getTransactionImportJobs", query, vars, out)
	}); st != "SUCCEEDED" {
		c.t.Fatalf("import %s: %s %s", name, st, why)
	}
	var accounts []struct{ ID, Name string }
	c.must("getClientAccounts", `query($c: String!) { getClientAccounts(clientId: $c) { id name } }`, nil, &accounts)
	for _, a := range accounts {
		if a.Name == name {
			return a.ID
		}
	}
	c.t.Fatalf("no account %q after the import: %+v", name, accounts)
	return ""
}

// recalculate runs rerunGraph and polls getActiveRecalculateJob until it answers null.
func (c *readsClient) recalculate() {
	c.t.Helper()
	c.must("rerunGraph", `mutation($c: ID!) { rerunGraph(clientId: $c) }`, nil, nil)
	testwait.For(c.t, "the recalculation to settle", 60*time.Second, func() bool {
		var job *struct{ ID string }
		c.must("getActiveRecalculateJob", `query($c: ID!) { getActiveRecalculateJob(clientId: $c) { id } }`, nil, &job)
		return job == nil
	})
}

type readsTx struct {
	ID        string
	CreatedAt time.Time
	Label     *string
}

// transactions lists the client's transactions, oldest first.
func (c *readsClient) transactions() []readsTx {
	c.t.Helper()
	var page struct{ Transactions []readsTx }
	c.must("getClientTransactions", `query($c: ID!) { getClientTransactions(clientId: $c, limit: 500, ascending: true) { transactions { id createdAt label } } }`, nil, &page)
	return page.Transactions
}

// transactionAt is the id of the client's transaction at instant at.
func (c *readsClient) transactionAt(at time.Time) string {
	c.t.Helper()
	for _, tx := range c.transactions() {
		if tx.CreatedAt.Equal(at) {
			return tx.ID
		}
	}
	c.t.Fatalf("no transaction at %s", at)
	return ""
}

// seedDailyPrices caches a USD price for every UTC day of [from, to] for a coin of the price feed
// (prices are shared reference data, not a client's: the feed is offline in tests).
func seedDailyPrices(t *testing.T, e *env, coin string, from, to time.Time, price func(day time.Time) string) {
	t.Helper()
	for d := from.UTC().Truncate(24 * time.Hour); !d.After(to); d = d.Add(24 * time.Hour) {
		if _, err := e.pool.Exec(ctx(), `INSERT INTO prices (price_key, day, usd, source) VALUES ($1, $2, $3, 'test')
			ON CONFLICT (price_key, day) DO UPDATE SET usd = EXCLUDED.usd`, "coingecko:"+coin, d, price(d)); err != nil {
			t.Fatal(err)
		}
	}
}

const readsDay = 24 * time.Hour

// TestChartBasisAsHeldOnEachDate: 1 BTC bought for $20,100, then a loss, a gift, a sale, a crypto
// fee and a move to another own account (two CSV files paired with markInternalTransfer). Every
// point of getChart(ONE_YEAR) has the quantity held on its date times that day's price, and the
// basis held on that date: 20,100 dollars per BTC still held (one lot), so the earlier points
// keep the basis of what was lost, given, sold or spent later.
func TestChartBasisAsHeldOnEachDate(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := newReadsClient(t, e, "Chart Holder")
	now := time.Now().UTC()
	today := now.Truncate(readsDay)
	at := func(daysAgo int) time.Time { return today.AddDate(0, 0, -daysAgo).Add(12 * time.Hour) }
	ts := func(x time.Time) string { return x.Format(time.RFC3339) }
	price := func(d time.Time) decimal.Decimal {
		return decimal.New(int64(4000000+(d.YearDay()*7919)%500000), -2) // $40,000.00 to $44,999.99
	}
	seedDailyPrices(t, e, "bitcoin", today.AddDate(0, 0, -400), today, func(d time.Time) string { return price(d).String() })

	header := "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value_usd,fee_fiat_usd,to_address,from_address\n"
	cold := "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
	c.importCSV("Kraken CSV", header+
		ts(at(300))+",buy,,,1,BTC,,,20100,,,\n"+
		ts(at(200))+",lost,0.05,BTC,,,,,,,,\n"+
		ts(at(150))+",gift_sent,0.1,BTC,,,,,,,,\n"+
		ts(at(100))+",sell,0.2,BTC,,,,,9000,,,\n"+
		ts(at(50))+",fee,,,,,0.001,BTC,,50,,\n"+
		ts(at(30))+",transfer,0.3,BTC,,,,,,,"+cold+",\n")
	c.importCSV("Cold storage CSV", header+ts(at(30).Add(5*time.Minute))+",transfer,,,0.3,BTC,,,,,,"+cold+"\n")
	c.must("markInternalTransfer", `mutation($c: ID!, $f: ID!, $t: ID!) { markInternalTransfer(clientId: $c, fromTransactionId: $f, toTransactionId: $t) }`,
		map[string]any{"f": c.transactionAt(at(30)), "t": c.transactionAt(at(30).Add(5 * time.Minute))}, nil)
	c.recalculate()

	// The holding after each event, and the basis of one lot at $20,100 per BTC.
	type step struct {
		daysAgo int
		held    string
	}
	steps := []step{{300, "1"}, {200, "0.95"}, {150, "0.85"}, {100, "0.65"}, {50, "0.649"}, {30, "0.649"}}
	heldOn := func(point time.Time) decimal.Decimal {
		held := decimal.Zero
		for _, s := range steps {
			if at(s.daysAgo).Truncate(readsDay).Before(point.Truncate(readsDay)) || (point.Equal(now) && !at(s.daysAgo).After(now)) {
				held = decimal.RequireFromString(s.held) // a day's changes count from its end
			}
		}
		return held
	}
	var chart struct {
		Points []struct {
			Date           time.Time
			ValueCents     int64
			CostBasisCents int64
		}
		EndValueCents int64
	}
	c.must("getChart", `query($c: ID!) { getChart(clientId: $c, interval: ONE_YEAR, hardRefresh: true) { points { date valueCents costBasisCents } endValueCents } }`, nil, &chart)
	if len(chart.Points) != 367 {
		t.Fatalf("%d points, want 366 days and now", len(chart.Points))
	}
	bad := 0
	for i, p := range chart.Points {
		point := p.Date
		if i == len(chart.Points)-1 {
			point = now // the last point is the request's instant
		}
		held := heldOn(point)
		wantBasis := held.Mul(decimal.NewFromInt(20100)).Shift(2).Round(0).IntPart()
		wantValue := held.Mul(price(p.Date.UTC().Truncate(readsDay))).Shift(2).Round(0).IntPart()
		if p.CostBasisCents != wantBasis || p.ValueCents != wantValue {
			bad++
			if bad <= 8 {
				t.Errorf("point %s: value %d basis %d, want %d and %d (%s BTC held)", p.Date.Format(time.RFC3339), p.ValueCents, p.CostBasisCents, wantValue, wantBasis, held)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d points differ", bad, len(chart.Points))
	}
}
