package idempotency

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/google/uuid"
)

// Middleware applies the keys to POSTs that carry the header and whose caller partner() names
// (requests it cannot place, such as the signed downloads that no partner authenticates, pass
// through: they change nothing). It sits after authentication and request validation, so that a
// request refused before the operation ran keeps no answer; writeErr answers this package's errors.
func (s *Service) Middleware(partner func(context.Context) (uuid.UUID, bool), writeErr func(http.ResponseWriter, *http.Request, error)) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get(Header)
			pid, ok := partner(r.Context())
			if r.Method != http.MethodPost || key == "" || !ok {
				next.ServeHTTP(w, r)
				return
			}
			var body []byte
			if r.Body != nil {
				b, err := io.ReadAll(r.Body)
				if err != nil {
					writeErr(w, r, err)
					return
				}
				body = b
				r.Body = io.NopCloser(bytes.NewReader(b))
			}
			c, stored, err := s.begin(r.Context(), pid, key, RequestHash(r.Method, r.URL.EscapedPath(), body))
			if err != nil {
				writeErr(w, r, err)
				return
			}
			if stored != nil {
				if stored.ContentType != "" {
					w.Header().Set("Content-Type", stored.ContentType)
				}
				w.Header().Set(ReplayedHeader, "true")
				w.Header().Set("Content-Length", strconv.Itoa(len(stored.Body)))
				w.WriteHeader(stored.Status)
				_, _ = w.Write(stored.Body)
				return
			}
			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			completed := false
			defer func() {
				// The answer is stored even when the caller has gone: a retry must find it.
				ctx := context.WithoutCancel(r.Context())
				if err := s.finish(ctx, c, rec.status, rec.Header().Get("Content-Type"), rec.buf.Bytes(), completed && !rec.overflow); err != nil {
					slog.ErrorContext(ctx, "idempotency: storing the answer", "err", err, "key", key)
				}
			}()
			next.ServeHTTP(rec, r)
			completed = true // a panic leaves completed false: the key is released
		})
	}
}

// recorder passes the answer through and keeps a copy (up to MaxBody).
type recorder struct {
	http.ResponseWriter
	status   int
	wrote    bool
	buf      bytes.Buffer
	overflow bool
}

func (r *recorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	if !r.overflow {
		if r.buf.Len()+len(b) > MaxBody {
			r.overflow = true
			r.buf.Reset()
		} else {
			r.buf.Write(b)
		}
	}
	return r.ResponseWriter.Write(b)
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
