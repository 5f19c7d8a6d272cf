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

// SDL returns every SDL file, in name order, joined into one document.
func SDL() (string, error) {
	entries, err := GraphQL.ReadDir("graphql")
	if err != nil {
		return "", err
	}
	var b []byte
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := GraphQL.ReadFile("graphql/" + e.Name())
		if err != nil {
			return "", err
		}
		b = append(b, "# "+e.Name()+"\n"...)
		b = append(b, data...)
		b = append(b, '\n')
	}
	return string(b), nil
}

// Examples are the GraphQL example operations (graphql/examples), served beside the docs.
//
//go:embed graphql/examples
var Examples embed.FS
