package rest

import (
	"context"

	api "taxd/gen/rest"
	"taxd/internal/apperr"
)

func (h *Handler) CreateAccessToken(ctx context.Context, req api.CreateAccessTokenRequestObject) (api.CreateAccessTokenResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	tok, err := h.partners.IssueAccessToken(ctx, p, req.Body.ReferenceId, req.Body.ExpiresInSeconds, (*string)(req.Body.Email))
	if err != nil {
		return nil, err
	}
	return api.CreateAccessToken200JSONResponse{Type: api.Success, Message: "Access token created", Data: api.AccessToken{
		AccessToken:      tok.Token,
		TokenType:        api.Bearer,
		ReferenceId:      tok.ReferenceID,
		ExpiresInSeconds: tok.ExpiresIn,
		ExpiresAt:        tok.ExpiresAt.UTC(),
		PortalUrl:        tok.PortalURL,
	}}, nil
}

func (h *Handler) CreateLink(ctx context.Context, req api.CreateLinkRequestObject) (api.CreateLinkResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /links")
}

func (h *Handler) EmailLink(ctx context.Context, req api.EmailLinkRequestObject) (api.EmailLinkResponseObject, error) {
	return nil, apperr.NotImplementedOp("POST /links/email")
}
