package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"taxd/internal/apperr"
	"taxd/internal/graph"
	"taxd/internal/rest"
)

// Limits is the one request-size and timeout policy of the HTTP server (README "Limits").
type Limits struct {
	MaxBodyBytes      int64         // JSON request bodies (REST and GraphQL): 413 above it
	ReadHeaderTimeout time.Duration // request line and headers
	ReadTimeout       time.Duration // the whole request, body included (slow senders are cut off)
	IdleTimeout       time.Duration // keep-alive connections between requests
	MaxHeaderBytes    int
}

// DefaultLimits are the documented production limits.
var DefaultLimits = Limits{
	MaxBodyBytes:      1 << 20, // 1 MiB
	ReadHeaderTimeout: 5 * time.Second,
	ReadTimeout:       20 * time.Second,
	IdleTimeout:       60 * time.Second,
	MaxHeaderBytes:    64 << 10,
}

// NewHTTPServer returns the http.Server that serves h under l's timeouts. Report downloads stream
// from the bucket, so there is no WriteTimeout; a handler's own work is bounded where it runs
// (the GraphQL execution timeout, statement timeouts).
func NewHTTPServer(h http.Handler, l Limits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
	}
}

// withBodyLimit caps every request body at max bytes: a declared Content-Length above it is
// refused at once (413) and a chunked body is cut off by http.MaxBytesReader, whose error the REST
// gate and the GraphQL handler turn into the same 413.
func withBodyLimit(max int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/uploads/") {
			next.ServeHTTP(w, r) // a file to a signed upload URL: the upload limit applies (fileimport/signed.go)
			return
		}
		if r.ContentLength > max {
			writeTooLarge(w, r, max)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, max)
		next.ServeHTTP(w, r)
	})
}

func writeTooLarge(w http.ResponseWriter, r *http.Request, max int64) {
	msg := fmt.Sprintf("the request body is larger than the limit of %d bytes", max)
	if strings.HasPrefix(r.URL.Path, "/graphql") {
		graph.WriteHTTPError(w, http.StatusRequestEntityTooLarge, graph.CodeRequestTooLarge, msg)
		return
	}
	rest.WriteError(w, r, apperr.New(apperr.TooLarge, "%s", msg))
}

// jsonNotFound answers paths outside /api and /graphql with a JSON 404 (net/http's is plain text).
func jsonNotFound(w http.ResponseWriter, r *http.Request) {
	rest.WriteError(w, r, apperr.NotFoundf("no route at %s", r.URL.Path))
}

// jsonErrorListener rewrites the plain-text errors that net/http writes by itself, before any
// handler runs, for requests it cannot parse (an invalid percent-escape such as /api/users/%zz/user,
// a malformed header, headers over the limit): the caller gets the same JSON {message, code} as
// from the API. net/http offers no hook for these; it writes them in one Write on the raw
// connection and closes it, which is what this recognises.
type jsonErrorListener struct{ net.Listener }

// JSONErrors wraps ln so that net/http's own protocol errors are JSON.
func JSONErrors(ln net.Listener) net.Listener { return jsonErrorListener{ln} }

func (l jsonErrorListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return jsonErrorConn{c}, nil
}

type jsonErrorConn struct{ net.Conn }

// The exact shape of net/http's canned protocol errors (server.go): status line, these headers,
// then the status text as the body.
const netHTTPErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

func (c jsonErrorConn) Write(b []byte) (int, error) {
	if !bytes.HasPrefix(b, []byte("HTTP/1.1 4")) {
		return c.Conn.Write(b)
	}
	head, body, ok := bytes.Cut(b, []byte(netHTTPErrorHeaders))
	if !ok || bytes.Contains(head, []byte("\r\n")) || len(body) > 200 {
		return c.Conn.Write(b)
	}
	status := string(bytes.TrimPrefix(head, []byte("HTTP/1.1 ")))
	code, text, _ := strings.Cut(status, " ")
	msg := "the request could not be parsed: " + strings.ToLower(text)
	if extra := strings.TrimSpace(strings.TrimPrefix(string(body), status)); extra != "" {
		msg += " (" + strings.TrimLeft(extra, ": ") + ")"
	}
	name := "invalid_request"
	if code == "431" {
		name = "headers_too_large"
	}
	js, _ := json.Marshal(map[string]string{"message": msg, "code": name})
	out := fmt.Sprintf("HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", status, len(js), js)
	if _, err := c.Conn.Write([]byte(out)); err != nil {
		return 0, err
	}
	return len(b), nil
}
