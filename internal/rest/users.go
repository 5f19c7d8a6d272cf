package rest

import (
	"context"

	api "taxd/gen/rest"
	"taxd/internal/partner"
)

func (h *Handler) CreateUser(ctx context.Context, req api.CreateUserRequestObject) (api.CreateUserResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	c, err := h.partners.CreateUser(ctx, p.PartnerID, partner.NewUser{ReferenceID: req.Body.UserId, Email: (*string)(req.Body.Email), Name: req.Body.Name})
	if err != nil {
		return nil, err
	}
	branding, err := h.partners.Partner(ctx, p)
	if err != nil {
		return nil, err
	}
	return api.CreateUser201JSONResponse{Type: api.Success, Message: "User created", Data: embeddedUser(c, branding)}, nil
}

func (h *Handler) GetUser(ctx context.Context, req api.GetUserRequestObject) (api.GetUserResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	u, branding, err := h.partners.UserWithBranding(ctx, p, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	return api.GetUser200JSONResponse{Type: api.Success, Message: "User retrieved", Data: embeddedUser(u, branding)}, nil
}

func embeddedUser(u partner.User, b partner.Branding) api.EmbeddedUser {
	return api.EmbeddedUser{
		ReferenceId: u.ReferenceID,
		ClientId:    u.ClientID,
		Name:        u.TaxpayerName,
		Email:       u.Email,
		CreatedAt:   u.CreatedAt.UTC(),
		Partner: api.PartnerBranding{
			Name: b.Name, LogoUrl: b.LogoURL, PrimaryColor: b.PrimaryColor,
			SupportEmail: b.SupportEmail, PortalUrl: b.PortalURL,
		},
	}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
