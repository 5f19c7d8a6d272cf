package graph

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"taxd/internal/apperr"
	"taxd/spec"
)

// filterFields are the operations that take the getClientTransactions filters.
var filterFields = []string{"getClientTransactions", "getClientTransactionsSummary", "getTransactionHistoryReportV2"}

// sampleValues are valid non-default values of the string-typed filters (others get "x").
var sampleValues = map[string]string{
	"accountFilterMode": "exclude", "assetFilterMode": "exclude", "providerFilterMode": "exclude", "labelFilterMode": "unlabeled",
	"amountFilterOperator": "gt", "amountFilterValue": "10.5", "financialEventType": "income", "gainLossFilter": "loss",
	"saleTerm": "long", "sortBy": "label", "assetType": "NFT", "assetId": uuid.NewString(),
}

// companions are arguments that need another one to be valid.
var companions = map[string]string{"amountFilterOperator": "amountFilterValue", "amountFilterValue": "amountFilterOperator", "reminderQuestion": "reminderId"}

func sample(name string, typ *ast.Type) any {
	if typ.Elem != nil {
		if typ.Elem.NamedType == "ID" || strings.HasSuffix(name, "Ids") {
			return []string{uuid.NewString()}
		}
		return []string{"x"}
	}
	switch typ.NamedType {
	case "Boolean":
		b := true
		return &b
	case "Int":
		n := 2
		return &n
	case "Date":
		d := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
		return &d
	case "ID":
		s := uuid.NewString()
		return &s
	}
	s := "x"
	if v, ok := sampleValues[name]; ok {
		s = v
	}
	return &s
}

func loadSchema(t *testing.T) *ast.Schema {
	t.Helper()
	sdl, err := spec.SDL()
	if err != nil {
		t.Fatal(err)
	}
	schema, gerr := gqlparser.LoadSchema(&ast.Source{Name: "schema", Input: sdl})
	if gerr != nil {
		t.Fatal(gerr)
	}
	return schema
}

// TestEveryTxArgumentIsMapped walks the parsed schema: every argument of the three filter
// operations must have a decoder, and setting it alone must change what is decoded (so a decoder
// that drops its value fails too).
func TestEveryTxArgumentIsMapped(t *testing.T) {
	schema := loadSchema(t)
	for _, field := range filterFields {
		def := schema.Query.Fields.ForName(field)
		if def == nil {
			t.Fatalf("no Query.%s in the SDL", field)
		}
		// The seed's 56 arguments, plus exactTotal (the list's total is capped otherwise) and
		// classificationRule (the chain transactions a classification rule labelled).
		if field == "getClientTransactions" && len(def.Arguments) != 58 {
			t.Errorf("getClientTransactions has %d arguments, want 58", len(def.Arguments))
		}
		for _, arg := range def.Arguments {
			if _, ok := txArgs[arg.Name]; !ok {
				t.Errorf("%s(%s): not decoded into ledger.TxFilter (add it to txArgs)", field, arg.Name)
				continue
			}
			if arg.Name == "clientId" {
				continue
			}
			base := map[string]any{}
			if c, ok := companions[arg.Name]; ok {
				base[c] = sample(c, def.Arguments.ForName(c).Type)
			}
			with := map[string]any{arg.Name: sample(arg.Name, arg.Type)}
			for k, v := range base {
				with[k] = v
			}
			q0, err0 := decodeTxArgMap(base)
			q1, err1 := decodeTxArgMap(with)
			if err0 != nil && arg.Name != "amountFilterOperator" && arg.Name != "amountFilterValue" && arg.Name != "reminderQuestion" {
				t.Errorf("%s: base %v: %v", arg.Name, base, err0)
			}
			if err1 != nil {
				t.Errorf("%s(%s): a valid value is refused: %v", field, arg.Name, err1)
				continue
			}
			if reflect.DeepEqual(q0, q1) {
				t.Errorf("%s(%s): setting it changes nothing in the decoded filter", field, arg.Name)
			}
		}
	}
}

func TestUnknownFilterValuesAreBadUserInput(t *testing.T) {
	for _, name := range []string{"accountFilterMode", "assetFilterMode", "providerFilterMode", "labelFilterMode", "amountFilterOperator",
		"financialEventType", "gainLossFilter", "saleTerm", "sortBy", "assetType"} {
		s := "nonsense"
		_, err := decodeTxArgMap(map[string]any{name: &s})
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Kind != apperr.Invalid || len(ae.Fields) == 0 || ae.Fields[0].Field != name {
			t.Errorf("%s=nonsense: %v, want an Invalid error naming %s", name, err, name)
		}
	}
	for _, n := range []int{0, 501} {
		_, err := decodeTxArgMap(map[string]any{"limit": &n})
		if apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("limit %d: %v, want Invalid", n, err)
		}
	}
	n := 500
	if q, err := decodeTxArgMap(map[string]any{"limit": &n}); err != nil || q.page.Limit != 500 {
		t.Errorf("limit 500: %v %d", err, q.page.Limit)
	}
	if _, err := decodeTxArgMap(map[string]any{"notAnArgument": true}); err == nil {
		t.Error("an argument without a decoder is accepted")
	}
}
