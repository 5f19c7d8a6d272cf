// Package reports creates tax reports: a request writes a report row and queues a render job in
// one transaction; the job renders the client's stored tax results for the year and writes the
// file to a gocloud.dev/blob bucket (a local folder by default, S3 or GCS in production). Signed
// downloads authorise a read with an HMAC over the report id and an expiry.
package reports

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	"gocloud.dev/gcerrors"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/mail"
	"taxd/internal/page"
	"taxd/internal/store"
	"taxd/internal/taxsettings"
	"taxd/internal/webhooks"
)

// OpenBucket opens the report bucket; an empty URL means a folder under dataDir.
func OpenBucket(ctx context.Context, bucketURL, dataDir string) (*blob.Bucket, error) {
	if bucketURL == "" {
		dir, err := filepath.Abs(filepath.Join(dataDir, "reports"))
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		bucketURL = "file://" + dir + "?create_dir=true&no_tmp_dir=true"
	}
	b, err := blob.OpenBucket(ctx, bucketURL)
	if err != nil {
		// Name the setting: an operator reads "TAXD_BLOB_URL", not a bare stat of a folder.
		return nil, fmt.Errorf("TAXD_BLOB_URL %q: %w", redactURL(bucketURL), err)
	}
	return b, nil
}

// redactURL drops what a bucket URL may carry besides its place (credentials in the user part).
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(not a URL)"
	}
	u.User = nil
	return u.Redacted()
}

// Service manages reports.
type Service struct {
	pool      *pgxpool.Pool
	bucket    *blob.Bucket
	jobs      *jobs.Client
	secret    []byte
	linkTTL   time.Duration
	portalURL string
	publicURL string
	now       func() time.Time
	renderers map[string]RenderFunc
	reported  ReportedFunc
}

// RenderFunc renders a report of a type another package owns (see Register). The worker calls it
// with a job scope on the report's client.
type RenderFunc func(ctx context.Context, scope auth.ClientScope, r Report) (File, error)

// Register makes the worker render reports of type kind with fn (a reconciled Form 8949:
// internal/taxforms). Call it while building the services, before workers start.
func (s *Service) Register(kind string, fn RenderFunc) { s.renderers[kind] = fn }

// ReportedFunc returns the transfers whose disposals in a tax year a broker reported on a Form
// 1099-DA (internal/taxforms: the disposals its reconciliation pairs with a broker row).
type ReportedFunc func(ctx context.Context, scope auth.ClientScope, taxYear int) (map[uuid.UUID]bool, error)

// SetBrokerReported gives exclude1099DA its source; without one, a report excludes nothing.
func (s *Service) SetBrokerReported(fn ReportedFunc) { s.reported = fn }

// Deps are the Service's collaborators.
type Deps struct {
	Pool          *pgxpool.Pool
	Bucket        *blob.Bucket
	Jobs          *jobs.Client
	SigningSecret string
	LinkLifetime  time.Duration // of signed links in e-mails
	PortalURL     string
	PublicURL     string // this server's base URL, for the download URLs of DownloadURL
	Now           func() time.Time
}

// NewService returns a Service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.LinkLifetime == 0 {
		d.LinkLifetime = 7 * 24 * time.Hour
	}
	return &Service{pool: d.Pool, bucket: d.Bucket, jobs: d.Jobs, secret: []byte(d.SigningSecret), linkTTL: d.LinkLifetime, portalURL: d.PortalURL, publicURL: d.PublicURL, now: d.Now, renderers: map[string]RenderFunc{}}
}

// RenderArgs is the river job that renders one report.
type RenderArgs struct {
	ReportID uuid.UUID `json:"report_id"`
}

func (RenderArgs) Kind() string { return jobs.KindReport }

// InsertOpts puts rendering on the report queue.
func (RenderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueReport, MaxAttempts: 5}
}

