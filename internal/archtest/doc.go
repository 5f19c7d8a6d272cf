// Package archtest holds the tests that keep the code's shape: the adapters (internal/rest and
// internal/graph) work on domain types and never import the generated sqlc package, and every
// exported method of a domain service on a client's data takes an auth.ClientScope instead of a bare
// client id. The checks read the source with go/parser only, so they run in a second and need no
// database. Each check also runs over a small bad snippet under testdata to show that it fails.
package archtest
