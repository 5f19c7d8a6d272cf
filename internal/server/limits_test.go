package server

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serve runs h under l on a loopback listener wrapped like production's.
func serve(t *testing.T, h http.Handler, l Limits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewHTTPServer(withBodyLimit(l.MaxBodyBytes, h), l)
	go func() { _ = srv.Serve(JSONErrors(ln)) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String()
}

func rawRequest(t *testing.T, addr, req string) (*http.Response, []byte) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func TestNetHTTPParseErrorsAreJSON(t *testing.T) {
	addr := serve(t, http.NotFoundHandler(), DefaultLimits)
	for _, req := range []string{
		"GET /api/users/%zz/user HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /api/users HTTP/1.1\r\n\r\n", // no Host
		"GET /api/users HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
	} {
		resp, b := rawRequest(t, addr, req)
		var body struct{ Message, Code string }
		if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Content-Type") != "application/json" ||
			json.Unmarshal(b, &body) != nil || body.Message == "" {
			t.Errorf("%q: status %d %s: %s", req, resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
	}
}

func TestBodyOverLimitIs413(t *testing.T) {
	l := DefaultLimits
	l.MaxBodyBytes = 100
	addr := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
	}), l)
	resp, b := rawRequest(t, addr, "POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 101\r\n\r\n"+strings.Repeat("a", 101))
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), `"message"`) {
		t.Fatalf("status %d: %s", resp.StatusCode, b)
	}
	resp, b = rawRequest(t, addr, "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 101\r\n\r\n"+strings.Repeat("a", 101))
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), `"REQUEST_TOO_LARGE"`) {
		t.Fatalf("graphql: status %d: %s", resp.StatusCode, b)
	}
}

// A body trickled in slowly is cut off at ReadTimeout: the connection does not stay open.
func TestSlowBodyIsCutOff(t *testing.T) {
	l := DefaultLimits
	l.ReadTimeout = 300 * time.Millisecond
	readErr := make(chan error, 1)
	addr := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := io.ReadAll(r.Body)
		readErr <- err
	}), l)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		if _, err := c.Write([]byte("a")); err != nil {
			break // the server closed the connection
		}
		select {
		case err := <-readErr:
			if err == nil {
				t.Fatal("the slow body was read completely")
			}
			return
		case <-time.After(100 * time.Millisecond):
		}
	}
	t.Fatal("the server kept reading a body sent at one byte per 100 ms for 5 s")
}