// Track is the jobs.Tracker of report jobs: it records a river attempt's state on the report's
// row (RenderArgs and TransactionsArgs both name it report_id).
func Track(ctx context.Context, tx pgx.Tx, j jobs.Job, ev jobs.Event) error {
	var a RenderArgs
	if err := json.Unmarshal(j.Args, &a); err != nil {
		return err
	}
	var reason *string
	if ev.Reason != "" {
		reason = &ev.Reason
		if ev.State == jobs.StateRetrying {
			m := fmt.Sprintf("attempt %d of %d failed: %s", ev.Attempt, ev.MaxAttempts, ev.Reason)
			reason = &m
		}
	}
	return db.New(tx).TrackReport(ctx, db.TrackReportParams{ID: a.ReportID, State: ev.State, Attempt: int32(ev.Attempt),
		MaxAttempts: int32(ev.MaxAttempts), NextAttemptAt: ev.NextAttemptAt, Reason: reason})
}

// Create records a report request of the scope's client and queues its rendering (Read keys may
// ask for reports, as they may read the figures; see Export).
func (s *Service) Create(ctx context.Context, scope auth.ClientScope, year int, kind string, email *string) (Report, error) {
	if err := scope.Check(); err != nil {
		return Report{}, err
	}
	clientID := scope.ClientID()
	if !slices.Contains(Types, kind) {
		return Report{}, apperr.InvalidField("reportType", "must be one of %s", strings.Join(Types, ", "))
	}
	if year < 2020 {
		return Report{}, apperr.InvalidField("year", "must be 2020 or later")
	}
	if err := s.checkJurisdiction(ctx, clientID, "reportType", kind); err != nil {
		return Report{}, err
	}
	settings, err := taxsettings.Load(ctx, s.pool, clientID)
	if err != nil {
		return Report{}, err
	}
	if err := settings.CheckYearStarted("year", year, s.now()); err != nil {
		return Report{}, err
	}
	var r db.Report
	err = store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		r, err = db.New(tx).InsertReport(ctx, db.InsertReportParams{ID: uuid.Must(uuid.NewV7()), ClientID: clientID, Year: int32(year), ReportType: kind, Email: email})
		if err != nil {
			return store.Err(err, "report")
		}
		_, err = s.jobs.InsertTx(ctx, tx, RenderArgs{ReportID: r.ID}, nil)
		return err
	})
	return reportOf(r), err
}

// List returns one page of the scope's client's reports of the given types, newest first, and the
// cursor of the next page (nil on the last), sizes filled in (fillSizes).
func (s *Service) List(ctx context.Context, scope auth.ClientScope, types []string, r page.Request) ([]Report, *string, error) {
	if err := scope.Check(); err != nil {
		return nil, nil, err
	}
	clientID := scope.ClientID()
	q := db.New(s.pool)
	p := db.ListReportsPageParams{ClientID: clientID, Types: types, PageLimit: int32(r.Limit + 1)}
	if r.After != nil {
		p.AfterAt, p.AfterID = &r.After.At, &r.After.ID
	}
	rows, err := q.ListReportsPage(ctx, p)
	if err != nil {
		return nil, nil, err
	}
	list, next := page.Next(PageList, clientID, r, rows, func(x db.Report) page.Key { return page.Key{At: x.CreatedAt, ID: x.ID} })
	if err := s.fillSizes(ctx, q, clientID, list); err != nil {
		return nil, nil, err
	}
	return reportsOf(list), next, nil
}

// fillSizes gives a ready report stored before sizes were recorded its size from the bucket, once
// (recorded; at most maxSizeLookups per call).
func (s *Service) fillSizes(ctx context.Context, q *db.Queries, clientID uuid.UUID, list []db.Report) error {
	if s.bucket == nil {
		return nil
	}
	looked := 0
	for i, r := range list {
		if r.Status != "available" || r.SizeBytes != nil || r.BlobKey == nil || looked == maxSizeLookups {
			continue
		}
		looked++
		attrs, err := s.bucket.Attributes(ctx, *r.BlobKey)
		if err != nil {
			continue // a file gone from the bucket has no size; its download says so
		}
		if err := q.SetReportSize(ctx, db.SetReportSizeParams{ClientID: clientID, ID: r.ID, SizeBytes: &attrs.Size}); err != nil {
			return err
		}
		list[i].SizeBytes = &attrs.Size
	}
	return nil
}

