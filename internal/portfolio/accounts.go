package portfolio

import (
	"context"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/money"
)

// AccountValue is an account's holdings now, in cents of the client's currency (ISO 4217).
type AccountValue struct {
	Cents    int64
	Currency string
}

// AccountValues returns what each of the given accounts of the client holds now, in cents of the
// client's currency: its
// balances above zero times their current prices, as the portfolio values them (spam and hidden
// assets left out, worthless ones at zero, a person's price override first). A balance below zero
// is missing history, not a debt: left out. Holdings without a known price are left out of the
// sum, as they are of the portfolio's total; an account holding assets of which none has a price
// is absent from the map (its value is unknown), and one that holds nothing is worth 0.
func (s *Service) AccountValues(ctx context.Context, scope auth.ClientScope, accounts []uuid.UUID) (map[uuid.UUID]AccountValue, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	client := scope.ClientID()
	type holding struct {
		account, asset uuid.UUID
		qty            decimal.Decimal
	}
	balances, err := db.New(s.pool).PositiveAccountBalances(ctx, db.PositiveAccountBalancesParams{ClientID: client, AccountIds: accounts})
	if err != nil {
		return nil, err
	}
	var held []holding
	assetSeen := map[uuid.UUID]bool{}
	var assetIDs []uuid.UUID
	for _, b := range balances {
		h := holding{account: b.AccountID, asset: b.AssetID, qty: b.Quantity}
		held = append(held, h)
		if !assetSeen[h.asset] {
			assetSeen[h.asset] = true
			assetIDs = append(assetIDs, h.asset)
		}
	}
	assets, err := assetsByIDs(ctx, s.pool, client, assetIDs)
	if err != nil {
		return nil, err
	}
	var shown []Asset
	for _, a := range assets {
		if !a.IsHidden && !a.IsSpam {
			shown = append(shown, a)
		}
	}
	cur, err := clientCurrency(ctx, s.pool, client)
	if err != nil {
		return nil, err
	}
	priceOf, err := s.currentPrices(ctx, s.pool, shown, cur)
	if err != nil {
		return nil, err
	}
	isShown := make(map[uuid.UUID]bool, len(shown))
	for _, a := range shown {
		isShown[a.ID] = true
	}
	value := make(map[uuid.UUID]decimal.Decimal, len(accounts))
	holds, priced := map[uuid.UUID]bool{}, map[uuid.UUID]bool{}
	for _, h := range held {
		if !isShown[h.asset] {
			continue
		}
		holds[h.account] = true
		if p, ok := priceOf[h.asset]; ok && p.now != nil {
			value[h.account] = value[h.account].Add(h.qty.Mul(*p.now))
			priced[h.account] = true
		}
	}
	out := make(map[uuid.UUID]AccountValue, len(accounts))
	for _, id := range accounts {
		if !holds[id] || priced[id] {
			out[id] = AccountValue{Cents: money.Cents(value[id]), Currency: cur}
		}
	}
	return out, nil
}
