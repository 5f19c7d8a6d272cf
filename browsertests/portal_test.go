// Package browsertests drives the embedded portal in headless Chromium (chromedp) against a real
// server, database and job workers, with the recorded Esplora answers and a price source that
// answers the sample ledger's prices (internal/demo). Each view is checked with axe-core (npm) for
// serious and critical accessibility violations and for horizontal overflow on a phone.
// Screenshots of every view at 1280 and 390 px go to browsertests/screenshots (or
// $TAXD_SCREENSHOTS), which is not committed.
package browsertests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"html/template"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/demo"
	"taxd/internal/fakes"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/partner"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/server"
	"taxd/internal/testwait"
)

func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	pgtest.Main(m)
}

const (
	btcAddress   = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" // the recorded Esplora history
	otherAddress = "0x945a43b7eb6cd18842c6bcaa6c3811d374c7b5b4"
	otherWallet  = "Other user's private wallet"
	frameOrigin  = "https://wallet.acme.example"
)

var creds = auth.PartnerCredentials{
	ClientID: "cli_browser_test_0001", APISecret: "sk_browser_test_secret_0001", APIKey: "pk_browsertest0001_apikeysecret0001",
}

// world is one server with workers on a fresh database, a partner with two users, and a browser.
type world struct {
	t         *testing.T
	url       string
	cfg       *config.Config
	partnerID uuid.UUID
	tokens    *auth.Tokens
	browser   context.Context
	downloads string
	shots     string
	framer    string // a partner site allowed to frame the portal
	stranger  string // a site that is not
	esplora   *flaky // the chain source, which can fail on purpose
	pool      *pgxpool.Pool
	jobs      *jobs.Client
	axeSource string // axe-core's script, read once
	axeRuns   int
	gqlToken  string // a portal access token for GraphQL checks
	gqlClient string // its client id
}

// flaky stands in front of the recorded Esplora: failOnce makes the next request fail (503, a
// temporary error the sync retries) and holds the requests after it until resume, so that the
// portal's retrying state can be seen for sure.
type flaky struct {
	mu      sync.Mutex
	fail    bool
	held    chan struct{}
	forward http.Handler
}

func (f *flaky) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	fail, held := f.fail, f.held
	f.fail = false
	f.mu.Unlock()
	if fail {
		http.Error(rw, "upstream unavailable", http.StatusServiceUnavailable)
		return
	}
	if held != nil {
		select {
		case <-held:
		case <-r.Context().Done():
			return
		}
	}
	f.forward.ServeHTTP(rw, r)
}

func (f *flaky) failOnce() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fail, f.held = true, make(chan struct{})
}

func (f *flaky) resume() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.held != nil {
		close(f.held)
		f.held = nil
	}
}

func TestPortalInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	w := newWorld(t)

	// The partner mints a portal URL for its user; it points at this server's /portal.
	portalURL := w.accessToken("browser-user", "jane@example.com")
	if !strings.HasPrefix(portalURL, w.url+"/portal?") {
		t.Fatalf("portalUrl %q does not open this server's portal", portalURL)
	}
	res, err := http.Get(portalURL)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors "+frameOrigin) || !strings.Contains(csp, "script-src 'self';") {
		t.Fatalf("portal CSP %q: want the partner's origin as frame-ancestors and only own scripts", csp)
	}

	// Signed in: the token leaves the address bar, the branding applies, nothing exists yet.
	w.do(chromedp.Navigate(portalURL), visible("#wallets-empty"))
	loc := w.eval(`location.href`)
	if strings.Contains(loc, "token") || loc != w.url+"/portal?partner="+w.partnerID.String() {
		t.Fatalf("address after sign-in: %s", loc)
	}
	if got := w.eval(`getComputedStyle(document.querySelector('.top')).backgroundColor`); got != "rgb(15, 98, 254)" {
		t.Fatalf("partner colour not applied: header background %s", got)
	}
	if got := w.eval(`document.querySelector('.partner-name').textContent`); got != "Acme Wallet" {
		t.Fatalf("partner name %q", got)
	}
	w.state("signed-in-empty")

	// A malformed address is refused by the server's chain validation and explained.
	w.do(click("details.add-wallet summary"))
	w.setField("wallet-address", "bc1qnotavalidaddress")
	w.setField("wallet-chain", "bitcoin")
	w.do(click("#add-wallet-button"), visible("#wallet-error"))
	if msg := w.eval(`document.getElementById('wallet-error').textContent`); !strings.Contains(msg, "Not a valid bitcoin address") || strings.Contains(msg, "wallets.0") {
		t.Fatalf("wallet error %q: want the reason in plain words", msg)
	}
	w.shot("02-wallet-invalid")

	// Add the wallet, sync it and watch the progress to completion.
	w.setField("wallet-address", btcAddress)
	w.setField("wallet-chain", "bitcoin")
	w.setField("wallet-name", "Cold storage")
	w.do(click("#add-wallet-button"), visible("tr[data-account]"))
	if got := w.eval(`document.getElementById('wallet-count').textContent`); got != "1 account · 1 of 10 wallets" {
		t.Fatalf("wallet count %q", got)
	}
	// The chain source fails once: the portal says the sync is retrying until the next attempt
	// starts, then it completes. The notice's text is read by the same evaluation that finds it: the
	// next attempt may start (and the notice go) between two evaluations on a loaded machine.
	w.esplora.failOnce()
	w.do(click("#sync-wallets"), visible("#sync-status"))
	var retryMsg string
	w.waitFor("the retry notice", func() (bool, string) {
		retryMsg = w.eval(`(document.getElementById('sync-retrying') || {}).textContent || ''`)
		return retryMsg != "", "no #sync-retrying"
	})
	w.shot("03-sync-retrying")
	// one plain sentence with the next attempt's time of day in the client's time zone
	if at, ok := strings.CutPrefix(retryMsg, "We couldn’t reach the Bitcoin network; we’ll try again at "); !ok ||
		!strings.HasSuffix(at, "M.") || strings.ContainsAny(at, "TZ") || len(at) > len("12:59 PM.") {
		t.Fatalf("the retry notice %q: want one plain sentence ending in a local time of day", retryMsg)
	}
	if w.eval(`document.getElementById('sync-wallets').disabled + ''`) != "true" {
		t.Fatal("the sync button is enabled while a sync runs")
	}
	w.esplora.resume()
	w.do(visible(`#sync-status[data-status="completed"]`))
	if got := w.eval(`document.querySelector('#sync-status progress').value + ''`); got != "100" {
		t.Fatalf("sync progress bar at %s", got)
	}
	w.shot("04-synced")

	// 2023 is stale after the sync; recalculate from the status bar and watch it settle; the
	// figures equal REST's.
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/tax?year=2023"), visible("#preview-stale"))
	// The sync queued a recalculation of its own; one may still be waiting to start.
	w.do(visible("#recalc-dirty, #recalc-running, #recalc-settled"))
	if w.eval(`String(!!document.getElementById('recalc-dirty'))`) == "true" {
		w.do(click("#recalculate"))
	}
	w.do(visible("#recalc-settled"))
	var preview struct {
		Data struct {
			ShortTermCents int64 `json:"shortTermGainsCents"`
			LongTermCents  int64 `json:"longTermGainsCents"`
			CapitalCents   int64 `json:"capitalGainsCents"`
			IncomeCents    int64 `json:"incomeCents"`
			Transactions   int   `json:"transactionCount"`
			IsStale        bool  `json:"isStale"`
		} `json:"data"`
	}
	w.api("GET", "/users/browser-user/preview?year=2023", "", 200, &preview)
	if preview.Data.IsStale || preview.Data.Transactions != 5 || preview.Data.ShortTermCents == 0 {
		t.Fatalf("REST preview after the recalculation: %+v", preview.Data)
	}
	want := map[string]string{
		"short-term": strconv.FormatInt(preview.Data.ShortTermCents, 10), "long-term": strconv.FormatInt(preview.Data.LongTermCents, 10),
		"capital-gains": strconv.FormatInt(preview.Data.CapitalCents, 10), "income": strconv.FormatInt(preview.Data.IncomeCents, 10),
	}
	w.waitFor("the portal's 2023 figures to equal the REST preview", func() (bool, string) {
		got := w.figures()
		for k, v := range want {
			if got[k] != v {
				return false, fmt.Sprint(got)
			}
		}
		return w.eval(`document.getElementById('preview-stale') ? 'stale' : ''`) == "", fmt.Sprint(got)
	})
	w.shot("05-recalculated")
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/"), visible("#gains-chart svg"))
	w.waitFor("the chart's 2023 bar", func() (bool, string) {
		v := w.eval(`(document.querySelector('#gains-chart rect.bar.gains[data-year="2023"]') || {getAttribute(){return ''}}).getAttribute('data-cents')`)
		return v == strconv.FormatInt(preview.Data.CapitalCents, 10), v
	})

	// Request the 2023 tax forms on the taxes page, wait until ready, download the ZIP.
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/tax?year=2023"), visible("#request-report-button"))
	w.waitFor("the report year to follow the page's year", func() (bool, string) {
		v := w.eval(`document.getElementById('report-year').value`)
		return v == "2023", v
	})
	w.setField("report-type", "TAX_FORMS")
	w.do(click("#request-report-button"), visible(`tr[data-type="TAX_FORMS"][data-status="READY"] button.download`))
	w.shot("06-report-available")
	w.accessible()
	w.do(click(`tr[data-type="TAX_FORMS"][data-status="READY"] button.download`))
	zipName := "taxd-tax-forms-2023-browser-user.zip"
	w.waitDownload(zipName)
	w.noOtherUserData()

	// The report was requested with the pre-filled e-mail: the e-mailed link opens the download
	// page, checked by the server and branded, which downloads with the link's signature.
	signed := w.mailedLink()
	if !strings.HasPrefix(signed, w.url+"/portal?") || !strings.Contains(signed, "signature=") {
		t.Fatalf("e-mailed link %q", signed)
	}
	_ = os.Remove(filepath.Join(w.downloads, zipName))
	w.do(chromedp.Navigate(signed), visible(`#state-download[data-state="ready"] #download-report`))
	if got := w.eval(`document.querySelector('.partner-name').textContent + ' | ' + document.getElementById('dl-h').textContent`); got != "Acme Wallet | Your 2023 tax forms are ready" {
		t.Fatalf("download page: %q", got)
	}
	w.state("emailed-download")
	w.do(click("#download-report"), visible("#download-started"))
	w.waitDownload(zipName)
	// A link whose signature was changed says so in plain words, with the partner's branding.
	tampered := strings.Replace(signed, "signature=", "signature=0", 1)
	w.do(chromedp.Navigate(tampered), visible(`#state-download[data-state="invalid"]`))
	w.state("emailed-download-invalid")
	if got := w.eval(`document.body.innerText`); strings.Contains(got, "regular expression") || strings.Contains(got, "ready") {
		t.Fatalf("a tampered link's page: %q", got)
	}

	// Another user's data is never shown: the user's token on the other user's code finds nothing.
	tok := w.tokenFromURL(portalURL)
	w.do(chromedp.Navigate(w.url+"/portal?code=other-user&token="+url.QueryEscape(tok)), visible("#state-not-found"))
	w.noOtherUserData()
	w.shot("08-other-user-not-found")

	// An expired token shows the sign-in-again state, before any call and after a 401 alike.
	expired, err := w.tokens.Issue(w.partnerID, w.clientID("browser-user"), "browser-user", time.Now().Add(-2*time.Hour), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	w.do(chromedp.Navigate(w.url+"/portal?code=browser-user&token="+expired.Token), visible("#state-expired"))
	w.state("expired")
	w.do(click("#sign-in-again"))
	if got := w.eval(`document.querySelector('#state-expired p[role=status]').hidden + ''`); got != "false" {
		t.Fatal("sign in again shows no guidance")
	}
	forged := tok[:len(tok)-4] + "AAAA" // a signature the server rejects: the API answers 401
	w.do(chromedp.Navigate(w.url+"/portal?code=browser-user&token="+forged), visible("#state-expired"))
	w.noOtherUserData()
	// branded as the expired link's page is
	if got := w.eval(`(document.querySelector('.partner-name') || {}).textContent || ''`); got != "Acme Wallet" {
		t.Fatalf("a damaged link's page is branded %q, want Acme Wallet as an expired one's", got)
	}
	w.state("damaged-link")

	// A hosted link opens the portal for the link's wallets.
	var link struct {
		Data struct {
			URL string `json:"url"`
		} `json:"data"`
	}
	w.api("POST", "/links", `{"wallets":[{"address":"0x71C7656EC7ab88b098defB751B7401B5f6d8976F","name":"Trading wallet"}]}`, 201, &link)
	if !strings.HasPrefix(link.Data.URL, w.url+"/portal?link=") {
		t.Fatalf("link url %q", link.Data.URL)
	}
	w.do(chromedp.Navigate(link.Data.URL), visible("tr[data-account]"))
	if got := w.eval(`document.getElementById('wallet-list').textContent`); !strings.Contains(got, "Trading wallet") {
		t.Fatalf("hosted link portal shows %q", got)
	}
	// The link's user is named by its wallets and the partner, never by an internal id.
	if got := w.eval(`document.body.innerText`); strings.Contains(got, "link-") || strings.Contains(got, "Signed in as") {
		t.Fatalf("hosted link portal shows an internal id: %q", got)
	}
	if got := w.eval(`document.querySelector('.partner-name').textContent`); got != "Acme Wallet" {
		t.Fatalf("hosted link portal branding %q", got)
	}
	w.noOtherUserData()
	w.state("hosted-link")

	// In an iframe of the partner's site the portal signs in (and says so to the page); a site
	// that is not one of the partner's origins gets a blocked frame.
	w.do(chromedp.Navigate(w.framer + "/?src=" + url.QueryEscape(w.accessToken("browser-user", "jane@example.com"))))
	w.waitFor("the framed portal's ready message", func() (bool, string) {
		log := w.eval(`document.getElementById('log').textContent`)
		return log == "taxd:portal:ready;", log
	})
	w.shot("11-framed-by-partner")
	w.do(chromedp.Navigate(w.stranger + "/?src=" + url.QueryEscape(w.accessToken("browser-user", "jane@example.com"))))
	// Chrome ends a navigation that the portal's frame-ancestors refuses on its own error page:
	// the frame's unreachable URL is then the portal's, and the portal's script never ran.
	w.waitFor("the stranger's frame to be refused", func() (bool, string) {
		blocked, seen := w.childFrameRefused()
		return blocked, seen
	})
	if log := w.eval(`document.getElementById('log').textContent`); log != "" {
		t.Fatalf("a site that is not the partner's framed the portal: %q", log)
	}

	// Without any sign-in the portal asks for one, and it may not be framed.
	w.do(chromedp.Navigate(w.url + "/healthz"))
	w.eval(`(sessionStorage.clear(), '')`) // the portal origin's storage: this tab signed in earlier
	w.do(chromedp.Navigate(w.url+"/portal"), visible("#state-signed-out"))
	w.state("signed-out")
	res, err = http.Get(w.url + "/portal")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Fatalf("portal without a partner: CSP %q", csp)
	}
}

