package webhooks_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"taxd/internal/apperr"
	"taxd/internal/jobs"
	"taxd/internal/partner"
	"taxd/internal/pgtest"
	"taxd/internal/testwait"
	"taxd/internal/webhooks"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// receiver is an httptest endpoint that records every delivery and answers from a script.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	got      []delivery
	statuses []int // answers in order; 200 once exhausted
}

type delivery struct {
	header http.Header
	body   []byte
}

func newReceiver(t *testing.T, statuses ...int) *receiver {
	r := &receiver{statuses: statuses}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, delivery{header: req.Header.Clone(), body: b})
		status := http.StatusOK
		if len(r.statuses) > 0 {
			status, r.statuses = r.statuses[0], r.statuses[1:]
		}
		r.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) deliveries() []delivery {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]delivery(nil), r.got...)
}

type bundle struct {
	pool    *pgxpool.Pool
	svc     *webhooks.Service
	jobs    *jobs.Client
	acme    uuid.UUID // partner
	other   uuid.UUID // partner
	acmeUsr partner.User
}

func setup(t *testing.T, allowPrivate bool) *bundle {
	t.Helper()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	b := &bundle{pool: pool, svc: webhooks.NewService(pool)}
	for _, p := range []*uuid.UUID{&b.acme, &b.other} {
		created, _, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "P", PortalURL: "https://portal.example"})
		if err != nil {
			t.Fatal(err)
		}
		*p = created.ID
	}
	var err error
	if b.acmeUsr, err = partner.NewService(partner.Deps{Pool: pool}).CreateUser(ctx, b.acme, partner.NewUser{ReferenceID: "user-1"}); err != nil {
		t.Fatal(err)
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &webhooks.Worker{Pool: pool, AllowPrivate: allowPrivate,
		RetryDelay: func(int) time.Duration { return 20 * time.Millisecond }})
	b.jobs, err = jobs.New(pool, workers, jobs.Options{Workers: 1, Queues: map[string]int{webhooks.Queue: 2},
		RescueAfter: time.Minute, JobTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.jobs.Stop(context.Background()) })
	return b
}

