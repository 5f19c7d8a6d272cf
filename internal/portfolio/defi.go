package portfolio

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/classify"
)

// DeFi positions. A deposit into a liquidity pool, lending market or staking contract moves the
// coins into the position (the tax results' account "staking:<position id>", one pooled queue per
// asset: docs/onchain.md "DeFi: wraps, positions and loans"); the ledger's balances see them leave the
// wallet and the receipt token (label "receipt") arrive. So the portfolio shows, under includeDefi:
//   - one row per position and asset it holds: the open quantity and pooled basis of the position's
//     queue in the current tax results, valued at the asset's own price;
//   - the receipt tokens the accounts hold, flagged, without price, value or basis: what they stand
//     for is the position's rows, so each coin is counted once in the totals.
// The position's coins are never in the wallet rows' basis (OpenBasisByAsset leaves the positions'
// accounts out).

// positionPrefix is the engine's account key prefix of a position (internal/tax: stakingAccountIdentifier).
const positionPrefix = "staking:"

// DeFiPosition is a DeFi or staking position: its id (the transfers' stakingAccountIdentifier) and
// its name in words.
type DeFiPosition struct {
	ID string
	// Name is the position in words ("Uniswap v2 DAI/USDC pool", classify.PositionName).
	Name string
	// Protocol is the protocol's title, Chain the chain; "" when the id names none.
	Protocol, Chain string
}

// place is the row's position id ("" for a holding of the client's accounts), to order rows of
// one asset.
func (p Position) place() string {
	if p.DeFi == nil || p.IsReceipt {
		return ""
	}
	return p.DeFi.ID
}

// defiPositions returns a row per open position and asset in the current results that matches f:
// quantity and basis from the position's lots; accounts: those that moved coins into or out of it
// (with f.AccountIDs, only the positions one of them did, and only those accounts).
func (s *Service) defiPositions(ctx context.Context, tx querier, client uuid.UUID, set resultSet, f Filter) ([]Position, error) {
	if !set.ok {
		return nil, nil
	}
	q := db.New(tx)
	lots, err := q.OpenPositionLots(ctx, db.OpenPositionLotsParams{ResultSetID: set.id, SetWrittenAt: set.written})
	if err != nil || len(lots) == 0 {
		return nil, err
	}
	var ids []uuid.UUID
	var positions []string
	for _, l := range lots {
		if id, err := uuid.Parse(l.AssetKey); err == nil {
			ids = append(ids, id)
		}
		if p := strings.TrimPrefix(l.AccountKey, positionPrefix); len(positions) == 0 || positions[len(positions)-1] != p {
			positions = append(positions, p)
		}
	}
	assets, err := assetsByIDs(ctx, tx, client, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]Asset, len(assets))
	for _, a := range assets {
		byID[a.ID] = a
	}
	moved, err := q.PositionAccounts(ctx, db.PositionAccountsParams{ClientID: client, Positions: positions})
	if err != nil {
		return nil, err
	}
	accounts := map[string][]uuid.UUID{}
	for _, m := range moved {
		if len(f.AccountIDs) == 0 || slices.Contains(f.AccountIDs, m.AccountID) {
			accounts[m.Position] = append(accounts[m.Position], m.AccountID)
		}
	}
	// The position's name lists the symbols of every asset it holds.
	symbols := map[string][]string{}
	for _, l := range lots {
		if id, err := uuid.Parse(l.AssetKey); err == nil {
			if a, ok := byID[id]; ok && a.Symbol != "" {
				p := strings.TrimPrefix(l.AccountKey, positionPrefix)
				symbols[p] = append(symbols[p], a.Symbol)
			}
		}
	}
	named := map[string]*DeFiPosition{}
	var out []Position
	for _, l := range lots {
		id, err := uuid.Parse(l.AssetKey)
		if err != nil {
			continue
		}
		a, ok := byID[id]
		p := strings.TrimPrefix(l.AccountKey, positionPrefix)
		if !ok || (len(f.AccountIDs) > 0 && len(accounts[p]) == 0) {
			continue
		}
		d := named[p]
		if d == nil {
			w := classify.PositionName(p, symbols[p])
			d = &DeFiPosition{ID: p, Name: w.Name, Protocol: w.Protocol, Chain: w.Chain}
			named[p] = d
		}
		if !f.matches(a, TypeDefi, d.Name) {
			continue
		}
		out = append(out, Position{Asset: a, Quantity: l.Quantity, basis: l.Basis, DeFi: d, AccountIDs: accounts[p]})
	}
	return out, nil
}

// receiptsOf returns, of the held assets ids, the receipts of positions, each with its position when
// the ledger links it to exactly one (nil otherwise), named as the rows in defi name it.
func receiptsOf(ctx context.Context, tx querier, client uuid.UUID, ids []uuid.UUID, defi []Position) (map[uuid.UUID]*DeFiPosition, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := db.New(tx).ReceiptAssets(ctx, db.ReceiptAssetsParams{ClientID: client, AssetIds: ids})
	if err != nil {
		return nil, err
	}
	linked := map[uuid.UUID][]string{}
	for _, r := range rows {
		if _, ok := linked[r.AssetID]; !ok {
			linked[r.AssetID] = nil
		}
		if r.Position != nil && !slices.Contains(linked[r.AssetID], *r.Position) {
			linked[r.AssetID] = append(linked[r.AssetID], *r.Position)
		}
	}
	named := map[string]*DeFiPosition{}
	for _, d := range defi {
		named[d.DeFi.ID] = d.DeFi
	}
	out := make(map[uuid.UUID]*DeFiPosition, len(linked))
	for id, ps := range linked {
		out[id] = nil
		if len(ps) != 1 {
			continue
		}
		if d, ok := named[ps[0]]; ok {
			out[id] = d
			continue
		}
		w := classify.PositionName(ps[0], nil)
		out[id] = &DeFiPosition{ID: ps[0], Name: w.Name, Protocol: w.Protocol, Chain: w.Chain}
	}
	return out, nil
}

// acquiredReceipts returns, of the receipt assets the accounts hold, the units the current results
// hold lots of outside the positions (bought or received otherwise, as a swap into stETH: a receipt
// is no acquisition, so units with a lot were acquired), at most the balance. Those units are a
// holding of value like any other; the rest are receipts.
func acquiredReceipts(ctx context.Context, tx querier, set resultSet, accounts []uuid.UUID, byAsset map[uuid.UUID]*Position,
	receipts map[uuid.UUID]*DeFiPosition) (map[uuid.UUID]decimal.Decimal, error) {
	var keys []string
	for id := range receipts {
		if p := byAsset[id]; p != nil && p.Quantity.Sign() > 0 {
			keys = append(keys, id.String())
		}
	}
	if len(keys) == 0 || !set.ok {
		return nil, nil
	}
	acc := make([]string, len(accounts))
	for i, a := range accounts {
		acc[i] = a.String()
	}
	held, err := db.New(tx).OpenLotsOfAssets(ctx, db.OpenLotsOfAssetsParams{ResultSetID: set.id, AssetKeys: keys, AccountKeys: acc})
	if err != nil {
		return nil, err
	}
	out := map[uuid.UUID]decimal.Decimal{}
	for _, h := range held {
		id, err := uuid.Parse(h.AssetKey)
		if err != nil || h.Quantity.Sign() <= 0 || byAsset[id] == nil {
			continue
		}
		out[id] = decimal.Min(h.Quantity, byAsset[id].Quantity)
	}
	return out, nil
}
