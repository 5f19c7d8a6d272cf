// Package spec embeds the API contracts so that the server can serve them and the
// validators and contract tests can load them. The files here are the sources of truth.
package spec

import "embed"

// OpenAPI is spec/openapi.yaml, the partner REST contract.
//
//go:embed openapi.yaml
var OpenAPI []byte

// GraphQL holds the SDL files (one per domain) under graphql/.
//
//go:embed graphql/*.graphqls
var GraphQL embed.FS