func newWorld(t *testing.T) *world {
	pool := pgtest.Pool(t)
	recorded, err := url.Parse(fakes.Esplora(t, filepath.Join("..", fakes.EsploraRecording)).URL)
	if err != nil {
		t.Fatal(err)
	}
	esplora := &flaky{forward: httputil.NewSingleHostReverseProxy(recorded)}
	esploraSrv := httptest.NewServer(esplora)
	t.Cleanup(esploraSrv.Close)
	t.Cleanup(esplora.resume)
	cfg := &config.Config{
		Env: "development", Listen: "127.0.0.1:0", DataDir: t.TempDir(),
		AccessTokenKeyID: "test", AccessTokenSecret: "browser-test-access-token-secret-0123456789", ReportSigningSecret: "browser-test-signing",
		EmailDailyLimit: 5, SignedLinkLifetime: time.Hour,
		EsploraURL: esploraSrv.URL, CoinGeckoURL: samplePrices(t),
	}
	bucket, err := reports.OpenBucket(context.Background(), "", cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	// The server is created before the partner so the partner's portal address can be its own.
	var handler http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) { handler.ServeHTTP(rw, r) }))
	t.Cleanup(srv.Close)
	cfg.PublicURL = srv.URL
	if err := cfg.Finish(); err != nil {
		t.Fatal(err)
	}
	workers, err := server.Workers(cfg, pool, bucket)
	if err != nil {
		t.Fatal(err)
	}
	jc, err := jobs.New(pool, workers, jobs.Options{Workers: 2, RescueAfter: time.Minute, JobTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = jc.Stop(context.Background()) })
	if handler, err = server.NewHandler(server.Deps{Config: cfg, Pool: pool, Jobs: jc, Bucket: bucket}); err != nil {
		t.Fatal(err)
	}
	framer, stranger := framingSite(t), framingSite(t)
	color := "#0F62FE"
	p, err := partner.CreatePartnerWith(context.Background(), pool, partner.NewPartner{
		Name: "Acme Wallet", PrimaryColor: &color, PortalURL: cfg.PortalURL, PortalOrigins: []string{frameOrigin, framer},
	}, creds)
	if err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.NewTokens(auth.SigningKey{ID: cfg.AccessTokenKeyID, Secret: []byte(cfg.AccessTokenSecret)})
	if err != nil {
		t.Fatal(err)
	}

	w := &world{t: t, url: srv.URL, cfg: cfg, partnerID: p.ID, tokens: tokens, downloads: t.TempDir(), shots: screenshotDir(t),
		framer: framer, stranger: stranger, esplora: esplora, pool: pool, jobs: jc}
	t.Cleanup(func() {
		if w.axeRuns > 0 && !t.Failed() {
			t.Logf("axe-core: %d page states checked, no serious or critical violation", w.axeRuns)
		}
	})
	w.api("POST", "/users", `{"userId":"browser-user","email":"jane@example.com"}`, 201, nil)
	w.api("POST", "/users", `{"userId":"other-user","email":"other@example.com"}`, 201, nil)
	w.api("POST", "/users/other-user/accounts", `{"wallets":[{"address":"`+otherAddress+`","chain":"ethereum","name":"`+otherWallet+`"}]}`, 201, nil)

	ctx := startChromium(t, chromedp.WindowSize(1280, 900))
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: w.downloads,
	}); err != nil {
		t.Fatal(err)
	}
	w.browser = ctx
	// An error the page throws, or logs, fails the test (collected here, checked at the end).
	var mu sync.Mutex
	var pageErrors []string
	if err := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			msg = "exception: " + e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError {
				msg = "console.error"
			}
		}
		if msg != "" {
			mu.Lock()
			pageErrors = append(pageErrors, msg)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		if len(pageErrors) > 0 {
			t.Errorf("the portal's script failed %d times: %s", len(pageErrors), strings.Join(pageErrors, "; "))
		}
	})
	return w
}

