package browsertests

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/testwait"
	"taxd/internal/webui"
)

// /docs runs under a CSP without 'unsafe-inline' scripts: its own inline scripts (named by hash)
// run, nothing is refused, and Redoc's page works (its menu navigates).
func TestDocsPageUnderItsCSP(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	cfg := &config.Config{Env: "development", Listen: "127.0.0.1:0", DataDir: t.TempDir(), EmailDailyLimit: 5,
		AccessTokenKeyID: "t", AccessTokenSecret: auth.RandomToken(32), ReportSigningSecret: auth.RandomToken(32)}
	if err := cfg.Finish(); err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.NewTokens(auth.SigningKey{ID: "t", Secret: []byte(cfg.AccessTokenSecret)})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	if err := webui.Register(mux, webui.Deps{Config: cfg, Tokens: tokens}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	bctx := startChromium(t)
	ctx, cancelRun := context.WithTimeout(bctx, 60*time.Second)
	defer cancelRun()

	// Every violation of the page's CSP is recorded, from before any of its scripts runs.
	const record = `window.__violations = []; document.addEventListener('securitypolicyviolation',
		e => window.__violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + e.sample));`
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: record}); err != nil {
		t.Fatal(err)
	}
	// Redoc's hydration makes the side menu work: wait for an operation in it.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/docs"), visible(`li[data-testid="menu-item-label"]`),
		chromedp.Sleep(500*time.Millisecond)); err != nil { // scripts started late would report by now
		t.Fatal(err)
	}
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	// Two attempts the policy blocks on purpose, both handled by Redoc when they fail, show up
	// depending on timing: FlexSearch's probe for eval (caught; search falls back to a plain
	// worker) and the attribution logo from Redoc's CDN (the link's text stays). Anything else fails.
	violations := eval(`window.__violations.filter(v => !/^script-src eval /.test(v) &&
		!/^img-src https:\/\/cdn\.redoc\.ly\//.test(v)).join('; ')`)
	colorMode := eval(`document.documentElement.className`)
	// The menu's fifth entry, clicked, becomes the active one and the address follows: Redoc's
	// module script ran and hydrated the page.
	const state = `location.hash + ' ' + [...document.querySelectorAll('li[data-testid="menu-item-label"]')].findIndex(li => li.dataset.active === 'true')`
	before := eval(state)
	eval(`(() => { const li = document.querySelectorAll('li[data-testid="menu-item-label"]')[4]; (li.querySelector('div') || li).click(); return '' })()`)
	after := before
	if testwait.Within("the clicked menu entry to become the active one", 10*time.Second, func() (bool, error) {
		after = eval(state)
		return after != before && strings.HasSuffix(after, " 4"), nil
	}) != nil {
		after = eval(state) // reported below
	}
	if violations != "" {
		t.Errorf("/docs violates its CSP: %s", violations)
	}
	if colorMode != "light" && colorMode != "dark" {
		t.Errorf("the color-mode script did not run: <html class=%q>", colorMode)
	}
	if !strings.HasSuffix(after, " 4") || after == before {
		t.Errorf("clicking a menu entry did nothing (Redoc not hydrated): hash and active entry %q, then %q", before, after)
	}
}
