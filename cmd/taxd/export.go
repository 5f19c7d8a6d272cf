package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/recalc"
	"taxd/internal/store"
	"taxd/internal/taxfile"
)

// export runs "taxd export --client ID [--out FILE]": the client's ledger as the recalculation
// hands it to the engine, in taxd compute's CSV input format (accounts and assets by name), so
// that `taxd compute` on it gives the service's figures. The first line is a comment naming the
// client and the taxd compute flags of the client's settings; the flags are also printed on
// stderr.
func export(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var clientArg, out string
	cfg, err := parseConfig("export", config.RoleMigrate, args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&clientArg, "client", "", "client id (required)")
		fs.StringVar(&out, "out", "", "file to write (default: standard output)")
	})
	if err != nil {
		return err
	}
	clientID, err := uuid.Parse(clientArg)
	if err != nil {
		return errors.New("usage: taxd export --client ID [--out FILE] [flags] (--client must be a client id, a UUID)")
	}
	pool, closeDB, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	if _, err := db.New(pool).GetClient(ctx, clientID); err != nil {
		return store.Err(err, "client")
	}
	in, err := recalc.ExportLedger(ctx, pool, auth.JobScope(clientID, "cli:export"))
	if err != nil {
		return err
	}
	flags := strings.Join(taxfile.Flags(in.Settings), " ")
	write := func(w io.Writer, name string) error {
		if _, err := fmt.Fprintf(w, "# client %s: taxd compute --input %s %s\n", clientID, name, flags); err != nil {
			return err
		}
		if err := taxfile.WriteInputCSV(w, in); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "%d transactions; compute them with: taxd compute --input %s %s\n", len(in.Transactions), name, flags)
		return nil
	}
	if out == "" {
		return write(stdout, "FILE")
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := write(f, out); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
