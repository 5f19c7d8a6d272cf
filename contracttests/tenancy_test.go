package contracttests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"taxd/gen/db"
	"taxd/internal/clients"
	"taxd/internal/reports"
	"taxd/spec"
)

// The other client's key and records: C2 of the GraphQL fixture gets a ReadWrite key, an account,
// an asset and a transaction of its own, so that each probe below changes one id only.
var (
	c2Key         = "svc_Zq81mWx4Lt6Pv3Ns9Bk2Yd7Hf5Gr0Cj4"
	c2Account     = gid("0000000c2a01")
	c2Asset       = gid("0000000c2e01")
	c2Transaction = gid("0000000c2b01")
	c2Transfer    = gid("0000000c2b02")
)

func seedOtherClient(t *testing.T, e *env) {
	t.Helper()
	c := ctx()
	bucket, err := reports.OpenBucket(c, e.cfg.BlobURL, e.cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	upload := "date,type,received_quantity,received_asset,fiat_value_usd\n2025-02-01T10:00:00Z,buy,1,ETH,3000\n"
	if err := bucket.WriteAll(c, "uploads/"+gqlClient2.String()+"/x.csv", []byte(upload), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := clients.StoreKey(c, db.New(e.pool), gid("0000000c2d01"), clients.NewKey{ClientID: gqlClient2, Name: "C2", ReadWrite: true}, c2Key, time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO accounts (id, client_id, type, provider, address, name, status) VALUES ($1, $2, 'wallet', 'ethereum', '0x1111111111111111111111111111111111111111', 'C2 wallet', 'synced')`, []any{c2Account, gqlClient2}},
		{`INSERT INTO assets (id, client_id, key, symbol, name, type, chain, decimals, price_source_id) VALUES ($1, $2, 'ethereum:native', 'ETH', 'Ether', 'COIN', 'ethereum', 18, 'eth')`, []any{c2Asset, gqlClient2}},
		{`INSERT INTO transactions (id, client_id, account_id, occurred_at, label, source) VALUES ($1, $2, $3, '2025-02-01T00:00:00Z', 'buy', 'manual')`, []any{c2Transaction, gqlClient2, c2Account}},
		{`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id, fiat_value) VALUES ($1, $2, $3, 0, $4, 1, $5, 3000)`, []any{c2Transfer, gqlClient2, c2Transaction, c2Asset, c2Account}},
	} {
		if _, err := e.pool.Exec(c, s.sql, s.args...); err != nil {
			t.Fatalf("%s: %v", s.sql, err)
		}
	}
}

// victimIDs are C1's records that C2 probes: an account, an asset and a report.
var victimIDs = map[string]string{"ACCOUNT": gid("000000000001").String(), "ASSET": gid("0000000e0001").String(), "REPORT": gid("0000000f0001").String()}

// tenancyProbes address one of C1's records from C2 with every argument of the SDL that takes an
// account, asset or report id (TestEveryRecordIDArgumentIsProbed keeps the list complete). ACCOUNT,
// ASSET and REPORT stand for C1's ids; C2, C2ACCOUNT, C2ASSET, C2TX and C2TRANSFER for C2's own.
// A probe with want "" is a filter: it must answer without an error and match nothing of C1.
var tenancyProbes = []struct {
	arg, query, want string
}{
	{"getJobsForAccount.accountId", `query{getJobsForAccount(accountId:"ACCOUNT"){id}}`, "NOT_FOUND"},
	// deleteAccount of an account the caller does not have is null, as for one deleted before (the
	// SDL: idempotent); the victim's account stays (victimState).
	{"deleteAccount.accountId", `mutation{deleteAccount(accountId:"ACCOUNT"){id}}`, ""},
	{"hardRefreshAccount.accountId", `mutation{hardRefreshAccount(accountId:"ACCOUNT"){id}}`, "NOT_FOUND"},
	{"renameAccount.accountId", `mutation{renameAccount(accountId:"ACCOUNT", newName:"mine"){id}}`, "NOT_FOUND"},
	{"retireAccount.accountId", `mutation{retireAccount(accountId:"ACCOUNT"){id}}`, "NOT_FOUND"},
	{"syncAccount.accountId", `mutation{syncAccount(accountId:"ACCOUNT"){id}}`, "NOT_FOUND"},
	{"refreshApiKey.accountId", `mutation{refreshApiKey(accountId:"ACCOUNT", clientId:"C2", apiKey:"k", secretKey:"s")}`, "NOT_FOUND"},
	{"createTransaction.accountId", `mutation{createTransaction(accountId:"ACCOUNT", clientId:"C2", createdAt:"2025-03-01"){id}}`, "NOT_FOUND"},
	{"uploadManualTransactions.accountId", `mutation{uploadManualTransactions(accountId:"ACCOUNT", clientId:"C2", fileObjectKey:"uploads/C2/x.csv")}`, "NOT_FOUND"},
	{"createTransfer.fromAccountId", `mutation{createTransfer(assetId:"C2ASSET", clientId:"C2", transactionId:"C2TX", fromAccountId:"ACCOUNT", toAccountId:"C2ACCOUNT", amount:1){id}}`, "NOT_FOUND"},
	{"createTransfer.toAccountId", `mutation{createTransfer(assetId:"C2ASSET", clientId:"C2", transactionId:"C2TX", fromAccountId:"C2ACCOUNT", toAccountId:"ACCOUNT", amount:1){id}}`, "NOT_FOUND"},
	{"createTransfer.assetId", `mutation{createTransfer(assetId:"ASSET", clientId:"C2", transactionId:"C2TX", toAccountId:"C2ACCOUNT", amount:1){id}}`, "NOT_FOUND"},
	{"updateTransfer.fromAccountId", `mutation{updateTransfer(clientId:"C2", transactionId:"C2TX", transferId:"C2TRANSFER", fromAccountId:"ACCOUNT"){id}}`, "NOT_FOUND"},
	{"updateTransfer.toAccountId", `mutation{updateTransfer(clientId:"C2", transactionId:"C2TX", transferId:"C2TRANSFER", toAccountId:"ACCOUNT"){id}}`, "NOT_FOUND"},
	{"updateTransfer.assetId", `mutation{updateTransfer(clientId:"C2", transactionId:"C2TX", transferId:"C2TRANSFER", assetId:"ASSET"){id}}`, "NOT_FOUND"},
	{"saveReceivePriceForTransactions.assetId", `mutation{saveReceivePriceForTransactions(clientId:"C2", transactionIds:["C2TX"], assetId:"ASSET", fiatValue:10){id}}`, "NOT_FOUND"},
	{"saveReceivePriceForTransactions.assetAmountAssetId", `mutation{saveReceivePriceForTransactions(clientId:"C2", transactionIds:["C2TX"], assetAmountAssetId:"ASSET", assetAmount:1){id}}`, "NOT_FOUND"},
	{"updateAsset.assetId", `mutation{updateAsset(assetId:"ASSET", name:"mine"){id}}`, "NOT_FOUND"},
	{"getReportDownloadUrl.reportId", `query{getReportDownloadUrl(reportId:"REPORT"){url}}`, "NOT_FOUND"},
	{"getReportExportV2.accountIds", `query{getReportExportV2(clientId:"C2", type:CAPITAL_GAINS_CSV, dateQueryType:TAX_YEAR, year:"2025", accountIds:["ACCOUNT"]){report{id}}}`, "NOT_FOUND"},
	{"getReportExportV2.is1099DAAccountId", `query{getReportExportV2(clientId:"C2", type:CAPITAL_GAINS_CSV, dateQueryType:TAX_YEAR, year:"2025", is1099DAAccountId:"ACCOUNT"){report{id}}}`, "NOT_FOUND"},
	{"getClientTransactions.accountIds", `query{getClientTransactions(clientId:"C2", accountIds:["ACCOUNT"]){total}}`, ""},
	{"getClientTransactions.assetId", `query{getClientTransactions(clientId:"C2", assetId:"ASSET"){total}}`, ""},
	{"getClientTransactions.assetIds", `query{getClientTransactions(clientId:"C2", assetIds:["ASSET"]){total}}`, ""},
	{"getClientTransactionsSummary.accountIds", `query{getClientTransactionsSummary(clientId:"C2", accountIds:["ACCOUNT"]){total: transactionCount}}`, ""},
	{"getClientTransactionsSummary.assetId", `query{getClientTransactionsSummary(clientId:"C2", assetId:"ASSET"){total: transactionCount}}`, ""},
	{"getClientTransactionsSummary.assetIds", `query{getClientTransactionsSummary(clientId:"C2", assetIds:["ASSET"]){total: transactionCount}}`, ""},
	{"getTransactionHistoryReportV2.accountIds", `query{getTransactionHistoryReportV2(clientId:"C2", accountIds:["ACCOUNT"]){report{id}}}`, ""},
	{"getTransactionHistoryReportV2.assetId", `query{getTransactionHistoryReportV2(clientId:"C2", assetId:"ASSET"){report{id}}}`, ""},
	{"getTransactionHistoryReportV2.assetIds", `query{getTransactionHistoryReportV2(clientId:"C2", assetIds:["ASSET"]){report{id}}}`, ""},
	{"getPortfolioV2.onlyIncludedAccountIds", `query{getPortfolioV2(clientId:"C2", onlyIncludedAccountIds:["ACCOUNT"]){total}}`, ""},
}

// recordIDArg tells whether a root-field argument takes the id of an account, an asset or a report.
var recordIDArg = regexp.MustCompile(`(?i)(account|asset|report)ids?$`)

// notRecordIDs are arguments whose names look like record ids but are not ids of our records.
var notRecordIDs = map[string]string{
	"createAccount.potentialAccountId": "an id of the account provider, for import types not supported yet",
}

// TestEveryRecordIDArgumentIsProbed walks the SDL: every argument of a root field that takes an
// account, asset or report id has a probe in tenancyProbes.
func TestEveryRecordIDArgumentIsProbed(t *testing.T) {
	sdl, err := spec.SDL()
	if err != nil {
		t.Fatal(err)
	}
	schema, gerr := gqlparser.LoadSchema(&ast.Source{Input: sdl})
	if gerr != nil {
		t.Fatal(gerr)
	}
	probed := map[string]bool{}
	for _, p := range tenancyProbes {
		probed[p.arg] = true
	}
	var missing []string
	for _, root := range []*ast.Definition{schema.Query, schema.Mutation} {
		for _, f := range root.Fields {
			for _, a := range f.Arguments {
				if name := f.Name + "." + a.Name; recordIDArg.MatchString(a.Name) && !probed[name] && notRecordIDs[name] == "" {
					missing = append(missing, name)
				}
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("arguments taking an account, asset or report id without a tenancy probe: %s", strings.Join(missing, ", "))
	}
}

// Another client's account, asset or report is NOT_FOUND wherever its id is given, with the answer
// an id that does not exist gets; as a filter it matches nothing. Nothing of the victim changes.
func TestOtherClientsRecordsAreNotFound(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, seedGraphQL)
	seedOtherClient(t, e)
	replace := strings.NewReplacer("C2ACCOUNT", c2Account.String(), "C2ASSET", c2Asset.String(), "C2TX", c2Transaction.String(),
		"C2TRANSFER", c2Transfer.String(), "C2", gqlClient2.String(),
		"ACCOUNT", victimIDs["ACCOUNT"], "ASSET", victimIDs["ASSET"], "REPORT", victimIDs["REPORT"])
	victimState := func() string {
		var s string
		if err := e.pool.QueryRow(ctx(), `SELECT concat_ws('|', (SELECT string_agg(name || status, ',' ORDER BY id) FROM accounts WHERE client_id = $1),
			(SELECT string_agg(name, ',' ORDER BY id) FROM assets WHERE client_id = $1), (SELECT count(*) FROM transfers WHERE client_id = $1))`, gqlClient1).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := victimState()
	ask := func(query string) (gqlResponse, []byte) {
		body, _ := json.Marshal(map[string]any{"query": query})
		status, _, raw := sendFrom(t, http.DefaultClient, http.MethodPost, e.url+"/graphql", body, map[string]string{"x-api-key": c2Key})
		var g gqlResponse
		if err := json.Unmarshal(raw, &g); err != nil {
			t.Fatalf("%s: status %d: %s", query, status, raw)
		}
		return g, raw
	}
	for _, p := range tenancyProbes {
		query := replace.Replace(p.query)
		g, raw := ask(query)
		switch {
		case p.want != "" && g.code() != p.want:
			t.Errorf("%s: %q, want %s: %s", p.arg, g.code(), p.want, truncate(raw))
		case p.want == "" && g.code() != "":
			t.Errorf("%s (a filter): %s", p.arg, truncate(raw))
		case p.want == "" && strings.Contains(string(g.Data), `"total":`) && !strings.Contains(string(g.Data), `"total":0`):
			t.Errorf("%s (a filter) matched something: %s", p.arg, truncate(raw))
		}
		if p.want == "" {
			continue
		}
		// The same answer as for an id that does not exist: it tells nothing about the victim.
		for _, id := range victimIDs {
			if !strings.Contains(query, id) {
				continue
			}
			unknown := uuid.NewString()
			_, other := ask(strings.ReplaceAll(query, id, unknown))
			if string(raw) != strings.ReplaceAll(string(other), unknown, id) {
				t.Errorf("%s: another client's id is answered\n%s\nand an unknown id\n%s", p.arg, raw, other)
			}
		}
	}
	if after := victimState(); before != after {
		t.Errorf("the victim's records changed: %s -> %s", before, after)
	}
	// A clientId that is not the caller's is FORBIDDEN (the SDL's other tenancy rule).
	if g, raw := ask(fmt.Sprintf(`query{getReports(clientId:%q){id}}`, gqlClient1)); g.code() != "FORBIDDEN" {
		t.Errorf("another client's clientId: %s", truncate(raw))
	}
}
