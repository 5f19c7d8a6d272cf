package clients

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/store"
	"taxd/internal/tax"
)

// Client is a client's settings with what the API shows beside them.
type Client struct {
	Profile
	IsDirty            bool
	LastRecalculatedAt *time.Time
	Subscription       *Subscription
}

// Profile is a client as stored: who it is, its tax settings and its service flags. It has the
// fields of the client row (Profile(row) converts one).
type Profile struct {
	ID                         uuid.UUID
	PartnerID                  *uuid.UUID
	ReferenceID                *string
	Name                       string
	Email                      *string
	CostBasisAlgorithm         string
	PerWalletFrom              *time.Time
	Timezone                   string
	FiscalYearStart            string
	Currency                   string
	Country                    string
	LockTaxesUntil             *time.Time
	Settings                   []byte
	CurrentResultSetID         *uuid.UUID
	SettingsDirtySeq           *int64
	CreatedAt                  time.Time
	UpdatedAt                  time.Time
	TaxpayerType               string
	HasCustomFiscalYear        bool
	NeededTaxYears             *string
	Deadline                   *time.Time
	IsOnExtension              bool
	AccountantStatus           *string
	AccountantNotes            *string
	FullServiceStatus          *string
	FullServiceNotes           *string
	AllowCustomerSupportAccess bool
	AvatarImageUrl             *string
	CanUsePriority             bool
	IsEnterprise               bool
	DefaultAiModel             *string
	DefaultToFloor             bool
	UseSnapshots               bool
	PortfolioProvider          *string
	PaymentAppUsername         *string
	SolReferralAddress         *string
	MessengerGroupUrl          *string
	MessengerUsername          *string
}

// Subscription is a client's plan. It has the fields of the subscription row.
type Subscription struct {
	ID                 uuid.UUID
	ClientID           uuid.UUID
	Plan               string
	Status             string
	TaxYears           []int32
	TransactionLimit   *int32
	PriceCents         int64
	Currency           string
	CurrentPeriodStart time.Time
	CurrentPeriodEnd   time.Time
	CancelAtPeriodEnd  bool
	CreatedAt          time.Time
}

// TaxYearStart is the first day of the client's tax year as MM-DD: the one its country's rules fix
// (6 April in the United Kingdom), else its own fiscal_year_start.
func (c Client) TaxYearStart() string {
	own, _ := tax.ParseMonthDay(c.FiscalYearStart)
	return tax.JurisdictionOfCountry(c.Country).Rules().TaxYearStartOf(own).String()
}

// FiscalYearEnd is the last day of the tax year as MM-DD (the day before TaxYearStart).
func (c Client) FiscalYearEnd() string { return fiscalYearEnd(c.TaxYearStart()) }

// Get returns the scope's client.
func (s *Service) Get(ctx context.Context, scope auth.ClientScope) (Client, error) {
	if err := scope.Check(); err != nil {
		return Client{}, err
	}
	q := db.New(s.pool)
	c, err := q.GetClient(ctx, scope.ClientID())
	if err != nil {
		return Client{}, store.Err(err, "client")
	}
	return view(ctx, q, c)
}

