package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/prices"
	"taxd/internal/server"
	"taxd/internal/store"
)

// importFile runs "taxd import FILE --client ID": it parses a CSV export (every bad row is
// reported with its line number and nothing is imported), then imports all rows into a file
// account in one database transaction, with a progress bar on stderr.
func importFile(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return errors.New("usage: taxd import FILE --client ID [--format generic|coinbase|kraken] [--account ID] [flags]")
	}
	path := args[0]
	var clientArg, format, accountArg string
	cfg, err := parseConfig("import", args[1:], stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&clientArg, "client", "", "client id (required)")
		fs.StringVar(&format, "format", "generic", "CSV format: "+strings.Join(imports.CSVFormats(), ", "))
		fs.StringVar(&accountArg, "account", "", "file account to import into (default: a new one named after the file)")
	})
	if err != nil {
		return err
	}
	clientID, err := uuid.Parse(clientArg)
	if err != nil {
		return errors.New("--client must be a client id (UUID)")
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	txs, err := imports.ParseCSV(f, format)
	f.Close()
	var csvErr *imports.CSVError
	if errors.As(err, &csvErr) {
		fmt.Fprintf(stderr, "%s: %d rows failed validation; nothing was imported:\n", path, len(csvErr.Rows))
		for _, r := range csvErr.Rows {
			fmt.Fprintf(stderr, "  %s\n", r)
		}
		return errors.New("import failed")
	}
	if err != nil {
		return err
	}
	url, stop, err := server.Database(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer stop()
	pool, err := store.Open(ctx, url)
	if err != nil {
		return err
	}
	defer pool.Close()
	q := db.New(pool)
	if _, err := q.GetClient(ctx, clientID); err != nil {
		return store.Err(err, "client")
	}
	var accountID uuid.UUID
	if accountArg != "" {
		if accountID, err = uuid.Parse(accountArg); err != nil {
			return errors.New("--account must be an account id (UUID)")
		}
	} else {
		a, err := q.CreateAccount(ctx, db.CreateAccountParams{ID: uuid.Must(uuid.NewV7()), ClientID: clientID, Type: "file", Provider: format,
			Name: filepath.Base(path), Status: "synced"})
		if err != nil {
			return store.Err(err, "account")
		}
		accountID = a.ID
		fmt.Fprintf(stdout, "created file account %s\n", accountID)
	}
	var price ledger.PriceFunc
	if !cfg.Offline {
		price = prices.NewSource(prices.NewClient(prices.Config{BaseURL: cfg.CoinGeckoURL, APIKey: cfg.CoinGeckoAPIKey}), prices.NewPGCache(pool)).USD
	}
	added := 0
	const chunk = 200
	err = ledger.New(pool).Update(ctx, clientID, ledger.Meta{Actor: "cli:import", Source: ptr("csv-import")}, func(e *ledger.Editor) error {
		for i := 0; i < len(txs); i += chunk {
			n, err := e.Import(accountID, txs[i:min(i+chunk, len(txs))], price)
			if err != nil {
				return err
			}
			added += n
			progress(stderr, min(i+chunk, len(txs)), len(txs))
		}
		return nil
	})
	fmt.Fprintln(stderr)
	if err != nil {
		return fmt.Errorf("nothing was imported: %w", err)
	}
	fmt.Fprintf(stdout, "imported %d of %d transactions (%d were already there); the client is marked for recalculation\n", added, len(txs), len(txs)-added)
	return nil
}

func progress(w io.Writer, done, total int) {
	const width = 40
	filled := width * done / max(total, 1)
	fmt.Fprintf(w, "\r[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
}

func ptr[T any](v T) *T { return &v }
