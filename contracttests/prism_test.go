package contracttests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"taxd/internal/rest"
	"taxd/internal/testwait"
)

// The contract cases again, this time through Prism's validating proxy (`prism proxy --errors`,
// the recipe in spec/openapi.yaml's servers: the upstream is the server's /api), an independent
// check of every response against the spec. Any response violation (an sl-violations header) fails,
// and so does a request violation on a request the spec says is valid. Prism answers some
// deliberately invalid requests itself (missing credentials, bodies that break the schema); those
// never reach the server and are counted, not checked.
//
// To stay quick, all cases share one fixture and run in order: an earlier case can change what a
// later one sees (a deleted endpoint, a user that now exists), so statuses are compared in the
// ordinary contract run (rest_test.go) and only counted here; every answer must still conform.
func TestRESTContractThroughPrism(t *testing.T) {
	if testing.Short() {
		t.Skip("prism pass")
	}
	prism := nodeTool(t, "node_modules/.bin/prism")
	doc, err := rest.LoadSpec()
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := restCases(t, doc)

	// Every case has its own server and database; one Prism forwards to a dispatcher that picks
	// the case's server by a request header.
	disp := &dispatcher{targets: map[string]*url.URL{}, seen: map[string]bool{}}
	upstream := httptest.NewServer(disp)
	t.Cleanup(upstream.Close)
	proxyURL := startPrism(t, prism, upstream.URL+"/api")

	var requests, forwarded, answeredByPrism, skipped atomic.Int32
	e := newEnv(t)
	target, _ := url.Parse(e.url)
	var mismatched []string
	t.Run("replay", func(t *testing.T) {
		for _, c := range cases {
			if _, pending := pendingREST[c.opID]; pending {
				continue
			}
			id := c.opID + "/" + strconv.Itoa(c.status) + "/" + c.name
			if c.rawBody {
				skipped.Add(1) // Prism never answers a body that is not JSON (malformedJson)
				continue
			}
			t.Run(id, func(t *testing.T) {
				disp.set(id, target)
				requests.Add(1)
				status, header, body := sendThroughPrism(t, e, proxyURL, id, c)
				violations := header.Get("sl-violations")
				if !disp.saw(id) {
					answeredByPrism.Add(1)
					if c.status < 400 {
						t.Errorf("Prism rejected a request the spec's example says is valid: %d %s %s", status, violations, truncate(body))
					}
					return
				}
				forwarded.Add(1)
				if violations != "" {
					var vs []struct {
						Location []string `json:"location"`
						Message  string   `json:"message"`
					}
					_ = json.Unmarshal([]byte(violations), &vs)
					for _, v := range vs {
						if len(v.Location) > 0 && v.Location[0] == "request" && c.status >= 400 {
							continue // an invalid request on purpose, forwarded for the server to reject
						}
						t.Errorf("%s violation at %v: %s", c.method+" "+c.path, v.Location, v.Message)
					}
					if len(vs) == 0 {
						t.Errorf("sl-violations: %s", violations)
					}
					return
				}
				if status != c.status {
					mismatched = append(mismatched, fmt.Sprintf("%s: %d", id, status))
				}
			})
		}
	})
	fmt.Printf("prism: %d requests, %d forwarded and validated, %d answered by Prism itself (invalid on purpose), %d with another status on the shared fixture, %d not sent (bodies that are not JSON)\n",
		requests.Load(), forwarded.Load(), answeredByPrism.Load(), len(mismatched), skipped.Load())
	if len(mismatched) > 0 {
		t.Logf("other statuses on the shared fixture: %s", strings.Join(mismatched, ", "))
	}
}

func sendThroughPrism(t *testing.T, e *env, proxyURL, id string, c restCase) (int, http.Header, []byte) {
	t.Helper()
	u := proxyURL + strings.TrimPrefix(c.path, "/api")
	if len(c.query) > 0 {
		u += "?" + c.query.Encode()
	}
	var body io.Reader
	if c.body != nil {
		body = bytes.NewReader(c.body)
	}
	req, err := http.NewRequest(strings.ToUpper(c.method), u, body)
	if err != nil {
		t.Fatal(err)
	}
	if c.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set(caseHeader, id)
	e.authenticate(t, req, c.auth)
	resp, err := prismClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

const caseHeader = "x-contract-case"

var prismClient = &http.Client{Timeout: 15 * time.Second}

// dispatcher forwards each request to the server of its case.
type dispatcher struct {
	mu      sync.Mutex
	targets map[string]*url.URL
	seen    map[string]bool
}

func (d *dispatcher) set(id string, u *url.URL) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.targets[id] = u
}

func (d *dispatcher) saw(id string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.seen[id]
}

func (d *dispatcher) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(caseHeader)
	d.mu.Lock()
	target := d.targets[id]
	d.seen[id] = true
	d.mu.Unlock()
	if target == nil {
		http.Error(w, "unknown contract case "+id, http.StatusBadGateway)
		return
	}
	(&httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(target)
		pr.Out.URL.Path, pr.Out.URL.RawPath = pr.In.URL.Path, pr.In.URL.RawPath
	}}).ServeHTTP(w, r)
}

// startPrism runs `prism proxy --errors` in front of upstream and returns its URL.
func startPrism(t *testing.T, prism, upstream string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	var logs bytes.Buffer
	cmd := exec.Command(prism, "proxy", "--errors", "-h", "127.0.0.1", "-p", port,
		filepath.Join(repoRoot(t), "spec/openapi.yaml"), upstream)
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("prism output (tail): %s", tail(logs.String(), 3000))
		}
	})
	base := "http://127.0.0.1:" + port
	if err := testwait.Within("prism to answer", 90*time.Second, func() (bool, error) {
		resp, err := http.Get(base + "/")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil, nil
	}); err != nil {
		t.Fatalf("%v: %s", err, tail(logs.String(), 3000))
	}
	return base
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
