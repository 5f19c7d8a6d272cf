package browsertests

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"taxd/internal/demo"
	"taxd/internal/testwait"
)

// TestPortalKeyboardAndFlow drives the sample ledger with the keyboard habits of a user: arrowing
// through the tax years keeps the focus on the year select and reads each year; after a fix the
// focus stays where the user works (the label select, the review card's next item); Unpair asks
// first and Cancel leaves the pair; the transaction pages count from 1 in the address as on the
// page, with the total. Screenshots: flow-unpair-confirm-* at 1280 and 390 px.
func TestPortalKeyboardAndFlow(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	w := newWorld(t)
	_, byHashID := w.sampleUser("flow-user", "flo@example.com")
	byHash := func(h string) string { return byHashID(h).String() }
	base := w.url + "/portal?partner=" + w.partnerID.String()
	w.do(chromedp.Navigate(w.accessToken("flow-user", "flo@example.com")), visible("#recalc-settled"))

	// The tax year select: an arrow key reads the next year in place, the focus stays on it.
	w.do(chromedp.Navigate(base+"#/tax?year=2025"), visible(`#tax-figures [data-figure="proceeds"]`), idle())
	// A key pressed while a loaded renderer is busy is now and then not delivered to the select at all
	// (seen in CI: the value, the address and the focus as before the press); the user's press is then
	// repeated, at most twice, and said in the log.
	for press := 1; ; press++ {
		w.eval(`(() => { document.getElementById('tax-year').focus(); return ''; })()`)
		w.do(chromedp.KeyEvent(kb.ArrowDown))
		err := testwait.Within("the select to take the key", 5*time.Second, func() (bool, error) {
			return w.eval(`document.getElementById('tax-year').value`) != "2025", nil
		})
		if err == nil || press == 3 {
			break
		}
		t.Logf("ArrowDown press %d did not reach the year select; pressing again", press)
	}
	w.waitFor("the next year to be read in place", func() (bool, string) {
		at := w.eval(`location.hash + ' ' + document.activeElement.id + ' ' + document.getElementById('tax-year').value`)
		return at == "#/tax?year=2024 tax-year 2024" && !w.has(".loading"), at
	})

	// Save label on a transaction: the focus stays on the label form, through the recalculation.
	payment := byHash(demo.UnlabeledPayment)
	w.do(chromedp.Navigate(base+"#/transactions/"+payment), visible("#label-form"), idle())
	w.setSelect("#tx-label", "income")
	w.do(click("#save-label"))
	w.waitFor("the focus on the label form after saving", func() (bool, string) {
		at := w.eval(`document.activeElement.id + ' ' + document.getElementById('tx-label').value`)
		return (at == "tx-label income" || at == "save-label income") && w.eval(`String(!!document.getElementById('recalc-settled'))`) == "true", at
	})

	// Review: a person typing a price while the page is drawn again (a fix elsewhere on it, then
	// the recalculation that follows by itself) keeps what they typed and the focus.
	receipt := byHash(demo.PricelessReceipt)
	priceInput := `[data-review-item="` + receipt + `"] [data-price-form] input`
	w.do(chromedp.Navigate(base+"#/review"), visible(priceInput), visible("[data-spam]"), idle())
	w.waitFor("the review page to settle", func() (bool, string) {
		return !w.has(".loading") && !w.has("#review-queue[data-loading]"), ""
	})
	ran := w.lastRun()
	drawn, _ := strconv.Atoi(w.eval(`document.getElementById('review-queue').dataset.drawn`))
	w.do(click("[data-spam]"), click(priceInput), chromedp.KeyEvent("2.5"))
	w.recalculatedByItself("the spam token", ran)
	w.waitFor("the queue drawn again with the new figures", func() (bool, string) {
		n, _ := strconv.Atoi(w.eval(`document.getElementById('review-queue').dataset.drawn`))
		return n > drawn && !w.has("#review-queue[data-loading]"), strconv.Itoa(n)
	})
	if got := w.eval(`(() => { const a = document.activeElement; return a.id + ' ' + a.value; })()`); got != "price-"+receipt+" 2.5" {
		t.Errorf("after the page was drawn again the focus and value are %q, want the price input with 2.5", got)
	}

	// Review: a price saved there moves the focus to the card's next item, not to the page top.
	ran = w.lastRun()
	w.do(click(`[data-review-item="` + receipt + `"] [data-price-form] input`))
	w.setValue(`[data-review-item="`+receipt+`"] [data-price-form] input`, "1.85")
	w.do(click(`[data-review-item="` + receipt + `"] [data-price-form] button[type=submit]`))
	w.recalculatedByItself("the price", ran)
	w.waitFor("the focus inside the review queue", func() (bool, string) {
		at := w.eval(`(() => { const a = document.activeElement; return a === document.body ? 'body' : (a.closest('#review-queue') ? 'queue' : a.tagName + '#' + a.id); })()`)
		return at == "queue", at
	})

	// Unpair asks first; Cancel leaves the pair as it was.
	from, to := byHash(demo.UnpairedMove[0]), byHash(demo.UnpairedMove[1])
	w.gql(fmt.Sprintf(`mutation { markInternalTransfer(clientId: %q, fromTransactionId: %q, toTransactionId: %q) }`, w.gqlClient, from, to), &map[string]any{})
	w.do(chromedp.Navigate(base+"#/transactions/"+from), visible("#unpair-tx"), idle())
	w.do(click("#unpair-tx"), visible(`[data-confirm-yes="unpair-tx"]`))
	if got := w.eval(`document.activeElement.dataset.confirmYes || ''`); got != "unpair-tx" {
		t.Fatalf("the focus is on %q after Unpair, want its Yes", got)
	}
	w.state("flow-unpair-confirm")
	w.do(click(`.confirm button.secondary`), visible("#unpair-tx"))
	var linked struct {
		T struct{ LinkedTransactionID *string } `json:"getTransaction"`
	}
	w.gql(fmt.Sprintf(`{ getTransaction(clientId: %q, transactionId: %q) { linkedTransactionId } }`, w.gqlClient, from), &linked)
	if linked.T.LinkedTransactionID == nil || *linked.T.LinkedTransactionID != to {
		t.Fatal("Cancel unpaired the transactions")
	}
	w.do(click("#unpair-tx"), visible(`[data-confirm-yes="unpair-tx"]`), click(`[data-confirm-yes="unpair-tx"]`))
	w.waitFor("the pair to be undone", func() (bool, string) {
		w.gql(fmt.Sprintf(`{ getTransaction(clientId: %q, transactionId: %q) { linkedTransactionId } }`, w.gqlClient, from), &linked)
		return linked.T.LinkedTransactionID == nil, ""
	})

	// Paging: the address counts from 1 as the page does, and the page names the total.
	w.do(chromedp.Navigate(base+"#/transactions"), visible("#tx-page"), idle())
	first := w.eval(`document.getElementById('tx-page').textContent`)
	if !strings.HasPrefix(first, "Page 1 of ") || !strings.Contains(first, " transactions") {
		t.Fatalf("the first page says %q", first)
	}
	if w.has("#tx-next") {
		w.do(click("#tx-next"), visible(`#tx-page[data-page="2"]`))
		if got := w.eval(`location.hash`); !strings.Contains(got, "page=2") {
			t.Fatalf("the second page's address is %s", got)
		}
	}
}