// GetMany returns the clients of several scopes, by name (getMyClients).
func (s *Service) GetMany(ctx context.Context, scopes []auth.ClientScope) ([]Client, error) {
	ids := make([]uuid.UUID, 0, len(scopes))
	for _, sc := range scopes {
		if err := sc.Check(); err != nil {
			return nil, err
		}
		ids = append(ids, sc.ClientID())
	}
	q := db.New(s.pool)
	rows, err := q.ListClientsByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Client, 0, len(rows))
	for _, c := range rows {
		v, err := view(ctx, q, c)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func view(ctx context.Context, q *db.Queries, c db.Client) (Client, error) {
	st, err := q.ClientState(ctx, c.ID)
	if err != nil {
		return Client{}, store.Err(err, "client")
	}
	out := Client{Profile: Profile(c), IsDirty: st.IsDirty, LastRecalculatedAt: st.LastRecalculatedAt}
	sub, err := q.GetClientSubscription(ctx, c.ID)
	switch {
	case err == nil:
		s := Subscription(sub)
		out.Subscription = &s
	case !errors.Is(err, pgx.ErrNoRows):
		return Client{}, err
	}
	return out, nil
}

// Update is a change of client settings: nil fields stay unchanged (updateClient).
type Update struct {
	Name, Type, Currency, Country, Timezone                  *string
	FiscalYearStart, FiscalYearEnd, NeededTaxYears           *string
	HasCustomFiscalYear, IsOnExtension                       *bool
	Deadline, LockTaxesUntil                                 *time.Time
	AllowCustomerSupportAccess, DefaultToFloor, UseSnapshots *bool
	AvatarImageURL, DefaultAIModel, PortfolioProvider        *string
	PaymentAppUsername, SolReferralAddress                   *string
	MessengerGroupURL, MessengerUsername                     *string
	CostBasisAlgorithm                                       *string

	// Staff only.
	AccountantStatus, AccountantNotes   *string
	FullServiceStatus, FullServiceNotes *string
	CanUsePriority, IsEnterprise        *bool
}

// staffFields names the set staff-only fields of u.
func (u Update) staffFields() []string {
	var out []string
	for _, f := range []struct {
		name string
		set  bool
	}{
		{"accountantNotes", u.AccountantNotes != nil}, {"accountantStatus", u.AccountantStatus != nil},
		{"canUsePriority", u.CanUsePriority != nil}, {"fullServiceNotes", u.FullServiceNotes != nil},
		{"fullServiceStatus", u.FullServiceStatus != nil}, {"isEnterprise", u.IsEnterprise != nil},
	} {
		if f.set {
			out = append(out, f.name)
		}
	}
	return out
}

// Update applies u to the scope's client in one transaction. Staff-only fields need a staff
// scope (Forbidden otherwise, before anything is written). A change of what the tax engine reads
// (timezone, fiscal year, currency, country, cost-basis algorithm, tax lock) marks the client dirty, so the
// next recalculation recomputes every result under the new settings.
func (s *Service) Update(ctx context.Context, scope auth.ClientScope, u Update) (Client, error) {
	if err := scope.CheckWrite(); err != nil {
		return Client{}, err
	}
	if f := u.staffFields(); len(f) > 0 && !scope.IsStaff() {
		return Client{}, apperr.New(apperr.Forbidden, "%s: staff only", strings.Join(f, ", "))
	}
	var out Client
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		c, err := q.GetClientForUpdate(ctx, scope.ClientID())
		if err != nil {
			return store.Err(err, "client")
		}
		p, err := merge(c, u)
		if err != nil {
			return err
		}
		updated, err := q.UpdateClientSettings(ctx, p)
		if err != nil {
			return store.Err(err, "client")
		}
		if err := checkTaxLock(c, updated); err != nil {
			return err
		}
		if err := checkCurrency(ctx, q, c, updated); err != nil {
			return err
		}
		if err := auditChanges(ctx, q, scope, c, updated); err != nil {
			return err
		}
		if taxInputsChanged(c, updated) {
			if err := q.MarkClientSettingsDirty(ctx, c.ID); err != nil {
				return err
			}
		}
		out, err = view(ctx, q, updated)
		return err
	})
	return out, err
}

// checkTaxLock refuses (TaxesLocked) a change of the timezone, the fiscal year or the cost-basis
// algorithm while taxes are locked: each moves or recomputes figures of every year, the locked ones
// included. The lock in force before the call decides, so one call may set a lock together with the
// settings its figures are computed under; the transaction rolls back on refusal.
func checkTaxLock(a, b db.Client) error {
	if a.LockTaxesUntil == nil {
		return nil
	}
	var changed []string
	if a.Timezone != b.Timezone {
		changed = append(changed, "timezone")
	}
	if a.FiscalYearStart != b.FiscalYearStart {
		changed = append(changed, "fiscal year")
	}
	if a.CostBasisAlgorithm != b.CostBasisAlgorithm {
		changed = append(changed, "cost-basis algorithm")
	}
	if a.Country != b.Country {
		changed = append(changed, "country") // another country's rules recompute every year
	}
	if len(changed) == 0 {
		return nil
	}
	return apperr.New(apperr.TaxesLocked, "taxes are locked until %s: the %s cannot change while figures before it are locked",
		a.LockTaxesUntil.Format(time.DateOnly), strings.Join(changed, " and "))
}

