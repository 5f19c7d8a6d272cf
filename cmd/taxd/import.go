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
	"taxd/internal/fileimport"
	"taxd/internal/imports"
	"taxd/internal/prices"
	"taxd/internal/store"
)

// importFile runs "taxd import FILE --client ID" (see fileimport): every bad row is reported with
// its line number and nothing is imported; otherwise all rows go in one database transaction, with
// a progress bar on stderr.
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
	defer f.Close()
	pool, closeDB, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	req := fileimport.Request{ClientID: clientID, Name: filepath.Base(path), Format: format, File: f, Actor: "cli:import",
		Progress: func(done, total int) { progress(stderr, done, total) }}
	if accountArg != "" {
		id, err := uuid.Parse(accountArg)
		if err != nil {
			return errors.New("--account must be an account id (UUID)")
		}
		req.AccountID = &id
	}
	if _, err := db.New(pool).GetClient(ctx, clientID); err != nil {
		return store.Err(err, "client")
	}
	if !cfg.Offline {
		req.Prices = prices.NewSource(prices.NewClient(prices.Config{BaseURL: cfg.CoinGeckoURL, APIKey: cfg.CoinGeckoAPIKey}), prices.NewPGCache(pool)).USD
	}
	res, err := fileimport.Import(ctx, pool, req)
	fmt.Fprintln(stderr)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	fmt.Fprintf(stdout, "imported %d of %d transactions into account %s (%d were already there); the client is marked for recalculation\n",
		res.Added, res.Rows, res.AccountID, res.Rows-res.Added)
	return nil
}

func progress(w io.Writer, done, total int) {
	const width = 40
	filled := width * done / max(total, 1)
	fmt.Fprintf(w, "\r[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
}
