package webhooks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"taxd/gen/db"
)

// DeliverArgs is the river job that POSTs one event to one endpoint.
type DeliverArgs struct {
	DeliveryID uuid.UUID `json:"delivery_id"`
}

func (DeliverArgs) Kind() string { return "webhooks.deliver" }

// MaxAttempts with river's default backoff (attempt⁴ seconds) spreads retries over about 17 hours.
const MaxAttempts = 12

// InsertOpts puts deliveries on their own queue, one job per delivery.
func (DeliverArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: MaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RequestTimeout bounds one attempt: a receiver must answer within it.
const RequestTimeout = 10 * time.Second

// Worker delivers events.
type Worker struct {
	river.WorkerDefaults[DeliverArgs]
	Pool *pgxpool.Pool
	// AllowPrivate lets deliveries reach loopback and private addresses (development and tests);
	// otherwise such addresses are refused when dialled, whatever the URL's host resolves to.
	AllowPrivate bool
	// RetryDelay, when set, replaces river's backoff (tests).
	RetryDelay func(attempt int) time.Duration

	client *http.Client
}

// NextRetry uses RetryDelay when set; the zero time means river's default policy.
func (w *Worker) NextRetry(job *river.Job[DeliverArgs]) time.Time {
	if w.RetryDelay != nil {
		return time.Now().Add(w.RetryDelay(job.Attempt))
	}
	return time.Time{}
}

func (w *Worker) Timeout(*river.Job[DeliverArgs]) time.Duration {
	return RequestTimeout + 5*time.Second
}

func (w *Worker) Work(ctx context.Context, job *river.Job[DeliverArgs]) error {
	q := db.New(w.Pool)
	d, err := q.GetWebhookDelivery(ctx, job.Args.DeliveryID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // the endpoint was deleted with its deliveries
	}
	if err != nil {
		return err
	}
	if d.Status != "pending" {
		return nil
	}
	code, sendErr := w.send(ctx, d)
	status, lastErr := "succeeded", (*string)(nil)
	if sendErr != nil {
		status = "pending"
		if job.Attempt >= job.MaxAttempts {
			status = "failed"
		}
		msg := sendErr.Error()
		lastErr = &msg
	}
	if err := q.RecordWebhookAttempt(ctx, db.RecordWebhookAttemptParams{ID: d.ID, Status: status, LastStatusCode: code, LastError: lastErr}); err != nil {
		return errors.Join(sendErr, err)
	}
	return sendErr // an error makes river retry with backoff
}

// send POSTs the event once, signed; it returns the answer's status (nil when none came).
func (w *Worker) send(ctx context.Context, d db.GetWebhookDeliveryRow) (*int32, error) {
	wh, err := standardwebhooks.NewWebhookRaw(d.Secret)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	msgID := d.EventID.String()
	sig, err := wh.Sign(msgID, now, d.Payload)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, RequestTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.Url, bytes.NewReader(d.Payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "taxd-webhooks/1")
	req.Header.Set(standardwebhooks.HeaderWebhookID, msgID)
	req.Header.Set(standardwebhooks.HeaderWebhookTimestamp, strconv.FormatInt(now.Unix(), 10))
	req.Header.Set(standardwebhooks.HeaderWebhookSignature, sig)
	resp, err := w.httpClient().Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	code := int32(resp.StatusCode)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &code, fmt.Errorf("the endpoint answered %d", resp.StatusCode)
	}
	return &code, nil
}

func (w *Worker) httpClient() *http.Client {
	if w.client != nil {
		return w.client
	}
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	if !w.AllowPrivate {
		dialer.Control = refusePrivate
	}
	w.client = &http.Client{
		Transport: &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: 5 * time.Second, MaxIdleConnsPerHost: 2},
		// A redirect could lead anywhere: receivers must answer at the registered URL.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return w.client
}

// refusePrivate rejects connections to loopback, private, link-local and unspecified addresses
// (checked on the resolved address, so DNS cannot point a public name at an internal host).
func refusePrivate(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return err
	}
	ip = ip.Unmap()
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() || ip.IsUnspecified() || ip.IsMulticast() {
		return fmt.Errorf("webhook target %s is not a public address", ip)
	}
	return nil
}
