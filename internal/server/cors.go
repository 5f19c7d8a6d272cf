package server

import (
	"net/http"

	"github.com/rs/cors"
)

// graphQLCORS lets the browser apps of origins call /graphql: preflights (OPTIONS) are answered
// and answers carry Access-Control-Allow-Origin for those origins. With no origin configured (the
// default) it returns nil: no CORS headers, and OPTIONS stays a 405 like any other method.
func graphQLCORS(origins []string) *cors.Cors {
	if len(origins) == 0 {
		return nil
	}
	return cors.New(cors.Options{
		AllowedOrigins: origins,
		AllowedMethods: []string{http.MethodPost},
		// The credentials of /graphql are headers (an API key or a Bearer token), never cookies.
		AllowedHeaders:   []string{"Content-Type", "Authorization", "X-Api-Key", "X-Request-Id"},
		ExposedHeaders:   []string{"X-Request-Id"},
		AllowCredentials: false,
		MaxAge:           600,
	})
}