func (b *bundle) emit(t *testing.T, ev webhooks.Event) {
	t.Helper()
	err := pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) error {
		return webhooks.EmitWith(context.Background(), tx, b.jobs, ev)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func waitFor(t *testing.T, what string, done func() bool) {
	t.Helper()
	testwait.For(t, what, 20*time.Second, done)
}

// A delivery that gets a 500 is retried; the receiver verifies the signature of each attempt with
// the secret it was shown once; the other partner's endpoint receives nothing; emitting the same
// event again delivers nothing new. Two events in a row, to catch a queue that serves only once.
func TestDeliverySignedRetriedAndScoped(t *testing.T) {
	b := setup(t, true)
	ctx := context.Background()
	acmeRecv := newReceiver(t, http.StatusInternalServerError)
	otherRecv := newReceiver(t)
	ep, secret, err := b.svc.Create(ctx, b.acme, webhooks.NewEndpoint{URL: acmeRecv.URL + "/hooks"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(secret, "whsec_") {
		t.Fatalf("secret %q", secret)
	}
	if _, _, err := b.svc.Create(ctx, b.other, webhooks.NewEndpoint{URL: otherRecv.URL}); err != nil {
		t.Fatal(err)
	}
	verifier, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}

	for round, syncID := range []uuid.UUID{uuid.New(), uuid.New()} {
		ev := webhooks.Event{Type: webhooks.TypeSyncCompleted, ClientID: b.acmeUsr.ClientID, Key: syncID.String(), At: time.Now(),
			Data: map[string]any{"syncId": syncID, "status": "completed"}}
		b.emit(t, ev)
		b.emit(t, ev) // the same event again: deduplicated by its id
		wantAttempts := 1
		if round == 0 {
			wantAttempts = 2 // the first answer was a 500
		}
		waitFor(t, "the delivery", func() bool {
			ds, err := b.svc.Deliveries(ctx, b.acme, ep.ID)
			return err == nil && len(ds) == round+1 && ds[0].Status == "succeeded"
		})
		ds, _ := b.svc.Deliveries(ctx, b.acme, ep.ID)
		if ds[0].EventID != ev.ID() || int(ds[0].Attempts) != wantAttempts || ds[0].LastStatusCode == nil || *ds[0].LastStatusCode != 200 {
			t.Fatalf("round %d: delivery log %+v; want event %s, %d attempts, last status 200", round, ds[0], ev.ID(), wantAttempts)
		}
	}
	got := acmeRecv.deliveries()
	if len(got) != 3 {
		t.Fatalf("the receiver got %d requests, want 3 (a 500, its retry, the second event)", len(got))
	}
	for i, d := range got {
		if err := verifier.Verify(d.body, d.header); err != nil {
			t.Errorf("request %d: signature does not verify: %v", i, err)
		}
		var body struct {
			ID   uuid.UUID         `json:"id"`
			Type string            `json:"type"`
			Data map[string]string `json:"data"`
		}
		if err := json.Unmarshal(d.body, &body); err != nil {
			t.Fatal(err)
		}
		if body.Type != "sync.completed" || body.Data["referenceId"] != "user-1" || d.header.Get("webhook-id") != body.ID.String() {
			t.Errorf("request %d: %s with webhook-id %s", i, d.body, d.header.Get("webhook-id"))
		}
	}
	if got[0].header.Get("webhook-id") != got[1].header.Get("webhook-id") {
		t.Error("a retry must carry the same webhook-id")
	}
	wrong, _ := standardwebhooks.NewWebhook("whsec_" + strings.Repeat("A", 32))
	if wrong.Verify(got[0].body, got[0].header) == nil {
		t.Error("a signature verifies with the wrong secret")
	}
	if n := len(otherRecv.deliveries()); n != 0 {
		t.Fatalf("the other partner's endpoint received %d of acme's events", n)
	}
	if _, err := b.svc.Deliveries(ctx, b.other, ep.ID); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("another partner reads acme's delivery log: %v", err)
	}
}

// An endpoint subscribed to some event types gets only those; a deleted endpoint gets nothing more.
func TestEventTypesAndDelete(t *testing.T) {
	b := setup(t, true)
	ctx := context.Background()
	recv := newReceiver(t)
	ep, _, err := b.svc.Create(ctx, b.acme, webhooks.NewEndpoint{URL: recv.URL, EventTypes: []webhooks.EventType{webhooks.TypeReportReady}})
	if err != nil {
		t.Fatal(err)
	}
	b.emit(t, webhooks.Event{Type: webhooks.TypeSyncFailed, ClientID: b.acmeUsr.ClientID, Key: "s1", At: time.Now()})
	b.emit(t, webhooks.Event{Type: webhooks.TypeReportReady, ClientID: b.acmeUsr.ClientID, Key: "r1", At: time.Now()})
	waitFor(t, "the report.ready delivery", func() bool { return len(recv.deliveries()) == 1 })
	if !strings.Contains(string(recv.deliveries()[0].body), `"report.ready"`) {
		t.Fatalf("got %s", recv.deliveries()[0].body)
	}
	if _, err := b.svc.Delete(ctx, b.acme, ep.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := b.svc.Delete(ctx, b.acme, ep.ID); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("second delete: %v", err)
	}
	b.emit(t, webhooks.Event{Type: webhooks.TypeReportReady, ClientID: b.acmeUsr.ClientID, Key: "r2", At: time.Now()})
	// The event of a deleted endpoint is recorded and its deliveries settle without sending: wait
	// until no delivery of it is pending, then nothing more can arrive.
	b.waitNoPendingDeliveries(t)
	if n := len(recv.deliveries()); n != 1 {
		t.Fatalf("a deleted endpoint received %d deliveries", n)
	}
}

// Outside development, deliveries never reach loopback or private addresses.
func TestPrivateTargetsRefused(t *testing.T) {
	b := setup(t, false)
	ctx := context.Background()
	recv := newReceiver(t)
	ep, _, err := b.svc.Create(ctx, b.acme, webhooks.NewEndpoint{URL: recv.URL})
	if err != nil {
		t.Fatal(err)
	}
	b.emit(t, webhooks.Event{Type: webhooks.TypeReportReady, ClientID: b.acmeUsr.ClientID, Key: "r1", At: time.Now()})
	waitFor(t, "a failed attempt", func() bool {
		ds, err := b.svc.Deliveries(ctx, b.acme, ep.ID)
		return err == nil && len(ds) == 1 && ds[0].Attempts > 0
	})
	ds, _ := b.svc.Deliveries(ctx, b.acme, ep.ID)
	if ds[0].Status == "succeeded" || ds[0].LastError == nil || !strings.Contains(*ds[0].LastError, "not a public address") {
		t.Fatalf("delivery to 127.0.0.1: %+v", ds[0])
	}
	if n := len(recv.deliveries()); n != 0 {
		t.Fatalf("the loopback receiver got %d requests", n)
	}
}

func TestValidateURL(t *testing.T) {
	for _, tc := range []struct {
		url, want string
	}{
		{"https://hooks.example.com/taxd", ""},
		{"http://127.0.0.1:9000/x", ""},
		{"ftp://hooks.example.com", "must be an http or https URL"},
		{"https://user:pass@hooks.example.com", "must not contain a user name or password"},
		{"https://user@hooks.example.com", "must not contain a user name or password"},
		{"/relative", "must be an http or https URL"},
		{"https:///nohost", "must name a host"},
		{"https://hooks.example.com/#frag", "must not have a #fragment"},
	} {
		err := webhooks.ValidateURL(tc.url)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.url, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.url, err, tc.want)
		}
	}
}

