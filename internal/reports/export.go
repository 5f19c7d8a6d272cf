package reports

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	taxmail "taxd/internal/mail"
	"taxd/internal/store"
)

// Periods of a report (ReportDateQueryType).
const (
	PeriodTaxYear   = "TAX_YEAR"
	PeriodDateRange = "DATE_RANGE"
	PeriodAllTime   = "ALL_TIME"
)

// Languages a report may be asked in (the documents are rendered in English; the value is recorded).
var Languages = []string{"en", "es", "de", "fr"}

// DownloadLifetime is how long a URL of DownloadURL works.
const DownloadLifetime = 15 * time.Minute

// maxExportAccounts bounds the accountIds of one request.
const maxExportAccounts = 100

// brokers1099DA are the providers whose accounts are at brokers that issue Form 1099-DA (US
// custodial exchanges); is1099DAAccount selects their accounts.
var brokers1099DA = []string{"coinbase", "kraken", "gemini", "robinhood", "binanceus", "cryptocom", "paypal", "cashapp", "bitstamp", "uphold"}

// ExportRequest is a getReportExportV2 request.
type ExportRequest struct {
	Type          string // a stored report type (Types)
	Period        string // PeriodTaxYear, PeriodDateRange, PeriodAllTime
	Year          string // TAX_YEAR
	Start, End    *time.Time
	AccountIDs    []uuid.UUID
	Only1099DA    bool       // is1099DAAccount
	Only1099DAID  *uuid.UUID // is1099DAAccountId
	Exclude1099DA bool
	// IncludeDefiPositions (holdings only; nil: included) lists the lots held in DeFi and staking
	// positions beside the wallets' lots.
	IncludeDefiPositions *bool
	Language             string
	Box                  *string // Form 8949 types only
	Email                *string
	ForceEmail           bool
}

// Export is the answer to an ExportRequest.
type Export struct {
	Report      Report
	Cached      bool
	EmailQueued bool
}

// ListFor returns the scope's client's reports, newest first (at most 100).
func (s *Service) ListFor(ctx context.Context, scope auth.ClientScope) ([]Report, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	q := db.New(s.pool)
	list, err := q.ListReports(ctx, scope.ClientID())
	if err != nil {
		return nil, err
	}
	if err := s.fillSizes(ctx, q, scope.ClientID(), list); err != nil {
		return nil, err
	}
	return reportsOf(list), nil
}

// Staleness says which of a client's reports no longer show the current figures: the client is
// dirty, or the report was rendered from a result set that is no longer current (reports without a
// recorded set count as current).
type Staleness struct {
	dirty   bool
	current *uuid.UUID
}

// Stale reports whether r is stale.
func (st Staleness) Stale(r Report) bool {
	if r.Status != "available" {
		return false
	}
	return st.dirty || (r.ResultSetID != nil && (st.current == nil || *st.current != *r.ResultSetID))
}

// StalenessFor reads what Stale needs for the scope's client.
func (s *Service) StalenessFor(ctx context.Context, scope auth.ClientScope) (Staleness, error) {
	if err := scope.Check(); err != nil {
		return Staleness{}, err
	}
	q := db.New(s.pool)
	dirty, err := q.IsDirty(ctx, scope.ClientID())
	if err != nil {
		return Staleness{}, err
	}
	rs, err := q.GetClientResultSet(ctx, scope.ClientID())
	if err != nil {
		return Staleness{}, store.Err(err, "client")
	}
	return Staleness{dirty: dirty, current: rs.CurrentResultSetID}, nil
}

// DownloadURL returns a URL that downloads r's file without credentials until it expires
// (GET /downloads/reports/{id}?expires=...&signature=..., see rest.DownloadHandler). CONFLICT when r is
// not ready.
func (s *Service) DownloadURL(r Report) (string, time.Time, error) {
	if r.Status != "available" {
		return "", time.Time{}, apperr.New(apperr.Conflict, "the report is not ready (status %s)", r.Status)
	}
	exp := s.now().Add(DownloadLifetime).Truncate(time.Second)
	v := url.Values{}
	v.Set("expires", strconv.FormatInt(exp.Unix(), 10))
	v.Set("signature", Sign(s.secret, r.ID, exp.Unix()))
	return strings.TrimRight(s.publicURL, "/") + "/downloads/reports/" + r.ID.String() + "?" + v.Encode(), exp, nil
}

