// Package demo is the sample ledger `make run` gives its demo user, so that a newcomer sees every
// view of the portal with figures: a few hundred transactions over 2023-2025 in three accounts
// (an exchange, a hardware wallet and a Solana wallet): recurring buys, sales at a gain and at a
// loss, staking rewards, moves between the user's own wallets (two paired, one left for the
// review queue to pair), a receipt without a price that is later swapped (missing basis), a gift
// sent, an unlabeled payment received and a spam airdrop. The ledger is imported through the
// generic CSV format (internal/imports/CSV.md) like a user's own files, and is the same on every
// run.
package demo

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"time"

	"github.com/shopspring/decimal"
)

// Account is one account of the sample ledger as a generic CSV file.
type Account struct {
	Name string
	CSV  []byte
	Rows int
}

// Own wallet addresses of the sample user: the moves between accounts name them.
const (
	LedgerBTCAddress = "bc1qdemo0ledger0nano0x0000000000000000000"
	LedgerETHAddress = "0x5a1e000000000000000000000000000000d3m0"
	PhantomAddress   = "DemoPhantom1111111111111111111111111111111"
)

// Hashes of the transactions the seed pairs as internal transfers (from, to), and of the pair it
// leaves for the user to pair from the review queue.
var (
	PairedMoves = [][2]string{
		{"demo-cb-btc-to-ledger", "demo-ledger-btc-from-cb"},
		{"demo-cb-sol-to-phantom-1", "demo-phantom-sol-from-cb-1"},
		{"demo-cb-sol-to-phantom-2", "demo-phantom-sol-from-cb-2"},
	}
	UnpairedMove = [2]string{"demo-cb-eth-to-ledger", "demo-ledger-eth-from-cb"}
	// UnlabeledPayment is the SOL payment received without a label (income once labeled).
	UnlabeledPayment = "demo-phantom-payment"
	// PricelessReceipt is the JTO receipt without a price, swapped later (missing basis).
	PricelessReceipt = "demo-phantom-jto-receipt"
)

type row struct {
	date                   time.Time
	typ                    string
	sentQ, sentA           string
	recvQ, recvA           string
	feeQ, feeA             string
	value                  string
	label, hash, notes     string
	fromAddress, toAddress string
}

var header = []string{"date", "type", "sent_quantity", "sent_asset", "received_quantity", "received_asset",
	"fee_quantity", "fee_asset", "fiat_value_usd", "fee_fiat_usd", "label", "tx_hash", "notes", "from_address", "to_address"}

func (r row) record() []string {
	return []string{r.date.UTC().Format(time.RFC3339), r.typ, r.sentQ, r.sentA, r.recvQ, r.recvA, r.feeQ, r.feeA,
		r.value, "", r.label, r.hash, r.notes, r.fromAddress, r.toAddress}
}

func at(y int, m time.Month, d, hour, minute int) time.Time {
	return time.Date(y, m, d, hour, minute, 0, 0, time.UTC)
}

// price is the sample price of a symbol on a day.
func price(symbol string, t time.Time) decimal.Decimal {
	p, ok := Price(Coins[symbol], t)
	if !ok {
		panic("demo: no sample price of " + symbol)
	}
	return p
}

// qty is usd worth of symbol at t, to 8 decimals.
func qty(symbol string, usd float64, t time.Time) decimal.Decimal {
	return decimal.NewFromFloat(usd).DivRound(price(symbol, t), 8)
}

// worth is the value of q of symbol at t, in dollars and cents.
func worth(symbol string, q decimal.Decimal, t time.Time) string {
	return q.Mul(price(symbol, t)).StringFixed(2)
}

