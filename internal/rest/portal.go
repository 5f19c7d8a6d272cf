package rest

import (
	"context"

	api "taxd/gen/rest"
	"taxd/internal/partner"
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
		ClientId:         tok.ClientID,
		ExpiresInSeconds: tok.ExpiresIn,
		ExpiresAt:        tok.ExpiresAt.UTC(),
		PortalUrl:        tok.PortalURL,
	}}, nil
}

func (h *Handler) CreateLink(ctx context.Context, req api.CreateLinkRequestObject) (api.CreateLinkResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	link, created, err := h.partners.CreateLink(ctx, p, linkWallets(req.Body.Wallets))
	if err != nil {
		return nil, err
	}
	if created {
		return api.CreateLink201JSONResponse{Type: api.Success, Message: "Link created", Data: linkOut(link)}, nil
	}
	return api.CreateLink200JSONResponse{Type: api.Success, Message: "Existing link returned", Data: linkOut(link)}, nil
}

func (h *Handler) EmailLink(ctx context.Context, req api.EmailLinkRequestObject) (api.EmailLinkResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	link, err := h.partners.EmailLink(ctx, p, linkWallets(req.Body.Wallets), string(req.Body.Email))
	if err != nil {
		return nil, err
	}
	return api.EmailLink200JSONResponse{Type: api.Success, Message: "Link e-mail queued", Data: api.LinkEmail{
		Status: api.LinkEmailStatusQueued, Recipient: req.Body.Email, Link: linkOut(link),
	}}, nil
}

func linkWallets(in []api.LinkWallet) []partner.LinkWallet {
	out := make([]partner.LinkWallet, len(in))
	for i, w := range in {
		out[i] = partner.LinkWallet{Address: w.Address, Name: w.Name}
	}
	return out
}

func linkOut(l partner.Link) api.Link {
	ws := make([]api.LinkWallet, len(l.Wallets))
	for i, w := range l.Wallets {
		ws[i] = api.LinkWallet{Address: w.Address, Name: w.Name}
	}
	return api.Link{Id: l.ID, Url: l.URL, Wallets: ws, CreatedAt: l.CreatedAt.UTC()}
}