// checkCurrency refuses a change of currency once the client has transactions. The currency is the
// unit of every value the ledger stores (fiat values, fees, prices the imports and edits gave) and
// of every figure computed from them; converting them would need the rate of every day of the
// ledger, and a stored value typed by the user has no source to fetch again. So a client's
// currency is chosen before its first import (createClient or updateClient on an empty client);
// a client that must change currency starts again as a new client.
func checkCurrency(ctx context.Context, q *db.Queries, a, b db.Client) error {
	if a.Currency == b.Currency {
		return nil
	}
	has, err := q.ClientHasTransactions(ctx, a.ID)
	if err != nil {
		return err
	}
	if has {
		return apperr.InvalidField("currency", "cannot change from %s once the client has transactions: their values are in %s", a.Currency, a.Currency)
	}
	return nil
}

// taxInputsChanged reports whether a settings change invalidates the tax results.
func taxInputsChanged(a, b db.Client) bool {
	return a.Timezone != b.Timezone || a.FiscalYearStart != b.FiscalYearStart || a.Currency != b.Currency ||
		a.Country != b.Country || a.CostBasisAlgorithm != b.CostBasisAlgorithm || !sameDay(a.LockTaxesUntil, b.LockTaxesUntil)
}

func sameDay(a, b *time.Time) bool {
	return (a == nil) == (b == nil) && (a == nil || a.Equal(*b))
}

