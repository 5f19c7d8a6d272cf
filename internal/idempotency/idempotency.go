// Package idempotency gives partner POSTs Stripe's Idempotency-Key semantics: per partner and for
// 24 hours, the same key with the same request (method, path, body; a JSON body by its content,
// not its member order or white space) replays the first answer
// instead of running the operation again; the same key with another request is a 422 naming the
// key; a request that arrives while the first with its key still runs waits for that answer.
//
// Keys live in Postgres (idempotency_keys), so every API node sees the same keys. A request
// claims its key with one INSERT ... ON CONFLICT before the operation runs, which is what makes
// two concurrent requests with one key run the operation once.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/apperr"
)

// Header is the request header that carries the key.
const Header = "Idempotency-Key"

// ReplayedHeader marks an answer that was replayed from the first request with the key.
const ReplayedHeader = "Idempotent-Replayed"

const (
	// Retention is how long a key is remembered after its first use.
	Retention = 24 * time.Hour
	// MaxBody is the largest answer that is stored for replay; a larger one is not kept.
	MaxBody = 1 << 20
	// abandonedAfter: a key whose request has had no answer for this long belongs to a request
	// that died with its process (the server cuts every request off after 20 s), and is taken over.
	abandonedAfter = time.Minute
)

// Service stores the keys.
type Service struct {
	pool *pgxpool.Pool
	now  func() time.Time
	// Wait is how long a request waits for the answer of a concurrent one with its key before a
	// 409; Poll is how often it looks.
	Wait, Poll time.Duration
}

// NewService returns the key store on pool.
func NewService(pool *pgxpool.Pool, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{pool: pool, now: now, Wait: 20 * time.Second, Poll: 50 * time.Millisecond}
}

// Stored is a kept answer.
type Stored struct {
	Status      int
	ContentType string
	Body        []byte
}

// claim is a key this request owns until it completes or releases it.
type claim struct {
	partner uuid.UUID
	key     string
	created time.Time
}

// RequestHash identifies a request for its key: the method, the escaped path and the body. A JSON
// body counts by what it says, not how it is written: the same members in another order or with
// other white space are the same request (a client library may serialise a retry differently).
// Numbers keep their text, so 1.0 and 1 differ as the operation may read them differently.
func RequestHash(method, path string, body []byte) []byte {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", method, path)
	h.Write(canonicalJSON(body))
	return h.Sum(nil)
}

// canonicalJSON is body with its object members sorted and without insignificant white space, or
// body itself when it is not one JSON value.
func canonicalJSON(body []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return body
	}
	if _, err := dec.Token(); err != io.EOF {
		return body
	}
	out, err := json.Marshal(v) // encoding/json writes map keys sorted
	if err != nil {
		return body
	}
	return out
}

// begin claims key for a request with hash. It returns the claim when this request should run
// the operation, or the stored answer to replay; a key used for another request is an error.
func (s *Service) begin(ctx context.Context, partner uuid.UUID, key string, hash []byte) (*claim, *Stored, error) {
	q := db.New(s.pool)
	deadline := time.Now().Add(s.Wait)
	for {
		now := s.now().UTC()
		created, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
			PartnerID: partner, Key: key, RequestHash: hash, Now: now,
			ExpiredBefore: now.Add(-Retention), AbandonedBefore: now.Add(-abandonedAfter),
		})
		if err == nil {
			// Forget this partner's expired keys (an index range, usually empty).
			if err := q.DeleteExpiredIdempotencyKeys(ctx, db.DeleteExpiredIdempotencyKeysParams{PartnerID: partner, CreatedAt: now.Add(-Retention)}); err != nil {
				slog.WarnContext(ctx, "idempotency: deleting expired keys", "err", err)
			}
			return &claim{partner: partner, key: key, created: created}, nil, nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return nil, nil, err
		}
		row, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{PartnerID: partner, Key: key})
		if errors.Is(err, pgx.ErrNoRows) {
			continue // released between the two statements: claim it again
		}
		if err != nil {
			return nil, nil, err
		}
		if !bytes.Equal(row.RequestHash, hash) {
			return nil, nil, &apperr.Error{Kind: apperr.Unprocessable, Code: "idempotency_key_reused",
				Message: fmt.Sprintf("Idempotency-Key %q was used with another request in the last 24 hours; use a new key for a new request", key),
				Fields:  []apperr.FieldError{{Field: Header, Message: "was used with another request in the last 24 hours"}}}
		}
		if row.Status != nil {
			ct := ""
			if row.ContentType != nil {
				ct = *row.ContentType
			}
			return nil, &Stored{Status: int(*row.Status), ContentType: ct, Body: row.Body}, nil
		}
		// The first request with this key is still running: wait for its answer.
		if time.Now().After(deadline) {
			return nil, nil, &apperr.Error{Kind: apperr.Conflict, Code: "idempotency_key_in_progress",
				Message: fmt.Sprintf("a request with Idempotency-Key %q is still running; retry later", key)}
		}
		select {
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		case <-time.After(s.Poll):
		}
	}
}

// finish stores the answer of a claimed request, or releases the key when the answer is not one
// to keep (a 5xx or a 429: the operation did not run, or failed; a retry runs it again).
func (s *Service) finish(ctx context.Context, c *claim, status int, contentType string, body []byte, keep bool) error {
	q := db.New(s.pool)
	if !keep || status >= 500 || status == http.StatusTooManyRequests || len(body) > MaxBody {
		return q.ReleaseIdempotencyKey(ctx, db.ReleaseIdempotencyKeyParams{PartnerID: c.partner, Key: c.key, CreatedAt: c.created})
	}
	st, now := int32(status), s.now().UTC()
	return q.CompleteIdempotencyKey(ctx, db.CompleteIdempotencyKeyParams{
		Status: &st, ContentType: &contentType, Body: body, Now: &now,
		PartnerID: c.partner, Key: c.key, CreatedAt: c.created,
	})
}
