// Package webui serves taxd's browser pages: the embedded tax portal (/portal), the OpenAPI
// reference (/docs), the GraphQL example operations and, in development, the GraphQL explorer
// (GET /graphql). The portal is a static app on the public GraphQL and REST APIs with the end
// user's access token; the only endpoint of its own is the hosted-link sign-in. The page itself
// carries the partner's branding and the state of an e-mailed report link (pageData).
package webui

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/net/html"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/partner"
	"taxd/internal/reports"
	"taxd/internal/rest"
	"taxd/spec"
	"taxd/web"
)

// Deps are what the pages need.
type Deps struct {
	Config *config.Config
	Pool   *pgxpool.Pool
	Tokens *auth.Tokens
	Now    func() time.Time
	// NotExplorer answers a GET /graphql that is not a browser's (no text/html in Accept): API
	// clients get the GraphQL endpoint's own 405, browsers the explorer.
	NotExplorer http.HandlerFunc
}

type pages struct {
	Deps
	tmpl     *template.Template
	partners *partner.Service
	docs     []byte
	docsCSP  string
}

// Register mounts the pages on mux.
func Register(mux *http.ServeMux, d Deps) error {
	if d.Now == nil {
		d.Now = time.Now
	}
	tmpl, err := template.ParseFS(web.Templates, "templates/*.html")
	if err != nil {
		return err
	}
	docs, err := web.Dist.ReadFile("dist/docs/index.html")
	if err != nil {
		return err
	}
	csp, err := docsCSP(docs)
	if err != nil {
		return err
	}
	p := &pages{Deps: d, tmpl: tmpl, docs: docs, docsCSP: csp,
		partners: partner.NewService(partner.Deps{Pool: d.Pool, Tokens: d.Tokens}).WithClock(d.Now)}

	portalAssets, err := fs.Sub(web.Dist, "dist/portal")
	if err != nil {
		return err
	}
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/docs", http.StatusFound)
	})
	mux.HandleFunc("GET /portal", p.portal)
	mux.HandleFunc("GET /portal/{$}", p.portal)
	mux.Handle("GET /portal/assets/", assets("/portal/assets/", portalAssets))
	mux.HandleFunc("POST /portal/link-session", p.linkSession)
	mux.HandleFunc("GET /docs", p.docsPage)
	mux.HandleFunc("GET /graphql/examples/", p.examples)
	if d.Config.Development() {
		mux.HandleFunc("GET /graphql", p.explorer)
		if web.GraphiQL != nil {
			sub, err := fs.Sub(*web.GraphiQL, "graphiql/dist")
			if err != nil {
				return err
			}
			mux.Handle("GET /graphql/explorer/", assets("/graphql/explorer/", sub))
		}
	}
	return nil
}

// portalCSP allows only the portal's own script, styles and API; partner logos may come from any
// https origin. frameAncestors is the partner's origins, or 'none'.
func portalCSP(frameAncestors string) string {
	return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; " +
		"connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors " + frameAncestors
}

func (p *pages) portal(w http.ResponseWriter, r *http.Request) {
	pt, framable, download := p.pageContext(r.Context(), r.URL.Query())
	var origins []string
	if pt != nil && framable {
		origins = CleanOrigins(pt.PortalOrigins)
	}
	ancestors := "'none'"
	if len(origins) > 0 {
		ancestors = strings.Join(origins, " ")
	} else {
		w.Header().Set("X-Frame-Options", "DENY")
	}
	h := w.Header()
	h.Set("Content-Security-Policy", portalCSP(ancestors))
	h.Set("Referrer-Policy", "no-referrer") // the first load carries the token in its URL
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Type", "text/html; charset=utf-8")
	data := pageData{Download: download}
	if pt != nil {
		data.Brand = &brand{Name: pt.Name, LogoURL: pt.LogoUrl, PrimaryColor: pt.PrimaryColor, SupportEmail: pt.SupportEmail}
	}
	var b bytes.Buffer
	if err := p.tmpl.ExecuteTemplate(&b, "portal.html", map[string]any{"APIBase": "/api", "GraphQL": "/graphql", "Assets": "/portal/assets/", "Page": data}); err != nil {
		rest.WriteError(w, r, fmt.Errorf("portal page: %w", err))
		return
	}
	_, _ = w.Write(b.Bytes())
}

// pageData is what the portal page carries for its script before any sign-in: the partner's
// branding, and the state of an e-mailed report link, checked here so that the page says what is
// true about it.
type pageData struct {
	Brand    *brand         `json:"brand,omitempty"`
	Download *downloadState `json:"download,omitempty"`
}

type brand struct {
	Name         string  `json:"name"`
	LogoURL      *string `json:"logoUrl,omitempty"`
	PrimaryColor *string `json:"primaryColor,omitempty"`
	SupportEmail *string `json:"supportEmail,omitempty"`
}

// downloadState is an e-mailed report link checked: ready, expired, invalid (a bad or incomplete
// signature) or gone (the report is not there or not available any more).
type downloadState struct {
	State      string     `json:"state"`
	ReportType string     `json:"reportType,omitempty"`
	Year       int32      `json:"year,omitempty"`
	FileName   string     `json:"fileName,omitempty"`
	ExpiresAt  *time.Time `json:"expiresAt,omitempty"`
}

