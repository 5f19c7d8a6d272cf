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
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/config"
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
	cfg, err := parseConfig("import", config.RoleServe, args[1:], stderr, func(fs *flag.FlagSet) {
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
	st, err := f.Stat()
	if err != nil {
		return err
	}
	pool, closeDB, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	bar := &progressBar{w: stderr}
	req := fileimport.Request{ClientID: clientID, Name: filepath.Base(path), Format: format, File: f, Size: st.Size(),
		Actor: "cli:import", Progress: bar.update}
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
		req.Prices = prices.NewSource(prices.NewClient(prices.Config{BaseURL: cfg.CoinGeckoURL, APIKey: cfg.CoinGeckoAPIKey, RPS: cfg.CoinGeckoRPS}), prices.NewPGCache(pool)).USD
	}
	res, err := fileimport.Import(ctx, pool, req)
	bar.end()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	// Nothing added: do not promise a recalculation of nothing.
	next := "the client is marked for recalculation"
	if res.Added == 0 {
		next = "no new transactions"
	}
	fmt.Fprintf(stdout, "imported %d of %d transactions into account %s (%d were already there); %s\n",
		res.Added, res.Rows, res.AccountID, res.Rows-res.Added, next)
	return nil
}

// progressBar draws an import's progress on one terminal line per phase: the bar and rate of
// parse+validate (by bytes of the file), then the write with its duration.
type progressBar struct {
	w         io.Writer
	phase     string
	lastDrawn time.Time
}

func (b *progressBar) update(p fileimport.Progress) {
	if p.Phase != b.phase && b.phase != "" {
		fmt.Fprintln(b.w)
	}
	b.phase = p.Phase
	if p.Phase == fileimport.PhaseRead && p.Bytes < p.Size && time.Since(b.lastDrawn) < 100*time.Millisecond {
		return
	}
	b.lastDrawn = time.Now()
	rate := func(n int) string {
		if s := p.PhaseTime.Seconds(); s > 0 {
			return fmt.Sprintf("%.0f rows/s", float64(n)/s)
		}
		return "- rows/s"
	}
	switch p.Phase {
	case fileimport.PhaseRead:
		const width = 30
		filled := 0
		if p.Size > 0 {
			filled = int(int64(width) * min(p.Bytes, p.Size) / p.Size)
		}
		fmt.Fprintf(b.w, "\r%-15s [%s%s] %3d%%  %d rows  %.1f MB  %s  %s ", p.Phase, strings.Repeat("#", filled), strings.Repeat(".", width-filled),
			100*filled/width, p.Rows, float64(p.Bytes)/1e6, rate(p.Rows), p.PhaseTime.Round(time.Second))
	case fileimport.PhaseWrite:
		fmt.Fprintf(b.w, "%-15s %d rows into the ledger...", p.Phase, p.Rows)
	case fileimport.PhaseDone:
		fmt.Fprintf(b.w, " %d new in %s (%s)", p.Added, p.PhaseTime.Round(time.Millisecond), rate(p.Rows))
	}
}

func (b *progressBar) end() {
	if b.phase != "" {
		fmt.Fprintln(b.w)
	}
}