// merge validates u and lays it over c.
func merge(c db.Client, u Update) (db.UpdateClientSettingsParams, error) {
	p := db.UpdateClientSettingsParams{
		ID: c.ID, Name: c.Name, TaxpayerType: c.TaxpayerType, Currency: c.Currency, Country: c.Country,
		Timezone: c.Timezone, FiscalYearStart: c.FiscalYearStart, HasCustomFiscalYear: c.HasCustomFiscalYear,
		NeededTaxYears: c.NeededTaxYears, Deadline: c.Deadline, IsOnExtension: c.IsOnExtension,
		LockTaxesUntil: c.LockTaxesUntil, AccountantStatus: c.AccountantStatus, AccountantNotes: c.AccountantNotes,
		FullServiceStatus: c.FullServiceStatus, FullServiceNotes: c.FullServiceNotes,
		AllowCustomerSupportAccess: c.AllowCustomerSupportAccess, AvatarImageUrl: c.AvatarImageUrl,
		CanUsePriority: c.CanUsePriority, IsEnterprise: c.IsEnterprise, DefaultAiModel: c.DefaultAiModel,
		DefaultToFloor: c.DefaultToFloor, UseSnapshots: c.UseSnapshots, PortfolioProvider: c.PortfolioProvider,
		PaymentAppUsername: c.PaymentAppUsername, SolReferralAddress: c.SolReferralAddress,
		MessengerGroupUrl: c.MessengerGroupUrl, MessengerUsername: c.MessengerUsername,
		CostBasisAlgorithm: c.CostBasisAlgorithm,
	}
	if u.Name != nil {
		n := strings.TrimSpace(*u.Name)
		if l := utf8.RuneCountInString(n); l < 1 || l > 200 {
			return p, apperr.InvalidField("name", "must be 1 to 200 characters")
		}
		p.Name = n
	}
	if u.Type != nil {
		switch *u.Type {
		case "individual", "business", "trust":
			p.TaxpayerType = *u.Type
		default:
			return p, apperr.InvalidField("type", "must be individual, business or trust")
		}
	}
	set(&p.Currency, u.Currency)
	set(&p.Country, u.Country)
	if u.Timezone != nil {
		if err := checkTimezone(*u.Timezone); err != nil {
			return p, err
		}
		p.Timezone = *u.Timezone
	}
	if err := mergeFiscalYear(&p, u); err != nil {
		return p, err
	}
	if u.NeededTaxYears != nil {
		v, err := neededTaxYears(*u.NeededTaxYears)
		if err != nil {
			return p, err
		}
		p.NeededTaxYears = v
	}
	if u.Deadline != nil {
		d := u.Deadline.UTC()
		p.Deadline = &d
	}
	if u.LockTaxesUntil != nil {
		// Stored as a calendar day (lock_taxes_until is a date): the instant's day in the client's
		// timezone, whose midnight is where the lock starts.
		loc, err := time.LoadLocation(p.Timezone)
		if err != nil {
			loc = time.UTC
		}
		y, m, d := u.LockTaxesUntil.In(loc).Date()
		day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		p.LockTaxesUntil = &day
	}
	if u.AvatarImageURL != nil {
		if v := *u.AvatarImageURL; v != "" {
			if pu, err := url.Parse(v); err != nil || pu.Scheme != "https" || pu.Host == "" || len(v) > 2000 {
				return p, apperr.InvalidField("avatarImageUrl", "must be an https URL of at most 2000 characters")
			}
		}
		p.AvatarImageUrl = emptyNil(*u.AvatarImageURL)
	}
	if u.MessengerGroupURL != nil {
		if v := *u.MessengerGroupURL; v != "" {
			if pu, err := url.Parse(v); err != nil || (pu.Scheme != "https" && pu.Scheme != "http") || pu.Host == "" || len(v) > 2000 {
				return p, apperr.InvalidField("messengerGroupUrl", "must be an http(s) URL of at most 2000 characters")
			}
		}
		p.MessengerGroupUrl = emptyNil(*u.MessengerGroupURL)
	}
	for _, f := range []struct {
		name string
		dst  **string
		src  *string
	}{
		{"defaultAIModel", &p.DefaultAiModel, u.DefaultAIModel}, {"portfolioProvider", &p.PortfolioProvider, u.PortfolioProvider},
		{"paymentAppUsername", &p.PaymentAppUsername, u.PaymentAppUsername}, {"solReferralAddress", &p.SolReferralAddress, u.SolReferralAddress},
		{"messengerUsername", &p.MessengerUsername, u.MessengerUsername}, {"accountantNotes", &p.AccountantNotes, u.AccountantNotes},
		{"fullServiceStatus", &p.FullServiceStatus, u.FullServiceStatus}, {"fullServiceNotes", &p.FullServiceNotes, u.FullServiceNotes},
	} {
		if f.src == nil {
			continue
		}
		if utf8.RuneCountInString(*f.src) > 10000 {
			return p, apperr.InvalidField(f.name, "must be at most 10000 characters")
		}
		*f.dst = emptyNil(*f.src)
	}
	if u.AccountantStatus != nil {
		p.AccountantStatus = u.AccountantStatus
	}
	for _, f := range []struct {
		dst *bool
		src *bool
	}{
		{&p.IsOnExtension, u.IsOnExtension}, {&p.AllowCustomerSupportAccess, u.AllowCustomerSupportAccess},
		{&p.DefaultToFloor, u.DefaultToFloor}, {&p.UseSnapshots, u.UseSnapshots},
		{&p.CanUsePriority, u.CanUsePriority}, {&p.IsEnterprise, u.IsEnterprise},
	} {
		set(f.dst, f.src)
	}
	if u.CostBasisAlgorithm != nil {
		switch *u.CostBasisAlgorithm {
		case "FIFO", "LIFO", "HIFO", "LOFO", "AVERAGE_COST":
			p.CostBasisAlgorithm = *u.CostBasisAlgorithm
		default:
			return p, apperr.InvalidField("costBasisAlgorithm", "unknown algorithm %q", *u.CostBasisAlgorithm)
		}
	}
	return p, nil
}

