package server

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"gocloud.dev/blob"

	"taxd/internal/accounts"
	"taxd/internal/chaindata"
	"taxd/internal/config"
	"taxd/internal/exchanges"
	"taxd/internal/fileimport"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/mail"
	"taxd/internal/prices"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/syncs"
	"taxd/internal/taxforms"
	"taxd/internal/webhooks"
)

// Workers registers every background job's worker. Each job kind runs on its own queue (see
// JobOptions); the janitor fails the rows of jobs that were discarded, cancelled or deleted.
func Workers(cfg *config.Config, pool *pgxpool.Pool, bucket *blob.Bucket) (*river.Workers, error) {
	return WorkersWith(cfg, pool, bucket, nil)
}

// WorkersWith is Workers with the sync providers given (nil: the configured chain APIs); tests
// pass fakes.
func WorkersWith(cfg *config.Config, pool *pgxpool.Pool, bucket *blob.Bucket, providers syncs.Providers) (*river.Workers, error) {
	w := river.NewWorkers()
	jobs.Register(w, &jobs.Janitor{Pool: pool})
	var sender mail.Sender = mail.DirSender{Dir: cfg.MailDir, From: cfg.SMTPFrom}
	if cfg.SMTPAddr != "" {
		sender = mail.SMTPSender{Addr: cfg.SMTPAddr, From: cfg.SMTPFrom, User: cfg.SMTPUser, Password: cfg.SMTPPassword}
	}
	jobs.Register(w, &mail.Worker{Pool: pool, Sender: sender})
	jobs.Register(w, &recalc.Worker{Runner: &recalc.Runner{Pool: pool}})
	var priceFn ledger.PriceFunc
	var pricesIn func(string) ledger.PriceFunc
	var pricesForPage func(context.Context, string, []imports.Tx) (ledger.PriceFunc, error)
	if !cfg.Offline {
		src := prices.NewSource(prices.NewClient(prices.Config{BaseURL: cfg.CoinGeckoURL, APIKey: cfg.CoinGeckoAPIKey, RPS: cfg.CoinGeckoRPS}), prices.NewPGCache(pool))
		priceFn = src.USD
		pricesIn = func(cur string) ledger.PriceFunc { return src.In(cur) }
		pricesForPage = func(ctx context.Context, cur string, txs []imports.Tx) (ledger.PriceFunc, error) {
			return src.ForSync(ctx, cur, txs)
		}
	}
	if providers == nil {
		providers = chainProviders(cfg, pool)
	}
	sealer, err := exchanges.NewSealer(cfg.CredentialsKey)
	if err != nil {
		return nil, err
	}
	jobs.Register(w, &syncs.Worker{Pool: pool, Prices: priceFn, PricesIn: pricesIn, PricesForPage: pricesForPage, Providers: providers, Sealer: sealer,
		Exchanges: exchanges.NewRegistry(exchanges.Config{CoinbaseURL: cfg.CoinbaseURL, KrakenURL: cfg.KrakenURL})})
	jobs.Register(w, &syncs.ReclassifyWorker{Reclassifier: Reclassifier(pool, priceFn, pricesIn)})
	jobs.Register(w, &accounts.ContinuousWorker{Pool: pool})
	jobs.Register(w, &fileimport.Worker{Pool: pool, Bucket: bucket})
	reportSvc := reports.NewService(reports.Deps{
		Pool: pool, Bucket: bucket, SigningSecret: cfg.ReportSigningSecret, LinkLifetime: cfg.SignedLinkLifetime, PortalURL: cfg.PortalURL,
	})
	registerReportOwners(reportSvc, taxforms.NewService(pool, nil, nil))
	jobs.Register(w, &reports.Worker{Service: reportSvc})
	jobs.Register(w, &reports.TransactionsWorker{Service: reportSvc, Ledger: ledger.New(pool)})
	jobs.Register(w, &webhooks.Worker{Pool: pool, AllowPrivate: cfg.WebhookAllowPrivate})
	registerTrackers(w)
	return w, nil
}

// Reclassifier is the re-classification of clients' stored chain data (the reclassify job and
// `taxd reclassify`), valuing new legs with prices (nil: left missing). Its chain data is the
// store the EVM provider fills (internal/chaindata).
func Reclassifier(pool *pgxpool.Pool, prices ledger.PriceFunc, pricesIn func(string) ledger.PriceFunc) *syncs.Reclassifier {
	return &syncs.Reclassifier{Pool: pool, Prices: prices, PricesIn: pricesIn, Chain: chaindata.New(pool)}
}

// registerTrackers gives the job kinds that have a progress row their tracker: the row mirrors
// each attempt of the kind's river job, and a takeover by the reclaimer.
func registerTrackers(w *river.Workers) {
	jobs.Track(w, jobs.KindRecalc, recalc.Track)
	jobs.Track(w, jobs.KindSync, syncs.TrackItem)
	jobs.Track(w, fileimport.KindImport, syncs.TrackItem)
	jobs.Track(w, jobs.KindReport, reports.Track)
	jobs.Track(w, reports.KindTransactions, reports.Track)
}
