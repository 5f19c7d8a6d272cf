//go:build !graphiql

package web

import "embed"

// GraphiQL is nil: this build has no explorer bundle (build with -tags graphiql, as `make run` does).
var GraphiQL *embed.FS
