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

// SeedOperations is how many root fields (Query and Mutation) the seed describes.
const SeedOperations = 76

// OperationsBeyondSeed are the root fields the service adds to the seed's: each is an optional
// addition that a client of the seed's operations never needs.
var OperationsBeyondSeed = []string{
	"createUploadUrl",            // a signed URL for the file uploadManualTransactions imports
	"getUsedChainsV2",            // getUsedChains with the chains it could not check as data
	"getTransferPairSuggestions", // the portal's review queue: transfers that look like a pair
	"getForm8949PreviewForYear",  // Form 8949 of a tax year from the settled results
	"getClientReviewQueue",       // the insights' transactions, each once under its first problem
	"getTaxEstimate",             // a tax year's estimated tax where the rules' rates are known
}