// framingSite is a partner web page (its own origin) that shows the portal in an iframe and logs
// the messages the portal posts to it.
func framingSite(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(rw, `<!doctype html><title>partner site</title><h1>Partner site</h1><p id="log"></p>
<script>addEventListener('message', e => { document.getElementById('log').textContent += e.data.type + ';' })</script>
<iframe id="portal" title="Tax portal" width="1100" height="700" src="%s"></iframe>`, template.HTMLEscapeString(r.URL.Query().Get("src")))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func screenshotDir(t *testing.T) string {
	dir := os.Getenv("TAXD_SCREENSHOTS")
	if dir == "" {
		dir = "screenshots"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(dir)
	return abs
}

// do runs browser steps, bounded so that a missing element fails in under a minute (the bound
// leaves room for a busy CI machine: jobs run in the same process).
func (w *world) do(steps ...chromedp.Action[chromedp.Void]) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(w.browser, 45*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		w.shot("failure")
		w.t.Fatalf("browser: %v (page text: %.600s)", err, w.eval(`document.body.innerText`))
	}
}

// eval evaluates a JavaScript expression that gives a string.
// childFrameRefused reports whether the page's first child frame ended on Chrome's error page
// (its navigation refused), and what the frame shows.
func (w *world) childFrameRefused() (bool, string) {
	ctx, cancel := context.WithTimeout(w.browser, 10*time.Second)
	defer cancel()
	tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		w.t.Fatalf("frame tree: %v", err)
	}
	if tree.FrameTree == nil || len(tree.FrameTree.ChildFrames) == 0 {
		return false, "no child frame"
	}
	f := tree.FrameTree.ChildFrames[0].Frame
	return f.UnreachableURL != "" || strings.HasPrefix(f.URL, "chrome-error:"), fmt.Sprintf("url %s, unreachable %s", f.URL, f.UnreachableURL)
}

