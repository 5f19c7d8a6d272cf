package rest

import (
	"context"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"taxd/gen/db"
	api "taxd/gen/rest"
	"taxd/internal/recalc"
)

func (h *Handler) GetTaxPreview(ctx context.Context, req api.GetTaxPreviewRequestObject) (api.GetTaxPreviewResponseObject, error) {
	c, err := h.user(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	p, err := recalc.GetPreview(ctx, db.New(h.pool), c, req.Params.Year, h.now())
	if err != nil {
		return nil, err
	}
	st, lt, inc, fut := cents(p.ShortTerm), cents(p.LongTerm), cents(p.Income), cents(p.Futures)
	return api.GetTaxPreview200JSONResponse{Type: api.Success, Message: "Tax preview retrieved", Data: api.TaxPreview{
		Year: p.Year, Currency: p.Currency,
		ShortTermGainsCents: st, ShortTermGainsFormatted: formatCents(st),
		LongTermGainsCents: lt, LongTermGainsFormatted: formatCents(lt),
		CapitalGainsCents: st + lt, CapitalGainsFormatted: formatCents(st + lt),
		IncomeCents: inc, IncomeFormatted: formatCents(inc),
		FuturesCents: fut, FuturesFormatted: formatCents(fut),
		TransactionCount: p.TransactionCount, IsStale: p.IsStale, CalculatedAt: utc(p.CalculatedAt),
	}}, nil
}

func (h *Handler) RefreshTaxes(ctx context.Context, req api.RefreshTaxesRequestObject) (api.RefreshTaxesResponseObject, error) {
	c, err := h.user(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	j, err := recalc.Request(ctx, h.pool, h.jobs, c.ID)
	if err != nil {
		return nil, err
	}
	return api.RefreshTaxes200JSONResponse{Type: api.Success, Message: "Recalculation started", Data: jobOut(j)}, nil
}

func (h *Handler) GetActiveRecalculateJob(ctx context.Context, req api.GetActiveRecalculateJobRequestObject) (api.GetActiveRecalculateJobResponseObject, error) {
	c, err := h.user(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	j, err := recalc.Active(ctx, h.pool, c.ID)
	if err != nil {
		return nil, err
	}
	if j == nil {
		return api.GetActiveRecalculateJob200JSONResponse{Type: api.Success, Message: "No active recalculation job"}, nil
	}
	out := jobOut(*j)
	return api.GetActiveRecalculateJob200JSONResponse{Type: api.Success, Message: "Recalculation in progress", Data: &out}, nil
}

func jobOut(j db.RecalcJob) api.RecalculateJob {
	return api.RecalculateJob{Id: j.ID, Status: api.RecalculateJobStatus(j.Status), Progress: int(j.Progress),
		StartedAt: utc(j.StartedAt), CreatedAt: j.CreatedAt.UTC()}
}

// cents converts dollars to integer cents, rounding half away from zero (as tax forms round).
func cents(d decimal.Decimal) int64 { return d.Shift(2).Round(0).IntPart() }

// formatCents renders cents as "$1,234.56" ("-$1,234.56" for a loss).
func formatCents(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	whole := fmt.Sprint(c / 100)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("%s$%s.%02d", sign, b.String(), c%100)
}
