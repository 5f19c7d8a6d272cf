package rest

import (
	"context"

	api "taxd/gen/rest"
	"taxd/internal/apperr"
)

func (h *Handler) Crunch(ctx context.Context, req api.CrunchRequestObject) (api.CrunchResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /crunch")
}


func (h *Handler) DownloadReportSignedBase64(ctx context.Context, req api.DownloadReportSignedBase64RequestObject) (api.DownloadReportSignedBase64ResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /reports/{reportId}/download")
}

func (h *Handler) ListAccountSyncs(ctx context.Context, req api.ListAccountSyncsRequestObject) (api.ListAccountSyncsResponseObject, error) {
	return nil, apperr.NotImplementedOp("GET /users/{referenceId}/account_syncs")
}

func (h *Handler) CreateAccountSyncs(ctx context.Context, req api.CreateAccountSyncsRequestObject) (api.CreateAccountSyncsResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /users/{referenceId}/account_syncs")
}

func (h *Handler) GetAccountSync(ctx context.Context, req api.GetAccountSyncRequestObject) (api.GetAccountSyncResponseObject, error) {
	return nil, apperr.NotImplementedOp("GET /users/{referenceId}/account_syncs/{syncId}")
}

func (h *Handler) ListAccounts(ctx context.Context, req api.ListAccountsRequestObject) (api.ListAccountsResponseObject, error) {
	return nil, apperr.NotImplementedOp("GET /users/{referenceId}/accounts")
}

func (h *Handler) CreateAccounts(ctx context.Context, req api.CreateAccountsRequestObject) (api.CreateAccountsResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /users/{referenceId}/accounts")
}

func (h *Handler) GetActiveRecalculateJob(ctx context.Context, req api.GetActiveRecalculateJobRequestObject) (api.GetActiveRecalculateJobResponseObject, error) {
	return nil, apperr.NotImplementedOp("GET /users/{referenceId}/active-recalculate-job")
}

func (h *Handler) GetTaxPreview(ctx context.Context, req api.GetTaxPreviewRequestObject) (api.GetTaxPreviewResponseObject, error) {
	return nil, apperr.NotImplementedOp("GET /users/{referenceId}/preview")
}

func (h *Handler) RefreshTaxes(ctx context.Context, req api.RefreshTaxesRequestObject) (api.RefreshTaxesResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /users/{referenceId}/refresh")
}

func (h *Handler) ListReports(ctx context.Context, req api.ListReportsRequestObject) (api.ListReportsResponseObject, error) {
	return nil, apperr.NotImplementedOp("GET /users/{referenceId}/reports")
}

func (h *Handler) CreateReport(ctx context.Context, req api.CreateReportRequestObject) (api.CreateReportResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /users/{referenceId}/reports")
}

func (h *Handler) DownloadReport(ctx context.Context, req api.DownloadReportRequestObject) (api.DownloadReportResponseObject, error) {
	return nil, apperr.NotImplementedOp("GET /users/{referenceId}/reports/{reportId}/download")
}

func (h *Handler) DownloadReportSigned(ctx context.Context, req api.DownloadReportSignedRequestObject) (api.DownloadReportSignedResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /users/{referenceId}/reports/{reportId}/download")
}
