// Package webhooks lets partners register endpoints and delivers their events (sync.completed,
// sync.failed, recalculation.settled, report.ready) as signed POSTs (Standard Webhooks: HMAC-SHA256
// over id.timestamp.body), retried with backoff through a river queue of their own.
//
// Events are emitted inside the transaction that makes them true (or right after it, with an id
// derived from what they are about), so an event exists exactly once however often a job runs.
package webhooks

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/apperr"
)

// Queue is the river queue of webhook deliveries: a slow or failing receiver never holds back
// syncs, recalculations or reports.
const Queue = "webhooks"

// EventType names what happened.
type EventType string

const (
	TypeSyncCompleted        EventType = "sync.completed"
	TypeSyncFailed           EventType = "sync.failed"
	TypeRecalculationSettled EventType = "recalculation.settled"
	TypeReportReady          EventType = "report.ready"
)

// EventTypes are every type, in documentation order.
var EventTypes = []EventType{TypeSyncCompleted, TypeSyncFailed, TypeRecalculationSettled, TypeReportReady}

// MaxEndpoints bounds a partner's endpoints (each event fans out to every one).
const MaxEndpoints = 20

// Service manages endpoints and reads the delivery log.
type Service struct {
	pool *pgxpool.Pool
}

// NewService returns the webhook service on pool.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// NewEndpoint is what a partner registers.
type NewEndpoint struct {
	URL         string
	Description *string
	EventTypes  []EventType // empty: all
}

// Endpoint is a partner's webhook endpoint. Its signing secret is not part of it: Create returns
// the secret once, and only the delivery worker reads it afterwards.
type Endpoint struct {
	ID          uuid.UUID
	PartnerID   uuid.UUID
	URL         string
	Description *string
	EventTypes  []string
	CreatedAt   time.Time
}

func endpointOf(ep db.WebhookEndpoint) Endpoint {
	return Endpoint{ID: ep.ID, PartnerID: ep.PartnerID, URL: ep.Url, Description: ep.Description, EventTypes: ep.EventTypes, CreatedAt: ep.CreatedAt}
}

// Delivery is one event sent (or being sent) to an endpoint, with its latest attempt.
type Delivery struct {
	ID             uuid.UUID
	EventID        uuid.UUID
	EndpointID     uuid.UUID
	Status         string
	Attempts       int32
	LastStatusCode *int32
	LastError      *string
	CreatedAt      time.Time
	LastAttemptAt  *time.Time
	EventType      string
}

// SecretPrefix starts every signing secret shown to a partner.
const SecretPrefix = "whsec_"

// Create registers an endpoint and returns it with its signing secret (shown only this once).
func (s *Service) Create(ctx context.Context, partnerID uuid.UUID, in NewEndpoint) (Endpoint, string, error) {
	if err := ValidateURL(in.URL); err != nil {
		return Endpoint{}, "", err
	}
	types := make([]string, 0, len(EventTypes))
	for _, t := range EventTypes {
		if len(in.EventTypes) == 0 || slices.Contains(in.EventTypes, t) {
			types = append(types, string(t))
		}
	}
	for _, t := range in.EventTypes {
		if !slices.Contains(EventTypes, t) {
			return Endpoint{}, "", apperr.InvalidField("eventTypes", "unknown event type %q", t)
		}
	}
	key := make([]byte, 24)
	if _, err := rand.Read(key); err != nil {
		return Endpoint{}, "", err
	}
	var ep db.WebhookEndpoint
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		// Serialise a partner's creations so the limit holds under concurrent requests.
		if err := q.LockPartnerWebhookEndpoints(ctx, partnerID); err != nil {
			return err
		}
		n, err := q.CountWebhookEndpoints(ctx, partnerID)
		if err != nil {
			return err
		}
		if n >= MaxEndpoints {
			return apperr.New(apperr.Invalid, "a partner may register at most %d webhook endpoints; delete one first", MaxEndpoints)
		}
		ep, err = q.InsertWebhookEndpoint(ctx, db.InsertWebhookEndpointParams{
			ID: uuid.Must(uuid.NewV7()), PartnerID: partnerID, Url: in.URL, Description: in.Description, EventTypes: types, Secret: key,
		})
		return err
	})
	if err != nil {
		return Endpoint{}, "", err
	}
	return endpointOf(ep), SecretPrefix + base64.StdEncoding.EncodeToString(key), nil
}

// List returns the partner's endpoints, newest first.
func (s *Service) List(ctx context.Context, partnerID uuid.UUID) ([]Endpoint, error) {
	eps, err := db.New(s.pool).ListWebhookEndpoints(ctx, partnerID)
	out := make([]Endpoint, len(eps))
	for i, ep := range eps {
		out[i] = endpointOf(ep)
	}
	return out, err
}

// Delete removes an endpoint of the partner with its delivery log; pending retries find no
// delivery and stop.
func (s *Service) Delete(ctx context.Context, partnerID, id uuid.UUID) (Endpoint, error) {
	ep, err := db.New(s.pool).DeleteWebhookEndpoint(ctx, db.DeleteWebhookEndpointParams{PartnerID: partnerID, ID: id})
	if errors.Is(err, pgx.ErrNoRows) {
		return Endpoint{}, errEndpointNotFound
	}
	return endpointOf(ep), err
}

// Deliveries returns the delivery log of one of the partner's endpoints, newest first.
func (s *Service) Deliveries(ctx context.Context, partnerID, endpointID uuid.UUID) ([]Delivery, error) {
	q := db.New(s.pool)
	if _, err := q.GetWebhookEndpoint(ctx, db.GetWebhookEndpointParams{PartnerID: partnerID, ID: endpointID}); errors.Is(err, pgx.ErrNoRows) {
		return nil, errEndpointNotFound
	} else if err != nil {
		return nil, err
	}
	rows, err := q.ListWebhookDeliveries(ctx, db.ListWebhookDeliveriesParams{PartnerID: partnerID, EndpointID: endpointID})
	out := make([]Delivery, len(rows))
	for i, r := range rows {
		out[i] = Delivery(r)
	}
	return out, err
}

var errEndpointNotFound = apperr.NotFoundf("webhook endpoint not found")

// ValidateURL accepts absolute http and https URLs with a host and without credentials.
// (Where a URL may point is checked when it is dialled: see Worker.AllowPrivate.)
func ValidateURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return apperr.InvalidField("url", "is not a valid URL")
	}
	if s := strings.ToLower(u.Scheme); s != "http" && s != "https" {
		return apperr.InvalidField("url", "must be an http or https URL")
	}
	if u.User != nil {
		return apperr.InvalidField("url", "must not contain a user name or password")
	}
	if u.Hostname() == "" {
		return apperr.InvalidField("url", "must name a host")
	}
	if u.Fragment != "" {
		return apperr.InvalidField("url", "must not have a #fragment")
	}
	return nil
}