// pageContext finds the partner a portal address belongs to (a token's signer, a hosted link's
// owner, a signed report's owner, or the partner id the app keeps in the address after sign-in)
// and, for a signed report link, checks the link. Anything unknown gives no partner. A token whose
// signature fails names the partner whose brand its page wears, but never lets the partner's sites
// frame it (framable false).
func (p *pages) pageContext(ctx context.Context, q url.Values) (*db.Partner, bool, *downloadState) {
	q2 := db.New(p.Pool)
	var partnerID uuid.UUID
	var download *downloadState
	framable := true
	switch {
	case q.Get("report") != "":
		var id *uuid.UUID
		id, download = p.checkReportLink(ctx, q)
		if id == nil {
			return nil, false, download
		}
		partnerID = *id
	case q.Get("token") != "":
		id, err := p.Tokens.PartnerOf(q.Get("token"))
		if err != nil {
			// a damaged token: its sign-in fails as an expired one's does, under the same brand
			if id, err = auth.ClaimedPartnerOf(q.Get("token")); err != nil {
				return nil, false, nil
			}
			framable = false
		}
		partnerID = id
	case q.Get("link") != "":
		link, err := q2.GetLinkByToken(ctx, q.Get("link"))
		if err != nil {
			return nil, false, nil
		}
		partnerID = link.PartnerID
	case q.Get("partner") != "":
		id, err := uuid.Parse(q.Get("partner"))
		if err != nil {
			return nil, false, nil
		}
		partnerID = id
	default:
		return nil, false, nil
	}
	pt, err := q2.GetPartner(ctx, partnerID)
	if err != nil {
		return nil, false, download
	}
	return &pt, framable, download
}

// checkReportLink checks an e-mailed report link as the signed download will: the signature, its
// expiry, the report, its user and that it is available. It returns the report's partner when the
// signature is valid.
func (p *pages) checkReportLink(ctx context.Context, q url.Values) (*uuid.UUID, *downloadState) {
	id, err := uuid.Parse(q.Get("report"))
	exp, err2 := strconv.ParseInt(q.Get("expires"), 10, 64)
	if err != nil || err2 != nil ||
		!hmac.Equal([]byte(reports.Sign([]byte(p.Config.ReportSigningSecret), id, exp)), []byte(strings.ToLower(q.Get("signature")))) {
		return nil, &downloadState{State: "invalid"}
	}
	q2 := db.New(p.Pool)
	rep, err := q2.GetReportByID(ctx, id)
	if err != nil {
		return nil, &downloadState{State: "gone"}
	}
	c, err := q2.GetClient(ctx, rep.ClientID)
	if err != nil || c.ReferenceID == nil || *c.ReferenceID != q.Get("code") {
		return nil, &downloadState{State: "gone"}
	}
	switch {
	case p.Now().Unix() > exp:
		return c.PartnerID, &downloadState{State: "expired"}
	case rep.Status != "available":
		return c.PartnerID, &downloadState{State: "gone"}
	}
	at := time.Unix(exp, 0).UTC()
	st := &downloadState{State: "ready", ReportType: rep.ReportType, Year: rep.Year, ExpiresAt: &at}
	if rep.Filename != nil {
		st.FileName = *rep.Filename
	}
	return c.PartnerID, st
}

// CleanOrigins keeps the well-formed http(s) origins (scheme://host[:port], nothing else), so that a
// stored value can never inject another CSP directive.
func CleanOrigins(in []string) []string {
	var out []string
	for _, o := range in {
		u, err := url.Parse(strings.TrimSpace(o))
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Path != "" || u.RawQuery != "" ||
			u.User != nil || strings.ContainsAny(u.Host, " ;,'\"") {
			continue
		}
		out = append(out, u.Scheme+"://"+u.Host)
	}
	return out
}

