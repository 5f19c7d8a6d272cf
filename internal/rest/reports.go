package rest

import (
	"context"
	"io"
	"mime"
	"slices"

	"github.com/google/uuid"

	api "taxd/gen/rest"
	"taxd/internal/apperr"
	"taxd/internal/page"
	"taxd/internal/reports"
)

func (h *Handler) ListReports(ctx context.Context, req api.ListReportsRequestObject) (api.ListReportsResponseObject, error) {
	scope, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	pr, err := page.Parse(reports.PageList, scope.ClientID(), req.Params.Limit, req.Params.Cursor, 100)
	if err != nil {
		return nil, err
	}
	// Reports of the types this API names: a GraphQL export of the same client (a PDF form, say)
	// has no ReportType value here.
	rs, next, err := h.reports.List(ctx, scope, reports.Types, pr)
	if err != nil {
		return nil, err
	}
	out := make([]api.Report, len(rs))
	for i, r := range rs {
		out[i] = reportOut(r)
	}
	return api.ListReports200JSONResponse{Type: api.Success, Message: "Reports retrieved", Data: api.ReportList{Reports: out}, NextCursor: next}, nil
}

func (h *Handler) CreateReport(ctx context.Context, req api.CreateReportRequestObject) (api.CreateReportResponseObject, error) {
	scope, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	r, err := h.reports.Create(ctx, scope, req.Body.Year, string(req.Body.ReportType), (*string)(req.Body.Email))
	if err != nil {
		return nil, err
	}
	return api.CreateReport201JSONResponse{Type: api.Success, Message: "Report generation accepted", Data: reportOut(r)}, nil
}

func (h *Handler) GetReport(ctx context.Context, req api.GetReportRequestObject) (api.GetReportResponseObject, error) {
	scope, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	r, err := h.reports.Get(ctx, scope, req.ReportId)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(reports.Types, r.ReportType) {
		// A GraphQL export of the same client (a PDF form, say) has no ReportType value here: the
		// list leaves it out, and so does this.
		return nil, apperr.NotFoundf("report not found")
	}
	return api.GetReport200JSONResponse{Type: api.Success, Message: "Report retrieved", Data: reportOut(r)}, nil
}

func (h *Handler) DownloadReport(ctx context.Context, req api.DownloadReportRequestObject) (api.DownloadReportResponseObject, error) {
	scope, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	f, err := h.reports.Open(ctx, scope, req.ReportId)
	if err != nil {
		return nil, err
	}
	return api.DownloadReport200ApplicationoctetStreamResponse{Body: f.Body, ContentLength: f.Size,
		Headers: api.DownloadReport200ResponseHeaders{ContentDisposition: attachment(f.Filename)}}, nil
}

func (h *Handler) DownloadReportSigned(ctx context.Context, req api.DownloadReportSignedRequestObject) (api.DownloadReportSignedResponseObject, error) {
	ref := req.ReferenceId
	f, err := h.signedDownload(ctx, req.ReportId, req.Body, &ref)
	if err != nil {
		return nil, err
	}
	return api.DownloadReportSigned200ApplicationoctetStreamResponse{Body: f.Body, ContentLength: f.Size,
		Headers: api.DownloadReportSigned200ResponseHeaders{ContentDisposition: attachment(f.Filename)}}, nil
}

func (h *Handler) DownloadReportSignedBase64(ctx context.Context, req api.DownloadReportSignedBase64RequestObject) (api.DownloadReportSignedBase64ResponseObject, error) {
	f, err := h.signedDownload(ctx, req.ReportId, req.Body, nil)
	if err != nil {
		return nil, err
	}
	defer f.Body.Close()
	data, err := io.ReadAll(f.Body)
	if err != nil {
		return nil, err
	}
	return api.DownloadReportSignedBase64200JSONResponse{Type: api.Success, Message: "Report file retrieved", Data: api.ReportFile{
		Filename: f.Filename, ContentType: f.ContentType, Data: data,
	}}, nil
}

func (h *Handler) signedDownload(ctx context.Context, id uuid.UUID, body *api.SignedDownloadRequest, ref *string) (reports.Download, error) {
	return h.reports.OpenSigned(ctx, id, body.Expires, body.Signature, ref)
}

func attachment(name string) string {
	return mime.FormatMediaType("attachment", map[string]string{"filename": name})
}

func reportOut(r reports.Report) api.Report {
	return api.Report{
		Id: r.ID, Year: int(r.Year), ReportType: api.ReportType(r.ReportType), Status: api.ReportStatus(r.Status),
		Filename: r.Filename, CreatedAt: r.CreatedAt.UTC(), CompletedAt: utc(r.CompletedAt), Error: r.Error,
	}
}
