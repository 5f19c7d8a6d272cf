package rest

import (
	"context"

	api "taxd/gen/rest"
	"taxd/internal/apperr"
)

func (h *Handler) GetActiveRecalculateJob(ctx context.Context, req api.GetActiveRecalculateJobRequestObject) (api.GetActiveRecalculateJobResponseObject, error) {
	return nil, apperr.NotImplementedOp("GET /users/{referenceId}/active-recalculate-job")
}

func (h *Handler) GetTaxPreview(ctx context.Context, req api.GetTaxPreviewRequestObject) (api.GetTaxPreviewResponseObject, error) {
	return nil, apperr.NotImplementedOp("GET /users/{referenceId}/preview")
}

func (h *Handler) RefreshTaxes(ctx context.Context, req api.RefreshTaxesRequestObject) (api.RefreshTaxesResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /users/{referenceId}/refresh")
}
