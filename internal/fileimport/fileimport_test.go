package fileimport_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"taxd/internal/apperr"
	"taxd/internal/fileimport"
	"taxd/internal/pgtest"
	"taxd/internal/testfactory"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const header = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"

func TestImportAllOrNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
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

// A failure in the write phase (here the last statement of it, the import's audit entry, refused by a
// trigger) rolls everything back: no transaction, transfer, asset, dirty mark or audit entry, and
// neither the file account nor the sync made for the import. Run twice, then the same file goes in.
func TestWriteFailureLeavesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	if _, err := pool.Exec(ctx, `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full (test)'; END $$;
		CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION refuse()`); err != nil {
		t.Fatal(err)
	}
	leftovers := func() string {
		var s string
		if err := pool.QueryRow(ctx, `SELECT concat_ws(' ',
			(SELECT count(*) FROM transactions WHERE client_id = $1), (SELECT count(*) FROM transfers WHERE client_id = $1),
			(SELECT count(*) FROM assets WHERE client_id = $1), (SELECT count(*) FROM dirty_marks WHERE client_id = $1),
			(SELECT count(*) FROM audit_logs WHERE client_id = $1), (SELECT count(*) FROM accounts WHERE client_id = $1),
			(SELECT count(*) FROM account_syncs WHERE client_id = $1))`, client).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	good := header + "2024-01-05T10:00:00Z,buy,1000,USD,0.025,BTC,1000\n" + "2024-03-05T10:00:00Z,trade,0.01,BTC,0.2,ETH,600\n"
	for run := range 2 {
		_, err := fileimport.Import(ctx, pool, fileimport.Request{ClientID: client, Format: "generic", File: strings.NewReader(good), Actor: "test"})
		if err == nil || !strings.Contains(err.Error(), "disk full (test)") {
			t.Fatalf("run %d: %v, want the write to fail", run, err)
		}
		if got := leftovers(); got != "0 0 0 0 0 0 0" {
			t.Fatalf("run %d: a failed write left transactions, transfers, assets, dirty marks, audit entries, accounts, syncs = %s", run, got)
		}
	}
	if _, err := pool.Exec(ctx, `DROP TRIGGER refuse_audit ON audit_logs`); err != nil {
		t.Fatal(err)
	}
	res, err := fileimport.Import(ctx, pool, fileimport.Request{ClientID: client, Format: "generic", File: strings.NewReader(good), Actor: "test"})
	if err != nil || res.Added != 2 {
		t.Fatalf("after the failure: %+v %v, want 2 added", res, err)
	}
	// 2 transactions, 3 transfers (the USD leg is no asset), 2 assets, 2 dirty marks, 1 audit entry
	// (the import's).
	if got := leftovers(); got != "2 3 2 2 1 1 1" {
		t.Fatalf("after the import: %s", got)
	}
}

// The import reports its phases in order, and its sync record ends synced at 100% with the rows
// added; an import into an existing account that fails records the failure there.
func TestImportProgressAndSyncRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	var b strings.Builder
	b.WriteString(header)
	for i := range 3000 {
		fmt.Fprintf(&b, "2024-01-05T10:%02d:%02dZ,buy,%d,USD,0.001,BTC,%d\n", i/60%60, i%60, 10+i, 10+i)
	}
	file := b.String()
	var phases []string
	req := fileimport.Request{ClientID: client, Format: "generic", File: strings.NewReader(file), Size: int64(len(file)), Actor: "test",
		Progress: func(p fileimport.Progress) {
			if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
				phases = append(phases, p.Phase)
			}
			if p.Phase == fileimport.PhaseDone && (p.Rows != 3000 || p.Added != 3000 || p.Bytes != p.Size) {
				t.Errorf("done: %+v", p)
			}
		}}
	res, err := fileimport.Import(ctx, pool, req)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(phases, ","); got != "parse+validate,write,done" {
		t.Fatalf("phases %s", got)
	}
	var status, msg string
	var progress, imported int
	if err := pool.QueryRow(ctx, `SELECT i.status, i.progress, i.imported, i.message FROM account_sync_items i WHERE i.sync_id = $1`, res.SyncID).
		Scan(&status, &progress, &imported, &msg); err != nil {
		t.Fatal(err)
	}
	if status != "synced" || progress != 100 || imported != 3000 {
		t.Fatalf("sync item %s %d%% %d imported (%s)", status, progress, imported, msg)
	}
	var kind string
	if err := pool.QueryRow(ctx, `SELECT kind FROM account_syncs WHERE id = $1`, res.SyncID).Scan(&kind); err != nil || kind != "file_import" {
		t.Fatalf("sync kind %q (%v), want file_import", kind, err)
	}

	bad := header + "2024-01-05T10:00:00Z,buy,-1,USD,0.001,BTC,1\n"
	_, err = fileimport.Import(ctx, pool, fileimport.Request{ClientID: client, AccountID: &res.AccountID, Format: "generic", File: strings.NewReader(bad), Actor: "test"})
	if apperr.KindOf(err) != apperr.Invalid {
		t.Fatalf("bad file: %v", err)
	}
	if err := pool.QueryRow(ctx, `SELECT i.status, i.message FROM account_sync_items i JOIN account_syncs s ON s.id = i.sync_id
		WHERE i.account_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 1`, res.AccountID).Scan(&status, &msg); err != nil {
		t.Fatal(err)
	}
	if status != "failed" || !strings.Contains(msg, "line 2") {
		t.Fatalf("failed import recorded as %s: %s", status, msg)
	}
}

// Text Postgres cannot hold (bytes of another encoding, a NUL) is refused at once with its line,
// not stored altered or retried as an internal error; the rest of the file is not imported.
func TestImportRefusesUnstorableText(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	for _, c := range []struct{ name, row, want string }{
		{"latin-1", "2024-01-05T10:00:00Z,buy,1000,USD,0.025,BTC,1000,caf\xe9\n", "line 3: field 8 is not UTF-8 text"},
		{"nul", "2024-01-05T10:00:00Z,buy,1000,USD,0.025,BTC,1000,a\x00b\n", "line 3: field 8 contains a NUL character"},
	} {
		file := strings.TrimSuffix(header, "\n") + ",notes\n" + "2024-01-04T10:00:00Z,buy,10,USD,1,ETH,10,fine\n" + c.row
		_, err := fileimport.Import(ctx, pool, fileimport.Request{ClientID: client, Format: "generic", File: strings.NewReader(file), Actor: "test"})
		if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("%s: %v; want an invalid error saying %q", c.name, err, c.want)
		}
	}
	var txs int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM transactions WHERE client_id = $1`, client).Scan(&txs); err != nil || txs != 0 {
		t.Fatalf("%d transactions stored (%v), want none", txs, err)
	}
}
