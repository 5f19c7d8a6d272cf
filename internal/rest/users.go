package rest

import (
	"context"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"taxd/gen/db"
	api "taxd/gen/rest"
	"taxd/internal/partner"
	"taxd/internal/reports"
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
	u, err := h.partners.UserWithBranding(ctx, p, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	c := db.Client{ID: u.ID, Name: u.ClientName, ReferenceID: u.ReferenceID, Email: u.Email, CreatedAt: u.CreatedAt}
	branding := db.Partner{Name: u.Name, LogoUrl: u.LogoUrl, PrimaryColor: u.PrimaryColor, SupportEmail: u.SupportEmail, PortalUrl: u.PortalUrl}
	return api.GetUser200JSONResponse{Type: api.Success, Message: "User retrieved", Data: embeddedUser(c, branding)}, nil
}

func embeddedUser(c db.Client, p db.Partner) api.EmbeddedUser {
	return api.EmbeddedUser{
		ReferenceId: deref(c.ReferenceID),
		ClientId:    c.ID,
		Name:        reports.TaxpayerName(c),
		Email:       (*openapi_types.Email)(c.Email),
		CreatedAt:   c.CreatedAt.UTC(),
		Partner: api.PartnerBranding{
			Name: p.Name, LogoUrl: p.LogoUrl, PrimaryColor: p.PrimaryColor,
			SupportEmail: (*openapi_types.Email)(p.SupportEmail), PortalUrl: p.PortalUrl,
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
