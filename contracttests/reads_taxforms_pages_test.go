package contracttests

import (
	"encoding/json"
	"testing"

	"github.com/google/uuid"
)

type reconciliationPage struct {
	BrokerProceedsCents, ComputedProceedsCents int64
	RowCount                                   int
	NextCursor                                 *string
	Rows                                       []json.RawMessage
}

type previewRow struct {
	ProceedsCents int64
	Cursor        *string
}

// TestTaxFormPagesWalkTheWholeAnswer: a 1099-DA of 8 rows (two given for T3's sales with other
// proceeds, six sales the ledger does not have) compared with the ledger, read in pages of 3:
// walking every page of the reconciliation and of the reconciled Form 8949 gives the rows of one
// page of 1,000 (the whole answer) in order, with the totals over every row (hand arithmetic:
// T3 sold for 1,900 + 950 in the ledger, the form says 2,000 + 1,000 and 6 x 400). A cursor of
// another form or list, and a page size outside 1 to 1,000, are BAD_USER_INPUT.
func TestTaxFormPagesWalkTheWholeAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	form := uuid.NewString()
	rows := []map[string]any{t3Row("0000000b0003", 2000), t3Row("0000000b0005", 1000)}
	for d := 1; d <= 6; d++ {
		rows = append(rows, printedRow(d))
	}
	var g generated
	mustGQL(t, e, "generate1099DAReports", generateQuery, map[string]any{"c": gqlClient1.String(), "f": form, "rows": rows}, &g)

	const recQuery = `query($c: ID!, $f: ID!, $n: Int, $a: String) { getTaxFormReconciliation(clientId: $c, taxFormId: $f, first: $n, after: $a) {
		brokerProceedsCents computedProceedsCents rowCount nextCursor rows { id status assetSymbol brokerProceedsCents computedProceedsCents } } }`
	recPage := func(n int, after *string) reconciliationPage {
		t.Helper()
		var out reconciliationPage
		mustGQL(t, e, "getTaxFormReconciliation", recQuery, map[string]any{"c": gqlClient1.String(), "f": form, "n": n, "a": after}, &out)
		return out
	}
	whole := recPage(1000, nil)
	if whole.NextCursor != nil || whole.RowCount != 8 || len(whole.Rows) != 8 || whole.BrokerProceedsCents != 540000 || whole.ComputedProceedsCents != 285000 {
		t.Fatalf("the whole reconciliation: %d of %d rows, next %v, proceeds %d / %d; want 8 rows, 5,400.00 / 2,850.00",
			len(whole.Rows), whole.RowCount, whole.NextCursor, whole.BrokerProceedsCents, whole.ComputedProceedsCents)
	}
	var walked []json.RawMessage
	var after *string
	var firstCursor string
	for pages := 1; ; pages++ {
		p := recPage(3, after)
		if p.RowCount != 8 || p.BrokerProceedsCents != whole.BrokerProceedsCents || p.ComputedProceedsCents != whole.ComputedProceedsCents {
			t.Errorf("page %d: totals %d rows, %d / %d", pages, p.RowCount, p.BrokerProceedsCents, p.ComputedProceedsCents)
		}
		walked = append(walked, p.Rows...)
		if p.NextCursor == nil {
			if pages != 3 || len(p.Rows) != 2 {
				t.Errorf("the last page is page %d with %d rows, want page 3 with 2", pages, len(p.Rows))
			}
			break
		}
		if len(p.Rows) != 3 || pages > 3 {
			t.Fatalf("page %d: %d rows and a next cursor", pages, len(p.Rows))
		}
		if after = p.NextCursor; firstCursor == "" {
			firstCursor = *after
		}
	}
	if len(walked) != len(whole.Rows) {
		t.Fatalf("walked %d rows, want %d", len(walked), len(whole.Rows))
	}
	for i := range walked {
		if string(walked[i]) != string(whole.Rows[i]) {
			t.Errorf("row %d: walked %s, whole %s", i, walked[i], whole.Rows[i])
		}
	}

	const previewQuery = `query($c: ID!, $f: ID!, $n: Int, $a: String) { getTaxForm8949Preview(clientId: $c, taxFormId: $f, first: $n, after: $a) {
		transferId description dateSold proceedsCents costBasisCents box isBrokerReported cursor } }`
	previewPage := func(n int, after *string) []json.RawMessage {
		t.Helper()
		var out []json.RawMessage
		mustGQL(t, e, "getTaxForm8949Preview", previewQuery, map[string]any{"c": gqlClient1.String(), "f": form, "n": n, "a": after}, &out)
		return out
	}
	all := previewPage(1000, nil)
	var proceeds int64
	for _, r := range all {
		var row previewRow
		if err := json.Unmarshal(r, &row); err != nil {
			t.Fatal(err)
		}
		proceeds += row.ProceedsCents
	}
	// the ledger's figures for T3's two sales, the form's for the six it alone lists
	if len(all) != 8 || proceeds != 190000+95000+6*40000 {
		t.Fatalf("the whole preview: %d rows, proceeds %d; want 8 rows, 5,250.00", len(all), proceeds)
	}
	var walkedPreview []json.RawMessage
	after = nil
	for pages := 1; pages <= 4; pages++ {
		p := previewPage(3, after)
		walkedPreview = append(walkedPreview, p...)
		if len(p) < 3 {
			break // a page shorter than asked is the last
		}
		var last previewRow
		if err := json.Unmarshal(p[len(p)-1], &last); err != nil || last.Cursor == nil {
			t.Fatalf("page %d's last row has no cursor: %s", pages, p[len(p)-1])
		}
		after = last.Cursor
	}
	if len(walkedPreview) != len(all) {
		t.Fatalf("walked %d preview rows, want %d", len(walkedPreview), len(all))
	}
	for i := range all {
		if string(walkedPreview[i]) != string(all[i]) {
			t.Errorf("preview row %d: walked %s, whole %s", i, walkedPreview[i], all[i])
		}
	}

	// refusals: a cursor of another form (TF1) or of the other list, page sizes out of bounds
	tf1 := gid("000000110001").String()
	for name, c := range map[string]struct {
		query string
		vars  map[string]any
		field string
	}{
		"reconciliation cursor on another form": {recQuery, map[string]any{"c": gqlClient1.String(), "f": tf1, "n": 3, "a": firstCursor}, "after"},
		"reconciliation cursor on the preview":  {previewQuery, map[string]any{"c": gqlClient1.String(), "f": form, "n": 3, "a": firstCursor}, "after"},
		"first 0":                               {recQuery, map[string]any{"c": gqlClient1.String(), "f": form, "n": 0}, "first"},
		"first 1001":                            {previewQuery, map[string]any{"c": gqlClient1.String(), "f": form, "n": 1001}, "first"},
	} {
		r := e.gqlErr(t, c.query, c.vars)
		if r.Code != "BAD_USER_INPUT" || !containsField(r.Message, c.field) {
			t.Errorf("%s: %s %q, want BAD_USER_INPUT naming %s", name, r.Code, r.Message, c.field)
		}
	}
}

