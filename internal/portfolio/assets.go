package portfolio

import (
	"context"
	"errors"
	"fmt"
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
	where := `client_id = $1 AND (NOT $2 OR NOT is_spam)`
	out := &AssetList{}
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM assets WHERE `+where, scope.ClientID(), hideSpam).Scan(&out.Total); err != nil {
		return nil, err
	}
	q := where + ` ORDER BY lower(symbol), key, id`
	args := []any{scope.ClientID(), hideSpam}
	if limit > 0 {
		q += ` LIMIT $3 OFFSET $4`
		args = append(args, limit, int64(page)*int64(limit))
	}
	assets, err := queryAssets(ctx, s.pool, q, args...)
	if err != nil {
		return nil, err
	}
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
		// A price override switches to it; usePlatformPrice true drops it.
		row := tx.QueryRow(ctx, `UPDATE assets SET
			price_source_id = CASE WHEN $3::text IS NULL THEN price_source_id ELSE nullif($3, '') END,
			contract_address = CASE WHEN $4::text IS NULL THEN contract_address ELSE nullif($4, '') END,
			description = coalesce($5, description), icon_image_url = coalesce($6, icon_image_url), image_url = coalesce($7, image_url),
			is_hidden = coalesce($8, is_hidden), is_spam = coalesce($9, is_spam), is_worthless = coalesce($10, is_worthless),
			name = coalesce($11, name), symbol = coalesce($12, symbol), type = coalesce($13, type),
			price_override = CASE WHEN $14::numeric IS NOT NULL THEN $14 WHEN $15::boolean THEN NULL ELSE price_override END,
			use_platform_price = CASE WHEN $14::numeric IS NOT NULL THEN false ELSE coalesce($15, use_platform_price) END
			WHERE client_id = $1 AND id = $2 RETURNING `+assetColumns,
			scope.ClientID(), id, p.PriceSourceID, p.ContractAddress, p.Description, p.IconImageURL, p.ImageURL,
			p.IsHidden, p.IsSpam, p.IsWorthless, p.Name, p.Symbol, p.Type, override, p.UsePlatformPrice)
		var err error
		if out, err = scanAsset(row); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return apperr.NotFoundf("asset not found")
			}
			return store.Err(err, "asset")
		}
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
		const set = `name = $4, image_url = coalesce($5, %[1]simage_url), is_hidden = coalesce($6, %[1]sis_hidden),
			is_spam = coalesce($7, %[1]sis_spam), is_worthless = coalesce($8, %[1]sis_worthless),
			price_override = CASE WHEN $9::numeric IS NOT NULL THEN $9 WHEN $10 THEN NULL ELSE %[1]sprice_override END,
			use_platform_price = CASE WHEN $9::numeric IS NOT NULL THEN false WHEN $10 THEN true ELSE %[1]suse_platform_price END`
		if n.TokenID != nil {
			row := tx.QueryRow(ctx, `INSERT INTO assets (id, client_id, key, symbol, name, type, chain, contract_address, token_id,
				image_url, is_hidden, is_spam, is_worthless, price_override, use_platform_price)
				VALUES ($1, $2, $3, '', $4, 'NFT', $11, $12, $13, $5, coalesce($6, false), coalesce($7, false), coalesce($8, false),
				$9, $9::numeric IS NULL)
				ON CONFLICT (client_id, key) DO UPDATE SET type = 'NFT', `+fmt.Sprintf(set, "assets.")+` RETURNING `+assetColumns,
				uuid.Must(uuid.NewV7()), scope.ClientID(), want, n.Name, n.ImageURL, n.IsHidden, n.IsSpam, n.IsWorthless, override, floor,
				provider, contract, *n.TokenID)
			a, err := scanAsset(row)
			if err != nil {
				return store.Err(err, "asset")
			}
			out = append(out, a)
		} else {
			rows, err := tx.Query(ctx, `UPDATE assets SET `+fmt.Sprintf(set, "")+`
				WHERE client_id = $1 AND chain = $2 AND lower(contract_address) = lower($3) AND token_id IS NOT NULL
				RETURNING `+assetColumns, scope.ClientID(), provider, contract, n.Name, n.ImageURL, n.IsHidden, n.IsSpam, n.IsWorthless, override, floor)
			if err != nil {
				return store.Err(err, "asset")
			}
			for rows.Next() {
				a, err := scanAsset(rows)
				if err != nil {
					rows.Close()
					return err
				}
				out = append(out, a)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return store.Err(err, "asset")
			}
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
