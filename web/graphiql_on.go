//go:build graphiql

package web

import "embed"

//go:embed graphiql/dist
var graphiql embed.FS

// GraphiQL is the explorer bundle (graphiql/dist), present in builds with the graphiql tag.
var GraphiQL = &graphiql
