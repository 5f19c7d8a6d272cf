// Package taxdclient is the Go SDK of the taxd partner REST API, generated from spec/openapi.yaml
// by oapi-codegen (client.gen.go; `make generate` rewrites it). This file adds the credentials.
//
//	c, err := taxdclient.NewPartnerClient("https://taxd.example/api", clientID, apiSecret)
//	res, err := c.GetUserWithResponse(ctx, "user-123")
//	if res.JSON404 != nil { ... }   // typed error bodies per status
package taxdclient

import (
	"context"
	"net/http"
)

// WithSecretPair authenticates every request with the partner's client id and API secret.
func WithSecretPair(clientID, apiSecret string) ClientOption {
	return WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("x-client-id", clientID)
		req.Header.Set("x-api-secret", apiSecret)
		return nil
	})
}

// WithAPIKey authenticates every request with a partner API key.
func WithAPIKey(key string) ClientOption {
	return WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("x-api-key", key)
		return nil
	})
}

// NewPartnerClient returns a client of the API at baseURL (ending in /api) that authenticates
// with the client id and secret pair.
func NewPartnerClient(baseURL, clientID, apiSecret string, opts ...ClientOption) (*ClientWithResponses, error) {
	return NewClientWithResponses(baseURL, append([]ClientOption{WithSecretPair(clientID, apiSecret)}, opts...)...)
}