// mergeFiscalYear applies fiscalYearStart, fiscalYearEnd and hasCustomFiscalYear. The tax year
// is defined by its start (the engine's input); the end is always the day before, so a given end
// either agrees with the start or, alone, sets the start to the day after it. The start's day is
// 1 to 28, so that every year has it. hasCustomFiscalYear false alone resets to the calendar year.
func mergeFiscalYear(p *db.UpdateClientSettingsParams, u Update) error {
	start := p.FiscalYearStart
	if u.FiscalYearStart != nil {
		if _, _, err := parseMonthDay(*u.FiscalYearStart); err != nil {
			return apperr.InvalidField("fiscalYearStart", "%v", err)
		}
		start = *u.FiscalYearStart
	}
	if u.FiscalYearEnd != nil {
		m, d, err := parseMonthDayAny(*u.FiscalYearEnd)
		if err != nil {
			return apperr.InvalidField("fiscalYearEnd", "%v", err)
		}
		next := time.Date(2001, m, d, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1).Format("01-02")
		switch {
		case u.FiscalYearStart != nil && next != start:
			return apperr.InvalidField("fiscalYearEnd", "must be the day before fiscalYearStart (%s)", fiscalYearEnd(start))
		case u.FiscalYearStart == nil:
			if _, _, err := parseMonthDay(next); err != nil {
				return apperr.InvalidField("fiscalYearEnd", "the day after it (the start of the tax year) %v", err)
			}
			start = next
		}
	}
	if u.HasCustomFiscalYear != nil && !*u.HasCustomFiscalYear && u.FiscalYearStart == nil && u.FiscalYearEnd == nil {
		start = "01-01"
	}
	if u.HasCustomFiscalYear != nil && *u.HasCustomFiscalYear == (start == "01-01") && (u.FiscalYearStart != nil || u.FiscalYearEnd != nil) {
		return apperr.InvalidField("hasCustomFiscalYear", "contradicts the fiscal year given (a custom fiscal year starts on another day than 01-01)")
	}
	p.FiscalYearStart = start
	p.HasCustomFiscalYear = start != "01-01"
	return nil
}

func parseMonthDayAny(s string) (time.Month, int, error) {
	t, err := time.Parse("01-02", s)
	if err != nil || len(s) != 5 {
		return 0, 0, errors.New("must be MM-DD")
	}
	if t.Month() == time.February && t.Day() == 29 {
		return 0, 0, errors.New("must be a day every year has (not 02-29)")
	}
	return t.Month(), t.Day(), nil
}

func parseMonthDay(s string) (time.Month, int, error) {
	m, d, err := parseMonthDayAny(s)
	if err != nil {
		return 0, 0, err
	}
	if d > 28 {
		return 0, 0, errors.New("must fall on day 1 to 28 of its month")
	}
	return m, d, nil
}

func fiscalYearEnd(start string) string {
	t, err := time.Parse("01-02", start)
	if err != nil {
		return "12-31"
	}
	return time.Date(2001, t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -1).Format("01-02")
}

func checkTimezone(tz string) error {
	if tz == "" || tz == "Local" || len(tz) > 64 {
		return apperr.InvalidField("timezone", "must be an IANA timezone such as Europe/Berlin")
	}
	if _, err := time.LoadLocation(tz); err != nil {
		return apperr.InvalidField("timezone", "unknown IANA timezone %q", tz)
	}
	return nil
}

func neededTaxYears(s string) (*string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) > 100 {
		return nil, apperr.InvalidField("neededTaxYears", "at most 100 years")
	}
	seen := map[int]bool{}
	out := make([]string, 0, len(parts))
	for _, part := range parts {
		y, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || y < 2009 || y > 2100 {
			return nil, apperr.InvalidField("neededTaxYears", "must be comma-separated years from 2009 to 2100, got %q", part)
		}
		if !seen[y] {
			seen[y] = true
			out = append(out, strconv.Itoa(y))
		}
	}
	v := strings.Join(out, ",")
	return &v, nil
}

