package server

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/accounts"
	"taxd/internal/auth"
	"taxd/internal/chaindata"
	"taxd/internal/clients"
	"taxd/internal/config"
	"taxd/internal/exchanges"
	"taxd/internal/fileimport"
	"taxd/internal/graph"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/partner"
	"taxd/internal/portfolio"
	"taxd/internal/prices"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/rest"
	"taxd/internal/syncs"
	"taxd/internal/taxfigures"
	"taxd/internal/taxforms"
	"taxd/internal/taxsettings"
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
	// TaxFigures reads settled tax figures (prices from internal/prices unless offline);
	// TaxSettings owns the clients' tax settings and lock.
	TaxFigures  *taxfigures.Service
	TaxSettings *taxsettings.Service
	TaxForms    *taxforms.Service // broker tax forms and their reconciliation
	Accounts    *accounts.Service // accounts of every kind, exchange credentials sealed
	// Portfolio: holdings, values and charts; it reads prices through the price service, or only
	// its cache when offline.
	Portfolio *portfolio.Service
}

// newServices builds the services over d's pool, job client and bucket.
func newServices(d Deps, tokens *auth.Tokens) (*Services, error) {
	cfg := d.Config
	sealer, err := exchanges.NewSealer(cfg.CredentialsKey)
	if err != nil {
		return nil, err
	}
	files := fileimport.NewService(d.Pool, d.Bucket).WithUploads(fileimport.UploadSettings{
		Secret: []byte(cfg.ReportSigningSecret), BaseURL: cfg.PublicURL, MaxBytes: cfg.UploadMaxBytes, Now: d.Now,
	}).WithJobs(d.Jobs)
	figurePrices, portfolioPrices := requestPrices(d)
	providers := d.Providers
	if providers == nil {
		providers = chainProviders(cfg, d.Pool)
	}
	s := &Services{
		Partners: partner.NewService(partner.Deps{
			Pool: d.Pool, Tokens: tokens, Jobs: d.Jobs,
			Settings: partner.Settings{EmailDailyLimit: cfg.EmailDailyLimit, PublicURL: cfg.PublicURL},
		}).WithClock(d.Now),
		Reports: reports.NewService(reports.Deps{
			Pool: d.Pool, Bucket: d.Bucket, Jobs: d.Jobs, SigningSecret: cfg.ReportSigningSecret,
			LinkLifetime: cfg.SignedLinkLifetime, PortalURL: cfg.PortalURL, PublicURL: cfg.PublicURL, Now: d.Now,
		}),
		Syncs:       syncs.NewService(d.Pool, d.Jobs),
		Recalc:      recalc.NewService(d.Pool, d.Jobs),
		Ledger:      ledger.New(d.Pool),
		Clients:     clients.NewService(d.Pool, d.Now),
		Files:       files,
		Viewers:     &auth.ViewerAuthenticator{DB: d.Pool, Now: d.Now, PortalTokens: tokens},
		Webhooks:    webhooks.NewService(d.Pool),
		Throttle:    auth.DefaultLoginThrottle(d.Pool, d.Now),
		TaxFigures:  taxfigures.NewService(d.Pool, figurePrices, d.Now),
		TaxSettings: taxsettings.NewService(d.Pool),
		TaxForms:    taxforms.NewService(d.Pool, d.Jobs, d.Now),
		Accounts: accounts.NewService(accounts.Deps{
			Pool: d.Pool, Jobs: d.Jobs, Sealer: sealer, Files: files, Now: d.Now, Providers: providers,
		}),
		Portfolio: portfolio.NewService(d.Pool, portfolioPrices, d.Now),
	}
	s.Throttle.TrustedProxies = cfg.TrustedProxyPrefixes
	registerReportOwners(s.Reports, s.TaxForms)
	return s, nil
}

// registerReportOwners gives a reports service what other domains own: the renderer of the
// reconciled Form 8949 a tax form generation queues, and the disposals Forms 1099-DA report
// (exclude1099DA), both internal/taxforms. The API's service and the report worker's (WorkersWith)
// must be built alike, or the worker renders what the API promised differently.
func registerReportOwners(r *reports.Service, forms *taxforms.Service) {
	r.Register(taxforms.ReportType, forms.RenderReport)
	r.SetBrokerReported(forms.ReportedTransfers)
}

// chainProviders are the chain indexers of cfg: getUsedChains asks them and the sync workers import
// through them (one Registry per process, see openBackend). EVM transactions are kept in
// chain_transactions (internal/chaindata), so each receipt is read once.
func chainProviders(cfg *config.Config, pool *pgxpool.Pool) *imports.Registry {
	return imports.NewRegistry(imports.Config{
		Etherscan: imports.EtherscanConfig{BaseURL: cfg.EtherscanURL, APIKey: cfg.EtherscanAPIKey, RPS: cfg.EtherscanRPS,
			ChainBaseURLs: cfg.EtherscanChainURLs, Cache: chaindata.New(pool)},
		Esplora: imports.EsploraConfig{BaseURL: cfg.EsploraURL},
		Solana:  imports.SolanaConfig{RPCURL: cfg.SolanaRPCURL},
	})
}

// requestPrices are the price look-ups of the request path, over one price source (the Postgres
// cache, then CoinGecko within each caller's time budget): offline, the cache alone, and figures
// without a price say it is missing.
func requestPrices(d Deps) (taxfigures.Prices, portfolio.PriceFeed) {
	src := prices.NewSource(prices.NewClient(prices.Config{BaseURL: d.Config.CoinGeckoURL, APIKey: d.Config.CoinGeckoAPIKey, RPS: d.Config.CoinGeckoRPS}), prices.NewPGCache(d.Pool))
	cachedIn := func(currency string) taxfigures.PriceFunc { return src.CachedIn(currency) }
	if d.Config.Offline {
		return taxfigures.Prices{Cached: src.CachedUSD, CachedIn: cachedIn}, nil
	}
	return taxfigures.Prices{Cached: src.CachedUSD, Fetch: src.USD, CachedIn: cachedIn,
		FetchIn: func(currency string) taxfigures.PriceFunc { return src.In(currency) }}, src
}

// REST returns the REST adapter's dependencies.
func (s *Services) REST(d Deps) rest.Deps {
	return rest.Deps{Partners: s.Partners, Reports: s.Reports, Syncs: s.Syncs, Recalc: s.Recalc, Webhooks: s.Webhooks, Files: s.Files, Now: d.Now}
}

// GraphQL returns the GraphQL adapter's dependencies.
func (s *Services) GraphQL(d Deps) graph.Deps {
	return graph.Deps{Auth: s.Viewers, Ledger: s.Ledger, Clients: s.Clients, Recalc: s.Recalc, Reports: s.Reports, Files: s.Files, Throttle: s.Throttle, Now: d.Now,
		TaxFigures: s.TaxFigures, ClientTaxSettings: s.TaxSettings, TaxForms: s.TaxForms, Accounts: s.Accounts, Portfolio: s.Portfolio}
}
