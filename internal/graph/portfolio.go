package graph

// Resolvers of spec/graphql/portfolio.graphqls (the operations not built yet are in pending.go).

import (
	"strings"

	"taxd/gen/db"
	"taxd/gen/graph/model"
	"taxd/internal/ledger"
)

func assetOut(a db.Asset) model.Asset {
	out := model.Asset{
		ID: a.ID.String(), ClientID: a.ClientID.String(), AssetKey: a.Key, PricingKey: ledger.PricingKey(a), Symbol: a.Symbol, Name: a.Name,
		Type: model.AssetTypeEnum(a.Type), ContractAddress: a.ContractAddress, TokenID: a.TokenID, Description: a.Description,
		ImageURL: a.ImageUrl, IsHidden: a.IsHidden, IsSpam: a.IsSpam, IsWorthless: a.IsWorthless, PriceSourceID: a.PriceSourceID,
		UsePlatformPrice: a.UsePlatformPrice, CreatedAt: a.CreatedAt,
	}
	if a.Chain != nil {
		out.Provider = *a.Chain
	} else if p, _, ok := strings.Cut(a.Key, ":"); ok {
		out.Provider = p
	}
	if a.Decimals != nil {
		d := int(*a.Decimals)
		out.Decimals = &d
	}
	if a.PriceOverride.Valid {
		f, _ := a.PriceOverride.Decimal.Float64()
		out.OverrideCurrentValue = &f
	}
	return out
}
