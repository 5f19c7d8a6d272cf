package rest

import (
	"context"

	"github.com/shopspring/decimal"

	api "taxd/gen/rest"
	"taxd/internal/jobs"
	"taxd/internal/money"
	"taxd/internal/recalc"
	"taxd/internal/tax"
)

func (h *Handler) GetTaxPreview(ctx context.Context, req api.GetTaxPreviewRequestObject) (api.GetTaxPreviewResponseObject, error) {
	c, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	p, err := h.recalc.Preview(ctx, c, req.Params.Year, h.now())
	if err != nil {
		return nil, err
	}
	st, lt, inc, fut := money.Cents(p.ShortTerm), money.Cents(p.LongTerm), money.Cents(p.Income), money.Cents(p.Futures)
	out := api.GetTaxPreview200JSONResponse{Type: api.Success, Message: "Tax preview retrieved", Data: api.TaxPreview{
		Year: p.Year, Currency: p.Currency,
		ShortTermGainsCents: st, ShortTermGainsFormatted: money.FormatIn(st, p.Currency),
		LongTermGainsCents: lt, LongTermGainsFormatted: money.FormatIn(lt, p.Currency),
		CapitalGainsCents: st + lt, CapitalGainsFormatted: money.FormatIn(st+lt, p.Currency),
		IncomeCents: inc, IncomeFormatted: money.FormatIn(inc, p.Currency),
		FuturesCents: fut, FuturesFormatted: money.FormatIn(fut, p.Currency),
		TransactionCount: p.TransactionCount, IsStale: p.IsStale, CalculatedAt: utc(p.CalculatedAt),
		Jurisdiction: api.TaxPreviewJurisdiction(p.Jurisdiction.String()), TaxYearLabel: p.Jurisdiction.Rules().TaxYearLabel(p.Year),
	}}
	if rules := p.Jurisdiction.Rules(); rules.Matcher.Pooled() || rules.TaxableGain() {
		g, l := money.Cents(p.Gains), money.Cents(p.Losses)
		out.Data.GainsCents, out.Data.LossesCents = &g, &l
		if rules.SuperficialLosses {
			d := money.Cents(p.Denied)
			out.Data.DeniedLossesCents = &d
		}
		if th, ok := tax.ThresholdIn(rules.GainThresholds, p.Year); ok {
			out.Data.GainThresholdCents = centsOf(th.Decimal())
		}
		t := p.Taxable
		for _, x := range []struct {
			v   decimal.NullDecimal
			out **int64
		}{{t.TaxableGain, &out.Data.TaxableGainCents}, {t.TaxableIncome, &out.Data.TaxableIncomeCents}, {t.Discount, &out.Data.DiscountCents},
			{t.LossesBroughtForward, &out.Data.LossesBroughtForwardCents}, {t.LossesCarriedForward, &out.Data.LossesCarriedForwardCents}} {
			if x.v.Valid {
				*x.out = centsOf(x.v.Decimal)
			}
		}
	}
	return out, nil
}

func centsOf(d decimal.Decimal) *int64 { c := money.Cents(d); return &c }

func (h *Handler) RefreshTaxes(ctx context.Context, req api.RefreshTaxesRequestObject) (api.RefreshTaxesResponseObject, error) {
	c, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	j, err := h.recalc.Request(ctx, c, recalc.Options{})
	if err != nil {
		return nil, err
	}
	return api.RefreshTaxes200JSONResponse{Type: api.Success, Message: "Recalculation started", Data: jobOut(j)}, nil
}

func (h *Handler) GetActiveRecalculateJob(ctx context.Context, req api.GetActiveRecalculateJobRequestObject) (api.GetActiveRecalculateJobResponseObject, error) {
	c, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	j, err := h.recalc.Active(ctx, c)
	if err != nil {
		return nil, err
	}
	if j == nil {
		return api.GetActiveRecalculateJob200JSONResponse{Type: api.Success, Message: "No active recalculation job"}, nil
	}
	out := jobOut(j.Job)
	out.Attempt = &j.Attempt
	if j.State == jobs.StateRetrying { // waiting for its next attempt: queued, with when and why
		out.Status, out.NextAttemptAt = api.RecalculateJobStatus(jobs.StateQueued), utc(j.NextAttemptAt)
	}
	if j.Reason != "" && (j.State == jobs.StateRetrying || j.Attempt > 1) {
		out.LastError = &j.Reason
	}
	return api.GetActiveRecalculateJob200JSONResponse{Type: api.Success, Message: "Recalculation in progress", Data: &out}, nil
}

func (h *Handler) GetRecalculation(ctx context.Context, req api.GetRecalculationRequestObject) (api.GetRecalculationResponseObject, error) {
	c, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	j, err := h.recalc.Get(ctx, c, req.JobId)
	if err != nil {
		return nil, err
	}
	out := api.Recalculation{Id: j.ID, Status: api.RecalculationStatus(j.Status), Progress: int(j.Progress), CreatedAt: j.CreatedAt.UTC(),
		StartedAt: utc(j.StartedAt), FinishedAt: utc(j.FinishedAt), Attempt: int(j.Attempt), MaxAttempts: int(j.MaxAttempts),
		NextAttemptAt: utc(j.NextAttemptAt), Error: j.Error}
	return api.GetRecalculation200JSONResponse{Type: api.Success, Message: "Recalculation retrieved", Data: out}, nil
}

func jobOut(j recalc.Job) api.RecalculateJob {
	maxAttempts := int(j.MaxAttempts)
	return api.RecalculateJob{Id: j.ID, Status: api.RecalculateJobStatus(j.Status), Progress: int(j.Progress),
		StartedAt: utc(j.StartedAt), CreatedAt: j.CreatedAt.UTC(), MaxAttempts: &maxAttempts}
}
