// Package web holds the browser-facing files taxd serves: the portal app (source in portal/, built
// by esbuild into dist/portal), the OpenAPI reference page (dist/docs, built by Redocly from
// spec/openapi.yaml) and the page templates. `make web` rebuilds dist/; it is committed and
// `make check-generated` fails when it is stale. The GraphiQL explorer (several MB) is built by
// `make graphiql` into graphiql/dist, not committed, and embedded only with the `graphiql` build
// tag (see graphiql_on.go), so the production binary does not carry it.
package web

import "embed"

// Dist is the built portal and docs.
//
//go:embed dist
var Dist embed.FS

// Templates are the HTML pages (html/template).
//
//go:embed templates
var Templates embed.FS
