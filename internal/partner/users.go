package partner

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/accounts"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/page"
	"taxd/internal/reports"
	"taxd/internal/store"
)

// Service is the partner API's domain: every method is scoped to the calling partner.
type Service struct {
	pool     *pgxpool.Pool
	tokens   *auth.Tokens
	jobs     *jobs.Client
	settings Settings
	now      func() time.Time
}

// Settings are the partner API's tunables.
type Settings struct {
	// EmailDailyLimit is how many e-mails one recipient may get from one partner per UTC day (/links/email).
	EmailDailyLimit int
	// PublicURL is this server's base URL (links in e-mails).
	PublicURL string
}

// Deps are the Service's collaborators; Tokens and Jobs may be nil where unused.
type Deps struct {
	Pool     *pgxpool.Pool
	Tokens   *auth.Tokens
	Jobs     *jobs.Client
	Settings Settings
}

// NewService returns a Service.
func NewService(d Deps) *Service {
	if d.Settings.EmailDailyLimit == 0 {
		d.Settings.EmailDailyLimit = 5
	}
	return &Service{pool: d.Pool, tokens: d.Tokens, jobs: d.Jobs, settings: d.Settings, now: time.Now}
}

// WithClock replaces the clock (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	return &c
}

// User is an embedded user as its partner sees it: the client the partner created for it under
// the partner's own id.
type User struct {
	ClientID    uuid.UUID
	ReferenceID string
	Email       *string
	// TaxpayerName is the name its tax forms print; nil when the partner gave none (the client is
	// then named by its referenceId, which is no taxpayer's name: reports.TaxpayerName).
	TaxpayerName *string
	CreatedAt    time.Time
}

func userOf(c db.Client) User {
	var ref string
	if c.ReferenceID != nil {
		ref = *c.ReferenceID
	}
	return User{ClientID: c.ID, ReferenceID: ref, Email: c.Email, TaxpayerName: reports.TaxpayerName(c), CreatedAt: c.CreatedAt}
}

// Branding is how a partner presents itself to its users (portal, e-mails).
type Branding struct {
	Name         string
	LogoURL      *string
	PrimaryColor *string
	SupportEmail *string
	PortalURL    string
}

// CreateUser creates an embedded user identified by the partner's own referenceID.
func (s *Service) CreateUser(ctx context.Context, partnerID uuid.UUID, u NewUser) (User, error) {
	c, err := createUser(ctx, db.New(s.pool), partnerID, u)
	return userOf(c), err
}

// NewUser is an embedded user to create: the partner's id of it and, when known, its e-mail and
// the taxpayer's name (printed on its tax forms).
type NewUser struct {
	ReferenceID string
	Email, Name *string
}

func createUser(ctx context.Context, q *db.Queries, partnerID uuid.UUID, u NewUser) (db.Client, error) {
	referenceID, email := u.ReferenceID, u.Email
	// Without a taxpayer's name the client is named by its referenceId, which the forms do not
	// take for a name (reports.TaxpayerName).
	name := referenceID
	if u.Name != nil {
		name = *u.Name
	}
	// Never trimmed: the spec's pattern refuses surrounding whitespace, so the id a partner sends
	// is the id it will use later.
	if referenceID == "" {
		return db.Client{}, apperr.InvalidField("userId", "must not be empty")
	}
	c, err := q.CreateClient(ctx, db.CreateClientParams{
		ID: uuid.Must(uuid.NewV7()), PartnerID: &partnerID, ReferenceID: &referenceID, Name: name, Email: email,
	})
	if store.IsUniqueViolation(err, "clients_partner_reference_key") {
		return db.Client{}, &apperr.Error{Kind: apperr.Conflict, Message: fmt.Sprintf("a user with userId %q already exists", referenceID), Err: err}
	}
	return c, store.Err(err, "user")
}

// UserScope is the scope of the caller on its embedded user referenceID (auth.PartnerUserScope).
// An access token reaches only its own user; anything else is not found.
func (s *Service) UserScope(ctx context.Context, p *auth.Partner, referenceID string) (auth.ClientScope, error) {
	c, err := userFor(ctx, db.New(s.pool), p, referenceID)
	if err != nil {
		return auth.ClientScope{}, err
	}
	return auth.PartnerUserScope(p, c.ID, c.PartnerID)
}

