package contracttests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	taxdclient "github.com/taxd-dev/taxd/sdk/go"
)

// TestRESTTaxPreviewJurisdictions: a partner's GB, CA, DE and AU users, through the Go SDK. The partner
// creates each user, mints a portal access token with which the user (as in the portal) picks its
// country and currency and imports a file; the partner uploads it, refreshes the taxes and reads
// the preview, which speaks the country's terms. The figures are the hand arithmetic of
// gbLedger, caLedger, deLedger and auLedger: GB 2024/25 gains 400, losses 200, net 200 (no holding
// period: all of it short-term); CA 2024 gains 900, losses 2,000, denied 2,000, net -1,100, taxable
// -550; DE 2024 999.99 taxable pieces below the Freigrenze (taxable 0) and 550 tax-free; AU 2023-24 a
// net capital gain of 1,260. A US user's preview carries none of these fields.
func TestRESTTaxPreviewJurisdictions(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, seed) // the REST fixture, with workers
	e := *f.e
	e.url = f.url
	ctx := context.Background()
	c, err := taxdclient.New(e.url+"/api", taxdclient.Credentials{ClientID: acmeCreds.ClientID, APISecret: acmeCreds.APISecret})
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		jurisdiction, label, currency, formatted string
		short, long, net, gains, losses, denied  int64
	}
	for _, tc := range []struct {
		ref, country, currency, tz, file string
		year, transactions               int
		want                             want
		taxable                          string // the rules' own figures (TaxPreview's optional cents fields that are set)
	}{
		{"uk-user", "GB", "GBP", "Europe/London", gbLedger, 2024, 4, want{"GB", "2024/25", "GBP", "£200.00", 20000, 0, 20000, 40000, -20000, -1}, ""},
		{"ca-user", "CA", "CAD", "America/Toronto", caLedger, 2024, 4, want{"CA", "2024", "CAD", "-CA$1,100.00", -110000, 0, -110000, 90000, -200000, 200000},
			"taxableGain=-55000"},
		// deLedger: 999.99 held a year or less (a cent below the Freigrenze: taxable 0), 550 held longer (tax-free)
		{"de-user", "DE", "EUR", "Europe/Berlin", deLedger, 2024, 4, want{"DE", "2024", "EUR", "€1,549.99", 99999, 55000, 154999, 99999, 0, -1},
			"taxableGain=0 gainThreshold=100000 taxableIncome=0"},
		// auLedger: the ATO guide's example, net capital gain 1,260 after 400 brought forward and the 1,260 discount
		{"au-user", "AU", "AUD", "Australia/Sydney", auLedger, 2023, 5, want{"AU", "2023-24", "AUD", "A$2,920.00", -8000, 300000, 292000, 352000, -60000, -1},
			"taxableGain=126000 discount=126000 lossesBroughtForward=40000 lossesCarriedForward=0"},
	} {
		t.Run(tc.country, func(t *testing.T) {
			u, err := c.CreateUserWithResponse(ctx, nil, taxdclient.CreateUserRequest{UserId: tc.ref})
			must(t, err, u.JSON201 == nil, "create user", u.Body)
			tok, err := c.CreateAccessTokenWithResponse(ctx, nil, taxdclient.CreateAccessTokenRequest{ReferenceId: tc.ref})
			must(t, err, tok.JSON200 == nil, "access token", tok.Body)
			bearer := "Bearer " + tok.JSON200.Data.AccessToken
			gql := func(query string, vars map[string]any, out any) {
				t.Helper()
				r := postGraphQL(t, &e, bearer, query, vars)
				if r.code != "" || r.status != http.StatusOK {
					t.Fatalf("%s: %s", query, r.raw)
				}
				if out != nil {
					raw, _ := json.Marshal(r.data)
					if err := json.Unmarshal(raw, out); err != nil {
						t.Fatal(err)
					}
				}
			}
			var mine struct {
				C []struct{ ID string } `json:"getMyClients"`
			}
			gql(`{ getMyClients { id } }`, nil, &mine)
			if len(mine.C) != 1 {
				t.Fatalf("getMyClients: %+v", mine)
			}
			id := mine.C[0].ID
			gql(`mutation($c: ID!, $country: CountryEnum, $cur: CurrencyCodeEnum, $tz: String) {
				updateClient(clientId: $c, country: $country, currency: $cur, timezone: $tz) { id } }`,
				map[string]any{"c": id, "country": tc.country, "cur": tc.currency, "tz": tc.tz}, nil)

			name := "ledger.csv"
			up, err := c.CreateUploadUrlWithResponse(ctx, tc.ref, nil, taxdclient.CreateUploadRequest{FileName: &name})
			must(t, err, up.JSON201 == nil, "upload URL", up.Body)
			if status, body := putFile(t, &e, up.JSON201.Data.Url, strings.NewReader(tc.file), int64(len(tc.file))); status != http.StatusCreated {
				t.Fatalf("PUT: %d %s", status, body)
			}
			var job struct {
				ID string `json:"uploadManualTransactions"`
			}
			gql(`mutation($c: String, $k: String!) { uploadManualTransactions(clientId: $c, fileObjectKey: $k) }`,
				map[string]any{"c": id, "k": up.JSON201.Data.FileObjectKey}, &job)
			if st, why := awaitImportJob(t, job.ID, func(q string, _ map[string]any, out any) {
				vars := map[string]any{"c": id}
				var root map[string]json.RawMessage
				gql(q, vars, &root)
				for _, v := range root {
					if err := json.Unmarshal(v, out); err != nil {
						t.Fatal(err)
					}
				}
			}); st != "SUCCEEDED" {
				t.Fatalf("import: %s %s", st, why)
			}

			refresh, err := c.RefreshTaxesWithResponse(ctx, tc.ref, nil)
			must(t, err, refresh.JSON200 == nil, "refresh", refresh.Body)
			poll(t, "the recalculation", func() bool {
				j, err := c.GetActiveRecalculateJobWithResponse(ctx, tc.ref)
				must(t, err, j.JSON200 == nil, "active job", j.Body)
				return j.JSON200.Data == nil
			})
			year := tc.year
			p, err := c.GetTaxPreviewWithResponse(ctx, tc.ref, &taxdclient.GetTaxPreviewParams{Year: &year})
			must(t, err, p.JSON200 == nil, "preview", p.Body)
			d, w := p.JSON200.Data, tc.want
			got := want{string(d.Jurisdiction), d.TaxYearLabel, d.Currency, d.CapitalGainsFormatted, d.ShortTermGainsCents,
				d.LongTermGainsCents, d.CapitalGainsCents, deref(d.GainsCents), deref(d.LossesCents), -1}
			if d.DeniedLossesCents != nil {
				got.denied = *d.DeniedLossesCents
			}
			var own []string
			for _, x := range []struct {
				name string
				v    *int64
			}{{"taxableGain", d.TaxableGainCents}, {"gainThreshold", d.GainThresholdCents}, {"taxableIncome", d.TaxableIncomeCents},
				{"discount", d.DiscountCents}, {"lossesBroughtForward", d.LossesBroughtForwardCents}, {"lossesCarriedForward", d.LossesCarriedForwardCents}} {
				if x.v != nil {
					own = append(own, fmt.Sprintf("%s=%d", x.name, *x.v))
				}
			}
			if got != w || d.IsStale || d.TransactionCount != tc.transactions || strings.Join(own, " ") != tc.taxable {
				t.Errorf("preview %s:\n got %+v %q (stale %v, %d transactions)\nwant %+v %q", p.Body, got, own, d.IsStale, d.TransactionCount, w, tc.taxable)
			}
		})
	}
	// the fixture's US user: the jurisdiction and its year named, none of the other countries' terms
	year := 2023
	p, err := c.GetTaxPreviewWithResponse(ctx, "user-123", &taxdclient.GetTaxPreviewParams{Year: &year})
	must(t, err, p.JSON200 == nil, "US preview", p.Body)
	if d := p.JSON200.Data; d.Jurisdiction != taxdclient.US || d.TaxYearLabel != "2023" || d.GainsCents != nil || d.LossesCents != nil || d.DeniedLossesCents != nil || d.TaxableGainCents != nil {
		t.Errorf("US preview: %s; want jurisdiction US, taxYearLabel 2023 and no other country's terms", p.Body)
	}
}

func deref[T any](p *T) T {
	var z T
	if p == nil {
		return z
	}
	return *p
}

