package graph

// Resolvers of spec/graphql/tax.graphqls (the operations not built yet are in pending.go).

import (
	"context"
	"strconv"
	"strings"

	"taxd/gen/db"
	"taxd/gen/graph/model"
	"taxd/internal/recalc"
	"taxd/internal/reports"
)

func (r *queryResolver) CountDirty(ctx context.Context, clientID string) (int, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return 0, err
	}
	n, err := r.Recalc.CountDirty(ctx, scope)
	return int(n), err
}

func (r *queryResolver) GetActiveRecalculateJob(ctx context.Context, clientID string) (*model.ActiveRecalculateJob, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	j, err := r.Recalc.Active(ctx, scope)
	if err != nil || j == nil {
		return nil, err
	}
	return &model.ActiveRecalculateJob{
		ID: j.ID.String(), ClientID: j.ClientID.String(), Status: model.RecalculateJobStatusEnum(strings.ToUpper(j.Status)),
		Progress: int(j.Progress), StartedAt: j.StartedAt, CreatedAt: j.CreatedAt, Attempt: j.Attempt,
	}, nil
}

func (r *mutationResolver) RerunGraph(ctx context.Context, clientID string, doNotReplay *bool, skipPlugins *bool, useSpeedup *bool) (string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return "", err
	}
	j, err := r.Recalc.Request(ctx, scope, recalc.Options{
		UseSpeedup: isTrue(useSpeedup), DoNotReplay: isTrue(doNotReplay), SkipPlugins: isTrue(skipPlugins),
	})
	if err != nil {
		return "", err
	}
	return j.ID.String(), nil
}

func isTrue(b *bool) bool { return b != nil && *b }

// reportTypes maps stored report types to ReportExportTypeEnum.
var reportTypes = map[string]model.ReportExportTypeEnum{
	reports.TypeTaxForms:           model.ReportExportTypeEnumTaxForms,
	reports.TypeCapitalGainsCSV:    model.ReportExportTypeEnumCapitalGainsCSV,
	reports.TypeIncomeCSV:          model.ReportExportTypeEnumIncomeCSV,
	reports.TypeTransactionHistory: model.ReportExportTypeEnumTransactionHistoryCSV,
	reports.TypeTurboTaxCSV:        model.ReportExportTypeEnumTurbotaxCSV,
}

func reportOut(r db.Report, stale bool) *model.Report {
	status := map[string]model.ReportStatusEnum{"queued": model.ReportStatusEnumQueued, "generating": model.ReportStatusEnumGenerating,
		"available": model.ReportStatusEnumReady, "failed": model.ReportStatusEnumFailed}[r.Status]
	year := strconv.Itoa(int(r.Year))
	return &model.Report{
		ID: r.ID.String(), ClientID: r.ClientID.String(), Type: reportTypes[r.ReportType], Status: status,
		DateQueryType: model.ReportDateQueryTypeTaxYear, Year: &year, FileName: r.Filename, ContentType: r.ContentType,
		Language: "en", IsStale: stale, Error: r.Error, CreatedAt: r.CreatedAt, CompletedAt: r.CompletedAt,
	}
}
