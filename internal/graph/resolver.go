package graph

import (
	"context"
	"net/http"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	gen "taxd/gen/graph"
	"taxd/internal/accounts"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/fileimport"
	"taxd/internal/ledger"
	"taxd/internal/portfolio"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/taxfigures"
	"taxd/internal/taxforms"
	"taxd/internal/taxsettings"
)

// Deps are the domain services the resolvers call; internal/server builds them once. The adapter
// never holds the pool: every read and write goes through a service, with an auth.ClientScope.
type Deps struct {
	Auth    *auth.ViewerAuthenticator
	Ledger  *ledger.Ledger
	Clients *clients.Service
	Recalc  *recalc.Service
	Reports *reports.Service
	Files   *fileimport.Service
	// TaxFigures reads the settled tax figures; TaxSettings reads and changes the tax settings.
	TaxFigures        *taxfigures.Service
	ClientTaxSettings *taxsettings.Service
	// TaxForms keeps broker tax forms and their reconciliation (gql-taxforms).
	TaxForms *taxforms.Service
	// Throttle backs off failed logins (shared with the REST gate: one policy for both APIs).
	Throttle *auth.LoginThrottle
	Now      func() time.Time
	Accounts *accounts.Service

	// Portfolio answers the portfolio and asset operations (portfolio.go).
	Portfolio *portfolio.Service
}

// Resolver is the root of the resolvers; their files follow the schema files (tax.go beside
// tax.graphqls ...), the transactions schema's split by topic (transactions_query.go,
// transactions_edit.go, links.go, transactions_out.go).
type Resolver struct {
	Deps
}

func (r *Resolver) Mutation() gen.MutationResolver       { return &mutationResolver{r} }
func (r *Resolver) Query() gen.QueryResolver             { return &queryResolver{r} }
func (r *Resolver) Client() gen.ClientResolver           { return &clientResolver{r} }
func (r *Resolver) Transaction() gen.TransactionResolver { return &transactionResolver{r} }
func (r *Resolver) Transfer() gen.TransferResolver       { return &transferResolver{r} }

type mutationResolver struct{ *Resolver }
type queryResolver struct{ *Resolver }
type clientResolver struct{ *Resolver }
type transactionResolver struct{ *Resolver }
type transferResolver struct{ *Resolver }

// NewHTTPHandler serves POST /graphql: authentication first (401 UNAUTHENTICATED without valid
// credentials), then gqlgen with the policies of NewHandler, with fresh dataloaders per request.
func NewHTTPHandler(d Deps, introspection bool) http.Handler {
	if d.Now == nil {
		d.Now = time.Now
	}
	r := &Resolver{Deps: d}
	srv := NewHandler(gen.NewExecutableSchema(gen.Config{Resolvers: r}), introspection)
	srv.Use(ReadOnlyKeys{})
	throttle := d.Throttle
	srv.AroundFields(everyFieldError)
	return withRequestPolicy(DefaultLimits, func(w http.ResponseWriter, req *http.Request) {
		keys := throttle.KeysOf(req)
		if keys.Credential == "" || auth.HasPartnerCredentials(req.Header) {
			keys = auth.LoginKeys{} // no credentials, or the REST API's (never checked here), is not a guess
		}
		recorded, err := throttle.Check(req.Context(), keys)
		if e, ok := apperr.As(err); ok && e.Kind == apperr.LimitExceeded {
			w.Header().Set("Retry-After", retryAfterSeconds(e.RetryAfter))
			WriteHTTPError(w, http.StatusTooManyRequests, CodeRateLimited, e.Message)
			return
		} else if err != nil {
			writeOuterError(w, req, err)
			return
		}
		v, err := d.Auth.Authenticate(req.Context(), req.Header)
		if err != nil {
			if e, ok := apperr.As(err); ok && e.Kind == apperr.Unauthenticated {
				throttle.Failed(req.Context(), keys)
				WriteHTTPError(w, http.StatusUnauthorized, CodeUnauthenticated, e.Message) // not the cause's text
				return
			}
			writeOuterError(w, req, err)
			return
		}
		if recorded {
			throttle.Succeeded(req.Context(), keys)
		}
		w, req = withOutageStatus(w, req)
		ctx := auth.WithViewer(req.Context(), v)
		ctx = withLoaders(ctx, newLoaders(d.Ledger, d.Portfolio))
		srv.ServeHTTP(w, req.WithContext(ctx))
	})
}

// everyFieldError reports an input error about several arguments as one errors[] entry per
// argument (each with its extensions.field), so a client sees all of them at once.
func everyFieldError(ctx context.Context, next graphql.Resolver) (any, error) {
	res, err := next(ctx)
	e, ok := apperr.As(err)
	if !ok || len(e.Fields) < 2 {
		return res, err
	}
	for _, f := range e.Fields[1:] {
		graphql.AddError(ctx, apperr.InvalidField(f.Field, "%s", f.Message))
	}
	return res, apperr.InvalidField(e.Fields[0].Field, "%s", e.Fields[0].Message)
}

// ReadOnlyKeys rejects mutations from Read API keys before anything runs.
type ReadOnlyKeys struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = ReadOnlyKeys{}

func (ReadOnlyKeys) ExtensionName() string                   { return "ReadOnlyKeys" }
func (ReadOnlyKeys) Validate(graphql.ExecutableSchema) error { return nil }
func (ReadOnlyKeys) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil || oc.Operation.Operation != ast.Mutation {
		return nil
	}
	if v, err := auth.ViewerFrom(ctx); err == nil && v.Permission != auth.PermReadWrite {
		return &gqlerror.Error{Message: "a Read API key cannot run mutations", Extensions: map[string]any{"code": CodeForbidden}}
	}
	return nil
}

// scope authorises the viewer for clientID (an ID string from the API): the only way a resolver
// gets the auth.ClientScope that every domain call on a client's data requires.
func (r *Resolver) scope(ctx context.Context, clientID string) (auth.ClientScope, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	id, err := parseID("clientId", clientID)
	if err != nil {
		return auth.ClientScope{}, err
	}
	return r.Auth.Scope(ctx, v, id)
}

// accountScope authorises the viewer for the client owning accountID.
func (r *Resolver) accountScope(ctx context.Context, accountID string) (auth.ClientScope, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	id, err := parseID("accountId", accountID)
	if err != nil {
		return auth.ClientScope{}, err
	}
	return r.Auth.ScopeForAccount(ctx, v, id)
}

// viewerScope is the scope of the viewer's own client: the clientId given, else the API key's or
// portal token's one client.
func (r *Resolver) viewerScope(ctx context.Context, clientID *string) (auth.ClientScope, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	if clientID != nil && *clientID != "" {
		return r.scope(ctx, *clientID)
	}
	only, ok := v.OnlyClient()
	if !ok {
		return auth.ClientScope{}, apperr.InvalidField("clientId", "is required when signed in as a user")
	}
	return r.Auth.Scope(ctx, v, only)
}

// assetScope authorises the viewer for the client owning assetID.
func (r *Resolver) assetScope(ctx context.Context, assetID string) (auth.ClientScope, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	id, err := parseID("assetId", assetID)
	if err != nil {
		return auth.ClientScope{}, err
	}
	return r.Auth.ScopeForAsset(ctx, v, id)
}

// reportScope authorises the viewer for the client owning reportID.
func (r *Resolver) reportScope(ctx context.Context, reportID string) (auth.ClientScope, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	id, err := parseID("reportId", reportID)
	if err != nil {
		return auth.ClientScope{}, err
	}
	return r.Auth.ScopeForReport(ctx, v, id)
}
