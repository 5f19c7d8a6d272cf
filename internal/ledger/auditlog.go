package ledger

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
)

// AuditFilter selects audit-log entries (getClientAuditLogs); unset fields match everything.
type AuditFilter struct {
	Field          *string
	TransactionIDs []uuid.UUID
	// TransactionSearch matches the entry's transaction by the search rule of a transaction's own
	// text (searchPatterns): its notes or label contain it, or its hash begins with it.
	TransactionSearch *string
	// UserSubject is the identity-provider subject of the user who made the change.
	UserSubject *string
	// IncludeImported includes edits imported from another tax service's export (none are
	// recorded yet: every entry is made here).
	IncludeImported bool
}

// AuditEntry is one audit-log entry with the user it names.
type AuditEntry struct {
	ID            uuid.UUID
	CreatedAt     time.Time
	Actor         string
	UserSubject   *string // for "user:<id>" actors
	IsStaff       bool
	Entity        string
	EntityID      uuid.UUID
	TransactionID *uuid.UUID
	Action        string
	Field         string
	OldValue      []byte
	NewValue      []byte
	SessionID     *string
	Source        *string
	UndoneAt      *time.Time
}

// DisplayAction is the entry's action as the API shows it: "<entity>.<action>" (for example
// "transaction.update"), or the action itself when it is already qualified ("transaction.label").
func (a AuditEntry) DisplayAction() string {
	if strings.Contains(a.Action, ".") {
		return a.Action
	}
	return a.Entity + "." + a.Action
}

// CanUndo reports whether Editor.Undo can revert the entry (it may still refuse with CONFLICT when
// a later change depends on it).
func (a AuditEntry) CanUndo() bool {
	if a.UndoneAt != nil || (a.Entity != "transaction" && a.Entity != "transfer") || a.Action == "restore" {
		return false
	}
	return !(a.Entity == "transfer" && a.Action == "delete")
}

// MaxAuditPage is the largest page of getClientAuditLogs.
const MaxAuditPage = 500

// AuditLogs returns a page of the client's audit log, newest first, and the number of matching
// entries.
func (l *Ledger) AuditLogs(ctx context.Context, scope auth.ClientScope, f AuditFilter, limit, page int) ([]AuditEntry, int, error) {
	if err := scope.Check(); err != nil {
		return nil, 0, err
	}
	if limit < 1 || limit > MaxAuditPage {
		return nil, 0, apperr.InvalidField("limit", "must be 1 to %d", MaxAuditPage)
	}
	if page < 0 || page > 100000 {
		return nil, 0, apperr.InvalidField("page", "must be 0 to 100000")
	}
	if len(f.TransactionIDs) > MaxIDs {
		return nil, 0, apperr.InvalidField("transactionIds", "must hold at most %d ids", MaxIDs)
	}
	var contains, prefix, hexPrefix *string
	if f.TransactionSearch != nil && strings.TrimSpace(*f.TransactionSearch) != "" {
		p := newSearchPatterns(*f.TransactionSearch)
		contains, prefix, hexPrefix = &p.contains, &p.prefix, &p.hexPrefix
	}
	q := db.New(l.pool)
	total, err := q.CountAuditLogs(ctx, db.CountAuditLogsParams{ClientID: scope.ClientID(), Field: f.Field,
		TransactionIds: f.TransactionIDs, UserSubject: f.UserSubject,
		SearchContains: contains, SearchPrefix: prefix, SearchHexPrefix: hexPrefix})
	if err != nil {
		return nil, 0, err
	}
	rows, err := q.ListAuditLogs(ctx, db.ListAuditLogsParams{ClientID: scope.ClientID(), Field: f.Field,
		TransactionIds: f.TransactionIDs, UserSubject: f.UserSubject,
		SearchContains: contains, SearchPrefix: prefix, SearchHexPrefix: hexPrefix,
		PageLimit: int64(limit), PageOffset: int64(limit) * int64(page)})
	if err != nil {
		return nil, 0, err
	}
	out := make([]AuditEntry, len(rows))
	for i, r := range rows {
		out[i] = AuditEntry{ID: r.ID, CreatedAt: r.CreatedAt, Actor: r.Actor, UserSubject: r.IdpSubject, IsStaff: r.IsStaff,
			Entity: r.Entity, EntityID: r.EntityID, TransactionID: r.TransactionID, Action: r.Action, Field: r.Field,
			OldValue: r.OldValue, NewValue: r.NewValue, SessionID: r.SessionID, Source: r.Source, UndoneAt: r.UndoneAt}
	}
	return out, int(total), nil
}

// Currency is the client's fiat currency (ISO 4217).
func (l *Ledger) Currency(ctx context.Context, scope auth.ClientScope) (string, error) {
	if err := scope.Check(); err != nil {
		return "", err
	}
	st, err := l.state(ctx, l.pool, scope.ClientID())
	return st.Currency, err
}

// Existing keeps the ids of ids that are live transactions of the client, in order.
func (l *Ledger) Existing(ctx context.Context, scope auth.ClientScope, ids []uuid.UUID) ([]uuid.UUID, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	live, err := db.New(l.pool).LiveTransactionIDs(ctx, db.LiveTransactionIDsParams{ClientID: scope.ClientID(), Ids: ids})
	if err != nil {
		return nil, err
	}
	ok := uniq(live)
	out := make([]uuid.UUID, 0, len(live))
	for _, id := range ids {
		if ok[id] {
			out = append(out, id)
			delete(ok, id)
		}
	}
	return out, nil
}
