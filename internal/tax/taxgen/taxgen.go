// Package taxgen generates deterministic synthetic ledgers for the tax engine's benchmarks and
// property tests: buys (some with fiat fees), sells, swaps with gas, internal moves with network fees,
// income of every kind, staking in and out, gifts, donations, losses and the odd negative balance.
package taxgen

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"time"

	"taxd/internal/tax"
)

// Config describes a ledger.
type Config struct {
	Transactions int
	Assets       int
	Wallets      int
	Seed         uint64
	Start, End   time.Time // zero: 2021-01-01 .. 2026-01-01 UTC
	// Uncovered is the share of sells that deliberately exceed the balance (default 0.001).
	Uncovered float64
}

var tickers = []string{"BTC", "ETH", "SOL", "USDC", "ADA", "DOT", "AVAX", "MATIC", "LINK", "ATOM"}

// AssetName returns the name of asset i.
func AssetName(i int) string {
	if i < len(tickers) {
		return tickers[i]
	}
	return fmt.Sprintf("TOK%03d", i)
}

// WalletName returns the name of wallet i.
func WalletName(i int) string { return fmt.Sprintf("wallet-%02d", i) }

// ID returns the deterministic ID number n (kind 1 transactions, 2 transfers).
func ID(kind byte, n uint64) tax.ID {
	var id tax.ID
	id[0] = kind
	binary.BigEndian.PutUint64(id[8:], n)
	return id
}

// dec returns n * 10^-decimals exactly.
func dec(n int64, decimals int) tax.Dec {
	neg := n < 0
	u := uint64(n)
	if neg {
		u = uint64(-n)
	}
	m := uint64(1)
	for i := decimals; i < tax.Scale; i++ {
		m *= 10
	}
	hi, lo := bits.Mul64(u, m)
	d := tax.DecFromRaw(hi, lo)
	if neg {
		d, _ = d.Neg()
	}
	return d
}

const unitDecimals = 8 // generated quantities are multiples of 1e-8

type gen struct {
	cfg    Config
	assetN []string // interned names, as a loader would share them
	walN   []string
	stakeN []string
	r      *rand.Rand
	price  []float64 // current USD price per asset
	bal    [][]int64 // wallet x asset, in 1e-8 units
	stake  []int64   // per asset, in the one staking position per asset
	nextTr uint64
}

