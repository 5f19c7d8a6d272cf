package browsertests

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"taxd/internal/auth"
	"taxd/internal/demo"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
)

// TestPortalReviewQueueReachesZero drives the review queue of the sample ledger to "Nothing to
// review" with the fixes it offers, each recalculated by itself: the badge, the page's total and
// the groups' counts agree with getClientReviewQueue's, each transaction is listed once (its other
// problems named beside it), and once every item is fixed the badge goes and the page says so.
// Screenshots: review-queue-* and review-empty-* at 1280 and 390 px.
func TestPortalReviewQueueReachesZero(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	w := newWorld(t)
	ctx := context.Background()
	w.api("POST", "/users", `{"userId":"review-user","email":"rae@example.com"}`, 201, nil)
	client := w.clientID("review-user")
	scope, err := auth.PartnerUserScope(&auth.Partner{PartnerID: w.partnerID, Method: auth.MethodSecretPair}, client, &w.partnerID)
	if err != nil {
		t.Fatal(err)
	}
	led := ledger.New(w.pool)
	if seeded, err := demo.Seed(ctx, demo.Services{Pool: w.pool, Ledger: led, Recalc: recalc.NewService(w.pool, w.jobs)}, scope); err != nil || !seeded {
		t.Fatalf("seed: %v %v", seeded, err)
	}
	w.gqlToken = w.tokenFromURL(w.accessToken("review-user", ""))
	w.gqlClient = client.String()
	w.do(chromedp.Navigate(w.accessToken("review-user", "rae@example.com")), visible("#recalc-settled"))
	review := w.url + "/portal?partner=" + w.partnerID.String() + "#/review"
	w.do(chromedp.Navigate(review), visible("#review-total"), idle())

	// The counts: the API's queue, the badge, the page's total, the groups.
	var q struct {
		Q struct {
			TotalCount int
			Groups     []struct {
				PatternID string
				Count     int
			}
		} `json:"getClientReviewQueue"`
	}
	w.gql(fmt.Sprintf(`{ getClientReviewQueue(clientId: %q, limit: 500) { totalCount groups { patternId count } } }`, w.gqlClient), &q)
	if q.Q.TotalCount == 0 {
		t.Fatal("the sample ledger has nothing to review")
	}
	total := strconv.Itoa(q.Q.TotalCount)
	if got := w.eval(`document.getElementById('review-total').dataset.count`); got != total {
		t.Fatalf("the page says %s to review, the API %s", got, total)
	}
	if got := w.eval(`document.getElementById('review-count').textContent`); got != total {
		t.Fatalf("the badge says %s, the API %s", got, total)
	}
	for _, g := range q.Q.Groups {
		if got := w.eval(fmt.Sprintf(`(document.querySelector('[data-insight=%q] [data-insight-count]') || {dataset: {}}).dataset.insightCount || ''`, g.PatternID)); got != strconv.Itoa(g.Count) {
			t.Fatalf("the card of %s counts %q, the API %d", g.PatternID, got, g.Count)
		}
	}
	if dup := w.eval(`(() => { const ids = [...document.querySelectorAll('[data-review-item]')].map(e => e.dataset.reviewItem);
		return ids.filter((id, i) => ids.indexOf(id) !== i).join(); })()`); dup != "" {
		t.Fatalf("listed twice: %s", dup)
	}
	if got := w.eval(`[...document.querySelectorAll('[data-also]')].map(e => e.textContent).join(' | ')`); got == "" {
		t.Fatal("no item names its other problems (the unpriced receipt also has no label)")
	}
	w.state("review-queue")

	// Fix every item with what the page offers; each fix is recalculated by itself.
	fixes := 0
	for w.eval(`String(!!document.getElementById('review-empty'))`) != "true" {
		if fixes++; fixes > 12 {
			t.Fatalf("still items to review after 12 fixes: %s", w.eval(`document.getElementById('review-queue').innerText`))
		}
		w.waitFor("an item's fix", func() (bool, string) {
			return w.has("[data-spam], [data-pair], [data-price-form], [data-label-form]"), w.eval(`document.getElementById('review-queue').innerText`)
		})
		ran := w.lastRun()
		switch {
		case w.has("[data-spam]"):
			w.do(click("[data-spam]"))
		case w.has("[data-pair]"):
			w.do(click("[data-pair]"))
		case w.has("[data-price-form]"):
			form := `[data-price-form="` + w.eval(`document.querySelector('[data-price-form]').dataset.priceForm`) + `"]`
			w.setValue(form+" input", "1.85")
			w.do(click(form + " button[type=submit]"))
		case w.has("[data-label-form]"):
			form := `[data-label-form="` + w.eval(`document.querySelector('[data-label-form]').dataset.labelForm`) + `"]`
			w.waitFor("the label options", func() (bool, string) {
				return w.eval(fmt.Sprintf(`String(document.querySelector('%s select').options.length > 1)`, form)) == "true", ""
			})
			w.setSelect(form+" select", w.eval(fmt.Sprintf(`document.querySelector('%s select').options[1].value`, form)))
			w.do(click(form + " button[type=submit]"))
		default:
			t.Fatalf("an item without a fix on the page: %s", w.eval(`document.getElementById('review-queue').innerText`))
		}
		w.recalculatedByItself(fmt.Sprintf("fix %d", fixes), ran)
		w.do(chromedp.Navigate(review), visible("#review-total, #review-empty"), idle())
	}
	w.gql(fmt.Sprintf(`{ getClientReviewQueue(clientId: %q, limit: 1) { totalCount groups { patternId count } } }`, w.gqlClient), &q)
	if q.Q.TotalCount != 0 {
		t.Fatalf("the page says nothing to review, the API %d", q.Q.TotalCount)
	}
	if got := w.eval(`String(document.getElementById('review-count').hidden)`); got != "true" {
		t.Fatal("the review badge still shows with nothing to review")
	}
	w.state("review-empty")
	t.Logf("the queue of %s transactions reached zero in %d fixes", total, fixes)
}

// has says whether the page holds an element matching sel.
func (w *world) has(sel string) bool {
	b, _ := json.Marshal(sel)
	return w.eval(fmt.Sprintf(`String(!!document.querySelector(%s))`, b)) == "true"
}
