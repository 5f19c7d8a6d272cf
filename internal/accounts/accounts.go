// Package accounts manages a client's wallet, exchange and file accounts: adding wallets with
// per-chain address validation and the per-user account limit.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/store"
)

// MaxPerClient is how many (non-virtual) accounts one partner's embedded user may have.
const MaxPerClient = 10

// Wallet is a wallet to add. Chain may be empty when the address identifies it (see Detect).
type Wallet struct {
	Address string
	Chain   string
	Name    *string
	Options ImportOptions
}

// ImportOptions say what an account imports. The zero value is the default: everything, staking
// rewards included, ordinals not.
type ImportOptions struct {
	StartImportingAt   *time.Time
	StopImportingAt    *time.Time
	SkipStakingRewards bool
	IncludeOrdinals    bool
	IsLargeAccount     bool
}

// checkLimit refuses to go over MaxPerClient accounts for a partner's embedded user (the rule of
// the partner API; clients of their own have no such limit).
func checkLimit(ctx context.Context, q *db.Queries, clientID uuid.UUID, has, adding int, field string) error {
	if has+adding <= MaxPerClient {
		return nil
	}
	embedded, err := q.ClientIsEmbedded(ctx, clientID)
	if err != nil {
		return err
	}
	if embedded {
		return apperr.InvalidField(field, "a user can have at most %d accounts (has %d, adding %d)", MaxPerClient, has, adding)
	}
	return nil
}

// Skipped is a wallet that was not added, with the reason.
type Skipped struct {
	Address, Chain, Reason string
}

// Skip reasons.
const (
	ReasonUnsupportedChain = "unsupported_chain"
	ReasonAlreadyAdded     = "already_added"
)

// Detect picks the chain of an address that came without one: the only chain it is valid on, or
// ethereum for an EVM address (valid on every EVM chain). Field names the input for errors.
func Detect(address, field string) (string, error) {
	chains := imports.DetectChains(address)
	switch {
	case len(chains) == 0:
		return "", apperr.InvalidField(field, "not a valid address on any supported chain")
	case len(chains) == 1:
		return chains[0], nil
	}
	return imports.ChainEthereum, nil
}

// Add validates and adds wallets to the client in q's transaction. Wallets on unsupported chains
// and wallets the client already has are skipped (and reported); a malformed address of a
// supported chain, or going over MaxPerClient, fails the whole call.
func Add(ctx context.Context, q *db.Queries, clientID uuid.UUID, wallets []Wallet, field string) ([]ledger.Account, []Skipped, error) {
	existing, err := q.ListAccounts(ctx, db.ListAccountsParams{ClientID: clientID, IncludeVirtual: false})
	if err != nil {
		return nil, nil, err
	}
	have := map[string]bool{}
	for _, a := range existing {
		if a.Address != nil {
			have[a.Provider+"\x00"+strings.ToLower(*a.Address)] = true
		}
	}
	type pending struct {
		w    Wallet
		addr string
	}
	var add []pending
	var skipped []Skipped
	for i, w := range wallets {
		chain := strings.ToLower(strings.TrimSpace(w.Chain))
		addr, err := imports.ValidateAddress(chain, w.Address)
		switch {
		case errors.Is(err, imports.ErrUnsupportedChain):
			skipped = append(skipped, Skipped{Address: w.Address, Chain: w.Chain, Reason: ReasonUnsupportedChain})
			continue
		case err != nil:
			return nil, nil, apperr.InvalidField(fmt.Sprintf("%s.%d.address", field, i), "not a valid %s address", chain)
		}
		key := chain + "\x00" + strings.ToLower(addr)
		if have[key] {
			skipped = append(skipped, Skipped{Address: addr, Chain: chain, Reason: ReasonAlreadyAdded})
			continue
		}
		have[key] = true
		w.Chain = chain
		add = append(add, pending{w, addr})
	}
	if err := checkLimit(ctx, q, clientID, len(existing), len(add), field); err != nil {
		return nil, nil, err
	}
	created := make([]ledger.Account, 0, len(add))
	for _, p := range add {
		name := p.addr
		if p.w.Name != nil && strings.TrimSpace(*p.w.Name) != "" {
			name = strings.TrimSpace(*p.w.Name)
		}
		o := p.w.Options
		a, err := q.CreateAccountWithOptions(ctx, db.CreateAccountWithOptionsParams{
			ID: uuid.Must(uuid.NewV7()), ClientID: clientID, Type: "wallet", Provider: p.w.Chain, Address: &p.addr, Name: name,
			StartImportingAt: o.StartImportingAt, StopImportingAt: o.StopImportingAt, IncludeStakingRewards: !o.SkipStakingRewards,
			IncludeOrdinals: o.IncludeOrdinals, IsLargeAccount: o.IsLargeAccount,
		})
		if err != nil {
			return nil, nil, store.Err(err, "account")
		}
		created = append(created, ledger.AccountOf(a))
	}
	return created, skipped, nil
}
