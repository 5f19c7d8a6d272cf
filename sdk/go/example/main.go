// A partner's program: create a user with a wallet, sync it, recalculate, read the tax preview
// and download the tax forms. Run it against a server (make run prints the credentials):
//
//	TAXD_API_URL=http://127.0.0.1:8080/api TAXD_CLIENT_ID=... TAXD_API_SECRET=... go run ./example
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	taxdclient "github.com/taxd-dev/taxd/sdk/go"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c, err := taxdclient.New(os.Getenv("TAXD_API_URL"), taxdclient.Credentials{ClientID: os.Getenv("TAXD_CLIENT_ID"), APISecret: os.Getenv("TAXD_API_SECRET")})
	check(err)
	ref, name := fmt.Sprintf("go-example-%d", time.Now().Unix()), "Grace Hopper"
	user, err := c.CreateUserWithResponse(ctx, nil, taxdclient.CreateUserRequest{UserId: ref, Name: &name})
	check(err)
	_, err = c.CreateAccountsWithResponse(ctx, ref, nil, taxdclient.CreateAccountsRequest{Wallets: []taxdclient.AccountWallet{
		{Address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", Chain: "bitcoin"},
	}})
	check(err)
	sync, err := c.CreateAccountSyncsWithResponse(ctx, ref, nil, taxdclient.CreateAccountSyncsRequest{})
	check(err)
	s, err := c.WaitForSync(ctx, ref, sync.JSON202.Data.Id)
	check(err)
	check(c.Recalculate(ctx, ref)) // refresh, then wait until the results are current
	year := 2023
	preview, err := c.GetTaxPreviewWithResponse(ctx, ref, &taxdclient.GetTaxPreviewParams{Year: &year})
	check(err)
	p := preview.JSON200.Data
	report, err := c.CreateReportWithResponse(ctx, ref, nil, taxdclient.CreateReportRequest{Year: year, ReportType: taxdclient.TaxForms})
	check(err)
	_, err = c.WaitForReport(ctx, ref, report.JSON201.Data.Id)
	check(err)
	file, err := c.DownloadReportWithResponse(ctx, ref, report.JSON201.Data.Id)
	check(err)
	check(os.WriteFile(ref+".zip", file.Body, 0o644))
	fmt.Printf("user %s (GraphQL clientId %s): sync %s, %d transactions in %d, short-term %s, long-term %s; tax forms in %s.zip (%d bytes)\n",
		ref, user.JSON201.Data.ClientId, s.Status, p.TransactionCount, year, p.ShortTermGainsFormatted, p.LongTermGainsFormatted, ref, len(file.Body))
	_, err = c.GetUserWithResponse(ctx, "no-such-user")
	var apiErr *taxdclient.APIError
	if errors.As(err, &apiErr) {
		fmt.Printf("an unknown user is a %d %s (request %s)\n", apiErr.StatusCode, apiErr.Code, apiErr.RequestID)
	}
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
