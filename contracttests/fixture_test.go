package contracttests

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/partner"
	"taxd/internal/reports"
	"taxd/internal/store"
)

func ptr[T any](v T) *T { return &v }

// seed writes the fixture described in spec/openapi.yaml's info section.
func seed(t *testing.T, e *env) {
	t.Helper()
	c := ctx()
	if _, err := partner.CreatePartnerWith(c, e.pool, partner.NewPartner{
		ID: acmeID, Name: "Acme Wallet", LogoURL: ptr("https://acme.example/logo.png"), PrimaryColor: ptr("#0F62FE"),
		SupportEmail: ptr("support@acme.example"), PortalURL: e.cfg.PortalURL,
	}, acmeCreds); err != nil {
		t.Fatal(err)
	}
	if _, err := partner.CreatePartnerWith(c, e.pool, partner.NewPartner{ID: otherID, Name: "Other Co", PortalURL: e.cfg.PortalURL}, otherCreds); err != nil {
		t.Fatal(err)
	}
	created := time.Date(2026, 3, 2, 11, 0, 0, 0, time.UTC)
	err := store.InTx(c, e.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		for _, u := range []struct {
			id      uuid.UUID
			partner uuid.UUID
			ref     string
			email   *string
			name    string // the taxpayer's name; a user created without one is named by its referenceId
		}{
			{user123ID, acmeID, "user-123", ptr("jane@example.com"), "Jane Doe"},
			{user200ID, acmeID, "user-200", ptr("sam@example.com"), "user-200"},
			// The other partner has a user with the same referenceId as one of Acme's: each partner
			// sees only its own.
			{uuid.MustParse("0190a1b2-0000-7000-8000-0000000c0103"), otherID, "user-200", ptr("other@example.com"), "user-200"},
		} {
			if _, err := tx.Exec(c, `INSERT INTO clients (id, partner_id, reference_id, name, email, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
				u.id, u.partner, u.ref, u.name, u.email, created); err != nil {
				return err
			}
		}
		for _, a := range []struct {
			id                   uuid.UUID
			chain, address, name string
		}{
			{ethAccount, "ethereum", "0x52908400098527886E0F7030069857D2E4169EE7", "Main wallet"},
			{btcAccount, "bitcoin", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "Cold storage"},
		} {
			if _, err := tx.Exec(c, `INSERT INTO accounts (id, client_id, type, provider, address, name, status, created_at, last_synced_at)
				VALUES ($1, $2, 'wallet', $3, $4, $5, 'synced', $6, $7)`, a.id, user123ID, a.chain, a.address, a.name, created, created.Add(10*time.Minute)); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(c, `INSERT INTO account_syncs (id, client_id, status, progress, created_at, started_at, finished_at)
			VALUES ($1, $2, 'completed', 100, $3, $3, $4)`, syncID, user123ID, created.Add(5*time.Minute), created.Add(10*time.Minute)); err != nil {
			return err
		}
		for _, a := range []uuid.UUID{ethAccount, btcAccount} {
			if _, err := tx.Exec(c, `INSERT INTO account_sync_items (sync_id, account_id, status, progress) VALUES ($1, $2, 'synced', 100)`, syncID, a); err != nil {
				return err
			}
		}
		// user-123's last recalculation, completed (GET .../recalculations/{jobId}).
		if _, err := tx.Exec(c, `INSERT INTO recalc_jobs (id, client_id, status, progress, attempt, max_attempts, created_at, started_at, finished_at)
			VALUES ($1, $2, 'completed', 100, 1, 10, $3::timestamptz, $3::timestamptz + interval '1 second', $3::timestamptz + interval '3 seconds')`, recalcID, user123ID, created.Add(4*time.Minute)); err != nil {
			return err
		}
		if _, err := tx.Exec(c, `INSERT INTO discount_codes (id, client_id, year, code, percent_off, created_at) VALUES ($1, $2, 2024, 'ACME-2024-7QK4M9XP', 20, $3)`,
			uuid.MustParse("0190a1b2-0000-7000-8000-000000000302"), user123ID, created); err != nil {
			return err
		}
		// Acme's link for user-123's two wallets (POST /links answers 200 with it).
		if err := seedLink(c, tx); err != nil {
			return err
		}
		if err := seedWebhook(c, tx); err != nil {
			return err
		}
		// limited@example.com has had its daily quota of link e-mails today.
		for i := 0; i < e.cfg.EmailDailyLimit; i++ {
			if _, err := q.InsertOutboxEmail(c, db.InsertOutboxEmailParams{
				ID: uuid.Must(uuid.NewV7()), PartnerID: &acmeID, Recipient: "limited@example.com", Subject: "s", BodyText: "b", Kind: "link",
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []uuid.UUID{acmeID, otherID, user123ID, user200ID, ethAccount, btcAccount, syncID, reportID, recalcID, linkID, webhookEndpointID, webhookEventID, webhookDeliveryID} {
		e.known[id.String()] = true
	}
	seedReport(t, e)
}

// seedReport stores the available 2024 tax-forms report of user-123 with its file.
func seedReport(t *testing.T, e *env) {
	t.Helper()
	c := ctx()
	created := time.Date(2026, 3, 2, 11, 0, 0, 0, time.UTC)
	if _, err := e.pool.Exec(c, `INSERT INTO reports (id, client_id, year, report_type, status, created_at) VALUES ($1, $2, 2024, 'tax-forms', 'generating', $3)`,
		reportID, user123ID, created); err != nil {
		t.Fatal(err)
	}
	bucket, err := reports.OpenBucket(c, e.cfg.BlobURL, e.cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	f, err := reports.Render(reports.TypeTaxForms, reports.Data{ReferenceID: "user-123", Name: "user-123", Year: 2024})
	if err != nil {
		t.Fatal(err)
	}
	svc := reports.NewService(reports.Deps{Pool: e.pool, Bucket: bucket})
	r, err := db.New(e.pool).GetReport(c, db.GetReportParams{ClientID: user123ID, ID: reportID})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Store(c, auth.JobWriteScope(r.ClientID, "test"), reports.Report(r), f); err != nil {
		t.Fatal(err)
	}
}

var linkID = uuid.MustParse("0190a1b2-0000-7000-8000-000000000301")

func seedLink(c context.Context, tx pgx.Tx) error {
	wallets := []partner.LinkWallet{
		{Address: "0x52908400098527886E0F7030069857D2E4169EE7", Name: ptr("Main wallet")},
		{Address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", Name: ptr("Cold storage")},
	}
	key, err := partner.LinkKey(wallets)
	if err != nil {
		return err
	}
	js, _ := json.Marshal(wallets)
	_, err = tx.Exec(c, `INSERT INTO links (id, partner_id, wallets_hash, wallets, token, created_at) VALUES ($1, $2, $3, $4, 'q9Zt3vK7mW2xR8pLc4Hs1A', '2026-03-02T10:40:00Z')`,
		linkID, acmeID, key, js)
	return err
}

var (
	webhookEndpointID = uuid.MustParse("0190a1b2-0000-7000-8000-000000000401")
	webhookEventID    = uuid.MustParse("0190a1b2-0000-7000-8000-000000000501")
	webhookDeliveryID = uuid.MustParse("0190a1b2-0000-7000-8000-000000000601")
)

// seedWebhook registers Acme's endpoint with one delivered sync.completed event.
func seedWebhook(c context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(c, `INSERT INTO webhook_endpoints (id, partner_id, url, description, event_types, secret, created_at)
		VALUES ($1, $2, 'https://hooks.acme.example/taxd', 'Production receiver',
		        '{sync.completed,sync.failed,recalculation.settled,report.ready}', '\x00112233445566778899aabbccddeeff', '2026-03-02T11:00:00Z')`,
		webhookEndpointID, acmeID); err != nil {
		return err
	}
	if _, err := tx.Exec(c, `INSERT INTO webhook_events (id, partner_id, type, payload, created_at)
		VALUES ($1, $2, 'sync.completed', '{}', '2026-03-02T11:10:00Z')`, webhookEventID, acmeID); err != nil {
		return err
	}
	_, err := tx.Exec(c, `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, last_status_code, created_at, last_attempt_at)
		VALUES ($1, $2, $3, 'succeeded', 1, 200, '2026-03-02T11:10:00Z', '2026-03-02T11:10:01Z')`, webhookDeliveryID, webhookEventID, webhookEndpointID)
	return err
}
