package portfolio

import (
	"context"
	"errors"
	"math"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/store"
)

// AssetList is a page of a client's assets.
type AssetList struct {
	Assets []Asset
	Total  int
}

// Assets lists the client's assets by symbol (then key), without spam when hideSpam; limit 0 means
// all of them.
func (s *Service) Assets(ctx context.Context, scope auth.ClientScope, hideSpam bool, limit, page int) (*AssetList, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	q := db.New(s.pool)
	total, err := q.CountClientAssets(ctx, db.CountClientAssetsParams{ClientID: scope.ClientID(), HideSpam: hideSpam})
	if err != nil {
		return nil, err
	}
	out := &AssetList{Total: int(total)}
	arg := db.ListClientAssetsParams{ClientID: scope.ClientID(), HideSpam: hideSpam}
	if limit > 0 {
		l := int64(limit)
		arg.PageLimit, arg.PageOffset = &l, int64(page)*l
	}
	rows, err := q.ListClientAssets(ctx, arg)
	if err != nil {
		return nil, err
	}
	assets := assetsOf(rows)
	if err := s.fillCurrentPrices(ctx, assets); err != nil {
		return nil, err
	}
	out.Assets = assets
	return out, nil
}

func (s *Service) fillCurrentPrices(ctx context.Context, assets []Asset) error {
	// An asset's price is shown in dollars (the SDL's currentPriceFormatted).
	priceOf, err := s.currentPrices(ctx, s.pool, assets, "USD")
	if err != nil {
		return err
	}
	for i := range assets {
		if p, ok := priceOf[assets[i].ID]; ok {
			assets[i].CurrentPrice = p.now
		}
	}
	return nil
}

// AssetPatch is updateAsset's arguments; nil fields stay unchanged.
type AssetPatch struct {
	PriceSourceID, ContractAddress, Description, IconImageURL, ImageURL, Name, Symbol, Type *string
	IsHidden, IsSpam, IsWorthless, UsePlatformPrice                                         *bool
	OverrideCurrentValue                                                                    *float64
}

// MaxPrice bounds a person's price per unit (dollars).
const MaxPrice = 1e15

// CheckPrice validates a price given as a Float in dollars and makes it exact.
func CheckPrice(field string, v float64) (decimal.Decimal, error) {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > MaxPrice {
		return decimal.Decimal{}, apperr.InvalidField(field, "must be a price in dollars between 0 and %g", MaxPrice)
	}
	return decimal.NewFromFloat(v), nil
}

func checkText(field string, v *string, max int, required bool) error {
	if v == nil {
		return nil
	}
	if required && strings.TrimSpace(*v) == "" {
		return apperr.InvalidField(field, "must not be empty")
	}
	if len(*v) > max {
		return apperr.InvalidField(field, "must be at most %d characters", max)
	}
	return nil
}

// UpdateAsset changes the client's settings for an asset. Spam and worthless flips mark the client
// dirty (database triggers, as for spam since migration 00004); every change bumps the portfolio
// version so cached charts are recomputed.
func (s *Service) UpdateAsset(ctx context.Context, scope auth.ClientScope, id uuid.UUID, p AssetPatch) (*Asset, error) {
	if err := scope.CheckWrite(); err != nil {
		return nil, err
	}
	for _, c := range []struct {
		f   string
		v   *string
		max int
		req bool
	}{{"name", p.Name, 200, true}, {"symbol", p.Symbol, 50, true}, {"priceSourceId", p.PriceSourceID, 200, false},
		{"contractAddress", p.ContractAddress, 200, false}, {"description", p.Description, 5000, false},
		{"iconImageUrl", p.IconImageURL, 2000, false}, {"imageUrl", p.ImageURL, 2000, false}} {
		if err := checkText(c.f, c.v, c.max, c.req); err != nil {
			return nil, err
		}
	}
	var override *decimal.Decimal
	if p.OverrideCurrentValue != nil {
		d, err := CheckPrice("overrideCurrentValue", *p.OverrideCurrentValue)
		if err != nil {
			return nil, err
		}
		override = &d
	}
	if override != nil && p.UsePlatformPrice != nil && *p.UsePlatformPrice {
		return nil, apperr.InvalidField("usePlatformPrice", "cannot be true together with overrideCurrentValue")
	}
	var out Asset
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		row, err := db.New(tx).UpdateClientAsset(ctx, db.UpdateClientAssetParams{ClientID: scope.ClientID(), ID: id,
			PriceSourceID: p.PriceSourceID, ContractAddress: p.ContractAddress, Description: p.Description, IconImageUrl: p.IconImageURL,
			ImageUrl: p.ImageURL, IsHidden: p.IsHidden, IsSpam: p.IsSpam, IsWorthless: p.IsWorthless, Name: p.Name, Symbol: p.Symbol,
			Type: p.Type, PriceOverride: nullDecimal(override), UsePlatformPrice: p.UsePlatformPrice})
		if err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return apperr.NotFoundf("asset not found")
			}
			return store.Err(err, "asset")
		}
		out = assetOf(row)
		return bumpVersion(ctx, tx, scope.ClientID())
	})
	if err != nil {
		return nil, err
	}
	list := []Asset{out}
	if err := s.fillCurrentPrices(ctx, list); err != nil {
		return nil, err
	}
	return &list[0], nil
}

