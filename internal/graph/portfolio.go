package graph

// Resolvers of spec/graphql/portfolio.graphqls (the operations not built yet are in pending.go).

import (
	"context"
	"strings"

	"taxd/gen/db"
	"taxd/gen/graph/model"
	"taxd/internal/ledger"
	"taxd/internal/money"
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

// --- Tax forms (gql-taxforms): a broker tax form's proceeds per asset, from the reconciliation of
// internal/taxforms. ---

func (r *queryResolver) GetTaxFormReconciliationProceedsByAsset(ctx context.Context, clientID string, taxFormID string) ([]model.ReconciliationProceedsByAssetRow, error) {
	scope, id, err := r.taxFormScope(ctx, clientID, taxFormID)
	if err != nil {
		return nil, err
	}
	rows, assets, err := r.TaxForms.ProceedsByAsset(ctx, scope, id)
	if err != nil {
		return nil, err
	}
	out := make([]model.ReconciliationProceedsByAssetRow, len(rows))
	for i, a := range rows {
		broker, computed := money.Cents(a.BrokerProceeds), money.Cents(a.ComputedProceeds)
		o := model.ReconciliationProceedsByAssetRow{
			AssetID: idOut(a.AssetID), AssetSymbol: a.Symbol, BrokerProceedsCents: broker, ComputedProceedsCents: computed,
			ProceedsDifferenceCents: broker - computed, BrokerTransactionCount: a.BrokerRows, ComputedTransactionCount: a.ComputedUnits,
		}
		if a.AssetID != nil {
			if asset, ok := assets[*a.AssetID]; ok {
				m := assetOut(asset)
				o.Asset = &m
			}
		}
		out[i] = o
	}
	return out, nil
}
