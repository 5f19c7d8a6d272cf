package taxfile

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
)

// Generate writes a synthetic ledger of n transactions (see package taxgen) as CSV.
func Generate(w io.Writer, n, assets, wallets int, seed uint64) error {
	in := taxgen.Generate(taxgen.Config{Transactions: n, Assets: assets, Wallets: wallets, Seed: seed})
	return WriteInputCSV(w, in)
}

// WriteInputCSV writes an engine input in the CSV input format (ids become tx<N>; settings are not
// part of a CSV file: Flags gives them as taxd compute's flags). Every transfer field the format
// has is written, so reading the file back gives the same input.
func WriteInputCSV(out io.Writer, in tax.Input) error {
	w := bufio.NewWriterSize(out, 1<<16)
	b := make([]byte, 0, 80<<10)
	b = append(b, "tx,time,label,asset,quantity,from,to,value,fee_fiat,is_fee,staking_id,to_asset,acquired_at,reported_1099da,basis_reported\n"...)
	for i := range in.Transactions {
		tx := &in.Transactions[i]
		for j := range tx.Transfers {
			tr := &tx.Transfers[j]
			b = append(b, "tx"...)
			b = strconv.AppendInt(b, int64(i+1), 10)
			b = append(b, ',')
			b = tx.Time.UTC().AppendFormat(b, time.RFC3339Nano)
			b = append(b, ',')
			b = append(b, tr.Label.String()...)
			b = append(b, ',')
			b = csvField(b, tr.Asset)
			b = append(b, ',')
			b = tr.Quantity.Append(b)
			b = append(b, ',')
			b = csvField(b, tr.From)
			b = append(b, ',')
			b = csvField(b, tr.To)
			b = append(b, ',')
			if tr.HasFiatValue {
				b = tr.FiatValue.Append(b)
			}
			b = append(b, ',')
			if !tr.FeeFiat.IsZero() {
				b = tr.FeeFiat.Append(b)
			}
			b = append(b, ',')
			if tr.IsFee {
				b = append(b, "true"...)
			}
			b = append(b, ',')
			b = csvField(b, tr.StakingAccountIdentifier)
			b = append(b, ',')
			b = csvField(b, tr.ToAsset)
			b = append(b, ',')
			if !tr.AcquiredAt.IsZero() {
				b = tr.AcquiredAt.UTC().AppendFormat(b, time.RFC3339Nano)
			}
			b = append(b, ',')
			if tr.ReportedOn1099DA {
				b = append(b, "true"...)
			}
			b = append(b, ',')
			if tr.BasisReported {
				b = append(b, "true"...)
			}
			b = append(b, '\n')
		}
		if len(b) > 64<<10 {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	if _, err := w.Write(b); err != nil {
		return err
	}
	return w.Flush()
}

// RunGenerate implements a small generator command:
// generate --transactions N [--assets 50] [--wallets 10] [--seed 1] [--output FILE].
func RunGenerate(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("transactions", 1_000_000, "number of transactions")
	assets := fs.Int("assets", 50, "number of assets")
	wallets := fs.Int("wallets", 10, "number of wallets")
	seed := fs.Uint64("seed", 1, "random seed (same seed, same file)")
	output := fs.String("output", "-", "output file (- for standard output)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	w := stdout
	if *output != "-" {
		fh, err := os.Create(*output)
		if err != nil {
			return err
		}
		defer fh.Close()
		w = fh
	}
	return Generate(w, *n, *assets, *wallets, *seed)
}
