// Package mail sends e-mail through an outbox: a request writes the message row and inserts the
// send job in its own transaction, so a message is sent if and only if the request committed. The
// job delivers over SMTP, or in development writes the message as a file.
package mail

import (
	"context"
	"fmt"
	"net/smtp"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/jobs"
)

// Message is an e-mail to queue.
type Message struct {
	PartnerID *uuid.UUID
	To        string
	Subject   string
	Body      string
	Kind      string // link, report, ...
}

// SendArgs is the river job that delivers one outbox row.
type SendArgs struct {
	OutboxID uuid.UUID `json:"outbox_id"`
}

func (SendArgs) Kind() string { return "mail.send" }

// InsertOpts puts delivery on the mail queue.
func (SendArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueMail, MaxAttempts: 10}
}

// Queue writes msg to the outbox and queues its delivery, inside tx. dailyLimit > 0 caps the
// messages per sender partner and recipient per UTC day (LimitExceeded past it), so one partner's
// e-mails never use up another's allowance; concurrent requests for one partner and recipient are
// serialised by an advisory lock so the cap holds.
func Queue(ctx context.Context, tx pgx.Tx, rc *river.Client[pgx.Tx], msg Message, dailyLimit int, now time.Time) (db.EmailOutbox, error) {
	q := db.New(tx)
	recipient := strings.ToLower(strings.TrimSpace(msg.To))
	if dailyLimit > 0 {
		sender := "system"
		if msg.PartnerID != nil {
			sender = msg.PartnerID.String()
		}
		if err := q.LockSenderRecipient(ctx, db.LockSenderRecipientParams{Sender: sender, Recipient: recipient}); err != nil {
			return db.EmailOutbox{}, err
		}
		day := now.UTC().Truncate(24 * time.Hour)
		n, err := q.CountRecipientEmailsSince(ctx, db.CountRecipientEmailsSinceParams{PartnerID: msg.PartnerID, Recipient: recipient, Since: day})
		if err != nil {
			return db.EmailOutbox{}, err
		}
		if n >= int64(dailyLimit) {
			e := apperr.New(apperr.LimitExceeded, "the daily e-mail limit for this recipient is reached; try again after 00:00 UTC")
			e.RetryAfter = day.Add(24 * time.Hour).Sub(now)
			return db.EmailOutbox{}, e
		}
	}
	row, err := q.InsertOutboxEmail(ctx, db.InsertOutboxEmailParams{
		ID: uuid.Must(uuid.NewV7()), PartnerID: msg.PartnerID, Recipient: msg.To, Subject: msg.Subject, BodyText: msg.Body, Kind: msg.Kind,
	})
	if err != nil {
		return db.EmailOutbox{}, err
	}
	if _, err := rc.InsertTx(ctx, tx, SendArgs{OutboxID: row.ID}, nil); err != nil {
		return db.EmailOutbox{}, err
	}
	return row, nil
}

// Sender delivers one message.
type Sender interface {
	Send(ctx context.Context, m db.EmailOutbox) error
}

// SMTPSender delivers over SMTP (PLAIN auth when a user is set).
type SMTPSender struct {
	Addr, From, User, Password string
}

func (s SMTPSender) Send(_ context.Context, m db.EmailOutbox) error {
	var a smtp.Auth
	if s.User != "" {
		host, _, _ := strings.Cut(s.Addr, ":")
		a = smtp.PlainAuth("", s.User, s.Password, host)
	}
	return smtp.SendMail(s.Addr, a, envelopeAddress(s.From), []string{m.Recipient}, render(s.From, m))
}

// DirSender writes each message as an .eml file (development).
type DirSender struct {
	Dir, From string
}

func (s DirSender) Send(_ context.Context, m db.EmailOutbox) error {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	name := fmt.Sprintf("%s-%s.eml", m.CreatedAt.UTC().Format("20060102T150405Z"), m.ID)
	return os.WriteFile(filepath.Join(s.Dir, name), render(s.From, m), 0o644)
}

func envelopeAddress(from string) string {
	if i, j := strings.LastIndex(from, "<"), strings.LastIndex(from, ">"); i >= 0 && j > i {
		return from[i+1 : j]
	}
	return from
}

func render(from string, m db.EmailOutbox) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s@taxd>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n",
		from, m.Recipient, m.Subject, m.CreatedAt.UTC().Format(time.RFC1123Z), m.ID)
	b.WriteString(strings.ReplaceAll(m.BodyText, "\n", "\r\n"))
	return []byte(b.String())
}

// Worker delivers outbox rows; a delivered row is never sent again.
type Worker struct {
	river.WorkerDefaults[SendArgs]
	Pool   *pgxpool.Pool
	Sender Sender
}

func (w *Worker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	// The row lock keeps two workers from sending one message; a failed attempt is recorded
	// (committed) and the job returns the error so river retries with backoff.
	var sendErr error
	err := pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		m, err := q.GetOutboxEmailForUpdate(ctx, job.Args.OutboxID)
		if err != nil {
			return err
		}
		if m.SentAt != nil {
			return nil
		}
		if sendErr = w.Sender.Send(ctx, m); sendErr != nil {
			return q.MarkOutboxEmailFailed(ctx, db.MarkOutboxEmailFailedParams{ID: m.ID, LastError: ptr(sendErr.Error())})
		}
		return q.MarkOutboxEmailSent(ctx, m.ID)
	})
	if err != nil {
		return err
	}
	return sendErr
}

func ptr[T any](v T) *T { return &v }
