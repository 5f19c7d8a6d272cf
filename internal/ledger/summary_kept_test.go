package ledger_test

import (
	"fmt"
	"testing"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// The unfiltered summary from kept figures (the client's counts kept by triggers on transactions,
// the result set's totals kept by the recalculation, the dirty transactions from the ledger) equals
// the summary joined from the ledger after every kind of ledger write (everyWrite, run twice) and
// after full and incremental recalculations between them; with a spam asset the ledger answers.
func TestUnfilteredSummaryFromKeptFiguresFollowsEveryWrite(t *testing.T) {
	b := setup(t)
	scope := auth.JobScope(b.client, "test")
	compare := func(stage string) bool {
		t.Helper()
		want, err := ledger.SummaryFromLedger(b.ctx, b.led, scope, ledger.TxFilter{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.led.Summary(b.ctx, scope, ledger.TxFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if diff := summaryDiff(got, want); diff != "" {
			t.Errorf("%s: %s", stage, diff)
		}
		kept, ok, err := ledger.KeptSummary(b.ctx, b.led, scope)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			if diff := summaryDiff(kept, want); diff != "" {
				t.Errorf("%s, kept figures: %s", stage, diff)
			}
		}
		return ok
	}
	checks, kept, figures := 0, 0, false
	everyWrite(t, b, func(after string, _ []uuid.UUID) {
		t.Helper()
		if compare(after + ", spam asset as it is") {
			kept++
		}
		// The sequence keeps an asset marked spam; unmarked, the kept figures answer.
		var spam []uuid.UUID
		rows, err := b.pool.Query(b.ctx, `UPDATE assets SET is_spam = false WHERE client_id = $1 AND is_spam RETURNING id`, b.client)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id uuid.UUID
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			spam = append(spam, id)
		}
		rows.Close()
		checks++
		for _, full := range []bool{checks%3 == 0, checks%3 == 1} {
			if compare(after) {
				kept++
			}
			if checks%3 == 2 {
				break // this write stays dirty
			}
			if _, err := (&recalc.Runner{Pool: b.pool, Full: full}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
				t.Fatal(err)
			}
			if !compare(fmt.Sprintf("%s, recalculated (full %v)", after, full)) {
				t.Errorf("%s: the kept figures do not answer after a recalculation", after)
			}
			kept++
		}
		s, err := b.led.Summary(b.ctx, scope, ledger.TxFilter{})
		if err != nil {
			t.Fatal(err)
		}
		figures = figures || (s.TransactionCount > 3 && s.DisposalCount > 0 && s.Unlabeled > 0 && s.Reviewed > 0)
		testfactory.Exec(t, b.pool, `UPDATE assets SET is_spam = true WHERE id = ANY($1)`, spam)
	})
	if kept < checks {
		t.Errorf("the kept figures answered %d of %d checks", kept, 3*checks)
	}
	if !figures {
		t.Error("the summary never had transactions, disposals, unlabeled and reviewed ones together: the comparison says little")
	}
}
