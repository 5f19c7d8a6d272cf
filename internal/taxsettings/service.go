package taxsettings

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/store"
)

// Service reads and changes a client's tax settings on behalf of an authorised scope.
type Service struct {
	pool *pgxpool.Pool
}

// NewService returns the tax-settings service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// Load reads the settings of client (no access check: for the recalculation and other services
// that already hold the client's scope).
func Load(ctx context.Context, q db.DBTX, clientID uuid.UUID) (Settings, error) {
	r, err := db.New(q).GetClientTaxSettings(ctx, clientID)
	if err != nil {
		return Settings{}, store.Err(err, "client")
	}
	return Parse(r.CostBasisAlgorithm, r.PerWalletFrom, r.Timezone, r.FiscalYearStart, r.Country, r.LockTaxesUntil, r.Settings)
}

// Get returns the scope's client's settings.
func (s *Service) Get(ctx context.Context, scope auth.ClientScope) (Settings, error) {
	if err := scope.Check(); err != nil {
		return Settings{}, err
	}
	return Load(ctx, s.pool, scope.ClientID())
}

// Update applies u to the scope's client's settings in one transaction. When a setting the figures
// depend on changed, the client is marked dirty (a settings change: the next recalculation is a full
// one). Setting or moving the lock later is refused while results before it still wait for a
// recalculation (CONFLICT): a lock freezes settled figures only.
func (s *Service) Update(ctx context.Context, scope auth.ClientScope, u Update) (Updated, error) {
	if err := scope.CheckWrite(); err != nil {
		return Updated{}, err
	}
	var out Updated
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		r, err := q.GetClientTaxSettingsForUpdate(ctx, scope.ClientID())
		if err != nil {
			return store.Err(err, "client")
		}
		cur, err := Parse(r.CostBasisAlgorithm, r.PerWalletFrom, r.Timezone, r.FiscalYearStart, r.Country, r.LockTaxesUntil, r.Settings)
		if err != nil {
			return err
		}
		next, figures, err := cur.Apply(u)
		if err != nil {
			return err
		}
		if lock := next.LockedUntil(); !lock.IsZero() && lock.After(cur.LockedUntil()) {
			pending, err := q.HasPendingChangesBefore(ctx, db.HasPendingChangesBeforeParams{ClientID: scope.ClientID(), Before: lock})
			if err != nil {
				return err
			}
			// This update's own figure changes come after the lock (checkLock), but they would make
			// the client dirty: the lock is then set on results that are not recomputed yet, which is
			// fine only when nothing before the lock is pending.
			if pending {
				return apperr.New(apperr.Conflict, "the client has changes before %s that are not recalculated yet: recalculate (rerunGraph) before locking", lock.In(next.Location()).Format(time.DateOnly))
			}
		}
		raw, err := next.MarshalStored()
		if err != nil {
			return err
		}
		if err := q.SetClientTaxSettings(ctx, db.SetClientTaxSettingsParams{ID: scope.ClientID(), PerWalletFrom: next.PerWalletFrom,
			LockTaxesUntil: next.LockUntil, Settings: raw}); err != nil {
			return err
		}
		if figures {
			if err := q.MarkClientSettingsDirty(ctx, scope.ClientID()); err != nil {
				return err
			}
		}
		out.Settings = next
		if out.IsDirty, err = q.IsDirty(ctx, scope.ClientID()); err != nil {
			return err
		}
		rs, err := q.GetClientResultSet(ctx, scope.ClientID())
		out.RecalculatedAt = rs.CalculatedAt
		return err
	})
	return out, err
}

// Updated is the client's tax settings after an update, with its dirty state.
type Updated struct {
	Settings       Settings
	IsDirty        bool
	RecalculatedAt *time.Time
}
