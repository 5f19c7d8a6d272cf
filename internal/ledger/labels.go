package ledger

import (
	"strings"

	"context"
	"sort"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/tax"
)

// LabelOption is a label of the catalog and what it means for taxes.
type LabelOption struct {
	Value                  string
	Name                   string
	Description            string
	Category               string // a LabelCategoryEnum value
	IsIncome               bool
	IsDisposal             bool
	IsNonTaxable           bool
	HonorsStakingAccountID bool
	IsCustom               bool
	// Needs is the leg a transaction must have for the label to mean something: "in" (it
	// describes what arrives: an acquisition, income, a withdrawal from a position), "out" (what
	// leaves: a disposal, a gift, a deposit into a position) or "" (either: a swap, a move, spam,
	// a futures result in or out).
	Needs string
}

// Directions a label may need (LabelOption.Needs).
const (
	needsIn  = "in"
	needsOut = "out"
)

// catalog is every built-in label: the tax engine's labels with their names and effects.
var catalog = []LabelOption{
	{Value: "buy", Needs: needsIn, Name: "Buy", Category: "TRADE", Description: "Crypto bought with fiat or another asset: an acquisition at market value."},
	{Value: "sell", Needs: needsOut, Name: "Sell", Category: "TRADE", IsDisposal: true, Description: "Crypto sold: a taxable disposal at market value."},
	{Value: "trade", Name: "Trade", Category: "TRADE", IsDisposal: true, Description: "One asset swapped for another: a disposal of the sent asset and an acquisition of the received one at the same value."},
	{Value: "payment", Needs: needsOut, Name: "Payment", Category: "EXPENSE", IsDisposal: true, Description: "Crypto spent on goods or services: a taxable disposal at market value."},
	{Value: "fee", Needs: needsOut, Name: "Fee", Category: "EXPENSE", IsDisposal: true, Description: "Crypto spent on a fee: a disposal at market value."},
	{Value: "staking_reward", Needs: needsIn, Name: "Staking reward", Category: "STAKING", IsIncome: true, HonorsStakingAccountID: true, Description: "Staking rewards received: income at market value, which is also the basis."},
	{Value: "staking_deposit", Needs: needsOut, Name: "Staking deposit", Category: "STAKING", HonorsStakingAccountID: true, Description: "Crypto moved into a staking position: an internal move into the position's pooled basis queue."},
	{Value: "staking_withdrawal", Needs: needsIn, Name: "Staking withdrawal", Category: "STAKING", HonorsStakingAccountID: true, Description: "Crypto moved out of a staking position; any part the position cannot cover is reward income."},
	{Value: "lp_deposit", Needs: needsOut, Name: "Liquidity-pool deposit", Category: "LIQUIDITY", HonorsStakingAccountID: true, Description: "Crypto moved into a liquidity pool position: an internal move into its pooled basis queue."},
	{Value: "lp_withdrawal", Needs: needsIn, Name: "Liquidity-pool withdrawal", Category: "LIQUIDITY", HonorsStakingAccountID: true, Description: "Crypto moved out of a liquidity pool position; any part it cannot cover is reward income."},
	{Value: "mining", Needs: needsIn, Name: "Mining", Category: "INCOME", IsIncome: true, Description: "Mining rewards: income at market value."},
	{Value: "airdrop", Needs: needsIn, Name: "Airdrop", Category: "INCOME", IsIncome: true, Description: "Tokens received in an airdrop: income at market value."},
	{Value: "interest", Needs: needsIn, Name: "Interest", Category: "LENDING", IsIncome: true, Description: "Interest earned by lending: income at market value."},
	{Value: "reward", Needs: needsIn, Name: "Reward", Category: "INCOME", IsIncome: true, Description: "Other rewards: income at market value."},
	{Value: "income", Needs: needsIn, Name: "Income", Category: "INCOME", IsIncome: true, Description: "Salary or payment received for services: income at market value."},
	{Value: "gift_received", Needs: needsIn, Name: "Gift received", Category: "GIFT", Description: "A gift received: an acquisition that keeps the giver's basis and date when given."},
	{Value: "gift_sent", Needs: needsOut, Name: "Gift sent", Category: "GIFT", IsNonTaxable: true, Description: "A gift sent: leaves the client without a disposal."},
	{Value: "donation", Needs: needsOut, Name: "Donation", Category: "GIFT", IsNonTaxable: true, Description: "A donation: leaves the client without a disposal."},
	{Value: "lost", Needs: needsOut, Name: "Lost or stolen", Category: "LOSS", IsNonTaxable: true, Description: "Funds lost or stolen: leave the client without a disposal."},
	{Value: "spam", Name: "Spam", Category: "LOSS", IsNonTaxable: true, Description: "Unwanted tokens: ignored by the tax calculation."},
	{Value: "internal", Name: "Internal transfer", Category: "TRANSFER", Description: "A move between the client's own accounts: lots keep their basis and acquisition date."},
	{Value: "wrap", Name: "Wrap", Category: "TRANSFER", Description: "One form of an asset turned into another inside one transaction (ETH into WETH and back): the lots move to the new form keeping their basis and acquisition date; no disposal."},
	{Value: "receipt", Name: "Position receipt", Category: "LIQUIDITY", IsNonTaxable: true, Description: "The token a protocol gives for a position (LP token, aToken, cToken, stETH, a position NFT) or a loan's debt token: ignored, the value it stands for is in the position."},
	{Value: "lending_deposit", Needs: needsOut, Name: "Lending deposit", Category: "LENDING", HonorsStakingAccountID: true, Description: "Crypto supplied to a lending market: an internal move into the position's pooled basis queue."},
	{Value: "lending_withdrawal", Needs: needsIn, Name: "Lending withdrawal", Category: "LENDING", HonorsStakingAccountID: true, Description: "Crypto taken back from a lending market; any part the position cannot cover is interest income."},
	{Value: "borrow", Needs: needsIn, Name: "Borrow", Category: "LENDING", Description: "Crypto borrowed: an acquisition at market value, not income."},
	{Value: "repay", Needs: needsOut, Name: "Repay", Category: "LENDING", IsDisposal: true, Description: "Crypto repaid to a lender: a disposal of the repaid coins at market value."},
	{Value: "liquidation", Needs: needsOut, Name: "Liquidation", Category: "LENDING", IsDisposal: true, HonorsStakingAccountID: true, Description: "Collateral a lender seized: a disposal of the position's coins at market value."},
	{Value: "futures_pnl", Name: "Futures profit or loss", Category: "TRADE", IsIncome: false, IsDisposal: true, Description: "Realised futures profit (incoming) or loss (outgoing)."},
}