// PageList names the report list in its cursors.
const PageList = "reports"

// maxSizeLookups bounds the bucket reads of one List.
const maxSizeLookups = 20

// Get returns one of the scope's client's reports.
func (s *Service) Get(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (Report, error) {
	if err := scope.Check(); err != nil {
		return Report{}, err
	}
	r, err := db.New(s.pool).GetReport(ctx, db.GetReportParams{ClientID: scope.ClientID(), ID: id})
	return reportOf(r), store.Err(err, "report")
}

// Download is an open report file.
type Download struct {
	Filename    string
	ContentType string
	Size        int64
	Body        io.ReadCloser
}

// Open opens the file of one of the scope's client's reports; a report that is not available yet
// is not found.
func (s *Service) Open(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (Download, error) {
	r, err := s.Get(ctx, scope, id)
	if err != nil {
		return Download{}, err
	}
	return s.open(ctx, r)
}

// OpenSigned opens the file of the report a signed download names: the signature, not a scope,
// authorises it (see verifySigned).
func (s *Service) OpenSigned(ctx context.Context, reportID uuid.UUID, expires int64, signature string, referenceID *string) (Download, error) {
	r, err := s.verifySigned(ctx, reportID, expires, signature, referenceID)
	if err != nil {
		return Download{}, err
	}
	return s.open(ctx, r)
}

func (s *Service) open(ctx context.Context, r Report) (Download, error) {
	if r.Status != "available" || r.BlobKey == nil {
		return Download{}, apperr.NotFoundf("report not found")
	}
	rd, err := s.bucket.NewReader(ctx, *r.BlobKey, nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return Download{}, apperr.NotFoundf("report not found")
		}
		return Download{}, err
	}
	return Download{Filename: deref(r.Filename), ContentType: deref(r.ContentType), Size: rd.Size(), Body: rd}, nil
}

// Sign returns the signature of a download of reportID valid until expires (unix seconds):
// hex(HMAC-SHA256(secret, reportID + "." + expires)).
func Sign(secret []byte, reportID uuid.UUID, expires int64) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(reportID.String() + "." + strconv.FormatInt(expires, 10)))
	return hex.EncodeToString(m.Sum(nil))
}

// verifySigned checks a signed download and returns the report it authorises. referenceID, when
// given, must be the report's user (the user-scoped path).
func (s *Service) verifySigned(ctx context.Context, reportID uuid.UUID, expires int64, signature string, referenceID *string) (Report, error) {
	want := Sign(s.secret, reportID, expires)
	if !hmac.Equal([]byte(want), []byte(strings.ToLower(signature))) {
		return Report{}, apperr.New(apperr.Unauthenticated, "the download signature is invalid")
	}
	if s.now().Unix() > expires {
		return Report{}, apperr.New(apperr.Unauthenticated, "the download signature has expired")
	}
	q := db.New(s.pool)
	r, err := q.GetReportByID(ctx, reportID)
	if err != nil {
		return Report{}, store.Err(err, "report")
	}
	if referenceID != nil {
		c, err := q.GetClient(ctx, r.ClientID)
		if err != nil || c.ReferenceID == nil || *c.ReferenceID != *referenceID {
			return Report{}, apperr.NotFoundf("user not found")
		}
	}
	return reportOf(r), nil
}

// SignedLink is the portal address that downloads a report with a signature.
func (s *Service) SignedLink(portalURL string, r Report, referenceID string) string {
	exp := s.now().Add(s.linkTTL).Unix()
	u, err := url.Parse(portalURL)
	if err != nil {
		u = &url.URL{Path: portalURL}
	}
	q := u.Query()
	q.Set("code", referenceID)
	q.Set("report", r.ID.String())
	q.Set("expires", strconv.FormatInt(exp, 10))
	q.Set("signature", Sign(s.secret, r.ID, exp))
	u.RawQuery = q.Encode()
	return u.String()
}

