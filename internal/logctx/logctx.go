// Package logctx carries the request id from an HTTP request into everything it causes: the log
// lines of the request (a slog handler reads it from the context) and the jobs it enqueues (a river
// middleware stores it in the job's metadata and puts it back into the worker's context), so a
// sync, a recalculation or a webhook delivery logs the id of the request that started it.
package logctx

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

type requestIDKey struct{}

// WithRequestID returns ctx carrying the request id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID is the id in ctx, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// Handler adds request_id to every record logged with a context that carries one.
type Handler struct{ slog.Handler }

func (h Handler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h Handler) WithAttrs(as []slog.Attr) slog.Handler { return Handler{h.Handler.WithAttrs(as)} }
func (h Handler) WithGroup(name string) slog.Handler    { return Handler{h.Handler.WithGroup(name)} }

// JobMiddleware records the inserting request's id in each job's metadata and, when the job runs,
// puts it back into the worker's context and logs the job's outcome with it.
type JobMiddleware struct {
	river.MiddlewareDefaults
}

const metadataKey = "request_id"

func (*JobMiddleware) InsertMany(ctx context.Context, params []*rivertype.JobInsertParams, doInner func(context.Context) ([]*rivertype.JobInsertResult, error)) ([]*rivertype.JobInsertResult, error) {
	if id := RequestID(ctx); id != "" {
		for _, p := range params {
			meta := map[string]any{}
			if len(p.Metadata) > 0 {
				_ = json.Unmarshal(p.Metadata, &meta)
			}
			meta[metadataKey] = id
			if b, err := json.Marshal(meta); err == nil {
				p.Metadata = b
			}
		}
	}
	return doInner(ctx)
}

func (*JobMiddleware) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	var meta struct {
		RequestID string `json:"request_id"`
	}
	if len(job.Metadata) > 0 && json.Unmarshal(job.Metadata, &meta) == nil && meta.RequestID != "" {
		ctx = WithRequestID(ctx, meta.RequestID)
	}
	start := time.Now()
	err := doInner(ctx)
	attrs := []any{"job_id", job.ID, "kind", job.Kind, "queue", job.Queue, "attempt", job.Attempt, "duration_ms", time.Since(start).Milliseconds()}
	if err != nil {
		slog.WarnContext(ctx, "job attempt failed", append(attrs, "err", err)...)
	} else {
		slog.InfoContext(ctx, "job done", attrs...)
	}
	return err
}

var (
	_ rivertype.JobInsertMiddleware = (*JobMiddleware)(nil)
	_ rivertype.WorkerMiddleware    = (*JobMiddleware)(nil)
)
