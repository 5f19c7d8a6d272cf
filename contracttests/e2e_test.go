package contracttests

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/config"
	"taxd/internal/fakes"
	"taxd/internal/jobs"
	"taxd/internal/metrics"
	"taxd/internal/pgtest"
	"taxd/internal/reports"
	"taxd/internal/server"
	"taxd/internal/tax"
	"taxd/internal/testwait"
	"taxd/internal/webhooks"
)

// The whole partner flow through HTTP only: create a user, add a Bitcoin wallet, sync it from
// recorded Esplora responses (priced by a fake CoinGecko), recalculate, read the preview, request
// the tax-forms report and download it. The Form 8949 in the ZIP must carry the engine's figures
// for the known ledger.
func TestEndToEndPartnerFlow(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	srv := startFlowServer(t)
	c := &apiClient{t: t, base: srv.URL + "/api"}

	c.do("POST", "/users", `{"userId":"e2e-user","email":"e2e@example.com"}`, 201, nil)
	var created struct {
		Data struct {
			Accounts []struct {
				ID string `json:"id"`
			} `json:"accounts"`
		} `json:"data"`
	}
	c.do("POST", "/users/e2e-user/accounts", `{"wallets":[{"address":"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq","chain":"bitcoin","name":"Cold storage"}]}`, 201, &created)
	if len(created.Data.Accounts) != 1 {
		t.Fatalf("accounts created: %+v", created)
	}
	var sync struct {
		Data struct {
			ID       string `json:"id"`
			Status   string `json:"status"`
			Progress int    `json:"progress"`
		} `json:"data"`
	}
	c.do("POST", "/users/e2e-user/account_syncs", `{}`, 202, &sync)
	c.poll("the sync", func() bool {
		c.do("GET", "/users/e2e-user/account_syncs/"+sync.Data.ID, "", 200, &sync)
		return sync.Data.Status == "completed" || sync.Data.Status == "failed"
	})
	if sync.Data.Status != "completed" || sync.Data.Progress != 100 {
		t.Fatalf("sync ended %s at %d%%", sync.Data.Status, sync.Data.Progress)
	}

	var preview struct {
		Data struct {
			IsStale          bool   `json:"isStale"`
			TransactionCount int    `json:"transactionCount"`
			ShortTermCents   int64  `json:"shortTermGainsCents"`
			ShortTermText    string `json:"shortTermGainsFormatted"`
		} `json:"data"`
	}
	c.do("GET", "/users/e2e-user/preview?year=2023", "", 200, &preview)
	if !preview.Data.IsStale {
		t.Fatal("the preview is not stale after the sync")
	}
	c.do("POST", "/users/e2e-user/refresh", "", 200, nil)
	c.poll("the recalculation", func() bool {
		var job struct {
			Data *struct{} `json:"data"`
		}
		c.do("GET", "/users/e2e-user/active-recalculate-job", "", 200, &job)
		return job.Data == nil
	})
	c.do("GET", "/users/e2e-user/preview?year=2023", "", 200, &preview)
	want := engineResult(t)
	if preview.Data.IsStale || preview.Data.TransactionCount != 5 || preview.Data.ShortTermCents != want.shortCents {
		t.Fatalf("preview after recalculation: %+v; want settled, 5 transactions, short-term %d cents", preview.Data, want.shortCents)
	}

	var report struct {
		Data struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"data"`
	}
	c.do("POST", "/users/e2e-user/reports", `{"year":2023,"reportType":"tax-forms"}`, 201, &report)
	c.poll("the report", func() bool {
		var list struct {
			Data struct {
				Reports []struct{ ID, Status string } `json:"reports"`
			} `json:"data"`
		}
		c.do("GET", "/users/e2e-user/reports", "", 200, &list)
		for _, r := range list.Data.Reports {
			if r.ID == report.Data.ID {
				return r.Status == "available"
			}
		}
		return false
	})
	file := c.raw("GET", "/users/e2e-user/reports/"+report.Data.ID+"/download", 200)
	zr, err := zip.NewReader(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatalf("the download is not a ZIP: %v", err)
	}
	names := map[string]*zip.File{}
	for _, f := range zr.File {
		names[f.Name] = f
	}
	for _, n := range []string{"form-8949-2023.pdf", "form-8949-2023.csv", "schedule-d-2023.csv", "capital-gains-2023.csv", "income-2023.csv"} {
		if names[n] == nil {
			t.Fatalf("the ZIP lacks %s (has %v)", n, zr.File)
		}
	}
	rows := readCSV(t, names["form-8949-2023.csv"])[1:]
	if len(rows) != len(want.pieces) {
		t.Fatalf("Form 8949 has %d rows, the engine %d disposal pieces", len(rows), len(want.pieces))
	}
	var proceeds, basis, gain decimal.Decimal
	for _, r := range rows {
		if r[0] != "C" {
			t.Errorf("box %s, want C (short-term, not reported on a 1099-B, before 2025)", r[0])
		}
		proceeds = proceeds.Add(decimal.RequireFromString(r[4]))
		basis = basis.Add(decimal.RequireFromString(r[5]))
		gain = gain.Add(decimal.RequireFromString(r[8]))
	}
	for i, p := range want.pieces {
		if rows[i][4] != p.Proceeds.Decimal().StringFixed(2) || rows[i][5] != p.Basis.Decimal().StringFixed(2) {
			t.Errorf("row %d: proceeds %s basis %s; engine %s %s", i, rows[i][4], rows[i][5], p.Proceeds.Decimal().StringFixed(2), p.Basis.Decimal().StringFixed(2))
		}
	}
	if gain.Shift(2).IntPart() != want.shortCents {
		t.Errorf("8949 gain total %s, engine %d cents", gain, want.shortCents)
	}
	t.Logf("8949: %d rows, proceeds %s, basis %s, gain %s", len(rows), proceeds, basis, gain)
}

type expected struct {
	pieces     []tax.Disposal
	shortCents int64
}

// flowServer is a whole taxd (HTTP and workers) on the fixture, with recorded Esplora responses
// priced by a fake CoinGecko: what the partner flows (this file, the SDKs, the GraphQL example) run
// against.
type flowServer struct {
	URL  string // without /api
	pool *pgxpool.Pool
	cfg  *config.Config
}

func startFlowServer(t *testing.T) *flowServer {
	t.Helper()
	pool := pgtest.Pool(t)
	cfg := testConfig(t)
	cfg.EsploraURL, cfg.CoinGeckoURL = unreachableFor(t, unreachableAddress, fakes.Esplora(t, filepath.Join("..", fakes.EsploraRecording))), fakes.CoinGecko(t).URL
	cfg.WebhookAllowPrivate = true // receivers on 127.0.0.1
	seed(t, &env{pool: pool, cfg: cfg, known: map[string]bool{}})
	refuseResultsOf(t, pool, failingRecalcUser)

	bucket, err := reports.OpenBucket(context.Background(), cfg.BlobURL, cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	workers, err := server.Workers(cfg, pool, bucket)
	if err != nil {
		t.Fatal(err)
	}
	jc, err := jobs.New(pool, workers, jobs.Options{Workers: 2, RescueAfter: time.Minute, JobTimeout: 30 * time.Second,
		Queues: map[string]int{webhooks.Queue: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = jc.Stop(context.Background()) })
	watch, stopWatching := context.WithCancel(context.Background())
	t.Cleanup(stopWatching)
	metrics.WatchJobs(watch, jc)
	metrics.UsePool(pool)
	h, err := server.NewHandler(server.Deps{Config: cfg, Pool: pool, Jobs: jc, Bucket: bucket})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &flowServer{URL: srv.URL, pool: pool, cfg: cfg}
}

// The flows' failure cases: a wallet whose provider cannot be reached, and a user whose
// recalculations fail for good.
const (
	unreachableAddress = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"
	failingRecalcUser  = "failing-recalc-user"
)

// unreachableFor answers 503 for one address's requests and passes the others to next.
func unreachableFor(t *testing.T, address string, next *httptest.Server) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, address) {
			http.Error(w, "upstream unavailable", http.StatusServiceUnavailable)
			return
		}
		next.Config.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// refuseResultsOf makes every recalculation of the user with this reference id fail for good at
// once: the database refuses its result sets, and its recalculation jobs make one attempt.
func refuseResultsOf(t *testing.T, pool *pgxpool.Pool, referenceID string) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `
		CREATE FUNCTION test_refuse_results() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF EXISTS (SELECT 1 FROM clients c WHERE c.id = NEW.client_id AND c.reference_id = '`+referenceID+`') THEN
				RAISE EXCEPTION 'results refused by the test';
			END IF;
			RETURN NEW;
		END $$;
		CREATE TRIGGER test_refuse_results BEFORE INSERT ON tax_result_sets FOR EACH ROW EXECUTE FUNCTION test_refuse_results();
		CREATE FUNCTION test_one_attempt() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF NEW.kind = '`+jobs.KindRecalc+`' AND EXISTS (SELECT 1 FROM clients c
					WHERE c.id = (NEW.args->>'client_id')::uuid AND c.reference_id = '`+referenceID+`') THEN
				NEW.max_attempts := 1;
			END IF;
			RETURN NEW;
		END $$;
		CREATE TRIGGER test_one_attempt BEFORE INSERT ON river_job FOR EACH ROW EXECUTE FUNCTION test_one_attempt();`); err != nil {
		t.Fatal(err)
	}
}

// engineResult runs the engine on the known ledger: the recorded address's five confirmed
// transactions, valued at the fake CoinGecko price of each day ($29,000 + $100 × day of month).
func engineResult(t *testing.T) expected {
	price := func(d time.Time) decimal.Decimal { return decimal.NewFromInt(int64(29000 + 100*d.Day())) }
	id := 0
	tr := func(qty string, at time.Time, out bool, fee bool) tax.Transfer {
		id++
		q := decimal.RequireFromString(qty)
		v, err := tax.DecFromDecimal(q.Mul(price(at)))
		if err != nil {
			t.Fatal(err)
		}
		x := tax.Transfer{ID: tax.ID{byte(id)}, Asset: "btc", Quantity: tax.MustDec(qty), FiatValue: v, HasFiatValue: true, IsFee: fee}
		if fee {
			x.Label = tax.LabelFee
		}
		if out {
			x.From = "wallet"
		} else {
			x.To = "wallet"
		}
		return x
	}
	at := func(s string) time.Time { v, _ := time.Parse(time.DateTime, s); return v }
	t1, t2, t3, t4, t5 := at("2023-07-24 03:17:09"), at("2023-07-27 17:46:40"), at("2023-07-31 07:53:20"), at("2023-08-03 22:00:00"), at("2023-08-07 09:20:00")
	in := tax.Input{Settings: tax.Settings{Methods: []tax.MethodChange{{Method: tax.FIFO}}, Location: time.UTC,
		PerWalletFrom: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
		Transactions: []tax.Transaction{
			{ID: tax.ID{1, 1}, Time: t1, Transfers: []tax.Transfer{tr("0.05", t1, false, false)}},
			{ID: tax.ID{1, 2}, Time: t2, Transfers: []tax.Transfer{tr("0.02", t2, true, false), tr("0.000042", t2, true, true)}},
			{ID: tax.ID{1, 3}, Time: t3, Transfers: []tax.Transfer{tr("0.0123", t3, false, false)}},
			{ID: tax.ID{1, 4}, Time: t4, Transfers: []tax.Transfer{tr("0.000035", t4, true, true)}},
			{ID: tax.ID{1, 5}, Time: t5, Transfers: []tax.Transfer{tr("0.0422", t5, true, false), tr("0.000023", t5, true, true)}},
		}}
	res, err := tax.Compute(in)
	if err != nil {
		t.Fatal(err)
	}
	var e expected
	for _, d := range res.Disposals {
		if d.Kind.Taxable() {
			e.pieces = append(e.pieces, d)
		}
	}
	for _, y := range res.Years {
		if y.Year == 2023 {
			e.shortCents = y.ShortGain.Decimal().Shift(2).Round(0).IntPart()
		}
	}
	return e
}

func readCSV(t *testing.T, f *zip.File) [][]string {
	r, err := f.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// apiClient calls the partner API with the fixture partner's id+secret pair.
type apiClient struct {
	t    *testing.T
	base string
}

// send makes one request with the partner's pair and checks the status; it returns the body.
func (c *apiClient) send(method, path, body string, want int) []byte {
	c.t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("x-client-id", acmeCreds.ClientID)
	req.Header.Set("x-api-secret", acmeCreds.APISecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		c.t.Fatalf("%s %s: %d, want %d: %s", method, path, resp.StatusCode, want, b)
	}
	return b
}

func (c *apiClient) raw(method, path string, want int) []byte { return c.send(method, path, "", want) }

// do sends a JSON request and decodes the response into out (when not nil).
func (c *apiClient) do(method, path, body string, want int, out any) {
	c.t.Helper()
	b := c.send(method, path, body, want)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			c.t.Fatalf("%s %s: %v: %s", method, path, err, b)
		}
	}
}

func (c *apiClient) poll(what string, done func() bool) {
	c.t.Helper()
	testwait.For(c.t, what, 60*time.Second, done)
}
