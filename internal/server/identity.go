package server

import (
	"crypto"

	"taxd/internal/auth"
	"taxd/internal/config"
)

// idTokenVerifier is the verifier of the ID tokens that sign web-application users in on /graphql:
// the configured identity provider; in development without one, the local issuer whose key
// `taxd dev-token` signs with (its key file lives under the data folder). Nil: no ID tokens.
func idTokenVerifier(cfg *config.Config) (*auth.IDTokenVerifier, error) {
	if cfg.OIDCIssuer != "" {
		return auth.NewIDTokenVerifier(auth.OIDCConfig{Issuer: cfg.OIDCIssuer, Audience: cfg.OIDCAudience, JWKSURL: cfg.OIDCJWKSURL})
	}
	if !cfg.Development() {
		return nil, nil
	}
	key, err := auth.DevSigningKey(cfg.DataDir)
	if err != nil {
		return nil, err
	}
	return auth.NewIDTokenVerifier(auth.OIDCConfig{Issuer: auth.DevIssuer, Audience: auth.DevAudience, Keys: []crypto.PublicKey{key.Public()}})
}
