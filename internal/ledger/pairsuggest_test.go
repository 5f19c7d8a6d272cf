package ledger_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/ledger"
)

// leg adds a transaction with one ETH transfer of quantity q (from nil: arriving; to nil: leaving),
// labeled label when it is not empty.
func (b *bundle) leg(t *testing.T, at time.Time, q string, from, to *uuid.UUID, label string) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		nt := ledger.NewTransaction{OccurredAt: at}
		if label != "" {
			nt.Label = &label
		}
		tx, err := e.CreateTransaction(nt)
		if err != nil {
			return err
		}
		id = tx.ID
		_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec(q), FromAccountID: from, ToAccountID: to})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (b *bundle) link(t *testing.T, from, to uuid.UUID) {
	t.Helper()
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.Link(ledger.LinkInternalTransfer, from, to)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

func TestPairSuggestionsFindOneSidedMoves(t *testing.T) {
	t.Parallel()
	b := setup(t)
	scope := auth.JobScope(b.client, "test")
	day := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

	// A withdrawal and, 20 minutes later, a deposit of 99.9% of it into the other wallet: a pair.
	out := b.leg(t, day, "2", &b.wallet, nil, "")
	in := b.leg(t, day.Add(20*time.Minute), "1.998", nil, &b.wallet2, "")
	// Not pairs: the deposit is more than was sent; below 95% of it; after the window; into the
	// sending wallet; labeled as something else; already paired.
	b.leg(t, day.AddDate(0, 1, 0), "1", &b.wallet, nil, "")
	b.leg(t, day.AddDate(0, 1, 0).Add(time.Hour), "1.01", nil, &b.wallet2, "")
	b.leg(t, day.AddDate(0, 2, 0), "1", &b.wallet, nil, "")
	b.leg(t, day.AddDate(0, 2, 0).Add(time.Hour), "0.9", nil, &b.wallet2, "")
	b.leg(t, day.AddDate(0, 3, 0), "1", &b.wallet, nil, "")
	b.leg(t, day.AddDate(0, 3, 0).Add(73*time.Hour), "1", nil, &b.wallet2, "")
	b.leg(t, day.AddDate(0, 4, 0), "1", &b.wallet, nil, "")
	b.leg(t, day.AddDate(0, 4, 0).Add(time.Hour), "1", nil, &b.wallet, "")
	b.leg(t, day.AddDate(0, 5, 0), "1", &b.wallet, nil, "gift_sent")
	b.leg(t, day.AddDate(0, 5, 0).Add(time.Hour), "1", nil, &b.wallet2, "")
	pairedOut := b.leg(t, day.AddDate(0, 6, 0), "1", &b.wallet, nil, "")
	pairedIn := b.leg(t, day.AddDate(0, 6, 0).Add(time.Hour), "1", nil, &b.wallet2, "")
	b.link(t, pairedOut, pairedIn)

	for run := 0; run < 2; run++ {
		got, err := b.led.PairSuggestions(b.ctx, scope, nil, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].FromTransactionID != out || got[0].ToTransactionID != in ||
			!got[0].Sent.Equal(dec("2")) || !got[0].Received.Equal(dec("1.998")) || got[0].Symbol != "ETH" {
			t.Fatalf("run %d: suggestions %+v, want only %s -> %s", run, got, out, in)
		}
		// Asked from either side, the same pair.
		for _, id := range []uuid.UUID{out, in} {
			one, err := b.led.PairSuggestions(b.ctx, scope, &id, 10)
			if err != nil {
				t.Fatal(err)
			}
			if len(one) != 1 || one[0].FromTransactionID != out || one[0].ToTransactionID != in {
				t.Fatalf("suggestions of %s: %+v", id, one)
			}
		}
	}
	// The insight's filter lists both sides.
	pattern := "possible-internal-transfer"
	page, err := b.led.List(b.ctx, scope, ledger.TxFilter{InsightPatternID: &pattern}, ledger.TxPage{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Rows) != 2 {
		t.Fatalf("insightPatternId %s lists %d transactions, want the pair's 2", pattern, len(page.Rows))
	}

	// Once paired, nothing is suggested.
	b.link(t, out, in)
	if got, err := b.led.PairSuggestions(b.ctx, scope, nil, 10); err != nil || len(got) != 0 {
		t.Fatalf("after pairing: %+v, %v", got, err)
	}
}
