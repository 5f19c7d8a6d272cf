package taxfigures

import (
	"context"
	"errors"
	"time"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/tax"
)

// TaxEstimate is an estimate of one tax year's tax from its settled figures under the rate
// schedule of its rules (tax.Rules.Rates).
type TaxEstimate struct {
	Figures  Year
	Schedule *tax.RateSchedule
	tax.Estimate
}

// Estimate estimates the tax of year y at the brackets named bracket and longBracket ("" picks the
// schedule's default). It is false, with no error, when there are no results yet or the rules of
// the results have no rates for the year: an estimate is never guessed. A bracket the year does not
// offer is an invalid field.
func (s *Service) Estimate(ctx context.Context, scope auth.ClientScope, y int, bracket, longBracket string) (TaxEstimate, bool, error) {
	f, err := s.Year(ctx, scope, y)
	if err != nil || !f.Computed {
		return TaxEstimate{}, false, err
	}
	rules := f.Jurisdiction.Rules()
	sched, ok := rules.RatesIn(y)
	if !ok {
		return TaxEstimate{}, false, nil
	}
	in := tax.YearFigures{ShortGain: f.ShortGain, LongGain: f.LongGain, Gains: f.Gains, Losses: f.Losses, Income: f.Income}
	if change := sched.Brackets[0].Change; change != nil {
		st, err := s.state(ctx, scope)
		if err != nil {
			return TaxEstimate{}, false, err
		}
		if st.CurrentResultSetID != nil {
			// the day of the change in the zone whose days count for the year
			from := time.Date(change.From.Year(), change.From.Month(), change.From.Day(), 0, 0, 0, 0, f.Start.Location())
			if in.GainsFrom, err = db.New(s.pool).SumYearDisposalGainsFrom(ctx, db.SumYearDisposalGainsFromParams{
				ResultSetID: *st.CurrentResultSetID, TaxYear: int32(y), Since: from, Zone: from.Location().String()}); err != nil {
				return TaxEstimate{}, false, err
			}
		}
	}
	e, err := rules.EstimateTax(sched, in, bracket, longBracket)
	var unknown tax.ErrUnknownBracket
	if errors.As(err, &unknown) {
		return TaxEstimate{}, false, apperr.InvalidField(unknown.Field, "is not a bracket of this tax year: %s", unknown.Key)
	}
	if err != nil {
		return TaxEstimate{}, false, err
	}
	return TaxEstimate{Figures: f, Schedule: sched, Estimate: e}, true, nil
}
