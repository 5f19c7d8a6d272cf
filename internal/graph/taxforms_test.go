package graph

import (
	"math"
	"testing"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
)

// TestTaxFormRowDecoding: broker rows' dollar Floats become exact whole cents, quantities stay
// exact strings, and bad values are BAD_USER_INPUT naming the row's field.
func TestTaxFormRowDecoding(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	s := func(v string) *string { return &v }
	in, err := taxFormRowIn(2, model.Generate1099DATransactionInput{AssetSymbol: s("ETH"), AmountExact: s("0.123456789012345678"),
		ProceedsFiatValue: f(1837.69), BasisFiatValue: f(0.1), AdjustmentFiatValue: f(-12.5)})
	if err != nil {
		t.Fatal(err)
	}
	if in.Quantity.String() != "0.123456789012345678" || in.Proceeds.String() != "1837.69" || in.Basis.String() != "0.1" || in.Adjustment.String() != "-12.5" {
		t.Errorf("decoded %s %s %s %s", in.Quantity, in.Proceeds, in.Basis, in.Adjustment)
	}
	for name, bad := range map[string]model.Generate1099DATransactionInput{
		"transactions[2].proceedsFiatValue":   {ProceedsFiatValue: f(1899.995)},
		"transactions[2].basisFiatValue":      {BasisFiatValue: f(math.Inf(1))},
		"transactions[2].adjustmentFiatValue": {AdjustmentFiatValue: f(2e12)},
		"transactions[2].amountExact":         {AmountExact: s("1e5")},
		"transactions[2].transactionId":       {TransactionID: s("T3")},
	} {
		_, err := taxFormRowIn(2, bad)
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != name {
			t.Errorf("%s: %v", name, err)
		}
	}
}
