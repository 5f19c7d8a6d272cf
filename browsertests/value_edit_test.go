package browsertests

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"taxd/internal/auth"
	"taxd/internal/fileimport"
	"taxd/internal/imports"
	"taxd/internal/recalc"
	"taxd/internal/testwait"
)

// TestPortalIncomeValueEdit: a person opens a staking reward ($75.40) in the portal, chooses Edit
// value and types 140 per SOL: the form sends the new value only (the cost basis it shows was left
// as it was), so the income becomes 0.58907 x 140 = $82.47 after the recalculation, the
// transaction's income says so, and its history has the value edit and no basis override.
func TestPortalIncomeValueEdit(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	w := newWorld(t)
	ctx := context.Background()
	w.api("POST", "/users", `{"userId":"value-user"}`, 201, nil)
	client := w.clientID("value-user")
	portalURL := w.accessToken("value-user", "")
	w.gqlToken, w.gqlClient = w.tokenFromURL(portalURL), client.String()
	if _, err := fileimport.Import(ctx, w.pool, fileimport.Request{ClientID: client, Name: "Staking", Format: imports.CSVGeneric,
		File:  strings.NewReader("date,type,received_quantity,received_asset,fiat_value_usd\n2024-03-01T12:00:00Z,staking_reward,0.58907,SOL,75.40\n"),
		Actor: "user:test"}); err != nil {
		t.Fatal(err)
	}
	scope, err := auth.PartnerUserScope(&auth.Partner{PartnerID: w.partnerID, Method: auth.MethodSecretPair}, client, &w.partnerID)
	if err != nil {
		t.Fatal(err)
	}
	settle := func(what string) {
		if _, err := recalc.NewService(w.pool, w.jobs).Request(ctx, scope, recalc.Options{}); err != nil {
			t.Fatal(err)
		}
		testwait.For(t, what, 60*time.Second, func() bool {
			var j struct {
				J *struct{ ID string } `json:"getActiveRecalculateJob"`
			}
			w.gql(fmt.Sprintf(`{ getActiveRecalculateJob(clientId: %q) { id } }`, client), &j)
			return j.J == nil
		})
	}
	settle("the first recalculation")
	if got := w.yearFigure(2024, "incomeCents"); got != 7540 {
		t.Fatalf("2024 income %d cents before the edit, want 7540", got)
	}
	reward := w.transactions(`labels: ["staking_reward"]`)[0]
	var tx struct {
		T struct {
			Transfers []struct {
				ID string `json:"id"`
			} `json:"transfers"`
		} `json:"getTransaction"`
	}
	w.gql(fmt.Sprintf(`{ getTransaction(clientId: %q, transactionId: %q) { transfers { id } } }`, client, reward), &tx)
	tr := tx.T.Transfers[0].ID

	w.do(chromedp.Navigate(portalURL), visible("#recalc-settled"))
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/transactions/"+reward), visible(`[data-edit-transfer="`+tr+`"]`), idle())
	w.do(click(`[data-edit-transfer="` + tr + `"]`))
	w.setField("per-unit-"+tr, "140")
	if got := w.eval(`document.getElementById('value-` + tr + `').value`); got != "82.47" {
		t.Fatalf("the value field shows %q after 140 per SOL, want 82.47", got)
	}
	before := w.eval(`document.getElementById('history-list')?.innerText || ''`)
	w.do(click(`[data-value-form="` + tr + `"] button[type=submit]`))
	w.waitFor("the edit to be saved", func() (bool, string) {
		h := w.eval(`document.getElementById('history-list')?.innerText || ''`)
		return h != before && strings.Contains(h, "$82.47"), h
	})
	settle("the recalculation after the edit")
	if got := w.yearFigure(2024, "incomeCents"); got != 8247 {
		t.Errorf("2024 income %d cents after the edit, want 8247 (0.58907 x 140)", got)
	}
	var after struct {
		T struct {
			IncomeSum *int64 `json:"incomeSum"`
		} `json:"getTransaction"`
	}
	w.gql(fmt.Sprintf(`{ getTransaction(clientId: %q, transactionId: %q) { incomeSum } }`, client, reward), &after)
	if after.T.IncomeSum == nil || *after.T.IncomeSum != 8247 {
		t.Errorf("the reward's income %v, want 8247", after.T.IncomeSum)
	}
	var logs struct {
		L struct {
			Logs []struct {
				Field *string `json:"field"`
			} `json:"auditLogs"`
		} `json:"getClientAuditLogs"`
	}
	w.gql(fmt.Sprintf(`{ getClientAuditLogs(clientId: %q, transactionIds: [%q], limit: 50, page: 0) { auditLogs { field } } }`, client, reward), &logs)
	var fields []string
	for _, l := range logs.L.Logs {
		if l.Field != nil {
			fields = append(fields, *l.Field)
		}
	}
	if strings.Contains(strings.Join(fields, ","), "basisFiatValue") || !strings.Contains(strings.Join(fields, ","), "fiatValue") {
		t.Errorf("history fields %v: want the value edit and no basis override", fields)
	}
}