func userFor(ctx context.Context, q *db.Queries, p *auth.Partner, referenceID string) (db.Client, error) {
	if p.Method == auth.MethodAccessToken && p.ReferenceID != referenceID {
		return db.Client{}, apperr.NotFoundf("user not found")
	}
	c, err := q.GetClientByReference(ctx, db.GetClientByReferenceParams{PartnerID: &p.PartnerID, ReferenceID: &referenceID})
	if err != nil {
		return db.Client{}, store.Err(err, "user")
	}
	if p.Method == auth.MethodAccessToken && c.ID != p.ClientID {
		return db.Client{}, apperr.NotFoundf("user not found")
	}
	return c, nil
}

// UserWithBranding is the embedded user referenceID with its partner's branding, in one round
// trip (what getUser answers). An access token sees only its own user.
func (s *Service) UserWithBranding(ctx context.Context, p *auth.Partner, referenceID string) (User, Branding, error) {
	if p.Method == auth.MethodAccessToken && p.ReferenceID != referenceID {
		return User{}, Branding{}, apperr.NotFoundf("user not found")
	}
	r, err := db.New(s.pool).GetUserWithBranding(ctx, db.GetUserWithBrandingParams{PartnerID: &p.PartnerID, ReferenceID: &referenceID})
	if err != nil {
		return User{}, Branding{}, store.Err(err, "user")
	}
	if p.Method == auth.MethodAccessToken && r.ID != p.ClientID {
		return User{}, Branding{}, apperr.NotFoundf("user not found")
	}
	u := userOf(db.Client{ID: r.ID, Name: r.ClientName, ReferenceID: r.ReferenceID, Email: r.Email, CreatedAt: r.CreatedAt})
	return u, Branding{Name: r.Name, LogoURL: r.LogoUrl, PrimaryColor: r.PrimaryColor, SupportEmail: r.SupportEmail, PortalURL: r.PortalUrl}, nil
}

// Partner returns the caller's branding.
func (s *Service) Partner(ctx context.Context, p *auth.Partner) (Branding, error) {
	r, err := db.New(s.pool).GetPartner(ctx, p.PartnerID)
	if err != nil {
		return Branding{}, store.Err(err, "partner")
	}
	return Branding{Name: r.Name, LogoURL: r.LogoUrl, PrimaryColor: r.PrimaryColor, SupportEmail: r.SupportEmail, PortalURL: r.PortalUrl}, nil
}

// AddAccounts adds wallets to the partner's user referenceID (see accounts.Add).
func (s *Service) AddAccounts(ctx context.Context, p *auth.Partner, referenceID string, wallets []accounts.Wallet) ([]ledger.Account, []accounts.Skipped, error) {
	var created []ledger.Account
	var skipped []accounts.Skipped
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		c, err := userFor(ctx, q, p, referenceID)
		if err != nil {
			return err
		}
		created, skipped, err = accounts.Add(ctx, q, c.ID, wallets, "wallets")
		return err
	})
	return created, skipped, err
}

// Accounts lists one page of the scope's client's accounts, oldest first, and the cursor of the
// next page.
func (s *Service) Accounts(ctx context.Context, scope auth.ClientScope, r page.Request) ([]ledger.Account, *string, error) {
	if err := scope.Check(); err != nil {
		return nil, nil, err
	}
	p := db.ListAccountsPageParams{ClientID: scope.ClientID(), PageLimit: int32(r.Limit + 1)}
	if r.After != nil {
		p.AfterAt, p.AfterID = &r.After.At, &r.After.ID
	}
	rows, err := db.New(s.pool).ListAccountsPage(ctx, p)
	if err != nil {
		return nil, nil, err
	}
	out, next := page.Next(AccountsPageList, scope.ClientID(), r, rows, func(x db.Account) page.Key { return page.Key{At: x.CreatedAt, ID: x.ID} })
	return ledger.AccountsOf(out), next, nil
}

// AccountsPageList names the account list in its cursors.
const AccountsPageList = "accounts"