// Store writes a rendered file for report r of the scope's client and marks it available (used by
// the worker and by fixtures).
func (s *Service) Store(ctx context.Context, scope auth.ClientScope, r Report, f File) error {
	if err := scope.CheckWrite(); err != nil {
		return err
	}
	if r.ClientID != scope.ClientID() {
		return apperr.NotFoundf("report not found")
	}
	key := fmt.Sprintf("reports/%s/%s/%s", r.ClientID, r.ID, f.Name)
	if err := s.bucket.WriteAll(ctx, key, f.Body, &blob.WriterOptions{ContentType: f.ContentType}); err != nil {
		return err
	}
	return db.New(s.pool).CompleteReport(ctx, db.CompleteReportParams{ID: r.ID, Filename: &f.Name, ContentType: &f.ContentType, BlobKey: &key,
		SizeBytes: ptr(int64(len(f.Body)))})
}

// Worker renders reports.
type Worker struct {
	river.WorkerDefaults[RenderArgs]
	Service *Service
}

func (w *Worker) Work(ctx context.Context, job *river.Job[RenderArgs]) error {
	s := w.Service
	q := db.New(s.pool)
	row, err := q.StartReport(ctx, job.Args.ReportID)
	r := reportOf(row)
	if err != nil {
		if err == pgx.ErrNoRows {
			// Already available: a retry after the file was stored; make sure it was announced.
			if r, err := q.GetReportByID(ctx, job.Args.ReportID); err == nil && r.Status == "available" {
				return webhooks.ReportIsReady(ctx, s.pool, r)
			}
			return nil
		}
		return err
	}
	var f File
	err = s.consistently(ctx, r.ClientID, func() error {
		var err error
		if fn := s.renderers[r.ReportType]; fn != nil {
			f, err = fn(ctx, auth.JobScope(r.ClientID, "report"), r)
		} else {
			var data Data
			if data, err = s.load(ctx, r); err == nil {
				f, err = Render(r.ReportType, data)
			}
		}
		return err
	})
	if err == nil {
		err = s.Store(ctx, auth.JobWriteScope(r.ClientID, "report"), r, f)
	}
	if err != nil {
		return err // the report's row records the attempt's outcome (track)
	}
	if err := webhooks.ReportIsReady(ctx, s.pool, row); err != nil {
		return err
	}
	if r.Email == nil || *r.Email == "" {
		return nil
	}
	return store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
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
		ref := deref(c.ReferenceID)
		link := s.SignedLink(portal, r, ref)
		_, err = mail.Queue(ctx, tx, river.ClientFromContext[pgx.Tx](ctx), mail.Message{
			PartnerID: c.PartnerID, To: *r.Email, Kind: "report",
			Subject: fmt.Sprintf("Your %d %s report is ready", r.Year, r.ReportType),
			Body:    fmt.Sprintf("Hello,\n\nyour %d %s report is ready. Download it here (the link expires in %s):\n\n%s\n", r.Year, r.ReportType, s.linkTTL, link),
		}, 0, s.now())
		return err
	})
}

