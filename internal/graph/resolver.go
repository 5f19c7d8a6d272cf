package graph

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"gocloud.dev/blob"

	gen "taxd/gen/graph"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
)

// Deps are the collaborators of the resolvers.
type Deps struct {
	Pool          *pgxpool.Pool
	Jobs          *jobs.Client
	Bucket        *blob.Bucket // uploads and report files
	Now           func() time.Time
	IDTokenSecret []byte
	IDTokenIssuer string
}

// Resolver is the root of the resolvers; domain resolvers live in one file per domain.
type Resolver struct {
	pool   *pgxpool.Pool
	jobs   *jobs.Client
	bucket *blob.Bucket
	now    func() time.Time
	access *auth.ViewerAuthenticator
}

func (r *Resolver) Mutation() gen.MutationResolver { return &mutationResolver{r} }
func (r *Resolver) Query() gen.QueryResolver       { return &queryResolver{r} }

type mutationResolver struct{ *Resolver }
type queryResolver struct{ *Resolver }

// NewHTTPHandler serves POST /graphql: authentication first (401 UNAUTHENTICATED without valid
// credentials), then gqlgen with the policies of NewHandler.
func NewHTTPHandler(d Deps, introspection bool) http.Handler {
	if d.Now == nil {
		d.Now = time.Now
	}
	access := &auth.ViewerAuthenticator{DB: d.Pool, IDTokenSecret: d.IDTokenSecret, IDTokenIssuer: d.IDTokenIssuer, Now: d.Now}
	r := &Resolver{pool: d.Pool, jobs: d.Jobs, bucket: d.Bucket, now: d.Now, access: access}
	srv := NewHandler(gen.NewExecutableSchema(gen.Config{Resolvers: r}), introspection)
	srv.Use(ReadOnlyKeys{})
	throttle := auth.DefaultLoginThrottle(d.Pool, d.Now)
	return withRequestPolicy(DefaultLimits, func(w http.ResponseWriter, req *http.Request) {
		keys := auth.KeysOf(req)
		if keys.Credential == "" {
			keys = auth.LoginKeys{} // no credentials at all is not a guess
		}
		recorded, err := throttle.Check(req.Context(), keys)
		if e, ok := apperr.As(err); ok && e.Kind == apperr.LimitExceeded {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
			WriteHTTPError(w, http.StatusTooManyRequests, CodeRateLimited, e.Message)
			return
		}
		v, err := access.Authenticate(req.Context(), req.Header)
		if err != nil {
			if e, ok := apperr.As(err); ok && e.Kind == apperr.Unauthenticated {
				throttle.Failed(req.Context(), keys)
				WriteHTTPError(w, http.StatusUnauthorized, CodeUnauthenticated, e.Message) // not the cause's text
				return
			}
			WriteHTTPError(w, http.StatusInternalServerError, CodeInternal, "internal server error")
			return
		}
		if recorded {
			throttle.Succeeded(req.Context(), keys)
		}
		srv.ServeHTTP(w, req.WithContext(auth.WithViewer(req.Context(), v)))
	})
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

// client authorizes the viewer for clientID (an ID string from the API) and parses it.
func (r *Resolver) client(ctx context.Context, clientID string) (uuid.UUID, *auth.Viewer, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return uuid.Nil, nil, err
	}
	id, err := uuid.Parse(clientID)
	if err != nil {
		return uuid.Nil, nil, apperr.InvalidField("clientId", "must be a UUID")
	}
	if err := r.access.CanAccess(ctx, v, id); err != nil {
		return uuid.Nil, nil, err
	}
	return id, v, nil
}
