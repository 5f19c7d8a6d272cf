package graph

// Resolvers of spec/graphql/portfolio.graphqls.

import (
	"context"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/ledger"
	"taxd/internal/money"
	"taxd/internal/portfolio"
)

func assetOut(a ledger.Asset) model.Asset {
	out := model.Asset{
		ID: a.ID.String(), ClientID: a.ClientID.String(), AssetKey: a.Key, PricingKey: ledger.PricingKey(a), Symbol: a.Symbol, Name: a.Name,
		Type: model.AssetTypeEnum(a.Type), ContractAddress: a.ContractAddress, TokenID: a.TokenID, Description: a.Description,
		ImageURL: a.ImageUrl, IconImageURL: a.IconImageUrl, IsHidden: a.IsHidden, IsSpam: a.IsSpam, IsWorthless: a.IsWorthless, PriceSourceID: a.PriceSourceID,
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
			AssetID: idPtr(a.AssetID), AssetSymbol: a.Symbol, BrokerProceedsCents: broker, ComputedProceedsCents: computed,
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

// portfolioAssetOut maps an asset of the portfolio service (which carries its current price).
func portfolioAssetOut(a portfolio.Asset) model.Asset {
	row := ledger.Asset{
		ID: a.ID, ClientID: a.ClientID, Key: a.Key, Symbol: a.Symbol, Name: a.Name, Type: a.Type, Chain: a.Chain,
		ContractAddress: a.ContractAddress, TokenID: a.TokenID, Decimals: a.Decimals, PriceSourceID: a.PriceSourceID,
		IsSpam: a.IsSpam, IsWorthless: a.IsWorthless, IsHidden: a.IsHidden, UsePlatformPrice: a.UsePlatformPrice,
		ImageUrl: a.ImageURL, IconImageUrl: a.IconImageURL, Description: a.Description, CreatedAt: a.CreatedAt,
	}
	if a.PriceOverride != nil {
		row.PriceOverride = decimal.NewNullDecimal(*a.PriceOverride)
	}
	out := assetOut(row)
	if a.CurrentPrice != nil {
		f, _ := a.CurrentPrice.Float64()
		out.CurrentPrice = &f
		out.CurrentPriceFormatted = priceFormatted(*a.CurrentPrice)
	}
	return out
}

// priceFormatted shows a price per unit: dollars and cents, or more decimals below one dollar.
func priceFormatted(p decimal.Decimal) *string {
	var s string
	if p.Abs().LessThan(decimal.NewFromInt(1)) && !p.IsZero() {
		s = "$" + p.Round(8).String()
	} else {
		s = money.Format(money.Cents(p))
	}
	return &s
}

func floatOf(d *decimal.Decimal) *float64 {
	if d == nil {
		return nil
	}
	f, _ := d.Float64()
	return &f
}

func (r *queryResolver) GetPortfolioV2(ctx context.Context, ascending *bool, assetKey *string, clientID string, includeCoins *bool, includeDefi *bool, includeNFTs *bool, includePerps *bool, includePredictions *bool, includeSpam *bool, limit *int, onlyIncludedAccountIds []string, page *int, prefetch *bool, provider *string, search *string, sort *model.PortfolioSortColumnEnum, typeArg *model.AssetTypeEnum, useCache *bool) (*model.PortfolioResponseV2, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	l, p, err := portfolio.CheckPage(limit, page)
	if err != nil {
		return nil, err
	}
	f := portfolio.DefaultFilter()
	for _, t := range []struct {
		arg *bool
		dst *bool
	}{{includeCoins, &f.IncludeCoins}, {includeDefi, &f.IncludeDefi}, {includeNFTs, &f.IncludeNFTs}, {includePerps, &f.IncludePerps},
		{includePredictions, &f.IncludePredictions}, {includeSpam, &f.IncludeSpam}} {
		if t.arg != nil {
			*t.dst = *t.arg
		}
	}
	f.AssetKey, f.Provider = assetKey, provider
	if search != nil && strings.TrimSpace(*search) != "" {
		if len(*search) > 200 {
			return nil, apperr.InvalidField("search", "must be at most 200 characters")
		}
		f.Search = search
	}
	if typeArg != nil {
		t := string(*typeArg)
		f.Type = &t
	}
	if len(onlyIncludedAccountIds) > 1000 {
		return nil, apperr.InvalidField("onlyIncludedAccountIds", "must list at most 1000 accounts")
	}
	for i, s := range onlyIncludedAccountIds {
		id, err := parseID(fmt.Sprintf("onlyIncludedAccountIds[%d]", i), s)
		if err != nil {
			return nil, err
		}
		f.AccountIDs = append(f.AccountIDs, id)
	}
	pg := portfolio.Page{Limit: l, Page: p, Sort: portfolio.SortValue}
	if sort != nil {
		pg.Sort = string(*sort)
	}
	if ascending != nil {
		pg.Ascending = *ascending
	}
	h, err := r.Portfolio.Holdings(ctx, scope, f, pg)
	if err != nil {
		return nil, err
	}
	out := &model.PortfolioResponseV2{
		Positions: make([]model.PortfolioPosition, 0, len(h.Positions)), Total: h.Total, Page: h.Page, Limit: h.Limit,
		Currency: model.CurrencyCodeEnum(h.Currency), TotalValueCents: h.TotalValue, TotalValueFormatted: money.FormatIn(h.TotalValue, h.Currency),
		TotalCostBasisCents: h.TotalBasis, TotalUnrealizedGainCents: h.TotalGain, NegativeBalanceCount: h.NegativeCount, IsStale: h.IsStale,
		ComputedAt: h.ComputedAt,
	}
	for _, pos := range h.Positions {
		a := portfolioAssetOut(pos.Asset)
		amount, _ := pos.Quantity.Float64()
		mp := model.PortfolioPosition{
			AssetKey: pos.Asset.Key, AssetID: pos.Asset.ID.String(), Asset: &a, Amount: amount, AmountExact: pos.Quantity.String(),
			Price: floatOf(pos.Price), ValueCents: pos.ValueCents, ValueFormatted: money.FormatPtrIn(pos.ValueCents, h.Currency),
			CostBasisCents: pos.CostBasisCents, UnrealizedGainCents: pos.UnrealizedGainCents, UnrealizedGainPercent: pos.UnrealizedGainPercent,
			DayChangePercent: pos.DayChangePercent, PortfolioPercent: pos.PortfolioPercent, AccountIds: make([]string, len(pos.AccountIDs)),
			IsNegativeBalance: pos.IsNegative, IsReceipt: pos.IsReceipt, DefiPosition: defiPositionOut(pos.DeFi),
		}
		if pos.LastPrice != nil {
			day := pos.LastPriceDay.Format("2006-01-02")
			mp.LastPrice, mp.LastValueCents, mp.LastPriceDate = floatOf(pos.LastPrice), pos.LastValueCents, &day
		}
		for i, id := range pos.AccountIDs {
			mp.AccountIds[i] = id.String()
		}
		out.Positions = append(out.Positions, mp)
	}
	return out, nil
}

// defiPositionOut maps a DeFi position (nil: none).
func defiPositionOut(d *portfolio.DeFiPosition) *model.DefiPosition {
	if d == nil {
		return nil
	}
	return &model.DefiPosition{ID: d.ID, Name: d.Name, Protocol: optText(d.Protocol), Provider: optText(d.Chain)}
}

// optText is a text that may be empty as an optional field (null when empty).
func optText(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func (r *queryResolver) GetPortfolioValue(ctx context.Context, clientID string, useCacheIfAvailable *bool) (*model.GetPortfolioValueResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	h, err := r.Portfolio.Value(ctx, scope)
	if err != nil {
		return nil, err
	}
	return &model.GetPortfolioValueResponse{
		Currency: model.CurrencyCodeEnum(h.Currency), TotalValueCents: h.TotalValue, TotalValueFormatted: money.FormatIn(h.TotalValue, h.Currency),
		TotalCostBasisCents: h.TotalBasis, UnrealizedGainCents: h.TotalGain, DayChangeCents: h.DayChangeCents,
		DayChangePercent: h.DayChangePercent, NegativeBalanceCount: h.NegativeCount, ComputedAt: h.ComputedAt,
	}, nil
}

func (r *queryResolver) GetChart(ctx context.Context, clientID string, hardRefresh *bool, interval model.HistoricalBalanceIntervalEnum) (*model.GetChartResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	c, err := r.Portfolio.Chart(ctx, scope, string(interval), hardRefresh != nil && *hardRefresh)
	if err != nil {
		return nil, err
	}
	out := &model.GetChartResponse{
		Interval: interval, Currency: model.CurrencyCodeEnum(c.Currency), Points: make([]model.ChartPoint, len(c.Points)),
		StartValueCents: c.Start(), EndValueCents: c.End(), ChangeCents: c.End() - c.Start(), IsStale: c.IsStale, ComputedAt: c.ComputedAt,
	}
	if c.Start() != 0 {
		pct := float64(c.End()-c.Start()) / float64(c.Start()) * 100
		out.ChangePercent = &pct
	}
	for i, p := range c.Points {
		out.Points[i] = model.ChartPoint{Date: p.At, ValueCents: p.ValueCents, CostBasisCents: p.CostBasisCents}
	}
	return out, nil
}

func (r *queryResolver) GetClientAssets(ctx context.Context, clientID string, hideSpamAssets *bool) (*model.ClientAssetsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	list, err := r.Portfolio.Assets(ctx, scope, hideSpamAssets != nil && *hideSpamAssets, 0, 0)
	if err != nil {
		return nil, err
	}
	return assetsOut(list, nil, nil), nil
}

func (r *queryResolver) GetClientAssetsOptions(ctx context.Context, clientID string, hideSpamAssets *bool, limit *int, page *int) (*model.ClientAssetsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	l, p, err := portfolio.CheckPage(limit, page)
	if err != nil {
		return nil, err
	}
	list, err := r.Portfolio.Assets(ctx, scope, hideSpamAssets != nil && *hideSpamAssets, l, p)
	if err != nil {
		return nil, err
	}
	return assetsOut(list, &l, &p), nil
}

func assetsOut(list *portfolio.AssetList, limit, page *int) *model.ClientAssetsResponse {
	out := &model.ClientAssetsResponse{Assets: make([]model.Asset, len(list.Assets)), Total: list.Total, Limit: limit, Page: page}
	for i, a := range list.Assets {
		out.Assets[i] = portfolioAssetOut(a)
	}
	return out
}

func (r *mutationResolver) UpdateAsset(ctx context.Context, assetID string, priceSourceID *string, contractAddress *string, description *string, iconImageURL *string, imageURL *string, isHidden *bool, isSpam *bool, isWorthless *bool, name *string, overrideCurrentValue *float64, symbol *string, typeArg *model.AssetTypeEnum, usePlatformPrice *bool) (*model.Asset, error) {
	scope, err := r.assetScope(ctx, assetID)
	if err != nil {
		return nil, err
	}
	id, _ := parseID("assetId", assetID) // assetScope parsed it
	p := portfolio.AssetPatch{
		PriceSourceID: priceSourceID, ContractAddress: contractAddress, Description: description, IconImageURL: iconImageURL,
		ImageURL: imageURL, Name: name, Symbol: symbol, IsHidden: isHidden, IsSpam: isSpam, IsWorthless: isWorthless,
		UsePlatformPrice: usePlatformPrice, OverrideCurrentValue: overrideCurrentValue,
	}
	if typeArg != nil {
		t := string(*typeArg)
		p.Type = &t
	}
	a, err := r.Portfolio.UpdateAsset(ctx, scope, id, p)
	if err != nil {
		return nil, err
	}
	out := portfolioAssetOut(*a)
	return &out, nil
}

func (r *mutationResolver) UpsertNftAsset(ctx context.Context, assetKey string, clientID string, contractAddress string, imageURL *string, isHidden *bool, isSpam *bool, isWorthless *bool, name string, overrideCurrentValue *float64, provider string, tokenID *string, useAwakenPriceFlag *bool) ([]model.Asset, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	assets, err := r.Portfolio.UpsertNFT(ctx, scope, portfolio.NFT{
		AssetKey: assetKey, Provider: provider, Contract: contractAddress, Name: name, TokenID: tokenID, ImageURL: imageURL,
		IsHidden: isHidden, IsSpam: isSpam, IsWorthless: isWorthless, Override: overrideCurrentValue, UseFloorPrice: useAwakenPriceFlag,
	})
	if err != nil {
		return nil, err
	}
	out := make([]model.Asset, len(assets))
	for i, a := range assets {
		out[i] = portfolioAssetOut(a)
	}
	return out, nil
}
