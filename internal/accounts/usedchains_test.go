package accounts_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"taxd/internal/accounts"
	"taxd/internal/imports"
	"taxd/internal/pgtest"
)

// countingIndexers are the chains' indexers: ethereum's answers "used", every other chain's fails;
// each counts the asks it got.
type countingIndexers struct {
	mu   sync.Mutex
	asks map[string]int
}

func (c *countingIndexers) Provider(chain string) (imports.Provider, bool) {
	return countingIndexer{c, chain}, true
}

func (c *countingIndexers) count(chain string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.asks[chain]
}

type countingIndexer struct {
	of    *countingIndexers
	chain string
}

func (i countingIndexer) Chain() string { return i.chain }

func (i countingIndexer) Fetch(ctx context.Context, address, cursor string) (imports.Page, error) {
	return imports.Page{}, errors.New("the chain indexer is only asked HasActivity here")
}

func (i countingIndexer) HasActivity(ctx context.Context, address string) (bool, error) {
	i.of.mu.Lock()
	defer i.of.mu.Unlock()
	i.of.asks[i.chain]++
	if i.chain != "ethereum" {
		return false, errors.New("indexer unreachable")
	}
	return true, nil
}

// An indexer that just failed is left alone for IndexerBackoff, for every address: a call within
// that time answers at once with the same partial answer without asking it; the first call after
// it asks again.
func TestUsedChainsLeaveAFailedIndexerAloneForABackoff(t *testing.T) {
	pool := pgtest.Pool(t)
	indexers := &countingIndexers{asks: map[string]int{}}
	now := time.Now()
	svc := accounts.NewService(accounts.Deps{Pool: pool, Providers: indexers, Now: func() time.Time { return now }})
	const first, second = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F", "0x28c6c06298d514db089934071355e5743bf21d60"
	candidates := imports.DetectChains(first)
	if !slices.Contains(candidates, "ethereum") || !slices.Contains(candidates, "base") {
		t.Fatalf("candidates %v: want ethereum and base among them", candidates)
	}
	wantUnchecked := slices.DeleteFunc(slices.Clone(candidates), func(c string) bool { return c == "ethereum" })
	ask := func(address string) {
		t.Helper()
		res, err := svc.UsedChains(t.Context(), address)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.Used, []string{"ethereum"}) || !slices.Equal(res.Unchecked, wantUnchecked) || res.Complete() {
			t.Fatalf("%s: used %v, unchecked %v; want [ethereum] used and %v unchecked", address, res.Used, res.Unchecked, wantUnchecked)
		}
	}

	ask(first)
	if indexers.count("base") != 1 || indexers.count("ethereum") != 1 {
		t.Fatalf("first call: base asked %d times, ethereum %d; want 1 each", indexers.count("base"), indexers.count("ethereum"))
	}
	now = now.Add(accounts.IndexerBackoff - time.Second)
	ask(second) // another address, within the backoff: base is not asked, ethereum is
	if indexers.count("base") != 1 || indexers.count("ethereum") != 2 {
		t.Fatalf("within the backoff: base asked %d times, ethereum %d; want 1 and 2", indexers.count("base"), indexers.count("ethereum"))
	}
	now = now.Add(2 * time.Second)
	ask(second) // after it: base is asked again (ethereum's answer for the address is fresh)
	if indexers.count("base") != 2 || indexers.count("ethereum") != 2 {
		t.Fatalf("after the backoff: base asked %d times, ethereum %d; want 2 each", indexers.count("base"), indexers.count("ethereum"))
	}
}
