package tax

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// MaxAmount bounds every quantity and fiat amount the ledger stores: a Dec holds |x| < 1.7e20, and
// an amount below 10^18 leaves room for the sums the engine forms (balances, a year's proceeds)
// of a hundred such amounts. Fractional digits beyond Scale are rounded when loaded.
var MaxAmount = decimal.New(1, 18)

// CheckAmount says whether d is an amount the engine can load and compute with: its magnitude
// below MaxAmount. Imports and edits refuse any other, so that nothing stored can make a
// recalculation fail.
func CheckAmount(d decimal.Decimal) error {
	if d.Abs().Cmp(MaxAmount) >= 0 {
		return fmt.Errorf("must be below 10^18 (1,000,000,000,000,000,000)")
	}
	return nil
}
