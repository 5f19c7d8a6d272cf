// Package crashtests drives real taxd processes (built from ./cmd/taxd) as clients do, over REST
// and GraphQL, with fake providers from internal/fakes: the job state the APIs show, and what a
// kill -9 of a worker process does to the jobs it was running.
package crashtests

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/pgtest"
	"taxd/internal/testwait"
)

var taxdBin string // the taxd binary built once for the package

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "taxd-crashtests-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	taxdBin = filepath.Join(dir, "taxd")
	build := exec.Command("go", "build", "-o", taxdBin, "./cmd/taxd")
	build.Dir = ".."
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building taxd:", err)
		os.Exit(1)
	}
	code := 0
	func() {
		defer os.RemoveAll(dir)
		pgtest.Main(m) // exits
	}()
	os.Exit(code)
}

// proc is one taxd process (serve or worker) started by a test.
type proc struct {
	t         *testing.T
	cmd       *exec.Cmd
	done      chan struct{}
	log       *bytes.Buffer
	mu        *sync.Mutex
	listening chan string // the base URL a serving node announces once it listens
}

// cluster is a database, a data folder shared by its nodes (the upload and report bucket), an API
// node and worker processes.
type cluster struct {
	t       *testing.T
	dbURL   string
	pool    *pgxpool.Pool
	dataDir string
	base    string // http://127.0.0.1:port of the API node
	flags   []string
	demo    demoCreds
	api     *proc
}

type demoCreds struct {
	ClientID     string `json:"clientId"`
	APISecret    string `json:"apiSecret"`
	ReferenceID  string `json:"referenceId"`
	ClientAPIKey string `json:"clientApiKey"`
	ClientUUID   string `json:"clientUuid"`
}

// newCluster starts an API node: `taxd serve` with the given worker count (0: API only) and flags
// (provider URLs), on a fresh database.
func newCluster(t *testing.T, apiWorkers int, flags ...string) *cluster {
	t.Helper()
	url := pgtest.URL(t)
	c := &cluster{t: t, dbURL: url, pool: pgtest.PoolFor(t, url), dataDir: t.TempDir(), flags: flags}
	// The node takes a port the kernel gives it and says which: no port is picked and then raced for.
	c.api = c.start("serve", "--listen", "127.0.0.1:0", "--workers", fmt.Sprint(apiWorkers))
	select {
	case c.base = <-c.api.listening:
	case <-c.api.done:
		t.Fatalf("the API node stopped:\n%s", c.api.output())
	case <-time.After(90 * time.Second):
		t.Fatalf("the API node did not say where it listens:\n%s", c.api.output())
	}
	c.waitReady()
	raw, err := os.ReadFile(filepath.Join(c.dataDir, "demo-credentials.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &c.demo); err != nil {
		t.Fatal(err)
	}
	return c
}

// start runs `taxd <command>` on the cluster's database and data folder.
func (c *cluster) start(command string, args ...string) *proc {
	c.t.Helper()
	all := append([]string{command, "--database-url", c.dbURL, "--data-dir", c.dataDir, "--offline"}, args...)
	all = append(all, c.flags...)
	cmd := exec.Command(taxdBin, all...)
	cmd.Env = append(os.Environ(), "TAXD_ENV=development")
	p := &proc{t: c.t, cmd: cmd, done: make(chan struct{}), log: &bytes.Buffer{}, mu: &sync.Mutex{}, listening: make(chan string, 1)}
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "taxd is listening on "); ok {
				select {
				case p.listening <- strings.Fields(rest)[0]:
				default:
				}
			}
			p.mu.Lock()
			if p.log.Len() < 4<<20 {
				p.log.WriteString(sc.Text() + "\n")
			}
			p.mu.Unlock()
		}
	}()
	go func() { _ = cmd.Wait(); _ = pw.Close(); close(p.done) }()
	c.t.Cleanup(func() {
		p.stop()
		if c.t.Failed() {
			out := p.output()
			c.t.Logf("taxd %s output (last 6000 bytes):\n%s", command, out[max(0, len(out)-6000):])
		}
	})
	return p
}

// kill9 kills the process with SIGKILL and waits for it to be gone.
func (p *proc) kill9() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// stop ends the process gracefully (SIGTERM), then with SIGKILL.
func (p *proc) stop() {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(20 * time.Second):
		p.kill9()
	}
}

func (p *proc) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

