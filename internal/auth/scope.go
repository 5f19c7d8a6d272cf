package auth

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/apperr"
)

// ClientScope is the proof that a caller may act on one client's data: which client, at which
// permission level, whether the caller is staff, and who it is (for audit logs). Only this package
// can make one (the fields are unexported and the zero value is invalid), and domain calls on a
// client's data require one, so an adapter cannot reach a client's data without the access check.
type ClientScope struct {
	clientID uuid.UUID
	perm     Permission
	staff    bool
	actor    string
	portal   bool // made from a portal access token: a short-lived session in a browser
}

// ClientID is the client the scope grants access to.
func (s ClientScope) ClientID() uuid.UUID { return s.clientID }

// CanWrite reports whether the scope allows writes (a Read API key does not).
func (s ClientScope) CanWrite() bool { return s.perm == PermReadWrite }

// IsStaff reports whether the caller is staff.
func (s ClientScope) IsStaff() bool { return s.staff }

// Actor names the caller in audit logs ("apikey:<id>", "user:<id>", "partner:<id>" for the
// partner REST API, "portal:<partner id>" for an end user with a portal access token).
func (s ClientScope) Actor() string { return s.actor }

// Check returns Forbidden for a scope this package did not make (the zero value): domain services
// call it first, so forgetting to authorise fails closed.
func (s ClientScope) Check() error {
	if s.clientID == uuid.Nil || s.perm == 0 {
		return apperr.New(apperr.Forbidden, "no access to this client")
	}
	return nil
}

// CheckWrite is Check plus the write permission: a Read scope cannot reach a write path.
func (s ClientScope) CheckWrite() error {
	if err := s.Check(); err != nil {
		return err
	}
	if !s.CanWrite() {
		return apperr.New(apperr.Forbidden, "a Read API key cannot change data")
	}
	return nil
}

// Scope authorises the viewer for clientID (see CanAccess) and returns its scope.
func (a *ViewerAuthenticator) Scope(ctx context.Context, v *Viewer, clientID uuid.UUID) (ClientScope, error) {
	if v == nil {
		return ClientScope{}, apperr.New(apperr.Unauthenticated, "authentication required")
	}
	if err := a.CanAccess(ctx, v, clientID); err != nil {
		return ClientScope{}, err
	}
	return v.scope(clientID), nil
}

// CheckMintCredential is CheckWrite for operations that create a lasting credential (a client API
// key): a portal access token lives at most a day and sits in a browser, so it cannot mint a key
// that would outlive it (Forbidden).
func (s ClientScope) CheckMintCredential() error {
	if err := s.CheckWrite(); err != nil {
		return err
	}
	if s.portal {
		return apperr.New(apperr.Forbidden, "a portal access token cannot create API keys: a key would outlive the token; use a client API key or sign in")
	}
	return nil
}

// ScopeForAccount authorises the viewer for the client that owns accountID. An account the viewer
// cannot reach is NotFound, exactly like one that does not exist (SDL: a record addressed by its
// own id that belongs to another client gives NOT_FOUND), so ids of other clients reveal nothing.
func (a *ViewerAuthenticator) ScopeForAccount(ctx context.Context, v *Viewer, accountID uuid.UUID) (ClientScope, error) {
	return a.scopeForRow(ctx, v, `SELECT client_id FROM accounts WHERE id = $1 AND deleted_at IS NULL`, "account", accountID)
}

// ScopeForAsset authorises the viewer for the client that owns assetID.
func (a *ViewerAuthenticator) ScopeForAsset(ctx context.Context, v *Viewer, assetID uuid.UUID) (ClientScope, error) {
	return a.scopeForRow(ctx, v, `SELECT client_id FROM assets WHERE id = $1`, "asset", assetID)
}

// ScopeForReport authorises the viewer for the client that owns reportID.
func (a *ViewerAuthenticator) ScopeForReport(ctx context.Context, v *Viewer, reportID uuid.UUID) (ClientScope, error) {
	return a.scopeForRow(ctx, v, `SELECT client_id FROM reports WHERE id = $1`, "report", reportID)
}

