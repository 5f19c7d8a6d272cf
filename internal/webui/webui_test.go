package webui_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/page"
	"taxd/internal/partner"
	"taxd/internal/pgtest"
	"taxd/internal/reports"
	"taxd/internal/webui"
	"taxd/web"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type fixture struct {
	pool      *pgxpool.Pool
	srv       *httptest.Server
	cfg       *config.Config
	tokens    *auth.Tokens
	partnerID uuid.UUID
	svc       *partner.Service
}

func setup(t *testing.T, env string) *fixture {
	t.Helper()
	pool := pgtest.Pool(t)
	// Random secrets: production refuses published ones.
	cfg := &config.Config{Env: env, Listen: "127.0.0.1:0", DataDir: t.TempDir(), EmailDailyLimit: 5,
		AccessTokenSecret: auth.RandomToken(32), ReportSigningSecret: auth.RandomToken(32), AccessTokenKeyID: "t",
		CredentialsKey: base64.StdEncoding.EncodeToString([]byte(auth.RandomToken(32))[:32])}
	if err := cfg.Finish(); err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.NewTokens(auth.SigningKey{ID: "t", Secret: []byte(cfg.AccessTokenSecret)})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	if err := webui.Register(mux, webui.Deps{Config: cfg, Pool: pool, Tokens: tokens}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	p, err := partner.CreatePartnerWith(context.Background(), pool, partner.NewPartner{
		Name: "Acme", PortalURL: srv.URL + "/portal",
		PortalOrigins: []string{"https://app.acme.example", "https://evil.example; script-src *", "javascript:alert(1)", "http://localhost:3000"},
	}, auth.PartnerCredentials{ClientID: "cli_webui_0001", APISecret: "sk_webui_0001", APIKey: "pk_webuitest00001_secret0001"})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{pool: pool, srv: srv, cfg: cfg, tokens: tokens, partnerID: p.ID, svc: partner.NewService(partner.Deps{Pool: pool, Tokens: tokens})}
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// The portal may be framed only by the partner's well-formed origins, whichever way it is opened;
// a token, link or partner that is unknown or forged gives frame-ancestors 'none'.
func TestPortalFrameAncestors(t *testing.T) {
	t.Parallel()
	f := setup(t, "production")
	user, err := f.svc.CreateUser(context.Background(), f.partnerID, partner.NewUser{ReferenceID: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	live, _ := f.tokens.Issue(f.partnerID, user.ClientID, "u1", time.Now(), time.Hour)
	expired, _ := f.tokens.Issue(f.partnerID, user.ClientID, "u1", time.Now().Add(-3*time.Hour), time.Hour)
	other, _ := auth.NewTokens(auth.SigningKey{ID: "t", Secret: []byte("another-secret-that-is-long-enough-0123456789")})
	forged, _ := other.Issue(f.partnerID, user.ClientID, "u1", time.Now(), time.Hour)

	partnerOrigins := "frame-ancestors https://app.acme.example http://localhost:3000"
	for name, tc := range map[string]struct{ query, want string }{
		"token":          {"?code=u1&token=" + live.Token, partnerOrigins},
		"expired token":  {"?code=u1&token=" + expired.Token, partnerOrigins},
		"forged token":   {"?code=u1&token=" + forged.Token, "frame-ancestors 'none'"},
		"partner":        {"?partner=" + f.partnerID.String(), partnerOrigins},
		"unknown":        {"?partner=" + uuid.NewString(), "frame-ancestors 'none'"},
		"unknown link":   {"?link=lnk_nope", "frame-ancestors 'none'"},
		"forged report":  {"?code=u1&report=" + uuid.NewString() + "&expires=9999999999&signature=00", "frame-ancestors 'none'"},
		"nothing at all": {"", "frame-ancestors 'none'"},
	} {
		res, body := get(t, f.srv.URL+"/portal"+tc.query)
		csp := res.Header.Get("Content-Security-Policy")
		if res.StatusCode != 200 || !strings.HasSuffix(csp, tc.want) {
			t.Errorf("%s: %d, CSP %q; want it to end with %q", name, res.StatusCode, csp, tc.want)
		}
		if !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe") || strings.Contains(csp, "evil") {
			t.Errorf("%s: CSP %q is not strict", name, csp)
		}
		if strings.Contains(body, "<script>") || !strings.Contains(body, `src="/portal/assets/portal.js"`) {
			t.Errorf("%s: the page must load its script from a file, not inline", name)
		}
		if res.Header.Get("Referrer-Policy") != "no-referrer" || res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: headers %v", name, res.Header)
		}
	}
}

func TestCleanOrigins(t *testing.T) {
	t.Parallel()
	got := webui.CleanOrigins([]string{"https://a.example", " https://b.example:8443 ", "https://c.example/path", "ftp://d.example",
		"https://e.example 'unsafe-inline'", "https://user@f.example", "*", ""})
	if strings.Join(got, " ") != "https://a.example https://b.example:8443" {
		t.Fatalf("CleanOrigins kept %q", got)
	}
}

// A hosted link signs its visitor in as the link's own user, holding the link's wallets; the
// second visit reuses that user. An unknown link is 404, a missing one 400.
func TestLinkSession(t *testing.T) {
	t.Parallel()
	f := setup(t, "production")
	name := "Trading"
	link, _, err := f.svc.CreateLink(context.Background(), &auth.Partner{PartnerID: f.partnerID, Method: auth.MethodSecretPair},
		[]partner.LinkWallet{{Address: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F", Name: &name}, {Address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}})
	if err != nil {
		t.Fatal(err)
	}
	var first string
	for i := 0; i < 2; i++ {
		res, err := http.Post(f.srv.URL+"/portal/link-session", "application/json", strings.NewReader(`{"link":"`+link.Token+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		var out struct {
			ReferenceID string `json:"referenceId"`
			AccessToken string `json:"accessToken"`
			PartnerID   string `json:"partnerId"`
		}
		_ = json.NewDecoder(res.Body).Decode(&out)
		res.Body.Close()
		if res.StatusCode != 200 || out.ReferenceID != "link-"+link.ID.String() || out.PartnerID != f.partnerID.String() {
			t.Fatalf("visit %d: %d %+v", i, res.StatusCode, out)
		}
		claims, err := f.tokens.Verify(out.AccessToken, time.Now())
		if err != nil || claims.ReferenceID != out.ReferenceID {
			t.Fatalf("visit %d: token %v %+v", i, err, claims)
		}
		if i == 0 {
			first = claims.Subject
		} else if claims.Subject != first {
			t.Fatalf("the second visit made another user: %s, then %s", first, claims.Subject)
		}
		scope, err := f.svc.UserScope(context.Background(), &auth.Partner{PartnerID: f.partnerID, Method: auth.MethodSecretPair}, out.ReferenceID)
		if err != nil {
			t.Fatal(err)
		}
		accs, _, err := f.svc.Accounts(context.Background(), scope, page.Request{Limit: 10})
		if err != nil || len(accs) != 2 {
			t.Fatalf("visit %d: the link's user has %d accounts (%v), want 2", i, len(accs), err)
		}
	}
	for body, want := range map[string]int{`{"link":"lnk_unknown"}`: 404, `{}`: 400, `not json`: 400} {
		res, err := http.Post(f.srv.URL+"/portal/link-session", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("%s: %d, want %d", body, res.StatusCode, want)
		}
	}
}

// /docs is the offline Redoc page (no CDN script), linked to the SDL and the GraphQL examples,
// which are served too.
func TestDocsAndExamples(t *testing.T) {
	t.Parallel()
	f := setup(t, "production")
	res, body := get(t, f.srv.URL+"/docs")
	if res.StatusCode != 200 || !strings.Contains(body, "taxd Partner REST API") || strings.Contains(body, `<script src="http`) {
		t.Fatalf("/docs: %d, %d bytes", res.StatusCode, len(body))
	}
	for _, link := range []string{`href="/graphql/schema.graphqls"`, `href="/graphql/examples/"`, `href="/openapi.yaml"`} {
		if !strings.Contains(body, link) {
			t.Errorf("/docs does not link %s", link)
		}
	}
	res, body = get(t, f.srv.URL+"/graphql/examples/")
	if res.StatusCode != 200 || !strings.Contains(body, `href="countDirty.graphql"`) {
		t.Fatalf("examples index: %d %s", res.StatusCode, body)
	}
	res, body = get(t, f.srv.URL+"/graphql/examples/countDirty.graphql")
	if res.StatusCode != 200 || !strings.Contains(body, "countDirty") {
		t.Fatalf("example: %d %s", res.StatusCode, body)
	}
	for _, bad := range []string{"../embed.go", "..%2Fembed.go", "nope.graphql", "README"} {
		if res, _ := get(t, f.srv.URL+"/graphql/examples/"+bad); res.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", bad, res.StatusCode)
		}
	}
	if res, _ := get(t, f.srv.URL+"/portal/assets/portal.js"); res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
		t.Errorf("portal.js: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	// The explorer exists only in development.
	if res, _ := get(t, f.srv.URL+"/graphql"); res.StatusCode != 404 && res.StatusCode != 405 {
		t.Errorf("GET /graphql in production: %d", res.StatusCode)
	}
}

// In development GET /graphql is the explorer, and it carries the demo client's key.
func TestExplorerInDevelopment(t *testing.T) {
	t.Parallel()
	f := setup(t, "development")
	demo := `{"clientApiKey":"svc_demo_key","clientUuid":"0190a1b2-0000-7000-8000-000000000001"}`
	if err := os.WriteFile(filepath.Join(f.cfg.DataDir, "demo-credentials.json"), []byte(demo), 0o600); err != nil {
		t.Fatal(err)
	}
	res, body := get(t, f.srv.URL+"/graphql")
	if res.StatusCode != 200 || !strings.Contains(body, `<meta name="taxd-demo-key" content="svc_demo_key">`) {
		t.Fatalf("explorer: %d %s", res.StatusCode, body)
	}
	if strings.Contains(body, "<script>") {
		t.Fatal("the explorer page has an inline script")
	}
	if web.GraphiQL != nil && !strings.Contains(body, `src="/graphql/explorer/main.js"`) {
		t.Fatal("the explorer page does not load the bundle")
	}
}

// The portal page carries the partner's branding before any sign-in, and the state of an e-mailed
// report link as the signed download would find it: ready, expired, invalid or gone.
func TestPortalPageCarriesBrandingAndLinkState(t *testing.T) {
	t.Parallel()
	f := setup(t, "production")
	ctx := context.Background()
	user, err := f.svc.CreateUser(ctx, f.partnerID, partner.NewUser{ReferenceID: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	ready, queued := uuid.New(), uuid.New()
	if _, err := f.pool.Exec(ctx, `INSERT INTO reports (id, client_id, year, report_type, status, filename) VALUES
		($1, $3, 2024, 'tax-forms', 'available', 'taxd-tax-forms-2024-u1.zip'), ($2, $3, 2024, 'income-csv', 'queued', NULL)`,
		ready, queued, user.ClientID); err != nil {
		t.Fatal(err)
	}
	live, _ := f.tokens.Issue(f.partnerID, user.ClientID, "u1", time.Now(), time.Hour)
	sign := func(id uuid.UUID, exp int64) string {
		return reports.Sign([]byte(f.cfg.ReportSigningSecret), id, exp)
	}
	link := func(code string, id uuid.UUID, exp int64, sig string) string {
		return fmt.Sprintf("?code=%s&report=%s&expires=%d&signature=%s", code, id, exp, sig)
	}
	later, earlier := time.Now().Add(time.Hour).Unix(), time.Now().Add(-time.Hour).Unix()
	for name, tc := range map[string]struct {
		query, brand, state, file string
	}{
		"token":          {"?code=u1&token=" + live.Token, "Acme", "", ""},
		"partner":        {"?partner=" + f.partnerID.String(), "Acme", "", ""},
		"nothing":        {"", "", "", ""},
		"ready":          {link("u1", ready, later, sign(ready, later)), "Acme", "ready", "taxd-tax-forms-2024-u1.zip"},
		"expired":        {link("u1", ready, earlier, sign(ready, earlier)), "Acme", "expired", ""},
		"bad signature":  {link("u1", ready, later, strings.Repeat("0", 64)), "", "invalid", ""},
		"no signature":   {link("u1", ready, later, ""), "", "invalid", ""},
		"not yet made":   {link("u1", queued, later, sign(queued, later)), "Acme", "gone", ""},
		"another's code": {link("u2", ready, later, sign(ready, later)), "", "gone", ""},
	} {
		_, body := get(t, f.srv.URL+"/portal"+tc.query)
		m := regexp.MustCompile(`<script type="application/json" id="taxd-page">(.*?)</script>`).FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("%s: no page data in %s", name, body)
		}
		var page struct {
			Brand    *struct{ Name string } `json:"brand"`
			Download *struct {
				State    string `json:"state"`
				FileName string `json:"fileName"`
				Year     int    `json:"year"`
			} `json:"download"`
		}
		if err := json.Unmarshal([]byte(m[1]), &page); err != nil {
			t.Fatalf("%s: %v in %s", name, err, m[1])
		}
		brand, state, file := "", "", ""
		if page.Brand != nil {
			brand = page.Brand.Name
		}
		if page.Download != nil {
			state, file = page.Download.State, page.Download.FileName
		}
		if brand != tc.brand || state != tc.state || file != tc.file {
			t.Errorf("%s: brand %q, link %q, file %q; want %q, %q, %q", name, brand, state, file, tc.brand, tc.state, tc.file)
		}
	}
}