func (c *cluster) waitReady() {
	c.t.Helper()
	testwait.For(c.t, "the API node to be ready", 90*time.Second, func() bool {
		select {
		case <-c.api.done:
			c.t.Fatalf("the API node stopped:\n%s", c.api.output())
		default:
		}
		res, err := http.Get(c.base + "/readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		_, statErr := os.Stat(filepath.Join(c.dataDir, "demo-credentials.json"))
		return res.StatusCode == 200 && statErr == nil
	})
}

// worker starts a worker process (`taxd worker`); its health and metrics listener takes a free
// port, so workers of tests running side by side do not collide.
func (c *cluster) worker(args ...string) *proc {
	return c.start("worker", append([]string{"--workers", "1", "--listen", "127.0.0.1:0"}, args...)...)
}

// rest sends a partner API request with the demo partner's credentials; it returns the status and
// the decoded body.
func (c *cluster) rest(method, path string, body any) (int, map[string]any) {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+"/api"+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-client-id", c.demo.ClientID)
	req.Header.Set("x-api-secret", c.demo.APISecret)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	if out == nil {
		out = map[string]any{"raw": string(raw)}
	}
	return res.StatusCode, out
}

// gqlResult is one GraphQL response.
type gqlResult struct {
	Data   map[string]json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

func (r gqlResult) code() string {
	if len(r.Errors) == 0 {
		return ""
	}
	s, _ := r.Errors[0].Extensions["code"].(string)
	return s
}

// gql sends a GraphQL request with the demo client's API key.
func (c *cluster) gql(query string, vars map[string]any) gqlResult {
	c.t.Helper()
	return c.gqlAs("x-api-key", c.demo.ClientAPIKey, query, vars)
}

func (c *cluster) gqlAs(header, value, query string, vars map[string]any) gqlResult {
	c.t.Helper()
	b, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, c.base+"/graphql", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(header, value)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	var out gqlResult
	raw, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(raw, &out); err != nil {
		c.t.Fatalf("graphql: %d %s", res.StatusCode, raw)
	}
	return out
}

// must runs a GraphQL operation that must succeed and decodes its one root field into out.
func (c *cluster) must(query string, vars map[string]any, out any) {
	c.t.Helper()
	r := c.gql(query, vars)
	if len(r.Errors) > 0 {
		c.t.Fatalf("graphql %s: %s %s", firstLine(query), r.code(), r.Errors[0].Message)
	}
	if out == nil {
		return
	}
	for _, v := range r.Data {
		if err := json.Unmarshal(v, out); err != nil {
			c.t.Fatal(err)
		}
	}
}

func firstLine(s string) string { s, _, _ = strings.Cut(strings.TrimSpace(s), "\n"); return s }

// upload sends file to a fresh signed upload URL of the demo client and returns its object key.
func (c *cluster) upload(name string, file []byte) string {
	c.t.Helper()
	var u struct {
		URL           string `json:"url"`
		FileObjectKey string `json:"fileObjectKey"`
	}
	c.must(`mutation($c: ID!, $n: String, $s: Int) { createUploadUrl(clientId: $c, fileName: $n, size: $s) { url fileObjectKey } }`,
		map[string]any{"c": c.demo.ClientUUID, "n": name, "s": len(file)}, &u)
	req, _ := http.NewRequest(http.MethodPut, u.URL, bytes.NewReader(file))
	req.ContentLength = int64(len(file))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		c.t.Fatalf("upload: %d", res.StatusCode)
	}
	return u.FileObjectKey
}

// csvLedger is a generic CSV of n buys and sells of BTC and ETH (distinct rows) starting at from,
// one every 7 minutes.
func csvLedger(n int, from time.Time) []byte { return csvLedgerEvery(n, from, 7*time.Minute) }

// csvLedgerEvery is csvLedger with a row every step.
func csvLedgerEvery(n int, from time.Time, step time.Duration) []byte {
	var b bytes.Buffer
	b.WriteString("date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value_usd\n")
	for i := range n {
		at := from.Add(time.Duration(i) * step).UTC().Format(time.RFC3339)
		asset := []string{"BTC", "ETH"}[i%2]
		usd := 100 + i%977
		if i%3 == 2 { // a sale of a little of what was bought
			fmt.Fprintf(&b, "%s,sell,0.0%04d,%s,%d.%02d,USD,,,%d.%02d\n", at, 1+i%97, asset, usd, i%100, usd, i%100)
		} else {
			fmt.Fprintf(&b, "%s,buy,%d.%02d,USD,0.0%04d,%s,,,%d.%02d\n", at, usd, i%100, 1+i%89, asset, usd, i%100)
		}
	}
	return b.Bytes()
}

// waitFor polls cond until it holds or timeout passes; it returns how long that took.
func waitFor(t *testing.T, what string, timeout time.Duration, cond func() bool) time.Duration {
	t.Helper()
	return testwait.For(t, what, timeout, cond)
}

func (c *cluster) scalar(sql string, args ...any) int64 {
	c.t.Helper()
	var n int64
	if err := c.pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		c.t.Fatalf("%s: %v", sql, err)
	}
	return n
}