func init() {
	// The catalog must hold exactly the engine's labels (a new engine label without a catalog
	// entry would be unlabelable).
	for _, o := range catalog {
		if _, err := tax.ParseLabel(o.Value); err != nil {
			panic("ledger: catalog label " + o.Value + " is not an engine label")
		}
	}
}

// LegLabel is the label the tax calculation reads for a transfer: its own label (an exception a
// person set on that leg, or a leg its file labelled apart) when it has one, else its transaction's
// label. It is the one rule for where a label lives (docs/ledger-edits.md); the SQL readers spell it
// coalesce(tr.label, t.label) and the recalculation's loader falls back the same way.
func LegLabel(transaction, transfer *string) *string {
	if transfer != nil {
		return transfer
	}
	return transaction
}

// Labels returns the built-in labels (no client defines custom labels yet).
func Labels() []LabelOption { return append([]LabelOption(nil), catalog...) }

// Label returns the catalog entry of value.
func Label(value string) (LabelOption, bool) {
	for _, o := range catalog {
		if o.Value == value {
			return o, true
		}
	}
	return LabelOption{}, false
}

// LabelChoices are the labels that fit a set of transactions.
type LabelChoices struct {
	Options     []LabelOption
	Recommended []LabelOption
	Current     *string // the label they share; nil when unlabeled or different
}

// LabelOptions returns the labels that fit the given transactions: every label whose direction
// fits each of them (LabelOption.Needs: an incoming or an outgoing leg; a move between own accounts
// is both; fee legs count as outgoing only in a transaction that has nothing else), the shared
// current label first, and the recommendations (the current label, else by direction).
func (l *Ledger) LabelOptions(ctx context.Context, scope auth.ClientScope, ids []uuid.UUID) (LabelChoices, error) {
	rows, st, err := l.Get(ctx, scope, ids)
	if err != nil {
		return LabelChoices{}, err
	}
	txIDs := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		txIDs[i] = r.ID
	}
	got, err := l.Transfers(ctx, scope, st, txIDs, false)
	if err != nil {
		return LabelChoices{}, err
	}
	trs := got.ByTransaction
	allIn, allOut := true, true
	for _, r := range rows {
		in, out, fees := false, false, false
		for _, t := range trs[r.ID] {
			if t.IsFee {
				fees = fees || t.FromAccountID != nil
				continue
			}
			switch {
			case t.FromAccountID == nil && t.ToAccountID != nil:
				in = true
			case t.FromAccountID != nil && t.ToAccountID == nil:
				out = true
			case t.FromAccountID != nil && t.ToAccountID != nil:
				in, out = true, true
			}
		}
		if !in && !out {
			out = fees
		}
		allIn, allOut = allIn && in, allOut && out
	}
	var c LabelChoices
	if first := rows[0].Label; first != nil && *first != "" {
		same := true
		for _, r := range rows[1:] {
			same = same && r.Label != nil && *r.Label == *first
		}
		if same {
			c.Current = first
		}
	}
	for _, o := range catalog {
		fits := true
		switch o.Needs {
		case needsIn:
			fits = allIn
		case needsOut:
			fits = allOut
		}
		if c.Current != nil && o.Value == *c.Current {
			fits = true
		}
		if fits {
			c.Options = append(c.Options, o)
		}
	}
	sort.SliceStable(c.Options, func(i, j int) bool {
		return c.Current != nil && c.Options[i].Value == *c.Current && c.Options[j].Value != *c.Current
	})
	if c.Current != nil {
		if o, ok := Label(*c.Current); ok {
			c.Recommended = []LabelOption{o}
		}
	} else {
		switch {
		case allIn && allOut:
			c.Recommended = pick("trade", "internal")
		case allIn:
			c.Recommended = pick("buy", "staking_reward", "airdrop")
		case allOut:
			c.Recommended = pick("sell", "payment", "gift_sent")
		}
	}
	return c, nil
}

func pick(values ...string) []LabelOption {
	out := make([]LabelOption, 0, len(values))
	for _, v := range values {
		if o, ok := Label(v); ok {
			out = append(out, o)
		}
	}
	return out
}

// PricingKey is Asset.pricingKey (see PricingKeySQL): the price source id, else the lower-case
// symbol.
func PricingKey(a Asset) string {
	if a.PriceSourceID != nil && *a.PriceSourceID != "" {
		return *a.PriceSourceID
	}
	return strings.ToLower(a.Symbol)
}