func (a *ViewerAuthenticator) scopeForRow(ctx context.Context, v *Viewer, query, what string, id uuid.UUID) (ClientScope, error) {
	if v == nil {
		return ClientScope{}, apperr.New(apperr.Unauthenticated, "authentication required")
	}
	var clientID uuid.UUID
	err := a.DB.QueryRow(ctx, query, id).Scan(&clientID)
	if errors.Is(err, pgx.ErrNoRows) {
		return ClientScope{}, apperr.NotFoundf("%s %s not found", what, id)
	}
	if err != nil {
		return ClientScope{}, err
	}
	scope, err := a.Scope(ctx, v, clientID)
	if apperr.KindOf(err) == apperr.Forbidden {
		return ClientScope{}, apperr.NotFoundf("%s %s not found", what, id)
	}
	return scope, err
}

// PartnerUserScope is the scope of a partner acting on one of its embedded users (REST): the
// caller must be the user's partner, and an access token only reaches its own user.
func PartnerUserScope(p *Partner, clientID uuid.UUID, clientPartner *uuid.UUID) (ClientScope, error) {
	if p == nil {
		return ClientScope{}, apperr.New(apperr.Unauthenticated, "authentication required")
	}
	if clientPartner == nil || *clientPartner != p.PartnerID || (p.Method == MethodAccessToken && p.ClientID != clientID) {
		return ClientScope{}, apperr.New(apperr.NotFound, "user not found")
	}
	return ClientScope{clientID: clientID, perm: PermReadWrite, actor: "partner:" + p.PartnerID.String()}, nil
}

// JobScope is the scope of a background job finishing work that an authorised request queued for
// clientID (a report export): the request's scope was checked when the job was inserted.
func JobScope(clientID uuid.UUID, job string) ClientScope {
	return ClientScope{clientID: clientID, perm: PermRead, actor: "system:" + job}
}

// JobWriteScope is JobScope for a job that writes what an authorised request (or the schedule a
// client set up) asked for: a sync or a file import writing the ledger, a recalculation writing
// results. The write permission was checked when the job was inserted.
func JobWriteScope(clientID uuid.UUID, job string) ClientScope {
	return ClientScope{clientID: clientID, perm: PermReadWrite, actor: "system:" + job}
}

// MyScopes are the scopes of every client the viewer belongs to: an API key's or a portal access
// token's one client, or a user's memberships (staff included: staff see other clients by id, not
// in this list).
func (a *ViewerAuthenticator) MyScopes(ctx context.Context, v *Viewer) ([]ClientScope, error) {
	if v == nil {
		return nil, apperr.New(apperr.Unauthenticated, "authentication required")
	}
	if only, ok := v.OnlyClient(); ok {
		return []ClientScope{v.scope(only)}, nil
	}
	ids, err := db.New(a.DB).ListMemberClientIDs(ctx, v.UserID)
	if err != nil {
		return nil, err
	}
	out := make([]ClientScope, len(ids))
	for i, id := range ids {
		out[i] = v.scope(id)
	}
	return out, nil
}

// ActiveScope is the scope of the client the viewer works in: an API key's or a portal access
// token's client; for a user, the client selected last while still a member, else the first
// membership. NotFound when the user belongs to no client.
func (a *ViewerAuthenticator) ActiveScope(ctx context.Context, v *Viewer) (ClientScope, error) {
	if v == nil {
		return ClientScope{}, apperr.New(apperr.Unauthenticated, "authentication required")
	}
	if only, ok := v.OnlyClient(); ok {
		return v.scope(only), nil
	}
	active, err := db.New(a.DB).GetUserActiveClient(ctx, v.UserID)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return ClientScope{}, err
	}
	if active != nil {
		return v.scope(*active), nil
	}
	ids, err := db.New(a.DB).ListMemberClientIDs(ctx, v.UserID)
	if err != nil {
		return ClientScope{}, err
	}
	if len(ids) == 0 {
		return ClientScope{}, apperr.New(apperr.NotFound, "you are not a member of any client")
	}
	return v.scope(ids[0]), nil
}

func (v *Viewer) scope(clientID uuid.UUID) ClientScope {
	return ClientScope{clientID: clientID, perm: v.Permission, staff: v.IsStaff, actor: v.Actor(), portal: v.PortalClient != uuid.Nil}
}
