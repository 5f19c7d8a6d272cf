package ledger

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
)

// Every audited field reads back what it wrote: for each entry of each table, the value get
// encodes for a fully set row, decoded by set onto an empty row, encodes the same again; and the
// field set that way is the only one that differs from the empty row. A field whose setter writes
// nothing (or the wrong column) fails here, so undo cannot skip or misplace it.
func TestAuditedFieldsRoundTrip(t *testing.T) {
	s, b, n32 := "x", true, int32(7)
	id := uuid.New()
	at := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	dec := decimal.NullDecimal{Decimal: decimal.RequireFromString("12.340"), Valid: true}
	tx := db.Transaction{Label: &s, Notes: &s, IsHidden: true, IsReviewed: true, OccurredAt: at, TxnHash: &s,
		InvestmentID: &s, OffChainData: []byte(`{"a":1}`), IsMissingBasisOverride: &b, Ordinal: n32}
	tr := db.Transfer{AssetID: id, Quantity: decimal.RequireFromString("1.500"), FromAccountID: &id, ToAccountID: &id,
		FiatValue: dec, BasisFiatValue: dec, OriginalFiatValue: dec, OriginalBasisFiatValue: dec, IsHidden: true,
		PurchaseDateOverride: &at, Label: &s, StakingAccountIdentifier: &s, IsMissingBasisOverride: &b}
	roundTrip(t, "transaction", transactionFields, tx)
	roundTrip(t, "transfer", transferFields, tr)
}

func roundTrip[T any](t *testing.T, entity string, table fieldTable[T], full T) {
	t.Helper()
	seen := map[string]bool{}
	for _, f := range table {
		if f.get == nil || f.set == nil {
			t.Errorf("%s field %s lacks a getter or a setter", entity, f.name)
			continue
		}
		if seen[f.name] {
			t.Errorf("%s field %s is listed twice", entity, f.name)
		}
		seen[f.name] = true
		raw, err := json.Marshal(f.get(full))
		if err != nil {
			t.Fatal(err)
		}
		var empty, got T
		if err := table.set(&got, f.name, raw, entity); err != nil {
			t.Errorf("%s field %s: set %s: %v", entity, f.name, raw, err)
			continue
		}
		again, _ := json.Marshal(f.get(got))
		if string(again) != string(raw) {
			t.Errorf("%s field %s: wrote %s, reads back %s", entity, f.name, raw, again)
		}
		changed, err := table.changes(empty, got)
		if err != nil {
			t.Fatal(err)
		}
		if len(changed) != 1 || changed[0].field != f.name {
			t.Errorf("%s field %s: setting it changed %v", entity, f.name, changed)
		}
		if reflect.DeepEqual(got, empty) {
			t.Errorf("%s field %s: set left the row empty", entity, f.name)
		}
	}
}