// nullDecimal is an optional decimal as a query argument.
func nullDecimal(d *decimal.Decimal) decimal.NullDecimal {
	if d == nil {
		return decimal.NullDecimal{}
	}
	return decimal.NullDecimal{Decimal: *d, Valid: true}
}

func bumpVersion(ctx context.Context, tx pgx.Tx, client uuid.UUID) error {
	return db.New(tx).BumpPortfolioVersion(ctx, client)
}

// NFT is upsertNftAsset's arguments.
type NFT struct {
	AssetKey, Provider, Contract, Name string
	TokenID                            *string
	ImageURL                           *string
	IsHidden, IsSpam, IsWorthless      *bool
	Override                           *float64
	UseFloorPrice                      *bool
}

// UpsertNFT creates or updates the client's NFT asset of a contract and token id; without a token
// id it updates every token of the contract the client has. It returns the assets written.
func (s *Service) UpsertNFT(ctx context.Context, scope auth.ClientScope, n NFT) ([]Asset, error) {
	if err := scope.CheckWrite(); err != nil {
		return nil, err
	}
	if err := checkText("name", &n.Name, 200, true); err != nil {
		return nil, err
	}
	if err := checkText("imageUrl", n.ImageURL, 2000, false); err != nil {
		return nil, err
	}
	provider := strings.ToLower(strings.TrimSpace(n.Provider))
	if provider == "" || len(provider) > 50 {
		return nil, apperr.InvalidField("provider", "must be a chain id such as ethereum")
	}
	contract := strings.TrimSpace(n.Contract)
	if contract == "" || len(contract) > 200 || strings.Contains(contract, ":") {
		return nil, apperr.InvalidField("contractAddress", "must be a contract address")
	}
	if imports.IsEVM(provider) {
		if _, err := imports.ValidateAddress(provider, contract); err != nil {
			return nil, apperr.InvalidField("contractAddress", "is not a valid %s address", provider)
		}
		contract = strings.ToLower(contract)
	}
	want := provider + ":" + contract
	if n.TokenID != nil {
		t := strings.TrimSpace(*n.TokenID)
		if t == "" || len(t) > 100 || strings.Contains(t, ":") {
			return nil, apperr.InvalidField("tokenId", "must be a token id")
		}
		n.TokenID = &t
		want += ":" + t
	}
	if !strings.EqualFold(n.AssetKey, want) {
		return nil, apperr.InvalidField("assetKey", "must be %q for this provider, contract and token id", want)
	}
	var override *decimal.Decimal
	if n.Override != nil {
		d, err := CheckPrice("overrideCurrentValue", *n.Override)
		if err != nil {
			return nil, err
		}
		override = &d
	}
	floor := n.UseFloorPrice != nil && *n.UseFloorPrice
	if floor && override != nil {
		return nil, apperr.InvalidField("useAwakenPriceFlag", "cannot be true together with overrideCurrentValue")
	}
	var out []Asset
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if n.TokenID != nil {
			row, err := q.UpsertNFTAsset(ctx, db.UpsertNFTAssetParams{ID: uuid.Must(uuid.NewV7()), ClientID: scope.ClientID(), Key: want,
				Name: n.Name, Chain: provider, ContractAddress: contract, TokenID: *n.TokenID, ImageUrl: n.ImageURL, IsHidden: n.IsHidden,
				IsSpam: n.IsSpam, IsWorthless: n.IsWorthless, PriceOverride: nullDecimal(override), UseFloorPrice: floor})
			if err != nil {
				return store.Err(err, "asset")
			}
			out = append(out, assetOf(row))
		} else {
			rows, err := q.UpdateNFTContractAssets(ctx, db.UpdateNFTContractAssetsParams{ClientID: scope.ClientID(), Chain: provider,
				ContractAddress: contract, Name: n.Name, ImageUrl: n.ImageURL, IsHidden: n.IsHidden, IsSpam: n.IsSpam,
				IsWorthless: n.IsWorthless, PriceOverride: nullDecimal(override), UseFloorPrice: floor})
			if err != nil {
				return store.Err(err, "asset")
			}
			out = append(out, assetsOf(rows)...)
		}
		return bumpVersion(ctx, tx, scope.ClientID())
	})
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = []Asset{}
	}
	if err := s.fillCurrentPrices(ctx, out); err != nil {
		return nil, err
	}
	return out, nil
}