// Generate builds the ledger. Equal configs give equal ledgers.
func Generate(cfg Config) tax.Input {
	if cfg.Assets < 2 {
		cfg.Assets = 2
	}
	if cfg.Wallets < 2 {
		cfg.Wallets = 2
	}
	if cfg.Start.IsZero() {
		cfg.Start = time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	if cfg.End.IsZero() {
		cfg.End = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	if cfg.Uncovered == 0 {
		cfg.Uncovered = 0.001
	}
	g := &gen{cfg: cfg, r: rand.New(rand.NewPCG(cfg.Seed, 0x7a78))}
	g.price = make([]float64, cfg.Assets)
	for a := range g.price {
		g.price[a] = math.Exp(g.r.Float64()*14 - 4) // ~0.02 .. 20000
	}
	g.price[0] = 30000
	if cfg.Assets > 1 {
		g.price[1] = 2000
	}
	g.bal = make([][]int64, cfg.Wallets)
	for w := range g.bal {
		g.bal[w] = make([]int64, cfg.Assets)
	}
	g.stake = make([]int64, cfg.Assets)
	for a := 0; a < cfg.Assets; a++ {
		g.assetN = append(g.assetN, AssetName(a))
		g.stakeN = append(g.stakeN, "pos-"+AssetName(a))
	}
	for w := 0; w < cfg.Wallets; w++ {
		g.walN = append(g.walN, WalletName(w))
	}

	n := cfg.Transactions
	txs := make([]tax.Transaction, 0, n)
	// one shared backing array for all transfers (at most 3 per transaction)
	pool := make([]tax.Transfer, 0, n*2)
	span := cfg.End.Sub(cfg.Start)
	step := span / time.Duration(max(n, 1))
	t := cfg.Start
	for i := 0; i < n; i++ {
		if nt := t.Add(time.Duration(g.r.Int64N(int64(step)*2 + 1))); nt.Before(cfg.End) {
			t = nt
		}
		for a := range g.price { // cheap random walk on a few assets
			if g.r.IntN(64) == 0 {
				g.price[a] *= 1 + (g.r.Float64()-0.5)*0.04
			}
		}
		start := len(pool)
		pool = g.tx(pool)
		if len(pool) == start {
			i--
			continue
		}
		txs = append(txs, tax.Transaction{ID: ID(1, uint64(i+1)), Time: t, Transfers: pool[start:len(pool):len(pool)]})
	}
	return tax.Input{
		Settings: tax.Settings{
			Methods:       []tax.MethodChange{{FromYear: 0, Method: tax.FIFO}},
			PerWalletFrom: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
			Location:      time.UTC,
		},
		Transactions: txs,
	}
}

func (g *gen) tr(asset int, units int64, from, to string, label tax.Label) tax.Transfer {
	g.nextTr++
	v := float64(units) / 1e8 * g.price[asset]
	cents := int64(math.Round(v * 100))
	return tax.Transfer{ID: ID(2, g.nextTr), Asset: g.assetN[asset], Quantity: dec(units, unitDecimals),
		From: from, To: to, FiatValue: dec(cents, 2), HasFiatValue: true, Label: label}
}

// units returns a random quantity worth roughly $20..$5000 of asset a, at least 1 unit.
func (g *gen) units(a int) int64 {
	usd := math.Exp(g.r.Float64()*5.5 + 3)
	u := int64(usd / g.price[a] * 1e8)
	if u < 1 {
		u = 1
	}
	return u
}

func (g *gen) part(b int64) int64 {
	if b <= 0 {
		return 0
	}
	p := int64(float64(b) * (0.05 + 0.9*g.r.Float64()))
	if p < 1 {
		p = 1
	}
	return p
}

var incomeLabels = []tax.Label{tax.LabelStakingReward, tax.LabelStakingReward, tax.LabelMining, tax.LabelAirdrop,
	tax.LabelInterest, tax.LabelReward, tax.LabelIncome}

func (g *gen) fee(pool []tax.Transfer, w int) []tax.Transfer {
	// gas in asset 1 (ETH-like) when the wallet holds some
	u := g.units(1) / 200
	if u < 1 || g.bal[w][1] < u {
		return pool
	}
	f := g.tr(1, u, g.walN[w], "", tax.LabelFee)
	f.IsFee = true
	g.bal[w][1] -= u
	return append(pool, f)
}

func (g *gen) tx(pool []tax.Transfer) []tax.Transfer {
	cfg := g.cfg
	w := g.r.IntN(cfg.Wallets)
	a := g.r.IntN(cfg.Assets)
	wn := g.walN[w]
	k := g.r.IntN(100)
	switch {
	case k < 28: // buy
		u := g.units(a)
		t := g.tr(a, u, "", wn, tax.LabelBuy)
		if g.r.IntN(3) == 0 {
			t.FeeFiat = dec(int64(g.r.IntN(500)+1), 2)
		}
		g.bal[w][a] += u
		return append(pool, t)
	case k < 46: // sell
		u := g.part(g.bal[w][a])
		if g.r.Float64() < cfg.Uncovered {
			u = g.bal[w][a] + g.units(a)
		}
		if u == 0 {
			return pool
		}
		t := g.tr(a, u, wn, "", tax.LabelSell)
		if g.r.IntN(3) == 0 {
			t.FeeFiat = dec(int64(g.r.IntN(500)+1), 2)
		}
		g.bal[w][a] -= u
		if g.bal[w][a] < 0 {
			g.bal[w][a] = 0
		}
		pool = append(pool, t)
		if g.r.IntN(4) == 0 {
			pool = g.fee(pool, w)
		}
		return pool
	case k < 60: // swap a -> b
		b := (a + 1 + g.r.IntN(cfg.Assets-1)) % cfg.Assets
		u := g.part(g.bal[w][a])
		if u == 0 {
			return pool
		}
		out := g.tr(a, u, wn, "", tax.LabelTrade)
		g.bal[w][a] -= u
		pool = append(pool, out)
		ub := int64(float64(u) * g.price[a] / g.price[b])
		if ub < 1 {
			ub = 1
		}
		in := g.tr(b, ub, "", wn, tax.LabelTrade)
		if g.r.IntN(4) == 0 {
			in.HasFiatValue, in.FiatValue = false, tax.Dec{} // valued from the other leg
		}
		g.bal[w][b] += ub
		pool = append(pool, in)
		if g.r.IntN(2) == 0 {
			pool = g.fee(pool, w)
		}
		return pool
	case k < 74: // internal move with a network fee
		w2 := (w + 1 + g.r.IntN(cfg.Wallets-1)) % cfg.Wallets
		u := g.part(g.bal[w][a])
		if u == 0 {
			return pool
		}
		pool = append(pool, g.tr(a, u, wn, g.walN[w2], tax.LabelInternal))
		g.bal[w][a] -= u
		g.bal[w2][a] += u
		if fu := u / 500; fu > 0 && g.bal[w][a] >= fu && g.r.IntN(2) == 0 {
			f := g.tr(a, fu, wn, "", tax.LabelFee)
			f.IsFee = true
			g.bal[w][a] -= fu
			pool = append(pool, f)
		}
		return pool
	case k < 92: // income
		u := g.units(a) / 10
		if u < 1 {
			u = 1
		}
		lbl := incomeLabels[g.r.IntN(len(incomeLabels))]
		t := g.tr(a, u, "", wn, lbl)
		if g.r.IntN(200) == 0 {
			t.HasFiatValue, t.FiatValue = false, tax.Dec{}
		}
		g.bal[w][a] += u
		return append(pool, t)
	case k < 96: // staking in / out (one position per asset)
		id := g.stakeN[a]
		if g.r.IntN(2) == 0 {
			u := g.part(g.bal[w][a])
			if u == 0 {
				return pool
			}
			t := g.tr(a, u, wn, "", tax.LabelStakingDeposit)
			t.StakingAccountIdentifier = id
			g.bal[w][a] -= u
			g.stake[a] += u
			return append(pool, t)
		}
		if g.stake[a] == 0 {
			return pool
		}
		u := g.stake[a] + g.stake[a]/50 // withdraw all plus 2% rewards
		t := g.tr(a, u, "", wn, tax.LabelStakingWithdrawal)
		t.StakingAccountIdentifier = id
		g.stake[a] = 0
		g.bal[w][a] += u
		return append(pool, t)
	default: // gift, donation, lost, payment, gift received
		lbls := []tax.Label{tax.LabelGiftSent, tax.LabelDonation, tax.LabelLost, tax.LabelPayment, tax.LabelGiftReceived}
		lbl := lbls[g.r.IntN(len(lbls))]
		if lbl == tax.LabelGiftReceived {
			u := g.units(a)
			g.bal[w][a] += u
			return append(pool, g.tr(a, u, "", wn, lbl))
		}
		u := g.part(g.bal[w][a]) / 4
		if u == 0 {
			return pool
		}
		g.bal[w][a] -= u
		return append(pool, g.tr(a, u, wn, "", lbl))
	}
}
