package fileimport_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"

	"taxd/internal/apperr"
	"taxd/internal/fileimport"
	"taxd/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const header = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"

func TestImportAllOrNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	if _, err := pool.Exec(ctx, `INSERT INTO clients (id, name) VALUES ($1, 'c')`, client); err != nil {
		t.Fatal(err)
	}
	count := func() (txs, accounts int) {
		_ = pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM transactions WHERE client_id = $1), (SELECT count(*) FROM accounts WHERE client_id = $1)`, client).Scan(&txs, &accounts)
		return
	}

	bad := header + "2024-01-05T10:00:00Z,buy,1000,USD,0.025,BTC,1000\n" + "not-a-date,buy,1,USD,1,BTC,1\n" + "2024-01-07T10:00:00Z,sell,-2,BTC,5,USD,5\n"
	_, err := fileimport.Import(ctx, pool, fileimport.Request{ClientID: client, Format: "generic", File: strings.NewReader(bad), Actor: "test"})
	if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "line 3") || !strings.Contains(err.Error(), "line 4") {
		t.Fatalf("bad file: %v; want an invalid error naming lines 3 and 4", err)
	}
	if txs, accts := count(); txs != 0 || accts != 0 {
		t.Fatalf("a rejected file left %d transactions and %d accounts", txs, accts)
	}

	good := header + "2024-01-05T10:00:00Z,buy,1000,USD,0.025,BTC,1000\n" + "2024-03-05T10:00:00Z,sell,0.01,BTC,600,USD,600\n"
	res, err := fileimport.Import(ctx, pool, fileimport.Request{ClientID: client, Name: "export.csv", Format: "generic", File: strings.NewReader(good), Actor: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rows != 2 || res.Added != 2 {
		t.Fatalf("result %+v, want 2 rows added", res)
	}
	again, err := fileimport.Import(ctx, pool, fileimport.Request{ClientID: client, AccountID: &res.AccountID, Format: "generic", File: strings.NewReader(good), Actor: "test"})
	if err != nil || again.Added != 0 {
		t.Fatalf("re-import: %+v %v; want nothing added", again, err)
	}
	if txs, accts := count(); txs != 2 || accts != 1 {
		t.Fatalf("%d transactions in %d accounts, want 2 in 1", txs, accts)
	}
}
