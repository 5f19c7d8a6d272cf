package logctx

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/riverqueue/river/rivertype"
)

// A request's id goes into the metadata of the jobs it inserts, comes back into the worker's
// context, and every log line written with that context carries it.
func TestRequestIDFollowsTheJob(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(Handler{slog.NewTextHandler(&buf, nil)})
	prev := slog.Default()
	slog.SetDefault(log)
	t.Cleanup(func() { slog.SetDefault(prev) })

	m := &JobMiddleware{}
	params := []*rivertype.JobInsertParams{{Kind: "k", Metadata: []byte(`{"other":1}`)}, {Kind: "k"}}
	ctx := WithRequestID(context.Background(), "req-42")
	if _, err := m.InsertMany(ctx, params, func(context.Context) ([]*rivertype.JobInsertResult, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	for i, p := range params {
		if !strings.Contains(string(p.Metadata), `"request_id":"req-42"`) {
			t.Fatalf("job %d metadata %s", i, p.Metadata)
		}
	}
	if !strings.Contains(string(params[0].Metadata), `"other":1`) {
		t.Fatalf("existing metadata lost: %s", params[0].Metadata)
	}
	job := &rivertype.JobRow{ID: 7, Kind: "syncs.account", Metadata: params[0].Metadata}
	err := m.Work(context.Background(), job, func(ctx context.Context) error {
		slog.InfoContext(ctx, "inside the worker")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if !strings.Contains(line, "request_id=req-42") {
			t.Errorf("log line without the request id: %s", line)
		}
	}
	if !strings.Contains(buf.String(), "inside the worker") || !strings.Contains(buf.String(), "job done") {
		t.Fatalf("logs: %s", buf.String())
	}
}

// Jobs inserted outside a request keep their metadata as it was.
func TestNoRequestNoMetadata(t *testing.T) {
	p := &rivertype.JobInsertParams{Kind: "k"}
	if _, err := (&JobMiddleware{}).InsertMany(context.Background(), []*rivertype.JobInsertParams{p},
		func(context.Context) ([]*rivertype.JobInsertResult, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	if p.Metadata != nil {
		t.Fatalf("metadata %s", p.Metadata)
	}
}