func (w *world) eval(js string) string {
	ctx, cancel := context.WithTimeout(w.browser, 10*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		w.t.Fatalf("evaluate %s: %v", js, err)
	}
	return s
}

// visible waits until an element matching the CSS selector is rendered. The page is polled
// with Runtime.evaluate only: chromedp's DOM-tracking queries stall on this app's DOM updates.
func visible(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		js := fmt.Sprintf(`(() => { const el = document.querySelector(%q); return !!el && el.getClientRects().length > 0; })()`, sel)
		for {
			ok, err := chromedp.Evaluate[bool](js)(ctx, t)
			if err == nil && ok {
				return nil
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("waiting for %s: %w", sel, ctx.Err())
			case <-time.After(100 * time.Millisecond):
			}
		}
	})
}

// click clicks the element (an element click, like a keyboard user's Enter on a focused button),
// once it is on the page: a page that is drawn again (after a recalculation, say) replaces its
// elements, and a person clicks what is there.
func click(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for {
			clicked, err := chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false; el.focus(); el.click(); return true; })()`, sel))(ctx, t)
			if err != nil || clicked {
				return err
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("waiting to click %s: %w", sel, ctx.Err())
			case <-time.After(50 * time.Millisecond):
			}
		}
	})
}

// setField sets an input or select and fires the events a person's input would.
func (w *world) setField(id, value string) {
	w.t.Helper()
	w.do(chromedp.WaitVisible(chromedp.ID(id)))
	b, _ := json.Marshal(value)
	w.eval(fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.value = %s;
		el.dispatchEvent(new Event('input', {bubbles: true})); el.dispatchEvent(new Event('change', {bubbles: true})); return el.value; })()`, id, b))
}

