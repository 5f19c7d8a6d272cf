// Package migrations embeds the goose migrations; sqlc reads the same files as the schema.
package migrations

import "embed"

// FS holds every migration file.
//
//go:embed *.sql
var FS embed.FS
