module github.com/taxd-dev/taxd/sdk/go

go 1.24.0

require (
	github.com/google/uuid v1.6.0
	github.com/oapi-codegen/runtime v1.8.0
)

require github.com/apapsch/go-jsonmerge/v2 v2.0.0 // indirect
