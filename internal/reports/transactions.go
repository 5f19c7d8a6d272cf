package reports

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"gocloud.dev/blob"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/store"
)

// TransactionsArgs is the river job that writes a transaction-history CSV for a filter.
type TransactionsArgs struct {
	ReportID uuid.UUID       `json:"report_id"`
	Filter   ledger.TxFilter `json:"filter"`
	Page     *ledger.TxPage  `json:"page,omitempty"` // only this page; nil: every match
}

func (TransactionsArgs) Kind() string { return KindTransactions }

// KindTransactions is the job kind of transaction-history exports.
const KindTransactions = jobs.KindTransactions

// InsertOpts puts the export on the report queue, as every report.
func (TransactionsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueReport, MaxAttempts: 5}
}

// ExportTransactions records a TRANSACTION_HISTORY_CSV report of the transactions matching f and
// queues the job that writes it.
func (s *Service) ExportTransactions(ctx context.Context, scope auth.ClientScope, f ledger.TxFilter, page *ledger.TxPage) (Report, error) {
	if err := scope.Check(); err != nil {
		return Report{}, err
	}
	year := s.now().UTC().Year()
	if f.StartDate != nil {
		year = f.StartDate.Year()
	}
	var r db.Report
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		r, err = db.New(tx).InsertReport(ctx, db.InsertReportParams{ID: uuid.Must(uuid.NewV7()), ClientID: scope.ClientID(), Year: int32(year), ReportType: TypeTransactionHistory})
		if err != nil {
			return store.Err(err, "report")
		}
		_, err = s.jobs.InsertTx(ctx, tx, TransactionsArgs{ReportID: r.ID, Filter: f, Page: page}, nil)
		return err
	})
	return reportOf(r), err
}

// TransactionsWorker writes transaction-history exports, streaming rows from the ledger into the
// bucket (bounded memory at any ledger size).
type TransactionsWorker struct {
	river.WorkerDefaults[TransactionsArgs]
	Service *Service
	Ledger  *ledger.Ledger
}

var historyHeader = []string{"transaction_id", "date", "label", "hash", "transfer_id", "asset_id", "quantity",
	"from_account_id", "to_account_id", "from_address", "to_address", "fiat_value", "is_fee", "tx_gain", "tx_income"}

func (w *TransactionsWorker) Work(ctx context.Context, job *river.Job[TransactionsArgs]) error {
	s := w.Service
	q := db.New(s.pool)
	r, err := q.StartReport(ctx, job.Args.ReportID)
	if err != nil {
		if err == pgx.ErrNoRows {
			return nil // already available
		}
		return err
	}
	name := fmt.Sprintf("transactions-%s.csv", r.CreatedAt.UTC().Format("2006-01-02"))
	key := fmt.Sprintf("reports/%s/%s/%s", r.ClientID, r.ID, name)
	var size countingWriter
	err = s.consistently(ctx, r.ClientID, func() error {
		bw, err := s.bucket.NewWriter(ctx, key, &blob.WriterOptions{ContentType: "text/csv"})
		if err != nil {
			return err
		}
		size.w = bw
		cw := newCSVWriter(&size)
		werr := cw.Write(historyHeader)
		if werr == nil {
			werr = w.Ledger.Export(ctx, auth.JobScope(r.ClientID, "report"), job.Args.Filter, job.Args.Page,
				func(rows []ledger.TxRow, trs map[uuid.UUID][]ledger.Transfer) error {
					for _, t := range rows {
						gain, income := "", ""
						if t.Result != nil {
							gain, income = t.Result.Gain.String(), t.Result.Income.String()
						}
						for _, tr := range trs[t.ID] {
							if err := cw.Write([]string{t.ID.String(), t.OccurredAt.UTC().Format(time.RFC3339), deref(ledger.LegLabel(t.Label, tr.Label)), deref(t.TxnHash),
								tr.ID.String(), tr.AssetID.String(), tr.Quantity.String(), idString(tr.FromAccountID), idString(tr.ToAccountID),
								deref(tr.FromAddress), deref(tr.ToAddress), nullDec(tr.FiatValue.Valid, tr.FiatValue.Decimal.String()),
								fmt.Sprint(tr.IsFee), gain, income}); err != nil {
								return err
							}
						}
					}
					cw.Flush()
					return cw.Error()
				})
		}
		if werr != nil {
			_ = bw.Close() // the partial object is discarded below by not completing the report
			return werr
		}
		return bw.Close()
	})
	if err != nil {
		return err // the report's row records the attempt's outcome (track)
	}
	ct := "text/csv"
	return q.CompleteReport(ctx, db.CompleteReportParams{ID: r.ID, Filename: &name, ContentType: &ct, BlobKey: &key, SizeBytes: &size.n})
}

// countingWriter counts the bytes written through it (the size of a streamed report).
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

func idString(id *uuid.UUID) string {
	if id == nil {
		return ""
	}
	return id.String()
}

func nullDec(valid bool, s string) string {
	if !valid {
		return ""
	}
	return s
}