// load reads the report's period of the client's current results: a tax year (REST reports and
// TAX_YEAR), a date range or everything, optionally only some accounts' transfers (disposals out of
// them, income into them, transfers touching them). exclude_1099da leaves out the disposals a
// Form 1099-DA reports (SetBrokerReported). It records the result set it read.
func (s *Service) load(ctx context.Context, r Report) (Data, error) {
	q := db.New(s.pool)
	c, err := q.GetClient(ctx, r.ClientID)
	if err != nil {
		return Data{}, err
	}
	settings, err := taxsettings.Load(ctx, s.pool, r.ClientID)
	if err != nil {
		return Data{}, err
	}
	loc := settings.Location()
	d := Data{ReferenceID: deref(c.ReferenceID), Name: deref(TaxpayerName(c)), Year: int(r.Year), Currency: c.Currency, Jurisdiction: settings.Jurisdiction().String(), Location: loc}
	var taxYear *int32
	var from, to *time.Time
	switch r.DateQueryType {
	case PeriodDateRange:
		from, to = r.StartAt, r.EndAt
		if to != nil {
			d.Year = to.Add(-time.Nanosecond).In(loc).Year()
			d.Period = from.In(loc).Format(time.DateOnly) + " to " + to.In(loc).Format(time.DateOnly)
		}
	case PeriodAllTime:
		d.Year, d.Period = s.now().In(loc).Year(), "all time"
	default:
		taxYear = &r.Year
	}
	var accounts []uuid.UUID
	if len(r.AccountIds) > 0 {
		accounts = r.AccountIds
	}
	rs, err := q.GetClientResultSet(ctx, r.ClientID)
	if err != nil {
		return Data{}, err
	}
	if rs.CurrentResultSetID != nil {
		set := *rs.CurrentResultSetID
		ds, err := q.ListReportDisposals(ctx, db.ListReportDisposalsParams{ResultSetID: set, ClientID: r.ClientID, TaxYear: taxYear, FromAt: from, ToAt: to, AccountIds: accounts})
		if err != nil {
			return Data{}, err
		}
		reported := map[int32]map[uuid.UUID]bool{} // tax year -> transfers a 1099-DA reported
		for _, x := range ds {
			if r.FormBox != nil && x.FormBox != *r.FormBox {
				continue
			}
			if r.Exclude1099da && s.reported != nil {
				byYear, ok := reported[x.TaxYear]
				if !ok {
					if byYear, err = s.reported(ctx, auth.JobScope(r.ClientID, "report"), int(x.TaxYear)); err != nil {
						return Data{}, err
					}
					reported[x.TaxYear] = byYear
				}
				if byYear[x.TransferID] {
					continue
				}
			}
			d.Disposals = append(d.Disposals, db.ListYearDisposalsRow(x))
		}
		is, err := q.ListReportIncome(ctx, db.ListReportIncomeParams{ResultSetID: set, ClientID: r.ClientID, TaxYear: taxYear, FromAt: from, ToAt: to, AccountIds: accounts})
		if err != nil {
			return Data{}, err
		}
		for _, x := range is {
			d.Income = append(d.Income, db.ListYearIncomeRow(x))
		}
		if r.ReportType == TypeHoldingsCSV {
			at := s.now()
			if to != nil {
				at = *to
			} else if taxYear != nil {
				at = settings.TaxYearStart(int(*taxYear) + 1)
			}
			if d.Holdings, err = q.ListReportHoldings(ctx, db.ListReportHoldingsParams{ResultSetID: set, ClientID: r.ClientID, At: at,
				IncludePositions: r.IncludeDefiPositions}); err != nil {
				return Data{}, err
			}
			if len(d.Holdings) > 100000 {
				return Data{}, fmt.Errorf("more than 100000 lots held")
			}
		}
		if taxYear != nil {
			sum, err := q.GetYearSummary(ctx, db.GetYearSummaryParams{ResultSetID: set, TaxYear: *taxYear})
			switch {
			case err == nil:
				d.Summary = &sum
			case !errors.Is(err, pgx.ErrNoRows):
				return Data{}, err
			}
		}
		if err := q.SetReportResultSet(ctx, db.SetReportResultSetParams{ID: r.ID, ResultSetID: &set}); err != nil {
			return Data{}, err
		}
	}
	if r.ReportType == TypeTransactionHistory {
		start, end := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
		switch {
		case from != nil && to != nil:
			start, end = *from, *to
		case taxYear != nil:
			start, end = settings.TaxYearStart(int(*taxYear)), settings.TaxYearStart(int(*taxYear)+1)
		}
		if d.Transactions, err = history(ctx, s.pool, r.ClientID, start, end, accounts); err != nil {
			return Data{}, err
		}
	}
	return d, nil
}

func ptr[T any](v T) *T { return &v }

// TaxpayerName is the client's name when it names the taxpayer: a user created without one is
// named by its referenceId, which is not a name to print on a tax form (nil then).
func TaxpayerName(c db.Client) *string {
	if c.Name == "" || (c.ReferenceID != nil && c.Name == *c.ReferenceID) {
		return nil
	}
	name := c.Name
	return &name
}
