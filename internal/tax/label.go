package tax

import "fmt"

// Label is a transfer's tax label. Its text form (String, ParseLabel) is the database/API string.
type Label uint8

// Labels. See the package documentation for what each one means per direction.
const (
	LabelNone              Label = iota // "" : plain acquisition / disposal
	LabelTrade                          // "trade" (alias "swap"): one leg of a swap
	LabelBuy                            // "buy"
	LabelSell                           // "sell"
	LabelPayment                        // "payment": crypto spent on goods/services (a disposal)
	LabelStakingReward                  // "staking_reward" (income)
	LabelMining                         // "mining" (income)
	LabelAirdrop                        // "airdrop" (income)
	LabelInterest                       // "interest" (income)
	LabelReward                         // "reward" (income)
	LabelIncome                         // "income" (income: salary, payment received for services)
	LabelGiftReceived                   // "gift_received"
	LabelGiftSent                       // "gift_sent"
	LabelDonation                       // "donation"
	LabelLost                           // "lost"
	LabelSpam                           // "spam": ignored entirely
	LabelFee                            // "fee": crypto spent on a fee
	LabelStakingDeposit                 // "staking_deposit"
	LabelStakingWithdrawal              // "staking_withdrawal"
	LabelLPDeposit                      // "lp_deposit"
	LabelLPWithdrawal                   // "lp_withdrawal"
	LabelInternal                       // "internal": a move between the client's own accounts
	LabelFuturesPnL                     // "futures_pnl": realised futures profit (in) or loss (out)
	LabelWrap                           // "wrap": one form of an asset turned into another inside one transaction (wrap.go)
	LabelReceipt                        // "receipt": a position's receipt or debt token (LP token, aToken, stETH, position NFT): ignored
	LabelLendingDeposit                 // "lending_deposit": supplied to a lending market (a position, like staking_deposit)
	LabelLendingWithdrawal              // "lending_withdrawal": taken back from a lending market; the excess is interest
	LabelBorrow                         // "borrow": borrowed coins arriving: an acquisition at market value, not income
	LabelRepay                          // "repay": coins repaid to a lender: a disposal of those coins
	LabelLiquidation                    // "liquidation": collateral seized from a position: a disposal at market value
	numLabels
)

var labelNames = [numLabels]string{"", "trade", "buy", "sell", "payment", "staking_reward", "mining",
	"airdrop", "interest", "reward", "income", "gift_received", "gift_sent", "donation", "lost", "spam",
	"fee", "staking_deposit", "staking_withdrawal", "lp_deposit", "lp_withdrawal", "internal", "futures_pnl", "wrap",
	"receipt", "lending_deposit", "lending_withdrawal", "borrow", "repay", "liquidation"}

func (l Label) String() string {
	if l < numLabels {
		return labelNames[l]
	}
	return fmt.Sprintf("label(%d)", l)
}

// MarshalText implements encoding.TextMarshaler.
func (l Label) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (l *Label) UnmarshalText(b []byte) error {
	v, err := ParseLabel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// ParseLabel parses a label name; "swap" is an alias of "trade", "none" of "".
func ParseLabel(s string) (Label, error) {
	switch s {
	case "swap":
		return LabelTrade, nil
	case "none":
		return LabelNone, nil
	}
	for i, n := range labelNames {
		if n == s {
			return Label(i), nil
		}
	}
	return 0, fmt.Errorf("tax: unknown label %q", s)
}

// IsIncome reports whether an inbound transfer with this label is income.
func (l Label) IsIncome() bool { return l >= LabelStakingReward && l <= LabelIncome }

// honoursStaking reports whether the label honours StakingAccountIdentifier.
func (l Label) honoursStaking() bool {
	switch l {
	case LabelStakingReward, LabelStakingDeposit, LabelStakingWithdrawal, LabelLPDeposit, LabelLPWithdrawal,
		LabelLendingDeposit, LabelLendingWithdrawal, LabelLiquidation:
		return true
	}
	return false
}

// positionExcessIncome is, for the withdrawal labels (a move out of a position), the income type of
// what the position cannot cover: staking growth, pool fees, lending interest.
var positionExcessIncome = map[Label]Label{
	LabelStakingWithdrawal: LabelStakingReward,
	LabelLPWithdrawal:      LabelReward,
	LabelLendingWithdrawal: LabelInterest,
}

// positionSends reports whether the label takes coins out of its position (the position is the
// sender): the withdrawals, and a liquidation (a disposal of the collateral the position holds).
// The other position labels put coins into it.
func (l Label) positionSends() bool {
	_, w := positionExcessIncome[l]
	return w || l == LabelLiquidation
}
