// Package rest is the partner REST adapter: it implements the strict server interface generated
// from spec/openapi.yaml. Handlers parse, call one domain function and map the result; errors go
// back as apperr values and are written by WriteError.
package rest

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	api "taxd/gen/rest"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/fileimport"
	"taxd/internal/partner"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/syncs"
	"taxd/internal/webhooks"
)

// Deps are the domain services the REST handlers call; internal/server builds them once. The
// adapter never holds the pool.
type Deps struct {
	Partners *partner.Service
	Reports  *reports.Service
	Syncs    *syncs.Service
	Recalc   *recalc.Service
	Webhooks *webhooks.Service
	Files    *fileimport.Service // signed upload URLs (uploads.go)
	Now      func() time.Time
}

// Handler implements api.StrictServerInterface.
type Handler struct {
	partners *partner.Service
	reports  *reports.Service
	syncs    *syncs.Service
	webhooks *webhooks.Service
	recalc   *recalc.Service
	files    *fileimport.Service
	now      func() time.Time
}

var _ api.StrictServerInterface = (*Handler)(nil)

// NewHandler returns the /api handler: the gate's router (Gate.NewRouter) with the operations
// registered on it, wrap running between the gate's checks and each operation.
func NewHandler(d Deps, gate *Gate, wrap func(http.Handler) http.Handler) http.Handler {
	if d.Now == nil {
		d.Now = time.Now
	}
	h := &Handler{partners: d.Partners, reports: d.Reports, syncs: d.Syncs, recalc: d.Recalc, webhooks: d.Webhooks, files: d.Files, now: d.Now}
	strict := api.NewStrictHandlerWithOptions(h, nil, api.StrictHTTPServerOptions{
		RequestErrorHandlerFunc: func(w http.ResponseWriter, r *http.Request, err error) {
			WriteError(w, r, apperr.New(apperr.Invalid, "invalid request body: %v", err))
		},
		ResponseErrorHandlerFunc: WriteError,
	})
	router := gate.NewRouter(wrap)
	api.HandlerWithOptions(strict, api.StdHTTPServerOptions{
		BaseURL:    "/api",
		BaseRouter: router,
		ErrorHandlerFunc: func(w http.ResponseWriter, r *http.Request, err error) {
			WriteError(w, r, apperr.New(apperr.Invalid, "%v", err))
		},
	})
	if missing := router.unregistered(); len(missing) > 0 {
		// gen/rest is generated from the same spec: a difference means it is out of date.
		panic(fmt.Sprintf("rest: the generated server has no handler for %v", missing))
	}
	return router
}

// RouterFor matches requests to doc's operations under /api on any host with kin-openapi's router:
// the contract tests' independent reading of the spec's paths.
func RouterFor(doc *openapi3.T) (routers.Router, error) {
	local := *doc
	local.Servers = openapi3.Servers{{URL: "/api"}}
	return gorillamux.NewRouter(&local)
}

// caller is the authenticated partner (the Gate has put it in the context).
func caller(ctx context.Context) (*auth.Partner, error) { return auth.PartnerFrom(ctx) }

// userScope is the auth.ClientScope of the caller on its embedded user {referenceId} of a
// /users/... path (404 when not its own): every domain call on the user's data takes it.
func (h *Handler) userScope(ctx context.Context, referenceID string) (auth.ClientScope, error) {
	p, err := caller(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	return h.partners.UserScope(ctx, p, referenceID)
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
