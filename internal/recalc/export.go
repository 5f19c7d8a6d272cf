package recalc

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/tax"
)

// ExportLedger returns the client's ledger exactly as a full recalculation hands it to the engine
// (the same read: links applied, spam left out, the client's settings), with its accounts and
// assets named instead of identified, so that `taxd compute` on it (taxfile.WriteInputCSV, the
// settings as taxfile.Flags) computes the service's figures. Names are readable and unique per
// client: an account's name, else its provider and address; an asset's symbol. Where two share
// one, the chain (provider) is added, then the asset's key or the account's id.
func ExportLedger(ctx context.Context, pool *pgxpool.Pool, scope auth.ClientScope) (tax.Input, error) {
	if err := scope.Check(); err != nil {
		return tax.Input{}, err
	}
	snap, err := load(ctx, pool, scope.ClientID(), false)
	if err != nil {
		return tax.Input{}, err
	}
	in := snap.input
	ids := map[uuid.UUID]bool{}
	for i := range in.Transactions {
		for _, tr := range in.Transactions[i].Transfers {
			for _, s := range []string{tr.Asset, tr.ToAsset, tr.From, tr.To} {
				if id, err := uuid.Parse(s); err == nil {
					ids[id] = true
				}
			}
		}
	}
	names, err := ledgerNames(ctx, db.New(pool), scope.ClientID(), ids)
	if err != nil {
		return tax.Input{}, err
	}
	rename := func(s string) string {
		if n, ok := names[s]; ok {
			return n
		}
		return s
	}
	for i := range in.Transactions {
		trs := in.Transactions[i].Transfers
		for j := range trs {
			trs[j].Asset, trs[j].ToAsset = rename(trs[j].Asset), rename(trs[j].ToAsset)
			trs[j].From, trs[j].To = rename(trs[j].From), rename(trs[j].To)
		}
	}
	return in, nil
}

// ledgerNames names the client's accounts and assets among ids, by id string.
func ledgerNames(ctx context.Context, q *db.Queries, clientID uuid.UUID, ids map[uuid.UUID]bool) (map[string]string, error) {
	list := make([]uuid.UUID, 0, len(ids))
	for id := range ids {
		list = append(list, id)
	}
	accounts, err := q.ListAccountsByIDs(ctx, db.ListAccountsByIDsParams{ClientID: clientID, Ids: list})
	if err != nil {
		return nil, err
	}
	assets, err := q.ListAssetsByIDs(ctx, db.ListAssetsByIDsParams{ClientID: clientID, Ids: list})
	if err != nil {
		return nil, err
	}
	var keys []string
	var candidates [][]string
	for _, a := range accounts {
		base := strings.TrimSpace(a.Name)
		if base == "" && a.Address != nil {
			base = a.Provider + ":" + *a.Address
		}
		if base == "" {
			base = a.Type + ":" + a.Provider
		}
		keys = append(keys, a.ID.String())
		candidates = append(candidates, []string{base, base + " (" + a.Provider + ")", base + " (" + a.ID.String() + ")"})
	}
	for _, a := range assets {
		base := strings.TrimSpace(a.Symbol)
		if base == "" {
			base = a.Key
		}
		chain := "off-chain"
		if a.Chain != nil {
			chain = *a.Chain
		}
		keys = append(keys, a.ID.String())
		candidates = append(candidates, []string{base, base + " (" + chain + ")", a.Key})
	}
	chosen, err := uniqueNames(candidates)
	if err != nil {
		return nil, err
	}
	names := make(map[string]string, len(keys))
	for i, k := range keys {
		names[k] = chosen[i]
	}
	return names, nil
}

// uniqueNames picks for each item the first of its candidate names (most readable first) that no
// other item also picks: an item whose name is shared moves to its next candidate until none is.
// The last candidates must tell the items apart; otherwise it is an error.
func uniqueNames(candidates [][]string) ([]string, error) {
	level := make([]int, len(candidates))
	name := func(i int) string { return candidates[i][level[i]] }
	for moved := true; moved; {
		moved = false
		count := map[string]int{}
		for i := range candidates {
			count[name(i)]++
		}
		for i := range candidates {
			if count[name(i)] > 1 && level[i] < len(candidates[i])-1 {
				level[i]++
				moved = true
			}
		}
	}
	out := make([]string, len(candidates))
	seen := map[string]bool{}
	for i := range candidates {
		out[i] = name(i)
		if seen[out[i]] {
			return nil, fmt.Errorf("recalc: two accounts or assets named %q", out[i])
		}
		seen[out[i]] = true
	}
	return out, nil
}
