package graph

// Resolvers of operations that are part of the contract but not built yet. Each answers a
// NOT_IMPLEMENTED error (never fake data). Move a resolver out of this file when it is built.

import (
	"context"

	"github.com/google/uuid"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/auth"
)

// notImplemented is the answer of a pending resolver on a client's data. It takes the scope the
// resolver obtained, so the access check cannot be skipped: FORBIDDEN and UNAUTHENTICATED behave
// as they will once the operation is built.
func notImplemented(scope auth.ClientScope, field string) error {
	if err := scope.Check(); err != nil {
		return err
	}
	return apperr.NotImplementedOp(field)
}

// notImplementedForViewer is the answer of a pending resolver that reads no client's data (the
// caller's own identity): only an authenticated viewer gets it.
func notImplementedForViewer(ctx context.Context, field string) error {
	if _, err := auth.ViewerFrom(ctx); err != nil {
		return err
	}
	return apperr.NotImplementedOp(field)
}

// assetScope authorises the viewer for the client owning assetID.
func (r *Resolver) assetScope(ctx context.Context, assetID string) (auth.ClientScope, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	id, err := uuid.Parse(assetID)
	if err != nil {
		return auth.ClientScope{}, apperr.InvalidField("assetId", "must be a UUID")
	}
	return r.Auth.ScopeForAsset(ctx, v, id)
}

// reportScope authorises the viewer for the client owning reportID.
func (r *Resolver) reportScope(ctx context.Context, reportID string) (auth.ClientScope, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	id, err := uuid.Parse(reportID)
	if err != nil {
		return auth.ClientScope{}, apperr.InvalidField("reportId", "must be a UUID")
	}
	return r.Auth.ScopeForReport(ctx, v, id)
}

func (r *mutationResolver) UpdateAsset(ctx context.Context, assetID string, priceSourceID *string, contractAddress *string, description *string, iconImageURL *string, imageURL *string, isHidden *bool, isSpam *bool, isWorthless *bool, name *string, overrideCurrentValue *float64, symbol *string, typeArg *model.AssetTypeEnum, usePlatformPrice *bool) (*model.Asset, error) {
	scope, err := r.assetScope(ctx, assetID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "updateAsset")
}

func (r *mutationResolver) UpsertNftAsset(ctx context.Context, assetKey string, clientID string, contractAddress string, imageURL *string, isHidden *bool, isSpam *bool, isWorthless *bool, name string, overrideCurrentValue *float64, provider string, tokenID *string, useAwakenPriceFlag *bool) ([]model.Asset, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "upsertNftAsset")
}

func (r *queryResolver) GetChart(ctx context.Context, clientID string, hardRefresh *bool, interval model.HistoricalBalanceIntervalEnum) (*model.GetChartResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getChart")
}

func (r *queryResolver) GetClientAssets(ctx context.Context, clientID string, hideSpamAssets *bool) (*model.ClientAssetsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getClientAssets")
}

func (r *queryResolver) GetClientAssetsOptions(ctx context.Context, clientID string, hideSpamAssets *bool, limit *int, page *int) (*model.ClientAssetsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getClientAssetsOptions")
}

func (r *queryResolver) GetPortfolioV2(ctx context.Context, ascending *bool, assetKey *string, clientID string, includeCoins *bool, includeDefi *bool, includeNFTs *bool, includePerps *bool, includePredictions *bool, includeSpam *bool, limit *int, onlyIncludedAccountIds []string, page *int, prefetch *bool, provider *string, search *string, sort *model.PortfolioSortColumnEnum, typeArg *model.AssetTypeEnum, useCache *bool) (*model.PortfolioResponseV2, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getPortfolioV2")
}

func (r *queryResolver) GetPortfolioValue(ctx context.Context, clientID string, useCacheIfAvailable *bool) (*model.GetPortfolioValueResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getPortfolioValue")
}
