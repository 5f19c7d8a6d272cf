package partner

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/accounts"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/store"
	"taxd/internal/syncs"
)

// CrunchWallet is a wallet of a crunch request; Provider is the chain (detected when empty).
type CrunchWallet struct {
	Address  string
	Provider *string
	Name     *string
}

// Crunched is the result of Crunch.
type Crunched struct {
	User     User
	Accounts []ledger.Account
	Skipped  []accounts.Skipped
}

// MaxCrunchWallets is the most wallets one crunch may carry.
const MaxCrunchWallets = 4

// Crunch creates a card-program user with its wallets and starts their first sync, all in one
// transaction: on any error nothing is stored.
func (s *Service) Crunch(ctx context.Context, p *auth.Partner, user NewUser, wallets []CrunchWallet) (Crunched, error) {
	if p.Method == auth.MethodAccessToken {
		return Crunched{}, apperr.New(apperr.Forbidden, "crunch needs partner credentials")
	}
	if len(wallets) > MaxCrunchWallets {
		return Crunched{}, apperr.InvalidField("wallets", "maximum number of items is %d", MaxCrunchWallets)
	}
	ws := make([]accounts.Wallet, len(wallets))
	for i, w := range wallets {
		chain := ""
		if w.Provider != nil {
			chain = *w.Provider
		} else {
			var err error
			if chain, err = accounts.Detect(w.Address, fmt.Sprintf("wallets.%d.address", i)); err != nil {
				return Crunched{}, err
			}
		}
		ws[i] = accounts.Wallet{Address: w.Address, Chain: chain, Name: w.Name}
	}
	var out Crunched
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		c, err := createUser(ctx, q, p.PartnerID, user)
		if err != nil {
			return err
		}
		out.User = userOf(c)
		if out.Accounts, out.Skipped, err = accounts.Add(ctx, q, c.ID, ws, "wallets"); err != nil {
			return err
		}
		if len(out.Accounts) == 0 {
			return nil
		}
		ids := make([]uuid.UUID, len(out.Accounts))
		for i, a := range out.Accounts {
			ids[i] = a.ID
		}
		_, err = syncs.Start(ctx, tx, s.jobs, c.ID, ids, "wallets")
		return err
	})
	return out, err
}
