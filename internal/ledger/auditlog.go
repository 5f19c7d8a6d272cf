package ledger

import (
	"context"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
)

// AuditFilter selects audit-log entries (getClientAuditLogs); unset fields match everything.
type AuditFilter struct {
	Field          *string
	TransactionIDs []uuid.UUID
	// TransactionSearch matches the hash, notes or label of the entry's transaction (substring).
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
	where := sq.And{sq.Eq{"al.client_id": scope.ClientID()}}
	if f.Field != nil {
		where = append(where, sq.Eq{"al.field": *f.Field})
	}
	if f.TransactionIDs != nil {
		where = append(where, sq.Expr("al.transaction_id = ANY(?)", f.TransactionIDs))
	}
	if f.UserSubject != nil {
		where = append(where, sq.Expr("u.idp_subject = ?", *f.UserSubject))
	}
	if f.TransactionSearch != nil && strings.TrimSpace(*f.TransactionSearch) != "" {
		p := likePattern(*f.TransactionSearch)
		where = append(where, sq.Expr(`EXISTS (SELECT 1 FROM transactions t WHERE t.id = al.transaction_id
			AND (lower(coalesce(t.txn_hash, '')) LIKE ? OR lower(coalesce(t.notes, '')) LIKE ? OR lower(coalesce(t.label, '')) LIKE ?))`, p, p, p))
	}
	base := psql.Select().From("audit_logs al").
		LeftJoin("users u ON al.actor LIKE 'user:%' AND u.id::text = substr(al.actor, 6)").Where(where)
	var total int
	sqlText, args, err := base.Column("count(*)").ToSql()
	if err != nil {
		return nil, 0, err
	}
	if err := l.pool.QueryRow(ctx, sqlText, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	sqlText, args, err = base.Columns("al.id", "al.created_at", "al.actor", "u.idp_subject", "coalesce(u.is_staff, false)", "al.entity",
		"al.entity_id", "al.transaction_id", "al.action", "al.field", "al.old_value", "al.new_value", "al.session_id", "al.source", "al.undone_at").
		OrderBy("al.created_at DESC", "al.id DESC").Limit(uint64(limit)).Offset(uint64(limit) * uint64(page)).ToSql()
	if err != nil {
		return nil, 0, err
	}
	rows, err := l.pool.Query(ctx, sqlText, args...)
	if err != nil {
		return nil, 0, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (AuditEntry, error) {
		var a AuditEntry
		err := r.Scan(&a.ID, &a.CreatedAt, &a.Actor, &a.UserSubject, &a.IsStaff, &a.Entity, &a.EntityID, &a.TransactionID,
			&a.Action, &a.Field, &a.OldValue, &a.NewValue, &a.SessionID, &a.Source, &a.UndoneAt)
		return a, err
	})
	return out, total, err
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