// figures reads the tax figures the portal shows, in cents by key.
func (w *world) figures() map[string]string {
	raw := w.eval(`JSON.stringify(Object.fromEntries([...document.querySelectorAll('#tax-figures [data-figure]')].map(e => [e.dataset.figure, e.dataset.cents])))`)
	out := map[string]string{}
	_ = json.Unmarshal([]byte(raw), &out)
	return out
}

func (w *world) waitFor(what string, cond func() (bool, string)) {
	w.t.Helper()
	var ok bool
	var last string
	defer func() {
		if !ok {
			w.shot("failure")
			w.t.Logf("last seen while waiting for %s: %s", what, last)
		}
	}()
	testwait.For(w.t, what, 45*time.Second, func() bool {
		ok, last = cond()
		return ok
	})
}

func (w *world) waitDownload(name string) {
	w.t.Helper()
	path := filepath.Join(w.downloads, name)
	w.waitFor("the download of "+name, func() (bool, string) {
		b, err := os.ReadFile(path)
		return err == nil && bytes.HasPrefix(b, []byte("PK")), fmt.Sprint(err)
	})
}

// accessible checks what a screen-reader or keyboard user needs from every control: each field
// has a label, each button a name, nothing is taken out of the tab order, one h1.
func (w *world) accessible() {
	w.t.Helper()
	problems := w.eval(`[
		...[...document.querySelectorAll('input, select')].filter(el => el.labels.length === 0 && !el.getAttribute('aria-label')).map(el => 'unlabelled field #' + el.id),
		...[...document.querySelectorAll('button')].filter(el => !(el.getAttribute('aria-label') || el.textContent.trim())).map(() => 'button without a name'),
		...[...document.querySelectorAll('[tabindex]')].filter(el => el.tabIndex > 0).map(el => 'positive tabindex on #' + el.id),
		...(document.querySelectorAll('h1').length === 1 ? [] : ['not exactly one h1']),
	].join('; ')`)
	if problems != "" {
		w.t.Fatalf("accessibility: %s", problems)
	}
}

// noOtherUserData fails when anything of the other user is on the page.
func (w *world) noOtherUserData() {
	w.t.Helper()
	page := w.eval(`document.documentElement.outerHTML`)
	for _, s := range []string{otherAddress, otherWallet, "other@example.com"} {
		if strings.Contains(strings.ToLower(page), strings.ToLower(s)) {
			w.t.Fatalf("the page shows another user's data: %q", s)
		}
	}
}