// Export reuses an up-to-date report with the same parameters or queues a new one (a write path:
// it records a request; Read keys may ask for reports, as they may read the figures).
func (s *Service) Export(ctx context.Context, scope auth.ClientScope, in ExportRequest) (Export, error) {
	if err := scope.Check(); err != nil {
		return Export{}, err
	}
	p, err := s.validate(ctx, scope.ClientID(), in)
	if err != nil {
		return Export{}, err
	}
	st, err := s.StalenessFor(ctx, scope)
	if err != nil {
		return Export{}, err
	}
	var out Export
	err = store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		prev, err := q.FindReusableReport(ctx, db.FindReusableReportParams{ClientID: p.ClientID, ReportType: p.ReportType,
			DateQueryType: p.DateQueryType, Year: p.Year, Exclude1099da: p.Exclude1099da, Language: p.Language, StartAt: p.StartAt,
			EndAt: p.EndAt, AccountIds: p.AccountIds, FormBox: p.FormBox, IncludeDefiPositions: p.IncludeDefiPositions})
		switch {
		case err == nil && !st.Stale(reportOf(prev)):
			out = Export{Report: reportOf(prev), Cached: true}
			if in.Email != nil && (prev.Status == "available" && in.ForceEmail) {
				if err := s.queueMail(ctx, tx, reportOf(prev), *in.Email); err != nil {
					return err
				}
				out.EmailQueued = true
			} else if in.Email != nil && prev.Status != "available" && prev.Email == nil {
				// the running report will send its e-mail when ready
				if err := db.New(tx).SetReportEmail(ctx, db.SetReportEmailParams{ID: prev.ID, Email: in.Email}); err != nil {
					return err
				}
				out.EmailQueued = true
			}
			return nil
		case err != nil && !errors.Is(err, pgx.ErrNoRows):
			return err
		}
		r, err := q.InsertReportExport(ctx, p)
		if err != nil {
			return store.Err(err, "report")
		}
		if _, err := s.jobs.InsertTx(ctx, tx, RenderArgs{ReportID: r.ID}, nil); err != nil {
			return err
		}
		out = Export{Report: reportOf(r), EmailQueued: in.Email != nil}
		return nil
	})
	return out, err
}