// Ledger returns the sample ledger's accounts, the same on every call.
func Ledger() []Account {
	var cb, nano, phantom []row
	buy := func(t time.Time, symbol string, usd float64) decimal.Decimal {
		q := qty(symbol, usd, t)
		cb = append(cb, row{date: t, typ: "buy", recvQ: q.String(), recvA: symbol, value: fmt.Sprintf("%.2f", usd), feeQ: "1.49", feeA: "USD"})
		return q
	}
	sell := func(t time.Time, symbol, q, notes string) {
		d := decimal.RequireFromString(q)
		cb = append(cb, row{date: t, typ: "sell", sentQ: q, sentA: symbol, value: worth(symbol, d, t), feeQ: "2.99", feeA: "USD", notes: notes})
	}

	// Coinbase: recurring buys.
	for t := at(2023, 1, 6, 14, 5); t.Year() < 2026; t = t.AddDate(0, 0, 14) {
		buy(t, "BTC", 500)
	}
	for t := at(2023, 1, 3, 9, 30); t.Year() < 2026; t = t.AddDate(0, 1, 0) {
		buy(t, "ETH", 400)
	}
	for t := at(2023, 1, 20, 16, 45); t.Year() < 2026; t = t.AddDate(0, 1, 0) {
		buy(t, "SOL", 300)
	}
	avax := buy(at(2024, 3, 11, 10, 0), "AVAX", 1500)
	// Sales: gains on older lots, a loss on AVAX.
	sell(at(2023, 11, 15, 15, 20), "SOL", "25", "")
	sell(at(2024, 3, 12, 11, 0), "BTC", "0.1", "Took some profit")
	sell(at(2024, 12, 10, 18, 30), "ETH", "1", "")
	sell(at(2025, 3, 10, 9, 15), "AVAX", avax.String(), "Cut the loss")
	sell(at(2025, 4, 8, 13, 40), "SOL", "30", "")
	sell(at(2025, 10, 6, 12, 0), "BTC", "0.08", "")

	// Moves between own accounts: each leaves Coinbase and arrives a few minutes later.
	move := func(sentAt time.Time, symbol, sent, received, toAddress, fromHash, toHash string, dst *[]row) {
		s := decimal.RequireFromString(sent)
		cb = append(cb, row{date: sentAt, typ: "transfer", sentQ: sent, sentA: symbol, value: worth(symbol, s, sentAt), hash: fromHash, toAddress: toAddress})
		arrive := sentAt.Add(17 * time.Minute)
		r := decimal.RequireFromString(received)
		*dst = append(*dst, row{date: arrive, typ: "transfer", recvQ: received, recvA: symbol, value: worth(symbol, r, arrive), hash: toHash})
	}
	move(at(2023, 6, 15, 8, 0), "BTC", "0.2", "0.1999", LedgerBTCAddress, PairedMoves[0][0], PairedMoves[0][1], &nano)
	move(at(2023, 3, 22, 19, 10), "SOL", "40", "39.99", PhantomAddress, PairedMoves[1][0], PairedMoves[1][1], &phantom)
	move(at(2024, 6, 20, 7, 30), "SOL", "50", "49.99", PhantomAddress, PairedMoves[2][0], PairedMoves[2][1], &phantom)
	move(at(2025, 6, 10, 21, 5), "ETH", "2", "1.9985", LedgerETHAddress, UnpairedMove[0], UnpairedMove[1], &nano)

	// Ledger Nano: a gift to a friend.
	nano = append(nano, row{date: at(2024, 12, 24, 10, 0), typ: "gift_sent", sentQ: "0.01", sentA: "BTC",
		value: worth("BTC", decimal.RequireFromString("0.01"), at(2024, 12, 24, 10, 0)), notes: "Christmas gift for Sam"})

	// Phantom: monthly staking rewards on the staked SOL (about 7% a year).
	staked := decimal.RequireFromString("39.99")
	for t := at(2023, 4, 28, 0, 0); t.Year() < 2026; t = t.AddDate(0, 1, 0) {
		if t.After(at(2024, 6, 20, 8, 0)) && staked.LessThan(decimal.NewFromInt(80)) {
			staked = staked.Add(decimal.RequireFromString("49.99"))
		}
		reward := staked.Mul(decimal.RequireFromString("0.0057")).Round(6)
		staked = staked.Add(reward)
		phantom = append(phantom, row{date: t, typ: "staking_reward", recvQ: reward.String(), recvA: "SOL", value: worth("SOL", reward, t)})
	}
	// A token received from a wallet the user does not track, with no price, swapped later.
	phantom = append(phantom,
		row{date: at(2024, 2, 5, 12, 0), typ: "deposit", recvQ: "250", recvA: "JTO", hash: PricelessReceipt, fromAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU"},
		row{date: at(2024, 3, 18, 17, 25), typ: "trade", sentQ: "250", sentA: "JTO", recvQ: "4.6", recvA: "SOL", value: worth("SOL", decimal.RequireFromString("4.6"), at(2024, 3, 18, 17, 25))},
		// A payment for freelance work, received without a label.
		row{date: at(2024, 8, 1, 9, 0), typ: "deposit", recvQ: "12", recvA: "SOL", value: worth("SOL", decimal.NewFromInt(12), at(2024, 8, 1, 9, 0)),
			hash: UnlabeledPayment, fromAddress: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"},
		// An airdrop that advertises a site: spam.
		row{date: at(2025, 2, 14, 3, 12), typ: "deposit", recvQ: "5000", recvA: "SOLREWARDS.XYZ", fromAddress: "Spam1111111111111111111111111111111111111"},
	)

	return []Account{
		{Name: "Coinbase", CSV: encode(cb), Rows: len(cb)},
		{Name: "Ledger Nano X", CSV: encode(nano), Rows: len(nano)},
		{Name: "Phantom", CSV: encode(phantom), Rows: len(phantom)},
	}
}

func encode(rows []row) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(header)
	for _, r := range rows {
		_ = w.Write(r.record())
	}
	w.Flush()
	return b.Bytes()
}
