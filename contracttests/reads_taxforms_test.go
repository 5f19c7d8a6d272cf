package contracttests

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/testwait"
)

const generateQuery = `mutation($c: ID!, $f: ID!, $rows: [Generate1099DATransactionInput!]!) {
	generate1099DAReports(clientId: $c, taxFormId: $f, transactions: $rows) { generation { id taxFormId status reports { id } } message } }`

type generated struct {
	Generation struct {
		ID, TaxFormID, Status string
		Reports               []struct{ ID string }
	}
	Message string
}

type formStatus struct {
	ID, Status       string
	RowCount         int
	NeedsReviewCount int
	StatusMessage    *string
}

type formStatuses struct {
	TaxForms                                          []formStatus
	ProcessingCount, NeedsReviewCount, CompletedCount int
	NeedsReviewRowCount                               int
}

func taxFormStatuses(t *testing.T, e *env, year int) formStatuses {
	t.Helper()
	var out formStatuses
	mustGQL(t, e, "getTaxFormStatuses", `query($c: ID!, $y: Int!) { getTaxFormStatuses(clientId: $c, year: $y) {
		taxForms { id status rowCount needsReviewCount statusMessage } processingCount needsReviewCount completedCount needsReviewRowCount } }`,
		map[string]any{"c": gqlClient1.String(), "y": year}, &out)
	return out
}

func (s formStatuses) form(t *testing.T, id string) formStatus {
	t.Helper()
	var found []formStatus
	for _, f := range s.TaxForms {
		if f.ID == id {
			found = append(found, f)
		}
	}
	if len(found) != 1 {
		t.Fatalf("form %s listed %d times: %+v", id, len(found), s.TaxForms)
	}
	return found[0]
}

type reconciliationCounts struct {
	MatchedCount, MismatchedCount, MissingInLedgerCount, MissingOnFormCount int
}

func (r reconciliationCounts) open() int {
	return r.MismatchedCount + r.MissingInLedgerCount + r.MissingOnFormCount
}

func reconciliationOf(t *testing.T, e *env, form string) reconciliationCounts {
	t.Helper()
	var out reconciliationCounts
	mustGQL(t, e, "getTaxFormReconciliation", `query($c: ID!, $f: ID!) { getTaxFormReconciliation(clientId: $c, taxFormId: $f) {
		matchedCount mismatchedCount missingInLedgerCount missingOnFormCount } }`, map[string]any{"c": gqlClient1.String(), "f": form}, &out)
	return out
}

type generationRun struct{ ID, Status string }

func generationsOf(t *testing.T, e *env, form string) []generationRun {
	t.Helper()
	var out []generationRun
	mustGQL(t, e, "taxFormGenerations", `query($c: ID!, $f: ID!) { taxFormGenerations(clientId: $c, taxFormId: $f) { id status } }`,
		map[string]any{"c": gqlClient1.String(), "f": form}, &out)
	return out
}

// waitGenerated polls taxFormGenerations until the form's latest run has rendered its PDF.
func waitGenerated(t *testing.T, e *env, form string) {
	t.Helper()
	testwait.For(t, "the reconciled 8949 of "+form+" to be generated", 60*time.Second, func() bool {
		runs := generationsOf(t, e, form)
		if len(runs) > 0 && runs[0].Status == "FAILED" {
			t.Fatalf("the reconciled 8949 of %s was not generated: %+v", form, runs)
		}
		return len(runs) > 0 && runs[0].Status == "SUCCEEDED"
	})
}

// The fixture's T3 sold 0.5 ETH (B3, $1,900) and 0.25 ETH (B5, $950) on 2025-06-01; nothing else
// of C1 is a sale (spec/graphql/examples/README.md).
func t3Row(transfer string, proceeds float64) map[string]any {
	return map[string]any{"transactionId": gid("0000000a0003").String(), "transferId": gid(transfer).String(), "proceedsFiatValue": proceeds}
}

func printedRow(day int) map[string]any {
	return map[string]any{"assetSymbol": "ETH", "amountExact": "0.1", "dateSold": time.Date(2025, 9, day, 15, 0, 0, 0, time.UTC).Format(time.RFC3339),
		"proceedsFiatValue": 400}
}

