package contracttests

import (
	"strings"
	"testing"
)

// Ledger semantics driven through /graphql as a client drives them, across operations, against
// hand arithmetic or `taxd compute`: where a label lives, what a link forbids, notes of a file,
// undo after an account deletion, the missing-basis override, label options, overrides and
// sources of edits, the figures the engine used, fiat legs of a file and the wallet order of the
// per-wallet allocation. Every test works on its own new file accounts of the GraphQL fixture's
// client, in 2023-2024 (the fixture's own ledger is in 2025).

type semTransfer struct {
	ID                     string
	AmountExact            string
	Direction              string
	Label                  *string
	FiatValueCents         *int64
	OriginalFiatValueCents *int64
	BasisFiatValueCents    *int64
	IsFiatValueOverridden  bool
	IncomeSum              *int64
	Asset                  struct{ Symbol string }
}

type semTx struct {
	ID                  string
	CreatedAt           string
	Label               *string
	Notes               *string
	IncomeSum           *int64
	CapGainsSumSigned   *string
	IsMissingBasis      bool
	IsInternalTransfer  bool
	LinkedTransactionID *string
	Source              *string
	SessionID           *string
	FiatValueCents      int64
	Transfers           []semTransfer
}

const semTxFields = `id createdAt label notes incomeSum capGainsSumSigned isMissingBasis isInternalTransfer linkedTransactionId
	source sessionId fiatValueCents
	transfers { id amountExact direction label fiatValueCents originalFiatValueCents basisFiatValueCents isFiatValueOverridden incomeSum asset { symbol } }`

// importFile uploads a generic CSV file into a new file account named name (createUploadUrl, PUT,
// uploadManualTransactions, its job awaited) and returns the account's id.
func (e *env) importFile(t *testing.T, name, file string) string {
	t.Helper()
	client := gqlClient1.String()
	var u uploadURL
	mustGQL(t, e, "createUploadUrl", createUploadURLQuery, map[string]any{"c": client, "n": name + ".csv"}, &u)
	if status, body := putFile(t, e, u.URL, strings.NewReader(file), int64(len(file))); status != 201 {
		t.Fatalf("upload %s: %d %s", name, status, body)
	}
	var job string
	mustGQL(t, e, "uploadManualTransactions", `mutation($c: String, $k: String!, $n: String) {
		uploadManualTransactions(clientId: $c, fileObjectKey: $k, name: $n) }`, map[string]any{"c": client, "k": u.FileObjectKey, "n": name}, &job)
	if st, why := e.importJob(t, job); st != "SUCCEEDED" {
		t.Fatalf("import %s: %s %s", name, st, why)
	}
	var accounts []struct{ ID, Name string }
	mustGQL(t, e, "getClientAccounts", `query($c: String!) { getClientAccounts(clientId: $c) { id name } }`, map[string]any{"c": client}, &accounts)
	for _, a := range accounts {
		if a.Name == name {
			return a.ID
		}
	}
	t.Fatalf("no account %q after the import", name)
	return ""
}

// accountTxs lists the transactions touching an account, oldest first.
func (e *env) accountTxs(t *testing.T, account string) []semTx {
	t.Helper()
	var page struct{ Transactions []semTx }
	mustGQL(t, e, "getClientTransactions", `query($c: ID!, $a: [ID!]) { getClientTransactions(clientId: $c, accountIds: $a, ascending: true, limit: 500) {
		transactions { `+semTxFields+` } } }`, map[string]any{"c": gqlClient1.String(), "a": []string{account}}, &page)
	return page.Transactions
}

func (e *env) tx(t *testing.T, id string) semTx {
	t.Helper()
	var out semTx
	mustGQL(t, e, "getTransaction", `query($c: ID!, $id: ID!) { getTransaction(clientId: $c, transactionId: $id) { `+semTxFields+` } }`,
		map[string]any{"c": gqlClient1.String(), "id": id}, &out)
	return out
}

type yearFigures struct {
	IncomeCents       int64
	CapGainsCents     int64
	CapGainsSumSigned string
}

func (e *env) year(t *testing.T, year string) yearFigures {
	t.Helper()
	var out yearFigures
	mustGQL(t, e, "getIncomeAndCapGains", `query($c: ID!, $y: String!) { getIncomeAndCapGains(clientId: $c, year: $y) { incomeCents capGainsCents capGainsSumSigned } }`,
		map[string]any{"c": gqlClient1.String(), "y": year}, &out)
	return out
}

func (e *env) gqlErr(t *testing.T, query string, vars map[string]any) gqlAnswer {
	t.Helper()
	r := gqlRW(t, e, query, vars)
	if r.Code == "" {
		t.Fatalf("no error for %s", strings.Join(strings.Fields(query), " "))
	}
	return r
}

func i64(p *int64) int64 {
	if p == nil {
		return -1
	}
	return *p
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

const (
	labelTxsQuery  = `mutation($c: ID!, $ids: [ID!]!, $l: String) { labelTransactions(clientId: $c, transactionIds: $ids, label: $l) { id } }`
	updateTxQuery  = `mutation($c: ID!, $id: ID!, $u: UpdateTransactionInput!, $s: String, $src: String) { updateTransaction(clientId: $c, transactionId: $id, createDefaultRule: false, updates: $u, sessionId: $s, source: $src) { transaction { id } } }`
	mergeTxsQuery  = `mutation($c: ID!, $from: [ID!]!, $to: ID!) { mergeTransactions(clientId: $c, fromTransactionIds: $from, toTransactionId: $to) { id } }`
	markPairQuery  = `mutation($c: ID!, $f: ID!, $t: ID!) { markInternalTransfer(clientId: $c, fromTransactionId: $f, toTransactionId: $t) }`
	unmarkQuery    = `mutation($c: ID!, $f: ID!, $t: ID!) { unmarkInternalTransfer(clientId: $c, fromTransactionId: $f, toTransactionId: $t) }`
	undoQuery      = `mutation($c: ID!, $ids: [ID!]!) { undoAuditLogs(clientId: $c, auditLogIds: $ids) { id } }`
	auditLogsQuery = `query($c: ID!, $id: ID!) { getClientAuditLogs(clientId: $c, transactionIds: [$id], limit: 500, page: 0) { auditLogs { id action field canUndo transactionId } } }`
)
