package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
)

// eventNamespace derives event ids (UUIDv5) from what an event is about.
var eventNamespace = uuid.MustParse("6f7e3a52-9d0c-4b8e-a1f4-2c5d8e9b7a10")

// Event is one thing that happened to a partner's user.
type Event struct {
	Type     EventType
	ClientID uuid.UUID
	// Key names what the event is about (a sync id, a recalculation job id, a report id): the
	// same type and key give the same event id, so a second emit is a no-op.
	Key  string
	At   time.Time
	Data map[string]any
}

// ID is the event's id (also the webhook-id header).
func (e Event) ID() uuid.UUID {
	return uuid.NewSHA1(eventNamespace, []byte(string(e.Type)+":"+e.Key))
}

// payload is the body POSTed to endpoints.
type payload struct {
	ID        uuid.UUID      `json:"id"`
	Type      EventType      `json:"type"`
	Timestamp time.Time      `json:"timestamp"`
	Data      map[string]any `json:"data"`
}

// Emit records the event for the client's partner inside tx and enqueues one delivery per
// subscribed endpoint. Clients without a partner, and events emitted before, are skipped. The
// deliveries are inserted with the river client of ctx (every worker has one); without one (a
// command-line run) the event is recorded and its deliveries are not sent.
func Emit(ctx context.Context, tx pgx.Tx, ev Event) error {
	jc, _ := river.ClientFromContextSafely[pgx.Tx](ctx)
	return EmitWith(ctx, tx, jc, ev)
}

// EmitWith is Emit with an explicit job client (nil: record the event, send nothing).
func EmitWith(ctx context.Context, tx pgx.Tx, jc *river.Client[pgx.Tx], ev Event) error {
	q := db.New(tx)
	owner, err := q.GetWebhookClientOwner(ctx, ev.ClientID)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && owner.PartnerID == nil) {
		return nil
	}
	if err != nil {
		return err
	}
	data := map[string]any{"referenceId": deref(owner.ReferenceID)}
	for k, v := range ev.Data {
		data[k] = v
	}
	id := ev.ID()
	body, err := json.Marshal(payload{ID: id, Type: ev.Type, Timestamp: ev.At.UTC().Truncate(time.Millisecond), Data: data})
	if err != nil {
		return err
	}
	n, err := q.InsertWebhookEvent(ctx, db.InsertWebhookEventParams{ID: id, PartnerID: *owner.PartnerID, Type: string(ev.Type), Payload: body, CreatedAt: ev.At})
	if err != nil || n == 0 {
		return err // n == 0: emitted before (deduplicated by event id)
	}
	deliveries, err := q.InsertWebhookDeliveries(ctx, id)
	if err != nil || len(deliveries) == 0 {
		return err
	}
	if jc == nil {
		slog.WarnContext(ctx, "webhook event recorded without a job client: not delivered", "event_id", id, "type", ev.Type)
		return nil
	}
	params := make([]river.InsertManyParams, len(deliveries))
	for i, d := range deliveries {
		params[i] = river.InsertManyParams{Args: DeliverArgs{DeliveryID: d}}
	}
	_, err = jc.InsertManyTx(ctx, tx, params)
	return err
}

// EmitNow emits ev in a transaction of its own (for hooks that run after their own commit; the
// derived event id makes a repeated call harmless).
func EmitNow(ctx context.Context, pool *pgxpool.Pool, ev Event) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return Emit(ctx, tx, ev) })
}

// SyncFinished emits sync.completed or sync.failed for a sync that has just ended.
func SyncFinished(ctx context.Context, tx pgx.Tx, s db.AccountSync) error {
	t := TypeSyncCompleted
	if s.Status == "failed" {
		t = TypeSyncFailed
	}
	data := map[string]any{"syncId": s.ID, "status": s.Status}
	if s.Error != nil {
		data["error"] = *s.Error
	}
	at := time.Now()
	if s.FinishedAt != nil {
		at = *s.FinishedAt
	}
	return Emit(ctx, tx, Event{Type: t, ClientID: s.ClientID, Key: s.ID.String(), At: at, Data: data})
}

// RecalculationSettled emits recalculation.settled when a recalculation job switched the client's
// results.
func RecalculationSettled(ctx context.Context, tx pgx.Tx, clientID, recalcJobID uuid.UUID) error {
	return Emit(ctx, tx, Event{Type: TypeRecalculationSettled, ClientID: clientID, Key: recalcJobID.String(), At: time.Now(),
		Data: map[string]any{"recalculationId": recalcJobID}})
}

// ReportIsReady emits report.ready for a report that has become available.
func ReportIsReady(ctx context.Context, pool *pgxpool.Pool, r db.Report) error {
	return EmitNow(ctx, pool, Event{Type: TypeReportReady, ClientID: r.ClientID, Key: r.ID.String(), At: time.Now(),
		Data: map[string]any{"reportId": r.ID, "year": r.Year, "reportType": r.ReportType}})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
