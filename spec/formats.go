package spec

import (
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
)

var formatsOnce sync.Once

// RegisterFormats makes kin-openapi check the `uuid` and `email` string formats (it skips them
// unless registered). Any UUID version is accepted: our ids are v7.
func RegisterFormats() {
	formatsOnce.Do(func() {
		openapi3.DefineStringFormatValidator("uuid", openapi3.NewRegexpFormatValidator(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`))
		openapi3.DefineStringFormatValidator("email", openapi3.NewRegexpFormatValidator(`^[^@\s<>",]+@[^@\s<>",]+\.[^@\s<>",.]+$`))
	})
}