// TestPortalUnpricedReceipt: a deposit of 5 QQZ that no price source knows and a trade into 100 QQZ
// without a price on either side show "No price" in the transaction list (not $0.00 and not a green
// "Gain $0.00"), carry the Missing cost basis badge, and are the missing-basis insight's two
// transactions on the review page.
func TestPortalUnpricedReceipt(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	w := newWorld(t)
	ctx := context.Background()
	w.api("POST", "/users", `{"userId":"unpriced-user"}`, 201, nil)
	client := w.clientID("unpriced-user")
	portalURL := w.accessToken("unpriced-user", "")
	w.gqlToken, w.gqlClient = w.tokenFromURL(portalURL), client.String()
	if _, err := fileimport.Import(ctx, w.pool, fileimport.Request{ClientID: client, Name: "Unpriced", Format: imports.CSVGeneric,
		File: strings.NewReader("date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n" +
			"2024-02-01T12:00:00Z,buy,,,1,ETH,2500\n2024-02-02T12:00:00Z,deposit,,,5,QQZ,\n2024-02-03T12:00:00Z,trade,10,QQY,100,QQZ,\n"),
		Actor: "user:test"}); err != nil {
		t.Fatal(err)
	}
	scope, err := auth.PartnerUserScope(&auth.Partner{PartnerID: w.partnerID, Method: auth.MethodSecretPair}, client, &w.partnerID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := recalc.NewService(w.pool, w.jobs).Request(ctx, scope, recalc.Options{}); err != nil {
		t.Fatal(err)
	}
	testwait.For(t, "the recalculation", 60*time.Second, func() bool {
		var j struct {
			J *struct{ ID string } `json:"getActiveRecalculateJob"`
		}
		w.gql(fmt.Sprintf(`{ getActiveRecalculateJob(clientId: %q) { id } }`, client), &j)
		return j.J == nil
	})
	w.do(chromedp.Navigate(portalURL), visible("#recalc-settled"))
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/transactions"), visible("#tx-list tr[data-tx]"), idle())
	rows := w.eval(`[...document.querySelectorAll('#tx-list tr[data-tx]')].map(r => r.innerText.replace(/\s+/g, ' ')).join('\n')`)
	lines := strings.Split(rows, "\n")
	if len(lines) != 3 {
		t.Fatalf("the list shows %d transactions:\n%s", len(lines), rows)
	}
	for _, l := range lines {
		unpricedRow := strings.Contains(l, "QQZ")
		if unpricedRow != strings.Contains(l, "No price") || unpricedRow != strings.Contains(l, "Missing cost basis") || strings.Contains(l, "Gain $0.00") {
			t.Errorf("row %q: want No price and Missing cost basis exactly on the QQZ receipts, never Gain $0.00", l)
		}
	}
	// The review lists each transaction once, under its first problem: the QQZ deposit under the
	// missing cost basis, the trade (it sends QQY never held) under the uncovered disposal, with the
	// missing cost basis named beside it.
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/review"), visible(`[data-insight="missing-basis"]`), idle())
	w.waitFor("the review's items", func() (bool, string) { return !w.has(".loading"), "" })
	also := w.eval(`String([...document.querySelectorAll('[data-also]')].filter(e => e.textContent.includes('no cost basis')).length)`)
	if n := w.insightCount("missing-basis"); n != 1 || also != "1" {
		t.Errorf("missing cost basis: %d listed under it, %s naming it beside another problem; want the 2 QQZ receipts, 1 and 1", n, also)
	}
}