// TestTaxFormStatusesFollowTheReconciliation: a 1099-DA of 8 rows that differ from the ledger (two
// given for T3's sales with other proceeds, six sales the ledger does not have) needs review, with
// the 8 differences getTaxFormReconciliation counts, also once its reconciled 8949 is generated;
// after a ledger edit and a recalculation the statuses follow the new reconciliation without
// another generate call.
func TestTaxFormStatusesFollowTheReconciliation(t *testing.T) {
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
	waitGenerated(t, e, form)

	rec := reconciliationOf(t, e, form)
	if rec.MismatchedCount != 2 || rec.MissingInLedgerCount != 6 || rec.MissingOnFormCount != 0 {
		t.Fatalf("reconciliation %+v, want 2 mismatched and 6 missing in the ledger", rec)
	}
	st := taxFormStatuses(t, e, 2025)
	f := st.form(t, form)
	if f.Status != "NEEDS_REVIEW" || f.NeedsReviewCount != rec.open() || f.RowCount != 8 {
		t.Errorf("form %+v, want NEEDS_REVIEW with %d differences", f, rec.open())
	}
	// TF1 (the fixture's Coinbase form: T3's two sales as the ledger has them) is reconciled
	if tf1 := st.form(t, gid("000000110001").String()); tf1.Status != "RECONCILED" || tf1.NeedsReviewCount != 0 {
		t.Errorf("TF1: %+v", tf1)
	}
	if st.NeedsReviewCount != 1 || st.CompletedCount != 1 || st.NeedsReviewRowCount != 8 {
		t.Errorf("counts: %d forms need review, %d complete, %d rows need review; want 1, 1, 8", st.NeedsReviewCount, st.CompletedCount, st.NeedsReviewRowCount)
	}

	// B3 was sold for $2,000, as the form says: fix the ledger and recalculate.
	mustGQL(t, e, "updateTransfer", `mutation($c: ID!, $t: ID!, $tr: ID!) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, fiatValue: 2000) { id } }`,
		map[string]any{"c": gqlClient1.String(), "t": gid("0000000a0003").String(), "tr": gid("0000000b0003").String()}, nil)
	e.recalculate(t)
	rec = reconciliationOf(t, e, form)
	if rec.MismatchedCount != 1 || rec.MissingInLedgerCount != 6 {
		t.Fatalf("reconciliation after the fix %+v, want 1 mismatched and 6 missing in the ledger", rec)
	}
	st = taxFormStatuses(t, e, 2025)
	if f := st.form(t, form); f.Status != "NEEDS_REVIEW" || f.NeedsReviewCount != 7 {
		t.Errorf("after the fix: form %+v, want NEEDS_REVIEW with 7 differences", f)
	}
	// TF1 lists B3 at $1,900: it now differs from the ledger
	if tf1 := st.form(t, gid("000000110001").String()); tf1.Status != "NEEDS_REVIEW" || tf1.NeedsReviewCount != reconciliationOf(t, e, tf1.ID).open() || tf1.NeedsReviewCount != 1 {
		t.Errorf("TF1 after the fix: %+v", tf1)
	}
	if st.NeedsReviewCount != 2 || st.CompletedCount != 0 || st.NeedsReviewRowCount != 8 {
		t.Errorf("counts after the fix: %d forms need review, %d complete, %d rows; want 2, 0, 8", st.NeedsReviewCount, st.CompletedCount, st.NeedsReviewRowCount)
	}
}

// TestGenerateWithTheCallersFormID: a new taxFormId chosen by the caller becomes the form's id; the
// same call again (a retry after a timeout) returns the same run and creates neither a second form
// nor a second run or report; new rows under the same id replace the form's rows in a new run.
func TestGenerateWithTheCallersFormID(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	form := uuid.NewString()
	rows := []map[string]any{t3Row("0000000b0003", 1900), t3Row("0000000b0005", 950)}
	vars := map[string]any{"c": gqlClient1.String(), "f": form, "rows": rows}
	reports := func() int {
		var list []struct{ Type string }
		mustGQL(t, e, "getReports", `query($c: ID!) { getReports(clientId: $c) { type } }`, map[string]any{"c": gqlClient1.String()}, &list)
		n := 0
		for _, r := range list {
			if r.Type == "RECONCILED_8949_PDF" {
				n++
			}
		}
		return n
	}

	var first generated
	mustGQL(t, e, "generate1099DAReports", generateQuery, vars, &first)
	if first.Generation.TaxFormID != form {
		t.Fatalf("the run is for form %s, not the caller's %s", first.Generation.TaxFormID, form)
	}
	for attempt, id := range []string{form, strings.ToUpper(form)} { // the same UUID in any spelling
		var again generated
		vars["f"] = id
		mustGQL(t, e, "generate1099DAReports", generateQuery, vars, &again)
		if again.Generation.ID != first.Generation.ID || again.Generation.TaxFormID != form {
			t.Fatalf("retry %d: run %s of form %s, want the first run %s of %s", attempt, again.Generation.ID, again.Generation.TaxFormID, first.Generation.ID, form)
		}
	}
	st := taxFormStatuses(t, e, 2025)
	if f := st.form(t, form); f.RowCount != 2 {
		t.Errorf("form %+v: want 2 rows", f)
	}
	if len(st.TaxForms) != 2 { // TF1 and the caller's
		t.Errorf("%d forms, want TF1 and %s", len(st.TaxForms), form)
	}
	if runs := generationsOf(t, e, form); len(runs) != 1 {
		t.Errorf("%d runs after two retries, want 1", len(runs))
	}
	if n := reports(); n != 1 {
		t.Errorf("%d reconciled 8949 reports, want 1", n)
	}
	waitGenerated(t, e, form)
	if f := taxFormStatuses(t, e, 2025).form(t, form); f.Status != "GENERATED" || f.NeedsReviewCount != 0 {
		t.Errorf("the form agrees with the ledger and its 8949 is ready: %+v, want GENERATED", f)
	}
	// a retry after the run finished still changes nothing
	var late generated
	mustGQL(t, e, "generate1099DAReports", generateQuery, vars, &late)
	if late.Generation.ID != first.Generation.ID || late.Generation.Status != "SUCCEEDED" {
		t.Errorf("a retry after the run: %+v, want run %s SUCCEEDED", late.Generation, first.Generation.ID)
	}

	// other rows under the same id: the form's rows are replaced in a new run
	vars["rows"] = rows[:1]
	var changed generated
	mustGQL(t, e, "generate1099DAReports", generateQuery, vars, &changed)
	if changed.Generation.ID == first.Generation.ID || changed.Generation.TaxFormID != form {
		t.Errorf("new rows: run %+v, want a new run of %s", changed.Generation, form)
	}
	st = taxFormStatuses(t, e, 2025)
	if f := st.form(t, form); f.RowCount != 1 {
		t.Errorf("form after new rows %+v: want 1 row", f)
	}
	if runs := generationsOf(t, e, form); len(runs) != 2 {
		t.Errorf("%d runs, want 2", len(runs))
	}
}
