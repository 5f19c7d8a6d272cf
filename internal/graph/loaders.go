package graph

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/vikstrous/dataloadgen"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/portfolio"
)

// Per-request dataloaders: field resolvers (Transaction.account, Transfer.asset) batch their
// lookups into one query per kind and request, whatever the page size. A loader reads only the
// data of a client the request's root resolver was authorised for: the root resolver registers
// its auth.ClientScope, and a key of any other client fails with FORBIDDEN.

type clientKey struct {
	client uuid.UUID
	id     uuid.UUID
}

type loaders struct {
	mu       sync.Mutex
	scopes   map[uuid.UUID]auth.ClientScope
	accounts *dataloadgen.Loader[clientKey, ledger.Account]
	assets   *dataloadgen.Loader[clientKey, ledger.Asset]
	txCounts *dataloadgen.Loader[clientKey, int64] // transactions per account
	// accountValues is each account's holdings at current prices, in cents of the client's
	// currency (absent: unknown)
	accountValues *dataloadgen.Loader[clientKey, portfolio.AccountValue]
	// transferClient is the client of each transfer served in this request (Transfer has no
	// clientId field; its asset loader needs one).
	transferClient map[string]string
}

type loadersKey struct{}

func withLoaders(ctx context.Context, l *loaders) context.Context {
	return context.WithValue(ctx, loadersKey{}, l)
}

func loadersFrom(ctx context.Context) *loaders {
	l, _ := ctx.Value(loadersKey{}).(*loaders)
	return l
}

// registerScope makes the client of scope readable by the loaders of this request.
func registerScope(ctx context.Context, scope auth.ClientScope) {
	if l := loadersFrom(ctx); l != nil {
		l.mu.Lock()
		l.scopes[scope.ClientID()] = scope
		l.mu.Unlock()
	}
}

func (l *loaders) scopeOf(client uuid.UUID) (auth.ClientScope, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s, ok := l.scopes[client]
	return s, ok
}

func newLoaders(lg *ledger.Ledger, pf *portfolio.Service) *loaders {
	l := &loaders{scopes: map[uuid.UUID]auth.ClientScope{}, transferClient: map[string]string{}}
	wait := dataloadgen.WithWait(time.Millisecond)
	l.accounts = dataloadgen.NewMappedLoader(func(ctx context.Context, keys []clientKey) (map[clientKey]ledger.Account, error) {
		return batchByClient(ctx, l, keys, lg.Accounts)
	}, wait)
	l.assets = dataloadgen.NewMappedLoader(func(ctx context.Context, keys []clientKey) (map[clientKey]ledger.Asset, error) {
		return batchByClient(ctx, l, keys, lg.Assets)
	}, wait)
	l.txCounts = dataloadgen.NewMappedLoader(func(ctx context.Context, keys []clientKey) (map[clientKey]int64, error) {
		return batchByClient(ctx, l, keys, lg.AccountTransactionCounts)
	}, wait)
	l.accountValues = dataloadgen.NewMappedLoader(func(ctx context.Context, keys []clientKey) (map[clientKey]portfolio.AccountValue, error) {
		return batchByClient(ctx, l, keys, pf.AccountValues)
	}, wait)
	return l
}

// batchByClient runs one fetch per client of keys (one in practice: a request reads one client).
func batchByClient[T any](ctx context.Context, l *loaders, keys []clientKey,
	fetch func(context.Context, auth.ClientScope, []uuid.UUID) (map[uuid.UUID]T, error)) (map[clientKey]T, error) {
	byClient := map[uuid.UUID][]uuid.UUID{}
	for _, k := range keys {
		byClient[k.client] = append(byClient[k.client], k.id)
	}
	out := make(map[clientKey]T, len(keys))
	errs := dataloadgen.MappedFetchError[clientKey]{}
	for client, ids := range byClient {
		scope, ok := l.scopeOf(client)
		var got map[uuid.UUID]T
		var err error
		if !ok {
			err = apperr.New(apperr.Forbidden, "no access to client %s", client)
		} else {
			got, err = fetch(ctx, scope, ids)
		}
		for _, id := range ids {
			k := clientKey{client, id}
			switch v, found := got[id]; {
			case err != nil:
				errs[k] = err
			case found:
				out[k] = v
			}
		}
	}
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

// load returns the value of key, or nil when the client has no such row.
func load[T any](ctx context.Context, ld *dataloadgen.Loader[clientKey, T], client, id string) (*T, error) {
	c, err := uuid.Parse(client)
	if err != nil {
		return nil, err
	}
	i, err := uuid.Parse(id)
	if err != nil {
		return nil, err
	}
	v, err := ld.Load(ctx, clientKey{c, i})
	if err != nil {
		if errors.Is(err, dataloadgen.ErrNotFound) {
			return nil, nil
		}
		return nil, err
	}
	return &v, nil
}
