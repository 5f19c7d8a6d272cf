package prices

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
)

// PGCache is the Cache on Postgres (table prices): one USD price per price key and UTC day.
type PGCache struct{ pool *pgxpool.Pool }

// NewPGCache returns a cache on pool.
func NewPGCache(pool *pgxpool.Pool) *PGCache { return &PGCache{pool: pool} }

func (c *PGCache) Get(ctx context.Context, key string, day time.Time) (decimal.Decimal, bool, error) {
	usd, err := db.New(c.pool).GetPrice(ctx, db.GetPriceParams{PriceKey: key, Day: Day(day)})
	if errors.Is(err, pgx.ErrNoRows) {
		return decimal.Decimal{}, false, nil
	}
	return usd, err == nil, err
}

func (c *PGCache) Put(ctx context.Context, key string, day time.Time, usd decimal.Decimal, source string) error {
	return db.New(c.pool).PutPrice(ctx, db.PutPriceParams{PriceKey: key, Day: Day(day), Usd: usd, Source: source})
}
