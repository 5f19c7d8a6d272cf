package rest

import (
	"context"

	api "taxd/gen/rest"
)

func (h *Handler) CreateDiscountCode(ctx context.Context, req api.CreateDiscountCodeRequestObject) (api.CreateDiscountCodeResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	c, created, err := h.partners.DiscountCode(ctx, p, req.Body.ReferenceId, req.Body.Year)
	if err != nil {
		return nil, err
	}
	out := api.DiscountCode{
		Code: c.Code, ReferenceId: req.Body.ReferenceId, Year: int(c.Year), PercentOff: int(c.PercentOff),
		CreatedAt: c.CreatedAt.UTC(), ExpiresAt: c.ExpiresAt,
	}
	if created {
		return api.CreateDiscountCode201JSONResponse{Type: api.Success, Message: "Discount code created", Data: out}, nil
	}
	return api.CreateDiscountCode200JSONResponse{Type: api.Success, Message: "Existing discount code returned", Data: out}, nil
}
