package browsertests

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
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
	w.sampleUser("review-user", "rae@example.com")
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

	// The overview says what to do next: the review first, then the report to download.
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/"), visible(`#next-steps [data-next="review"]`), idle())
	if got := w.eval(`[...document.querySelectorAll('#next-steps [data-next]')].map(e => e.dataset.next + ': ' + e.textContent).join(' | ')`); !strings.HasPrefix(got, "review: Review "+total+" transactions") || !strings.Contains(got, "download: Download your") {
		t.Fatalf("what to do next: %s", got)
	}
	w.state("overview-next-steps")
	w.do(chromedp.Navigate(review), visible("#review-total"), idle())

	// Fix every item with what the page offers; each fix is recalculated by itself.
	fixes, kinds := 0, []string{}
	for w.eval(`String(!!document.getElementById('review-empty'))`) != "true" {
		if fixes++; fixes > 12 {
			t.Fatalf("still items to review after 12 fixes: %s", w.eval(`document.getElementById('review-queue').innerText`))
		}
		// the next fix the page offers, found and used in one step (a finished run may render the
		// page again at any moment)
		ran, kind := w.lastRun(), ""
		w.waitFor("an item's fix", func() (bool, string) {
			if w.has("#review-empty") {
				kind = "none" // the last fix's run emptied the queue
				return true, ""
			}
			kind = w.eval(nextFix)
			return kind != "", w.eval(`document.getElementById('review-queue').innerText`)
		})
		if kind == "none" {
			break
		}
		kinds = append(kinds, kind)
		w.recalculatedByItself(fmt.Sprintf("fix %d (%s)", fixes, kind), ran)
		w.do(visible("#review-total, #review-empty"), idle())
	}
	w.gql(fmt.Sprintf(`{ getClientReviewQueue(clientId: %q, limit: 1) { totalCount groups { patternId count } } }`, w.gqlClient), &q)
	if q.Q.TotalCount != 0 {
		t.Fatalf("the page says nothing to review, the API %d", q.Q.TotalCount)
	}
	if got := w.eval(`String(document.getElementById('review-count').hidden)`); got != "true" {
		t.Fatal("the review badge still shows with nothing to review")
	}
	w.state("review-empty")
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/"), visible(`#next-steps [data-next="download"]`), idle())
	if w.has(`#next-steps [data-next="review"]`) {
		t.Fatal("the overview still asks for a review with nothing to review")
	}
	w.do(chromedp.Navigate(review), visible("#review-empty"), idle())

	// The state bar follows reality: with the server out of reach it says so, not "up to date",
	// and it says "up to date" again once the server answers.
	w.offline(true)
	w.do(visible("#recalc-unreachable"))
	if got := w.eval(`document.getElementById('recalc-status').innerText`); strings.Contains(got, "up to date") {
		t.Fatalf("the state bar says %q with the server out of reach", got)
	}
	w.state("state-bar-unreachable")
	w.offline(false)
	w.do(visible("#recalc-settled"))
	t.Logf("the queue of %s transactions reached zero in %d fixes: %q", total, len(kinds), kinds)
}

// nextFix uses the first fix the review page offers (marking a token spam, pairing, pricing a
// receipt at 1.85, labelling with the first label offered) and names it; "" while the page loads.
const nextFix = `(() => {
	if (document.querySelector('.loading')) return '';
	const spam = document.querySelector('[data-spam]');
	if (spam) { spam.click(); return 'spam'; }
	const pair = document.querySelector('[data-pair]');
	if (pair) { pair.click(); return 'pair'; }
	const price = document.querySelector('[data-price-form]');
	if (price) {
		const input = price.querySelector('input');
		input.value = '1.85';
		input.dispatchEvent(new Event('input', {bubbles: true}));
		price.querySelector('button[type=submit]').click();
		return 'price';
	}
	const label = document.querySelector('[data-label-form]');
	if (label) {
		const sel = label.querySelector('select');
		if (sel.options.length < 2) return '';
		sel.value = sel.options[1].value;
		sel.dispatchEvent(new Event('change', {bubbles: true}));
		label.querySelector('button[type=submit]').click();
		return 'label ' + sel.value;
	}
	return '';
})()`

// has says whether the page holds an element matching sel.
func (w *world) has(sel string) bool {
	b, _ := json.Marshal(sel)
	return w.eval(fmt.Sprintf(`String(!!document.querySelector(%s))`, b)) == "true"
}

// offline cuts the page off the network (every request fails as with the server down, and the
// browser says it is offline) or restores it.
func (w *world) offline(off bool) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(w.browser, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, emulateNetworkConditions, networkConditions{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		w.t.Fatalf("network conditions: %v", err)
	}
}

// networkConditions are the parameters of Network.emulateNetworkConditions (the browser's
// offline switch).
type networkConditions struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

var emulateNetworkConditions = cdp.Command[networkConditions, cdp.Empty]{Method: "Network.emulateNetworkConditions"}