// waitNoPendingDeliveries waits until every delivery job has been finalised: after that, and with
// no new event, no request can reach a receiver.
func (b *bundle) waitNoPendingDeliveries(t *testing.T) {
	t.Helper()
	testwait.ForErr(t, "every webhook delivery job to be finalised", 20*time.Second, func() (bool, error) {
		var n int
		err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = $1 AND finalized_at IS NULL`, webhooks.DeliverArgs{}.Kind()).Scan(&n)
		return n == 0, err
	})
}

// An endpoint deleted while a transaction emits an event (a recalculation settling, say) does not
// fail that transaction: the emit waits for the delete and leaves the gone endpoint out. Twice, for
// the endpoint deleted before and while the emit runs.
func TestEmitSurvivesAnEndpointDeletedMeanwhile(t *testing.T) {
	b := setup(t, true)
	ctx := context.Background()
	for round := range 2 {
		recv := newReceiver(t)
		ep, _, err := b.svc.Create(ctx, b.acme, webhooks.NewEndpoint{URL: recv.URL, EventTypes: []webhooks.EventType{webhooks.TypeReportReady}})
		if err != nil {
			t.Fatal(err)
		}
		del, err := b.pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := del.Exec(ctx, `DELETE FROM webhook_endpoints WHERE id = $1`, ep.ID); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			done <- pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
				return webhooks.EmitWith(ctx, tx, b.jobs, webhooks.Event{Type: webhooks.TypeReportReady, ClientID: b.acmeUsr.ClientID,
					Key: fmt.Sprintf("deleted-meanwhile-%d", round), At: time.Now()})
			})
		}()
		testwait.BlockedOnLock(t, b.pool, "webhook_deliveries", 10*time.Second)
		if err := del.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != nil {
			t.Fatalf("round %d: the emit failed because the endpoint was deleted meanwhile: %v", round, err)
		}
		var n int
		if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = $1`, ep.ID).Scan(&n); err != nil || n != 0 {
			t.Fatalf("round %d: %d deliveries to the deleted endpoint (%v)", round, n, err)
		}
	}
}