func (w *world) shot(name string) {
	ctx, cancel := context.WithTimeout(w.browser, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		w.t.Logf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(w.shots, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		w.t.Fatal(err)
	}
	w.t.Logf("screenshot %s", path)
}

// state checks a page state at both widths: axe-core and overflow at 1280 and 390 px, a
// screenshot of each (<name>-1280.png, <name>-390.png); the window is 1280 px wide again after.
func (w *world) state(name string) {
	w.t.Helper()
	for _, width := range []int64{1280, 390} {
		w.do(chromedp.EmulateViewport(width, 900))
		w.noOverflow(name, width)
		w.axe(fmt.Sprintf("%s at %d px", name, width))
		w.shot(fmt.Sprintf("%s-%d", name, width))
	}
	w.do(chromedp.EmulateViewport(1280, 900))
}

// api calls the partner REST API with the partner's credentials.
func (w *world) api(method, path, body string, status int, out any) {
	w.t.Helper()
	req, err := http.NewRequest(method, w.url+"/api"+path, strings.NewReader(body))
	if err != nil {
		w.t.Fatal(err)
	}
	req.Header.Set("x-client-id", creds.ClientID)
	req.Header.Set("x-api-secret", creds.APISecret)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != status {
		w.t.Fatalf("%s %s: %d, want %d: %s", method, path, res.StatusCode, status, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			w.t.Fatal(err)
		}
	}
}

// mailedLink waits for the report e-mail (written to the mail folder in development) and returns
// the portal link in it.
func (w *world) mailedLink() string {
	w.t.Helper()
	var link string
	w.waitFor("the report e-mail", func() (bool, string) {
		files, _ := filepath.Glob(filepath.Join(w.cfg.MailDir, "*.eml"))
		for _, f := range files {
			b, _ := os.ReadFile(f)
			for _, line := range strings.Split(string(b), "\n") {
				line = strings.TrimSpace(line)
				if strings.HasPrefix(line, w.url+"/portal?") && strings.Contains(line, "report=") {
					link = line
					return true, ""
				}
			}
		}
		return false, fmt.Sprint(len(files), " mails")
	})
	return link
}

func (w *world) accessToken(ref, email string) string {
	var tok struct {
		Data struct {
			PortalURL string `json:"portalUrl"`
		} `json:"data"`
	}
	body := fmt.Sprintf(`{"referenceId":%q}`, ref)
	if email != "" {
		body = fmt.Sprintf(`{"referenceId":%q,"email":%q}`, ref, email)
	}
	w.api("POST", "/access-tokens", body, 200, &tok)
	return tok.Data.PortalURL
}

func (w *world) tokenFromURL(portalURL string) string {
	u, err := url.Parse(portalURL)
	if err != nil {
		w.t.Fatal(err)
	}
	return u.Query().Get("token")
}

func (w *world) clientID(ref string) uuid.UUID {
	tok := w.tokenFromURL(w.accessToken(ref, ""))
	claims, err := w.tokens.Verify(tok, time.Now())
	if err != nil {
		w.t.Fatal(err)
	}
	return uuid.MustParse(claims.Subject)
}

// sampleUser creates the partner user userID whose ledger is the portal's sample (internal/demo),
// calculated; points the world's GraphQL calls at it; and returns its client and a function that finds
// a sample transaction by its hash.
func (w *world) sampleUser(userID, email string) (uuid.UUID, func(hash string) uuid.UUID) {
	w.t.Helper()
	ctx := context.Background()
	w.api("POST", "/users", fmt.Sprintf(`{"userId":%q,"email":%q}`, userID, email), 201, nil)
	client := w.clientID(userID)
	scope, err := auth.PartnerUserScope(&auth.Partner{PartnerID: w.partnerID, Method: auth.MethodSecretPair}, client, &w.partnerID)
	if err != nil {
		w.t.Fatal(err)
	}
	led := ledger.New(w.pool)
	if seeded, err := demo.Seed(ctx, demo.Services{Pool: w.pool, Ledger: led, Recalc: recalc.NewService(w.pool, w.jobs)}, scope); err != nil || !seeded {
		w.t.Fatalf("seed: %v %v", seeded, err)
	}
	w.gqlToken = w.tokenFromURL(w.accessToken(userID, ""))
	w.gqlClient = client.String()
	return client, func(h string) uuid.UUID {
		w.t.Helper()
		id, err := demo.ByHash(ctx, led, scope, h)
		if err != nil {
			w.t.Fatal(err)
		}
		return id
	}
}
