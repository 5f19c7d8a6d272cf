package graph

import (
	"errors"
	"testing"

	"github.com/google/uuid"

	"taxd/internal/apperr"
)

func TestOptionalIDs(t *testing.T) {
	id := uuid.New()
	s, empty, bad := id.String(), "", "nope"
	for _, c := range []struct {
		name      string
		in        *string
		want      *uuid.UUID
		wantClear bool
		wantErr   bool
	}{
		{"absent", nil, nil, false, false},
		{"empty", &empty, nil, true, false},
		{"id", &s, &id, false, false},
		{"not a uuid", &bad, nil, false, true},
	} {
		got, clear, err := clearableID("fromAccountId", c.in)
		if (err != nil) != c.wantErr || clear != c.wantClear || (got == nil) != (c.want == nil) || (got != nil && *got != *c.want) {
			t.Errorf("clearableID(%s) = %v, %v, %v", c.name, got, clear, err)
		}
		opt, err := optionalID("fromAccountId", c.in)
		if (err != nil) != c.wantErr || (opt == nil) != (c.want == nil) {
			t.Errorf("optionalID(%s) = %v, %v: clearableID without the clear flag", c.name, opt, err)
		}
		if err != nil && fieldOf(err) != "fromAccountId" {
			t.Errorf("optionalID(%s): error %v does not name the argument", c.name, err)
		}
	}
}

func TestUpdateTransferArgsDecode(t *testing.T) {
	tx, tr := uuid.New().String(), uuid.New().String()
	f := func(v float64) *float64 { return &v }
	s := func(v string) *string { return &v }
	yes := true
	noCurrency := func() (string, error) { return "", errors.New("currency read without an original value") }
	usd := func() (string, error) { return "USD", nil }
	for _, c := range []struct {
		name      string
		args      updateTransferArgs
		currency  func() (string, error)
		wantField string // "" when valid
	}{
		{"amount and accounts", updateTransferArgs{TransactionID: tx, TransferID: tr, Amount: f(1.5), FromAccountID: s("")}, noCurrency, ""},
		{"bad transfer id", updateTransferArgs{TransactionID: tx, TransferID: "x"}, noCurrency, "transferId"},
		{"zero amount", updateTransferArgs{TransactionID: tx, TransferID: tr, Amount: f(0)}, noCurrency, "amount"},
		{"original value in another currency", updateTransferArgs{TransactionID: tx, TransferID: tr, OriginalFiatValue: f(3), FiatCurrency: s("EUR")}, usd, "fiatCurrency"},
		{"original value in the client's currency", updateTransferArgs{TransactionID: tx, TransferID: tr, OriginalFiatValue: f(3), FiatCurrency: s("usd")}, usd, ""},
		{"wipe and label", updateTransferArgs{TransactionID: tx, TransferID: tr, WipeLabel: &yes, Label: s("gift_sent")}, noCurrency, "wipeLabel"},
		{"reset and value", updateTransferArgs{TransactionID: tx, TransferID: tr, ResetFiatValue: &yes, FiatValue: f(2)}, noCurrency, "resetFiatValue"},
	} {
		e, err := c.args.decode(c.currency)
		if got := fieldOf(err); got != c.wantField || (c.wantField == "" && err != nil) {
			t.Errorf("%s: error %v, want one naming %q", c.name, err, c.wantField)
			continue
		}
		if err == nil && (e.transactionID.String() != tx || e.transferID.String() != tr) {
			t.Errorf("%s: decoded ids %s %s", c.name, e.transactionID, e.transferID)
		}
	}
	e, _ := updateTransferArgs{TransactionID: tx, TransferID: tr, FromAccountID: s(""), OriginalFiatValue: f(3)}.decode(usd)
	if !e.patch.ClearFromAccount || e.patch.FiatValue == nil || !e.patch.FiatValue.Equal(e.patch.FiatValue.Round(0)) || e.patch.FiatValue.IntPart() != 3 {
		t.Errorf("patch %+v: want the from account cleared and the original value as the value", e.patch)
	}
}

func fieldOf(err error) string {
	if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
		return e.Fields[0].Field
	}
	return ""
}
