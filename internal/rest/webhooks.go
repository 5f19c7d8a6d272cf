package rest

import (
	"context"

	api "taxd/gen/rest"
	"taxd/internal/webhooks"
)

func (h *Handler) ListWebhookEndpoints(ctx context.Context, _ api.ListWebhookEndpointsRequestObject) (api.ListWebhookEndpointsResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	eps, err := h.webhooks.List(ctx, p.PartnerID)
	if err != nil {
		return nil, err
	}
	out := make([]api.WebhookEndpoint, len(eps))
	for i, ep := range eps {
		out[i] = webhookEndpointOut(ep)
	}
	return api.ListWebhookEndpoints200JSONResponse{Type: api.Success, Message: "Webhook endpoints retrieved", Data: api.WebhookEndpointList{Endpoints: out}}, nil
}

func (h *Handler) CreateWebhookEndpoint(ctx context.Context, req api.CreateWebhookEndpointRequestObject) (api.CreateWebhookEndpointResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	in := webhooks.NewEndpoint{URL: req.Body.Url, Description: req.Body.Description}
	if req.Body.EventTypes != nil {
		for _, t := range *req.Body.EventTypes {
			in.EventTypes = append(in.EventTypes, webhooks.EventType(t))
		}
	}
	ep, secret, err := h.webhooks.Create(ctx, p.PartnerID, in)
	if err != nil {
		return nil, err
	}
	o := webhookEndpointOut(ep)
	return api.CreateWebhookEndpoint201JSONResponse{Type: api.Success, Message: "Webhook endpoint created", Data: api.WebhookEndpointCreated{
		Id: o.Id, Url: o.Url, Description: o.Description, EventTypes: o.EventTypes, CreatedAt: o.CreatedAt, Secret: secret,
	}}, nil
}

func (h *Handler) DeleteWebhookEndpoint(ctx context.Context, req api.DeleteWebhookEndpointRequestObject) (api.DeleteWebhookEndpointResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	ep, err := h.webhooks.Delete(ctx, p.PartnerID, req.EndpointId)
	if err != nil {
		return nil, err
	}
	return api.DeleteWebhookEndpoint200JSONResponse{Type: api.Success, Message: "Webhook endpoint deleted", Data: webhookEndpointOut(ep)}, nil
}

func (h *Handler) ListWebhookDeliveries(ctx context.Context, req api.ListWebhookDeliveriesRequestObject) (api.ListWebhookDeliveriesResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	ds, err := h.webhooks.Deliveries(ctx, p.PartnerID, req.EndpointId)
	if err != nil {
		return nil, err
	}
	out := make([]api.WebhookDelivery, len(ds))
	for i, d := range ds {
		out[i] = api.WebhookDelivery{
			Id: d.ID, EventId: d.EventID, EventType: api.WebhookEventType(d.EventType), Status: api.WebhookDeliveryStatus(d.Status),
			Attempts: int(d.Attempts), LastStatusCode: intPtr(d.LastStatusCode), LastError: d.LastError,
			CreatedAt: d.CreatedAt.UTC(), LastAttemptAt: utc(d.LastAttemptAt),
		}
	}
	return api.ListWebhookDeliveries200JSONResponse{Type: api.Success, Message: "Webhook deliveries retrieved", Data: api.WebhookDeliveryList{Deliveries: out}}, nil
}

func webhookEndpointOut(ep webhooks.Endpoint) api.WebhookEndpoint {
	types := make([]api.WebhookEventType, len(ep.EventTypes))
	for i, t := range ep.EventTypes {
		types[i] = api.WebhookEventType(t)
	}
	return api.WebhookEndpoint{Id: ep.ID, Url: ep.URL, Description: ep.Description, EventTypes: types, CreatedAt: ep.CreatedAt.UTC()}
}

func intPtr(v *int32) *int {
	if v == nil {
		return nil
	}
	n := int(*v)
	return &n
}
