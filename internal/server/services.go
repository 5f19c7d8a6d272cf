package server

import (
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/fileimport"
	"taxd/internal/graph"
	"taxd/internal/ledger"
	"taxd/internal/partner"
	"taxd/internal/portfolio"
	"taxd/internal/prices"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/rest"
	"taxd/internal/syncs"
	"taxd/internal/webhooks"
)

// Services are the domain services, built once per process; the REST and GraphQL adapters get
// the ones they call (rest.Deps, graph.Deps) and never the pool.
type Services struct {
	Partners *partner.Service
	Reports  *reports.Service
	Syncs    *syncs.Service
	Recalc   *recalc.Service
	Ledger   *ledger.Ledger
	Clients  *clients.Service
	Files    *fileimport.Service
	Viewers  *auth.ViewerAuthenticator // GraphQL credentials and client scopes
	Webhooks *webhooks.Service
	Throttle *auth.LoginThrottle // failed-login backoff, shared by the REST gate and GraphQL
	// Portfolio: holdings, values and charts; it reads prices through the price service, or only
	// its cache when offline.
	Portfolio *portfolio.Service
}

// newServices builds the services over d's pool, job client and bucket.
func newServices(d Deps, tokens *auth.Tokens) *Services {
	cfg := d.Config
	return &Services{
		Partners: partner.NewService(partner.Deps{
			Pool: d.Pool, Tokens: tokens, Jobs: d.Jobs,
			Settings: partner.Settings{EmailDailyLimit: cfg.EmailDailyLimit, PublicURL: cfg.PublicURL},
		}).WithClock(d.Now),
		Reports: reports.NewService(reports.Deps{
			Pool: d.Pool, Bucket: d.Bucket, Jobs: d.Jobs, SigningSecret: cfg.ReportSigningSecret,
			LinkLifetime: cfg.SignedLinkLifetime, PortalURL: cfg.PortalURL, Now: d.Now,
		}),
		Syncs:    syncs.NewService(d.Pool, d.Jobs),
		Recalc:   recalc.NewService(d.Pool, d.Jobs),
		Ledger:   ledger.New(d.Pool),
		Clients:  clients.NewService(d.Pool, d.Now),
		Files:    fileimport.NewService(d.Pool, d.Bucket),
		Viewers:  &auth.ViewerAuthenticator{DB: d.Pool, Now: d.Now},
		Webhooks: webhooks.NewService(d.Pool),
		Throttle: auth.DefaultLoginThrottle(d.Pool, d.Now),

		Portfolio: portfolio.NewService(d.Pool, priceFeed(d), d.Now),
	}
}

// priceFeed is the price service over the Postgres cache; nil offline.
func priceFeed(d Deps) portfolio.PriceFeed {
	if d.Config.Offline {
		return nil
	}
	return prices.NewSource(prices.NewClient(prices.Config{BaseURL: d.Config.CoinGeckoURL, APIKey: d.Config.CoinGeckoAPIKey}), prices.NewPGCache(d.Pool))
}

// REST returns the REST adapter's dependencies.
func (s *Services) REST(d Deps) rest.Deps {
	return rest.Deps{Partners: s.Partners, Reports: s.Reports, Syncs: s.Syncs, Recalc: s.Recalc, Webhooks: s.Webhooks, Now: d.Now}
}

// GraphQL returns the GraphQL adapter's dependencies.
func (s *Services) GraphQL(d Deps) graph.Deps {
	return graph.Deps{Auth: s.Viewers, Ledger: s.Ledger, Clients: s.Clients, Recalc: s.Recalc, Reports: s.Reports, Files: s.Files, Throttle: s.Throttle, Portfolio: s.Portfolio, Now: d.Now}
}