func containsField(message, field string) bool {
	return len(message) >= len(field) && message[:len(field)] == field
}

type lotsPage struct {
	TotalAmountExact        string
	TotalCostBasisCents     int64
	LotCount, DisposalCount int
	NextCursor              *string
	Lots                    []json.RawMessage
	Disposals               []json.RawMessage
}

// TestTaxLotPagesWalkTheWholeAnswer: C1's ETH lots and disposal pieces read one of each per page
// give, page after page, the lists of one page of 1,000 (the whole answer) in order, each page with
// the totals over every lot; the lot costs add up to the total basis. A cursor of another asset is
// BAD_USER_INPUT.
func TestTaxLotPagesWalkTheWholeAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	const q = `query($c: ID!, $k: String!, $n: Int, $a: String) { getTaxLots(clientId: $c, assetPricingKey: $k, first: $n, after: $a) {
		totalAmountExact totalCostBasisCents lotCount disposalCount nextCursor
		lots { id amountExact costBasisCents } disposals { transferId amountExact proceedsCents costBasisCents lotId } } }`
	get := func(n int, after *string) lotsPage {
		t.Helper()
		var out lotsPage
		mustGQL(t, e, "getTaxLots", q, map[string]any{"c": gqlClient1.String(), "k": "eth", "n": n, "a": after}, &out)
		return out
	}
	whole := get(1000, nil)
	if whole.NextCursor != nil || whole.LotCount != len(whole.Lots) || whole.DisposalCount != len(whole.Disposals) || len(whole.Lots) == 0 || len(whole.Disposals) < 2 {
		t.Fatalf("the whole answer: %d/%d lots, %d/%d pieces, next %v", len(whole.Lots), whole.LotCount, len(whole.Disposals), whole.DisposalCount, whole.NextCursor)
	}
	var basis int64
	for _, l := range whole.Lots {
		var lot struct{ CostBasisCents int64 }
		if err := json.Unmarshal(l, &lot); err != nil {
			t.Fatal(err)
		}
		basis += lot.CostBasisCents
	}
	if basis != whole.TotalCostBasisCents {
		t.Errorf("the lots cost %d in all, the total says %d", basis, whole.TotalCostBasisCents)
	}
	var lots, pieces []json.RawMessage
	var after *string
	pages := 0
	for ; pages <= len(whole.Lots)+len(whole.Disposals); pages++ {
		p := get(1, after)
		if p.TotalAmountExact != whole.TotalAmountExact || p.TotalCostBasisCents != whole.TotalCostBasisCents ||
			p.LotCount != whole.LotCount || p.DisposalCount != whole.DisposalCount || len(p.Lots) > 1 || len(p.Disposals) > 1 {
			t.Fatalf("page %d: %+v", pages, p)
		}
		lots, pieces = append(lots, p.Lots...), append(pieces, p.Disposals...)
		if after = p.NextCursor; after == nil {
			break
		}
	}
	if pages+1 != max(len(whole.Lots), len(whole.Disposals)) {
		t.Errorf("%d pages of one, want %d", pages+1, max(len(whole.Lots), len(whole.Disposals)))
	}
	for name, c := range map[string][2][]json.RawMessage{"lots": {lots, whole.Lots}, "disposals": {pieces, whole.Disposals}} {
		if len(c[0]) != len(c[1]) {
			t.Fatalf("%s: walked %d, want %d", name, len(c[0]), len(c[1]))
		}
		for i := range c[0] {
			if string(c[0][i]) != string(c[1][i]) {
				t.Errorf("%s %d: walked %s, whole %s", name, i, c[0][i], c[1][i])
			}
		}
	}
	cursor := get(1, nil).NextCursor
	r := e.gqlErr(t, q, map[string]any{"c": gqlClient1.String(), "k": "btc", "n": 1, "a": *cursor})
	if r.Code != "BAD_USER_INPUT" || !containsField(r.Message, "after") {
		t.Errorf("an ETH cursor for BTC: %s %q", r.Code, r.Message)
	}
}