func set[T any](dst *T, src *T) {
	if src != nil {
		*dst = *src
	}
}

func emptyNil(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// SelectActive records the client a signed-in user works in (getMyActiveClient answers it).
func (s *Service) SelectActive(ctx context.Context, scope auth.ClientScope, userID uuid.UUID) error {
	if err := scope.Check(); err != nil {
		return err
	}
	if err := db.New(s.pool).SelectActiveClient(ctx, db.SelectActiveClientParams{ID: userID, ActiveClientID: ptr(scope.ClientID())}); err != nil {
		return fmt.Errorf("clients: select active client: %w", err)
	}
	return nil
}

func ptr[T any](v T) *T { return &v }

// auditChanges records one audit-log entry (entity client, action update, the SDL argument as
// field) per setting that changed, so getClientAuditLogs shows who changed what. They are not
// undoable (undoAuditLogs reverts ledger edits only).
func auditChanges(ctx context.Context, q *db.Queries, scope auth.ClientScope, a, b db.Client) error {
	for _, f := range []struct {
		field    string
		old, new any
	}{
		{"name", a.Name, b.Name}, {"type", a.TaxpayerType, b.TaxpayerType}, {"currency", a.Currency, b.Currency},
		{"country", a.Country, b.Country}, {"timezone", a.Timezone, b.Timezone}, {"fiscalYearStart", a.FiscalYearStart, b.FiscalYearStart},
		{"hasCustomFiscalYear", a.HasCustomFiscalYear, b.HasCustomFiscalYear}, {"neededTaxYears", a.NeededTaxYears, b.NeededTaxYears},
		{"deadline", a.Deadline, b.Deadline}, {"isOnExtension", a.IsOnExtension, b.IsOnExtension},
		{"lockTaxesUntil", a.LockTaxesUntil, b.LockTaxesUntil}, {"accountantStatus", a.AccountantStatus, b.AccountantStatus},
		{"accountantNotes", a.AccountantNotes, b.AccountantNotes}, {"fullServiceStatus", a.FullServiceStatus, b.FullServiceStatus},
		{"fullServiceNotes", a.FullServiceNotes, b.FullServiceNotes}, {"allowCustomerSupportAccess", a.AllowCustomerSupportAccess, b.AllowCustomerSupportAccess},
		{"avatarImageUrl", a.AvatarImageUrl, b.AvatarImageUrl}, {"canUsePriority", a.CanUsePriority, b.CanUsePriority},
		{"isEnterprise", a.IsEnterprise, b.IsEnterprise}, {"defaultAIModel", a.DefaultAiModel, b.DefaultAiModel},
		{"defaultToFloor", a.DefaultToFloor, b.DefaultToFloor}, {"useSnapshots", a.UseSnapshots, b.UseSnapshots},
		{"portfolioProvider", a.PortfolioProvider, b.PortfolioProvider}, {"paymentAppUsername", a.PaymentAppUsername, b.PaymentAppUsername},
		{"solReferralAddress", a.SolReferralAddress, b.SolReferralAddress}, {"messengerGroupUrl", a.MessengerGroupUrl, b.MessengerGroupUrl},
		{"messengerUsername", a.MessengerUsername, b.MessengerUsername}, {"costBasisAlgorithm", a.CostBasisAlgorithm, b.CostBasisAlgorithm},
	} {
		oldJSON, err := json.Marshal(f.old)
		if err != nil {
			return err
		}
		newJSON, err := json.Marshal(f.new)
		if err != nil {
			return err
		}
		if bytes.Equal(oldJSON, newJSON) {
			continue
		}
		if err := q.InsertAuditLog(ctx, db.InsertAuditLogParams{
			ID: uuid.Must(uuid.NewV7()), ClientID: a.ID, Entity: "client", EntityID: a.ID, Action: "update",
			Field: f.field, OldValue: oldJSON, NewValue: newJSON, Actor: scope.Actor(),
		}); err != nil {
			return err
		}
	}
	return nil
}