// validate checks a request and turns it into the stored parameters.
func (s *Service) validate(ctx context.Context, clientID uuid.UUID, in ExportRequest) (db.InsertReportExportParams, error) {
	p := db.InsertReportExportParams{ID: uuid.Must(uuid.NewV7()), ClientID: clientID, ReportType: in.Type, DateQueryType: in.Period,
		Exclude1099da: in.Exclude1099DA, Language: "en", Email: in.Email, IncludeDefiPositions: true}
	if !slices.Contains(ExportTypes, in.Type) {
		return p, apperr.InvalidField("type", "must be one of %s", strings.Join(ExportTypes, ", "))
	}
	if in.IncludeDefiPositions != nil {
		if in.Type != TypeHoldingsCSV {
			return p, apperr.InvalidField("includeDefiPositions", "applies to END_OF_YEAR_HOLDINGS_CSV only")
		}
		p.IncludeDefiPositions = *in.IncludeDefiPositions
	}
	if err := s.checkJurisdiction(ctx, clientID, "type", in.Type); err != nil {
		return p, err
	}
	switch in.Period {
	case PeriodTaxYear:
		if in.Start != nil || in.End != nil {
			return p, apperr.InvalidField("startDate", "applies to DATE_RANGE only")
		}
		y, err := strconv.Atoi(in.Year)
		if in.Year == "" || err != nil || len(in.Year) != 4 {
			return p, apperr.InvalidField("year", "is required with TAX_YEAR, as four digits")
		}
		if y < 2009 || y > s.now().UTC().Year() {
			return p, apperr.InvalidField("year", "must be between 2009 and the current year")
		}
		p.Year = int32(y)
	case PeriodDateRange:
		if in.Year != "" {
			return p, apperr.InvalidField("year", "applies to TAX_YEAR only")
		}
		if in.Start == nil || in.End == nil || !in.Start.Before(*in.End) {
			return p, apperr.InvalidField("startDate", "DATE_RANGE needs startDate before endDate")
		}
		if in.Start.Year() < 2009 || in.End.Year() > 2200 {
			return p, apperr.InvalidField("startDate", "the range must lie between 2009 and 2200")
		}
		start, end := in.Start.UTC(), in.End.UTC()
		p.StartAt, p.EndAt = &start, &end
	case PeriodAllTime:
		if in.Year != "" || in.Start != nil || in.End != nil {
			return p, apperr.InvalidField("dateQueryType", "ALL_TIME takes no year, startDate or endDate")
		}
	default:
		return p, apperr.InvalidField("dateQueryType", "unknown value %q", in.Period)
	}
	if in.Language != "" {
		if !slices.Contains(Languages, in.Language) {
			return p, apperr.InvalidField("language", "must be one of %s", strings.Join(Languages, ", "))
		}
		p.Language = in.Language
	}
	if in.Box != nil {
		if in.Type != TypeForm8949PDF && in.Type != TypeForm8949CSV {
			return p, apperr.InvalidField("checkboxType", "applies to the Form 8949 types only")
		}
		if len(*in.Box) != 1 || !strings.Contains("ABCDEFGHIJKL", *in.Box) {
			return p, apperr.InvalidField("checkboxType", "must be a Form 8949 box, A to L")
		}
		p.FormBox = in.Box
	}
	if in.Email != nil {
		if a, err := mail.ParseAddress(*in.Email); err != nil || a.Address != *in.Email || len(*in.Email) > 254 {
			return p, apperr.InvalidField("email", "must be an e-mail address")
		}
	}
	if len(in.AccountIDs) > maxExportAccounts {
		return p, apperr.InvalidField("accountIds", "at most %d accounts", maxExportAccounts)
	}
	ids := slices.Clone(in.AccountIDs)
	if in.Only1099DAID != nil {
		ids = append(ids, *in.Only1099DAID)
	}
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) })
	ids = slices.Compact(ids)
	q := db.New(s.pool)
	if len(ids) > 0 {
		rows, err := q.ListClientAccountIDs(ctx, db.ListClientAccountIDsParams{ClientID: clientID, Ids: ids})
		if err != nil {
			return p, err
		}
		if len(rows) != len(ids) {
			return p, apperr.NotFoundf("account not found")
		}
		for _, r := range rows {
			if in.Only1099DAID != nil && r.ID == *in.Only1099DAID && !slices.Contains(brokers1099DA, r.Provider) {
				return p, apperr.InvalidField("is1099DAAccountId", "is not an account at a broker that issues Form 1099-DA")
			}
		}
	}
	switch {
	case in.Only1099DAID != nil:
		ids = []uuid.UUID{*in.Only1099DAID}
	case in.Only1099DA:
		brokers, err := s.brokerAccounts(ctx, clientID)
		if err != nil {
			return p, err
		}
		if len(ids) > 0 { // both: the intersection
			brokers = slices.DeleteFunc(brokers, func(id uuid.UUID) bool { return !slices.Contains(ids, id) })
		}
		if len(brokers) == 0 {
			return p, apperr.InvalidField("is1099DAAccount", "the client has no account at a broker that issues Form 1099-DA")
		}
		ids = brokers
	}
	if len(ids) > 0 {
		p.AccountIds = ids
	}
	return p, nil
}

// brokerAccounts are the client's accounts at brokers that issue Form 1099-DA, in id order.
func (s *Service) brokerAccounts(ctx context.Context, clientID uuid.UUID) ([]uuid.UUID, error) {
	return db.New(s.pool).BrokerAccountIDs(ctx, db.BrokerAccountIDsParams{ClientID: clientID, Providers: brokers1099DA})
}

// queueMail sends the download link of a ready report to address now.
func (s *Service) queueMail(ctx context.Context, tx pgx.Tx, r Report, address string) error {
	c, err := db.New(tx).GetClient(ctx, r.ClientID)
	if err != nil {
		return err
	}
	portal := s.portalURL
	if c.PartnerID != nil {
		if p, err := db.New(tx).GetPartner(ctx, *c.PartnerID); err == nil {
			portal = p.PortalUrl
		}
	}
	link := s.SignedLink(portal, r, deref(c.ReferenceID))
	_, err = taxmail.Queue(ctx, tx, s.jobs, taxmail.Message{
		PartnerID: c.PartnerID, To: address, Kind: "report",
		Subject: fmt.Sprintf("Your %s report is ready", r.ReportType),
		Body:    fmt.Sprintf("Hello,\n\nyour %s report is ready. Download it here (the link expires in %s):\n\n%s\n", r.ReportType, s.linkTTL, link),
	}, 0, s.now())
	return err
}
