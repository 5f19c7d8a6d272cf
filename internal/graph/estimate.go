package graph

import (
	"context"

	"taxd/gen/graph/model"
	"taxd/internal/tax"
	"taxd/internal/taxfigures"
)

// GetTaxEstimate is Query.getTaxEstimate: taxfigures.Service.Estimate, null where the rates of the
// year are not known.
func (r *queryResolver) GetTaxEstimate(ctx context.Context, clientID string, year string, bracket *string, longTermBracket *string) (*model.TaxEstimate, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	y, err := taxfigures.ParseYear("year", year)
	if err != nil {
		return nil, err
	}
	deref := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	e, ok, err := r.TaxFigures.Estimate(ctx, scope, y, deref(bracket), deref(longTermBracket))
	if err != nil || !ok {
		return nil, err
	}
	out := &model.TaxEstimate{
		Year: year, TaxYearLabel: e.Figures.Label(), Currency: model.CurrencyCodeEnum(e.Figures.Currency), IsStale: e.Figures.IsStale,
		Bracket: bracketOut(*e.Bracket), Brackets: bracketsOut(e.Schedule.Brackets), LongTermBrackets: bracketsOut(e.Schedule.LongBrackets),
		NetGainCents: cents(e.NetGain), AllowanceAppliedCents: cents(e.AllowanceApplied), AllowanceCents: cents(e.Schedule.AnnualExempt),
		TaxableGainCents: cents(e.TaxableGain), IncomeCents: cents(e.Income), Parts: []model.TaxEstimatePart{}, Assumptions: e.Assumptions,
	}
	if e.LongBracket != nil {
		out.LongTermBracket = bracketOut(*e.LongBracket)
	}
	for _, p := range e.Parts {
		part := model.TaxEstimatePart{What: p.What, AmountCents: cents(p.Amount), Percent: p.Percent.String(), TaxCents: cents(p.Tax)}
		out.Parts = append(out.Parts, part)
		out.TaxCents += part.TaxCents // the total of the parts as printed
	}
	return out, nil
}

func bracketOut(b tax.Bracket) *model.TaxBracket {
	out := &model.TaxBracket{Key: b.Key, Name: b.Name, GainPercent: b.GainPercent.String(), IncomePercent: b.IncomePercent.String()}
	if b.Change != nil {
		day, rate := b.Change.From.Format("2006-01-02"), b.Change.GainPercent.String()
		out.ChangesOn, out.ChangedGainPercent = &day, &rate
	}
	return out
}

func bracketsOut(bs []tax.Bracket) []model.TaxBracket {
	out := make([]model.TaxBracket, 0, len(bs))
	for _, b := range bs {
		out = append(out, *bracketOut(b))
	}
	return out
}
