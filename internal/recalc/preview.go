package recalc

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/tax"
	"taxd/internal/taxsettings"
)

// Preview is one tax year of a client's stored results.
type Preview struct {
	Year                                 int
	Currency                             string
	ShortTerm, LongTerm, Income, Futures decimal.Decimal
	TransactionCount                     int
	IsStale                              bool // the ledger changed since these results
	CalculatedAt                         *time.Time
	// Jurisdiction is the rule set of the results (US before any); under GB and CA, Gains and
	// Losses count each disposal once and Denied is CA's superficial losses.
	Jurisdiction          tax.Jurisdiction
	Gains, Losses, Denied decimal.Decimal
	// Taxable are the year's taxable figures where the rules have them (tax.YearSummary).
	Taxable TaxableFigures
}

// TaxableFigures are a year's taxable figures as stored (tax.YearSummary's fields of the same
// names); a figure the rules do not have is not Valid.
type TaxableFigures struct {
	TaxableGain, TaxableIncome, DiscountGains, LossesBroughtForward, LossesCarriedForward, Discount decimal.NullDecimal
}

// GetPreview reads the stored results for year (nil: the latest year with results, else the
// current year). Results never computed read as zeros with CalculatedAt nil.
func GetPreview(ctx context.Context, q *db.Queries, client db.Client, year *int, now time.Time) (Preview, error) {
	p := Preview{Currency: client.Currency}
	settings, err := taxsettings.Parse(client.CostBasisAlgorithm, client.PerWalletFrom, client.Timezone, client.FiscalYearStart, client.Country, client.LockTaxesUntil, client.Settings)
	if err != nil {
		return p, err
	}
	if year != nil {
		if err := settings.CheckYearStarted("year", *year, now); err != nil {
			return p, err
		}
	}
	rs, err := q.GetClientResultSet(ctx, client.ID)
	if err != nil {
		return p, err
	}
	if p.IsStale, err = q.IsDirty(ctx, client.ID); err != nil {
		return p, err
	}
	if year != nil {
		p.Year = *year
	}
	if rs.CurrentResultSetID == nil {
		if p.Year == 0 {
			p.Year = settings.TaxYearOf(now)
		}
		return p, nil
	}
	t := rs.CalculatedAt.UTC()
	p.CalculatedAt = &t
	if p.Jurisdiction, err = tax.ParseJurisdiction(rs.Jurisdiction); err != nil {
		return p, err
	}
	if p.Year == 0 {
		latest, err := q.LatestSummaryYear(ctx, *rs.CurrentResultSetID)
		if err != nil {
			return p, err
		}
		p.Year = int(latest)
		if p.Year == 0 {
			p.Year = settings.TaxYearOf(now)
		}
	}
	s, err := q.GetYearSummary(ctx, db.GetYearSummaryParams{ResultSetID: *rs.CurrentResultSetID, TaxYear: int32(p.Year)})
	if errors.Is(err, pgx.ErrNoRows) {
		return p, nil
	}
	if err != nil {
		return p, err
	}
	lines, err := q.SumYearDisposalLines(ctx, db.SumYearDisposalLinesParams{ResultSetID: *rs.CurrentResultSetID, TaxYear: int32(p.Year)})
	if err != nil {
		return p, err
	}
	// the gains as the reports print them: the sums of their lines in cents (money.Line)
	p.ShortTerm, p.LongTerm, p.Income, p.Futures = lines.ShortTermGain, lines.LongTermGain, s.Income, s.Futures
	p.Gains, p.Losses, p.Denied = s.Gains.Decimal, s.Losses.Decimal, s.DeniedLosses.Decimal
	p.Taxable = TaxableFigures{TaxableGain: s.TaxableGain, TaxableIncome: s.TaxableIncome, DiscountGains: s.DiscountGains,
		LossesBroughtForward: s.LossesBroughtForward, LossesCarriedForward: s.LossesCarriedForward, Discount: s.Discount}
	p.TransactionCount = int(s.TransactionCount)
	return p, nil
}
