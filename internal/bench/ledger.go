// Package bench writes generated data sets for benchmarks (`taxd bench`, `make bench`).
package bench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
	"taxd/internal/taxfile"
)

// SeedLedger writes a generated ledger (taxgen: buys, sells, swaps, internal moves, income,
// fees, staking) of n transactions for a new client with COPY, and returns the client id. It is
// what `taxd bench recalc` measures recalculation on.
func SeedLedger(ctx context.Context, pool *pgxpool.Pool, n, assets, wallets int, log io.Writer) (uuid.UUID, error) {
	start := time.Now()
	in := taxgen.Generate(taxgen.Config{Transactions: n, Assets: assets, Wallets: wallets, Seed: 42})
	fmt.Fprintf(log, "generated %d transactions in %s\n", len(in.Transactions), time.Since(start).Round(time.Millisecond))
	return Seed(ctx, pool, in, log)
}

// Seed writes the ledger in for a new client (per-wallet from 2025-01-01, FIFO) and returns the
// client id. The whole ledger is dirty, as after an import.
func Seed(ctx context.Context, pool *pgxpool.Pool, in tax.Input, log io.Writer) (uuid.UUID, error) {
	client := uuid.Must(uuid.NewV7())
	acct := map[string]uuid.UUID{}
	asset := map[string]uuid.UUID{}
	for _, t := range in.Transactions {
		for _, tr := range t.Transfers {
			for _, a := range []string{tr.From, tr.To} {
				if a != "" && acct[a] == uuid.Nil {
					acct[a] = uuid.Must(uuid.NewV7())
				}
			}
			if asset[tr.Asset] == uuid.Nil {
				asset[tr.Asset] = uuid.Must(uuid.NewV7())
			}
		}
	}
	start := time.Now()
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO clients (id, name, per_wallet_from) VALUES ($1, 'bench', '2025-01-01')`, client); err != nil {
			return err
		}
		for name, id := range acct {
			if _, err := tx.Exec(ctx, `INSERT INTO accounts (id, client_id, type, provider, name) VALUES ($1, $2, 'wallet', 'bench', $3)`, id, client, name); err != nil {
				return err
			}
		}
		for name, id := range asset {
			if _, err := tx.Exec(ctx, `INSERT INTO assets (id, client_id, key, symbol) VALUES ($1, $2, $3, $3)`, id, client, name); err != nil {
				return err
			}
		}
		i := 0
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"transactions"}, []string{"id", "client_id", "occurred_at", "ordinal", "fiat_value"},
			pgx.CopyFromFunc(func() ([]any, error) {
				if i == len(in.Transactions) {
					return nil, nil
				}
				t := in.Transactions[i]
				i++
				return []any{uuid.UUID(t.ID), client, t.Time, int32(i), fiatValue(t)}, nil
			})); err != nil {
			return err
		}
		// The transactions' values are written with them (fiatValue), as a bulk import writes them:
		// the transfers' triggers would otherwise compute and update each transaction again.
		if err := db.New(tx).SetTransactionValuesWritten(ctx, "on"); err != nil {
			return err
		}
		// The transfers' foreign-key checks are planned from the statistics: a database whose
		// transactions table was last analysed empty would check each of them with a sequential scan
		// (hours at 1M). Analyse what this transaction wrote first.
		if _, err := tx.Exec(ctx, `ANALYZE transactions, accounts, assets`); err != nil {
			return err
		}
		ti, tj := 0, 0
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"transfers"},
			[]string{"id", "client_id", "transaction_id", "occurred_at", "position", "asset_id", "quantity", "from_account_id", "to_account_id",
				"fiat_value", "fee_fiat", "is_fee", "label", "staking_account_identifier"},
			pgx.CopyFromFunc(func() ([]any, error) {
				for ti < len(in.Transactions) && tj == len(in.Transactions[ti].Transfers) {
					ti, tj = ti+1, 0
				}
				if ti == len(in.Transactions) {
					return nil, nil
				}
				t := in.Transactions[ti]
				tr := t.Transfers[tj]
				tj++
				var fiat, fee, label, staking any
				if tr.HasFiatValue {
					fiat = numeric(tr.FiatValue)
				}
				if !tr.FeeFiat.IsZero() {
					fee = numeric(tr.FeeFiat)
				}
				if tr.Label != tax.LabelNone {
					label = tr.Label.String()
				}
				if tr.StakingAccountIdentifier != "" {
					staking = tr.StakingAccountIdentifier
				}
				return []any{uuid.UUID(tr.ID), client, uuid.UUID(t.ID), t.Time, int32(tj - 1), asset[tr.Asset], numeric(tr.Quantity),
					optID(acct, tr.From), optID(acct, tr.To), fiat, fee, tr.IsFee, label, staking}, nil
			}))
		if err != nil {
			return err
		}
		if err := db.New(tx).SetTransactionValuesWritten(ctx, "off"); err != nil {
			return err
		}
		// A freshly imported ledger is dirty throughout.
		_, err = tx.Exec(ctx, `INSERT INTO dirty_marks (client_id, transaction_id, occurred_at) SELECT client_id, id, occurred_at FROM transactions WHERE client_id = $1`, client)
		return err
	})
	if err != nil {
		return uuid.Nil, err
	}
	if len(in.Transactions) >= 10_000 {
		if _, err := pool.Exec(ctx, `ANALYZE transactions; ANALYZE transfers; ANALYZE dirty_marks`); err != nil {
			return uuid.Nil, err
		}
	}
	fmt.Fprintf(log, "stored them in %s\n", time.Since(start).Round(time.Millisecond))
	return client, nil
}

// fiatValue is transactions.fiat_value of a new transaction of t's transfers (none hidden, no
// result set yet): the larger of the incoming and the outgoing sides, fees left out, in cents.
func fiatValue(t tax.Transaction) pgtype.Numeric {
	var in, out decimal.Decimal
	for _, tr := range t.Transfers {
		if tr.IsFee || !tr.HasFiatValue {
			continue
		}
		v := decimal.NewFromBigInt(tr.FiatValue.BigInt(), -tax.Scale)
		if tr.To != "" {
			in = in.Add(v)
		}
		if tr.From != "" {
			out = out.Add(v)
		}
	}
	v := decimal.Max(in, out).Round(2)
	return pgtype.Numeric{Int: v.Coefficient(), Exp: v.Exponent(), Valid: true}
}

func optID(m map[string]uuid.UUID, name string) any {
	if name == "" {
		return nil
	}
	return pgtype.UUID{Bytes: m[name], Valid: true}
}

func numeric(d tax.Dec) pgtype.Numeric {
	return pgtype.Numeric{Int: d.BigInt(), Exp: -tax.Scale, Valid: true}
}

// WriteTradesCSV writes n rows (taxd compute's CSV): alternating buys of 1.5 and sells of 1.25 of
// one asset in one account, two hours apart, with varying prices.
func WriteTradesCSV(out io.Writer, n int) error {
	w := bufio.NewWriterSize(out, 1<<16)
	b := make([]byte, 0, 128)
	w.WriteString("tx,time,label,asset,quantity,from,to,value\n")
	t0 := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < n; i++ {
		b = b[:0]
		k := i / 2
		if i%2 == 0 {
			b = append(b, 'b')
		} else {
			b = append(b, 's')
		}
		b = strconv.AppendInt(b, int64(k), 10)
		b = append(b, ',')
		b = t0.Add(time.Duration(i)*time.Hour).AppendFormat(b, time.RFC3339)
		if i%2 == 0 {
			b = append(b, ",buy,BTC,1.5,,coinbase,"...)
			b = strconv.AppendInt(b, int64(30000+k%977), 10)
		} else {
			b = append(b, ",sell,BTC,1.25,coinbase,,"...)
			b = strconv.AppendInt(b, int64(31000+k%1013), 10)
		}
		b = append(b, ".25\n"...)
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return w.Flush()
}

// WriteMixedCSV writes the taxgen ledger of n transactions (50 assets, 10 wallets) as CSV.
func WriteMixedCSV(w io.Writer, n int) error {
	return taxfile.Generate(w, n, 50, 10, 42)
}
