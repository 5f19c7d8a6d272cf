package clients_test

import (
	"time"

	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// ledger is a small client ledger: a purchase of 2 ETH and two sales of 1 ETH, one just after
// midnight UTC on New Year's Day 2025 and one in March 2025.
type ledger struct {
	pool   *pgxpool.Pool
	client uuid.UUID
	scope  auth.ClientScope
	svc    *clients.Service
}

func setup(t *testing.T) ledger {
	t.Helper()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	l := ledger{pool: pool, svc: clients.NewService(pool, nil)}
	l.client = testfactory.Client(t, pool, testfactory.ClientNamed("Fiscal Fran"))
	account := testfactory.Account(t, pool, l.client, testfactory.Named("Wallet"), testfactory.Status("synced"))
	asset := testfactory.Asset(t, pool, l.client)
	for _, tx := range []struct {
		at, qty, value string
		buy            bool
	}{
		{"2024-06-01T12:00:00Z", "2", "2000", true},
		{"2025-01-01T03:00:00Z", "1", "1500", false}, // 2024-12-31 22:00 in New York
		{"2025-03-15T12:00:00Z", "1", "1800", false},
	} {
		at, _ := time.Parse(time.RFC3339, tx.at)
		label := map[bool]string{true: "buy", false: "sell"}[tx.buy]
		id := testfactory.Transaction(t, pool, l.client, testfactory.At(at), testfactory.InAccount(account), testfactory.Labelled(&label), testfactory.FromSource("sync"))
		from, to := &account, (*uuid.UUID)(nil)
		if tx.buy {
			from, to = nil, &account
		}
		testfactory.Transfer(t, pool, l.client, id, asset, testfactory.Moving(tx.qty, from, to, tx.value))
	}
	var err error
	l.scope, err = (&auth.ViewerAuthenticator{DB: pool}).Scope(ctx, &auth.Viewer{KeyID: uuid.New(), KeyClient: l.client, Permission: auth.PermReadWrite}, l.client)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// disposalYears recalculates and returns the tax year of each disposal, in order.
func (l ledger) disposalYears(t *testing.T) []int {
	t.Helper()
	ctx := context.Background()
	if _, err := (&recalc.Runner{Pool: l.pool}).Run(ctx, auth.JobWriteScope(l.client, "test")); err != nil {
		t.Fatal(err)
	}
	c, err := l.svc.Get(ctx, l.scope)
	if err != nil {
		t.Fatal(err)
	}
	if c.IsDirty {
		t.Fatal("still dirty after the recalculation")
	}
	rows, err := l.pool.Query(ctx, `SELECT d.tax_year FROM tax_disposals d JOIN clients c ON c.current_result_set_id = d.result_set_id
		WHERE c.id = $1 ORDER BY d.disposed_at, d.seq`, l.client)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var y int
		if err := rows.Scan(&y); err != nil {
			t.Fatal(err)
		}
		out = append(out, y)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The timezone and the fiscal year set with updateClient reach the recalculation: the same
// disposals fall in other tax years once the client's settings change, and each change marks the
// client dirty until the recalculation has run.
func TestUpdateClientMovesTaxYearBoundaries(t *testing.T) {
	t.Parallel()
	l := setup(t)
	ctx := context.Background()
	if got := l.disposalYears(t); !equal(got, []int{2025, 2025}) {
		t.Fatalf("UTC calendar years: %v, want [2025 2025]", got)
	}
	steps := []struct {
		name string
		u    clients.Update
		want []int
	}{
		// 2025-01-01 03:00 UTC is still 2024 in New York.
		{"timezone", clients.Update{Timezone: ptr("America/New_York")}, []int{2024, 2025}},
		// A tax year from April 1 (labelled by the year it starts in): March 2025 belongs to 2024.
		{"fiscal year", clients.Update{FiscalYearStart: ptr("04-01")}, []int{2024, 2024}},
		// The end alone sets the start to the day after it: back to the calendar year.
		{"fiscal year end", clients.Update{FiscalYearEnd: ptr("12-31")}, []int{2024, 2025}},
		// A change that does not touch the tax inputs leaves the client settled.
		{"name only", clients.Update{Name: ptr("Fran Fiscal")}, []int{2024, 2025}},
	}
	for _, s := range steps {
		c, err := l.svc.Update(ctx, l.scope, s.u)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if wantDirty := s.name != "name only"; c.IsDirty != wantDirty {
			t.Errorf("%s: isDirty %v, want %v", s.name, c.IsDirty, wantDirty)
		}
		if got := l.disposalYears(t); !equal(got, s.want) {
			t.Errorf("%s: disposal years %v, want %v", s.name, got, s.want)
		}
	}
	c, err := l.svc.Get(ctx, l.scope)
	if err != nil {
		t.Fatal(err)
	}
	if c.Timezone != "America/New_York" || c.FiscalYearStart != "01-01" || c.FiscalYearEnd() != "12-31" || c.HasCustomFiscalYear || c.Name != "Fran Fiscal" {
		t.Errorf("stored settings: %+v", c.Profile)
	}
}

func TestUpdateClientValidation(t *testing.T) {
	t.Parallel()
	l := setup(t)
	ctx := context.Background()
	for _, c := range []struct {
		u     clients.Update
		field string
	}{
		{clients.Update{Timezone: ptr("Mars/Olympus")}, "timezone"},
		{clients.Update{Timezone: ptr("Local")}, "timezone"},
		{clients.Update{FiscalYearStart: ptr("04-31")}, "fiscalYearStart"},
		{clients.Update{FiscalYearStart: ptr("01-29")}, "fiscalYearStart"},
		{clients.Update{FiscalYearStart: ptr("04-01"), FiscalYearEnd: ptr("12-31")}, "fiscalYearEnd"},
		{clients.Update{FiscalYearEnd: ptr("01-28")}, "fiscalYearEnd"}, // the start would be 01-29
		{clients.Update{FiscalYearStart: ptr("04-01"), HasCustomFiscalYear: ptr(false)}, "hasCustomFiscalYear"},
		{clients.Update{Name: ptr("  ")}, "name"},
		{clients.Update{Type: ptr("corporation")}, "type"},
		{clients.Update{NeededTaxYears: ptr("2024,1999")}, "neededTaxYears"},
		{clients.Update{AvatarImageURL: ptr("http://x.example/a.png")}, "avatarImageUrl"},
		{clients.Update{CostBasisAlgorithm: ptr("RANDOM")}, "costBasisAlgorithm"},
	} {
		_, err := l.svc.Update(ctx, l.scope, c.u)
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.Invalid || len(e.Fields) == 0 || e.Fields[0].Field != c.field {
			t.Errorf("%+v: %v, want invalid %s", c.u, err, c.field)
		}
	}
	// Staff-only fields: refused before anything is written.
	if _, err := l.svc.Update(ctx, l.scope, clients.Update{Name: ptr("Changed"), IsEnterprise: ptr(true)}); apperr.KindOf(err) != apperr.Forbidden {
		t.Errorf("staff-only field with a client key: %v, want Forbidden", err)
	}
	got, err := l.svc.Get(ctx, l.scope)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Fiscal Fran" || got.IsDirty {
		t.Errorf("a refused update changed the client: %+v", got.Profile)
	}
	audited := func() string {
		t.Helper()
		var s string
		if err := l.pool.QueryRow(ctx, `SELECT coalesce(string_agg(field || ':' || old_value::text || '>' || new_value::text || ':' || actor, ' ' ORDER BY created_at, field), '')
			FROM audit_logs WHERE client_id = $1 AND entity = 'client'`, l.client).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if a := audited(); a != "" {
		t.Errorf("refused updates were audited: %s", a)
	}
	// neededTaxYears is normalised; hasCustomFiscalYear false alone resets to the calendar year.
	c, err := l.svc.Update(ctx, l.scope, clients.Update{NeededTaxYears: ptr(" 2024, 2023,2024"), FiscalYearStart: ptr("07-01")})
	if err != nil || *c.NeededTaxYears != "2024,2023" || !c.HasCustomFiscalYear || c.FiscalYearEnd() != "06-30" {
		t.Errorf("normalised update: %+v, %v", c.Profile, err)
	}
	if c, err = l.svc.Update(ctx, l.scope, clients.Update{HasCustomFiscalYear: ptr(false)}); err != nil || c.FiscalYearStart != "01-01" || c.HasCustomFiscalYear {
		t.Errorf("reset to the calendar year: %+v, %v", c.Profile, err)
	}
	// Each changed setting is one audit entry by the scope's actor; an unchanged one none.
	want := "fiscalYearStart:\"01-01\">\"07-01\":" + l.scope.Actor() + " hasCustomFiscalYear:false>true:" + l.scope.Actor() +
		" neededTaxYears:null>\"2024,2023\":" + l.scope.Actor()
	if a := audited(); len(a) < len(want) || a[:len(want)] != want {
		t.Errorf("audit log: %s\nwant it to start with %s", a, want)
	}
}

func ptr[T any](v T) *T { return &v }

// While taxes are locked, the timezone, fiscal year, algorithm and country stay; the lock itself and other
// fields may change.
func TestTaxLockHoldsTheYearBoundaries(t *testing.T) {
	t.Parallel()
	l := setup(t)
	ctx := context.Background()
	lock := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	// One call may set the lock with the settings its figures are computed under.
	if _, err := l.svc.Update(ctx, l.scope, clients.Update{Timezone: ptr("America/New_York"), LockTaxesUntil: &lock}); err != nil {
		t.Fatalf("timezone with a new lock: %v", err)
	}
	for i, u := range []clients.Update{
		{Timezone: ptr("UTC")},
		{FiscalYearStart: ptr("04-01")},
		{CostBasisAlgorithm: ptr("HIFO")},
		{Country: ptr("GB")}, // another country's rules recompute the locked years too
	} {
		if _, err := l.svc.Update(ctx, l.scope, u); apperr.KindOf(err) != apperr.TaxesLocked {
			t.Errorf("change %d under the lock: %v, want TaxesLocked", i, err)
		}
	}
	c, err := l.svc.Update(ctx, l.scope, clients.Update{Name: ptr("Locked Lou")})
	if err != nil || c.Name != "Locked Lou" || c.Timezone != "America/New_York" || c.FiscalYearStart != "01-01" || c.CostBasisAlgorithm != "FIFO" || c.Country != "US" {
		t.Fatalf("a name change under the lock: %+v, %v", c.Profile, err)
	}
}