// linkSession exchanges a hosted-link token for an access token of the link's user.
func (p *pages) linkSession(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Link string `json:"link"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&body); err != nil || body.Link == "" || len(body.Link) > 200 {
		rest.WriteError(w, r, apperr.InvalidField("link", "a hosted-link token is required"))
		return
	}
	tok, partnerID, err := p.partners.OpenLink(r.Context(), body.Link)
	if apperr.KindOf(err) == apperr.NotFound {
		err = apperr.NotFoundf("link not found")
	}
	if err != nil {
		w.Header().Set("Cache-Control", "no-store")
		rest.WriteError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"referenceId": tok.ReferenceID, "accessToken": tok.Token, "expiresAt": tok.ExpiresAt.UTC(), "partnerId": partnerID,
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// docsPage is the Redoc page built offline. It inlines its scripts and styles; the CSP allows
// exactly its own inline scripts by their hashes (docsCSP), no other inline script and no eval.
func (p *pages) docsPage(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", p.docsCSP)
	h.Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(p.docs)
}

// docsCSP is the /docs policy for page: script-src names each inline script of the page by its
// SHA-256, so an injected script (or a changed one) does not run. Styles stay inline: Redoc's
// styled-components writes them at run time.
func docsCSP(page []byte) (string, error) {
	hashes, err := inlineScriptHashes(page)
	if err != nil {
		return "", err
	}
	return "default-src 'none'; script-src 'self' " + strings.Join(hashes, " ") + "; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; base-uri 'none'; " +
		"form-action 'none'; frame-ancestors 'self'", nil
}

// inlineScriptHashes lists the CSP hash source ('sha256-...') of every inline <script> of page,
// as the browser computes it: over the element's text exactly as written.
func inlineScriptHashes(page []byte) ([]string, error) {
	z := html.NewTokenizer(bytes.NewReader(page))
	var out []string
	inScript := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() == io.EOF {
				if len(out) == 0 {
					return nil, errors.New("webui: the docs page has no inline script")
				}
				return out, nil
			}
			return nil, z.Err()
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			inScript = string(name) == "script" && !hasSrc(z, hasAttr)
		case html.TextToken:
			if inScript {
				// The browser hashes the text after the HTML parser's newline normalisation.
				text := bytes.ReplaceAll(bytes.ReplaceAll(z.Raw(), []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
				sum := sha256.Sum256(text)
				out = append(out, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
			}
		case html.EndTagToken:
			inScript = false
		}
	}
}

func hasSrc(z *html.Tokenizer, more bool) bool {
	for more {
		var k []byte
		k, _, more = z.TagAttr()
		if string(k) == "src" {
			return true
		}
	}
	return false
}

// examples lists and serves spec/graphql/examples (the GraphQL example operations).
func (p *pages) examples(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/graphql/examples/")
	if name == "" {
		entries, err := spec.Examples.ReadDir("graphql/examples")
		if err != nil {
			rest.WriteError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
		var b strings.Builder
		b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>taxd GraphQL example operations</title>` +
			`<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;line-height:1.5}</style></head><body>` +
			`<h1>GraphQL example operations</h1><p>Each operation (<code>.graphql</code>) has its variables and expected answer ` +
			`(<code>.json</code>); the contract tests replay them. Schema: <a href="/graphql/schema.graphqls">schema.graphqls</a> · ` +
			`<a href="/docs">REST reference</a></p><ul>`)
		for _, e := range entries {
			n := e.Name()
			if !strings.HasSuffix(n, ".graphql") {
				continue
			}
			base := strings.TrimSuffix(n, ".graphql")
			b.WriteString(`<li><a href="` + template.HTMLEscapeString(n) + `">` + template.HTMLEscapeString(base) + `</a> (<a href="` +
				template.HTMLEscapeString(base) + `.json">variables and answer</a>)</li>`)
		}
		b.WriteString(`</ul></body></html>`)
		_, _ = io.WriteString(w, b.String())
		return
	}
	if strings.Contains(name, "/") || (path.Ext(name) != ".graphql" && path.Ext(name) != ".json" && path.Ext(name) != ".md") {
		notFound(w, r)
		return
	}
	data, err := spec.Examples.ReadFile("graphql/examples/" + name)
	if err != nil {
		notFound(w, r)
		return
	}
	ct := "text/plain; charset=utf-8"
	if path.Ext(name) == ".json" {
		ct = "application/json"
	}
	w.Header().Set("Content-Type", ct)
	_, _ = w.Write(data)
}

// notFound is the JSON 404 of the API, for files that do not exist.
func notFound(w http.ResponseWriter, r *http.Request) {
	rest.WriteError(w, r, apperr.NotFoundf("no file at %s", r.URL.Path))
}

// explorer is GraphiQL (development only) with the demo client's key, which `make run` seeds.
func (p *pages) explorer(w http.ResponseWriter, r *http.Request) {
	if p.NotExplorer != nil && !strings.Contains(r.Header.Get("Accept"), "text/html") {
		p.NotExplorer(w, r)
		return
	}
	var demo struct {
		ClientAPIKey string `json:"clientApiKey"`
		ClientUUID   string `json:"clientUuid"`
	}
	if b, err := os.ReadFile(filepath.Join(p.Config.DataDir, "demo-credentials.json")); err == nil {
		_ = json.Unmarshal(b, &demo)
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "+
		"font-src 'self' data:; connect-src 'self'; worker-src 'self'; base-uri 'none'; frame-ancestors 'self'")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	_ = p.tmpl.ExecuteTemplate(w, "graphiql.html", map[string]any{
		"DemoKey": demo.ClientAPIKey, "DemoClient": demo.ClientUUID, "Bundled": web.GraphiQL != nil,
	})
}

// assets serves embedded files with their content type and a short cache (names are not hashed).
func assets(prefix string, files fs.FS) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, prefix)
		data, err := fs.ReadFile(files, name)
		if err != nil || name == "" {
			notFound(w, r)
			return
		}
		ct := mime.TypeByExtension(path.Ext(name))
		if ct == "" {
			ct = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ct)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "public, max-age=300")
		_, _ = w.Write(data)
	})
}
