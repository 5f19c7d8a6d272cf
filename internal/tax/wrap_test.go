package tax_test

import (
	"testing"
	"time"

	"taxd/internal/tax"
)

// An unwrap that returns fewer units than it took (a wrapper keeping a fee) moves what arrived
// with its basis and date; the rest is a fee disposal. A lone wrap leg is an ordinary leg.
func TestWrapPairsLegsAndBooksTheRest(t *testing.T) {
	id := func(b byte) tax.ID { return tax.ID{b} }
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	in := tax.Input{Transactions: []tax.Transaction{
		{ID: id(1), Time: day(2023, 1, 1), Transfers: []tax.Transfer{
			{ID: id(1), Asset: "WETH", To: "w", Quantity: tax.MustDec("2"), FiatValue: tax.MustDec("2000"), HasFiatValue: true},
		}},
		{ID: id(2), Time: day(2024, 3, 1), Transfers: []tax.Transfer{
			{ID: id(2), Asset: "WETH", From: "w", Quantity: tax.MustDec("2"), FiatValue: tax.MustDec("6000"), HasFiatValue: true, Label: tax.LabelWrap},
			{ID: id(3), Asset: "ETH", To: "w", Quantity: tax.MustDec("1.99"), FiatValue: tax.MustDec("5970"), HasFiatValue: true, Label: tax.LabelWrap},
		}},
		{ID: id(4), Time: day(2024, 3, 2), Transfers: []tax.Transfer{
			{ID: id(4), Asset: "ETH", To: "w", Quantity: tax.MustDec("1"), FiatValue: tax.MustDec("3000"), HasFiatValue: true, Label: tax.LabelWrap},
		}},
	}}
	res, err := tax.Compute(in)
	if err != nil {
		t.Fatal(err)
	}
	// 0.01 WETH never arrived: a fee at its share of the sent value (30) against 0.01 of the lot (10).
	if len(res.Disposals) != 1 {
		t.Fatalf("disposals %+v", res.Disposals)
	}
	d := res.Disposals[0]
	if d.Kind != tax.KindFee || d.Quantity.String() != "0.01" || d.Proceeds.String() != "30" || d.Basis.String() != "10" {
		t.Errorf("fee piece %+v", d)
	}
	// Lots: 1.99 ETH with the WETH's basis (1990) and date, and the lone wrap leg's 1 ETH at 3000.
	var got []string
	for _, l := range res.Lots {
		got = append(got, res.Assets[l.Asset]+" "+l.Quantity.String()+" "+l.Basis.String()+" "+l.AcquiredAt.Time().Format("2006-01-02"))
	}
	want := []string{"ETH 1.99 1990 2023-01-01", "ETH 1 3000 2024-03-02"}
	if len(got) != len(want) {
		t.Fatalf("lots %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("lot %d: %s, want %s", i, got[i], want[i])
		}
	}
}
