package accounts

import (
	"context"
	"strings"
	"sync"
	"time"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/imports"
)

// getUsedChains answers from what the chains' indexers said before (used_chain_checks, one row per
// address and chain) and never waits long for an indexer: a chain without a fresh answer is asked
// in the background, and the request waits at most UsedChainsWait for it. An address whose ask
// failed within UsedChainsRetry is not asked again before that. An indexer (one per chain) that
// failed, or did not answer within UsedChainsWait, is neither asked nor waited for during
// IndexerBackoff, for any address: a burst of calls while it is down answers at once; the first
// call after that asks it again (a circuit breaker; an answer from it closes it). A chain whose
// indexer never answered is left out of the answer and named as unchecked (a partial answer); one
// whose answer is older than UsedChainsTTL is answered as last known while it is asked again.
const (
	UsedChainsTTL     = time.Hour        // an indexer's answer is fresh this long
	UsedChainsTimeout = 10 * time.Second // a background ask gives up after this
	UsedChainsWait    = 700 * time.Millisecond
	UsedChainsRetry   = time.Minute
	IndexerBackoff    = 30 * time.Second
)

// indexerBreaker remembers, per chain, until when its indexer is left alone (see IndexerBackoff).
type indexerBreaker struct {
	mu        sync.Mutex
	openUntil map[string]time.Time
}

// open reports whether chain's indexer is left alone at now.
func (b *indexerBreaker) open(chain string, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return now.Before(b.openUntil[chain])
}

// trip leaves chain's indexer alone for IndexerBackoff from now.
func (b *indexerBreaker) trip(chain string, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.openUntil == nil {
		b.openUntil = map[string]time.Time{}
	}
	b.openUntil[chain] = now.Add(IndexerBackoff)
}

// reset asks chain's indexer again from now on (it answered).
func (b *indexerBreaker) reset(chain string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.openUntil, chain)
}

// UsedChainsResult is what is known of the chains an address was used on.
type UsedChainsResult struct {
	Address   string
	Used      []string  // chains found used, among those checked, in the order of the supported chains
	Unchecked []string  // chains whose indexer has not answered (failed, timed out, missing, still asked)
	CheckedAt time.Time // when the oldest answer used came (now when none did)
}

// Complete reports whether every candidate chain was checked.
func (r UsedChainsResult) Complete() bool { return len(r.Unchecked) == 0 }

// UsedChains returns the supported chains on which address has activity, as far as their indexers
// have answered (see the constants above).
func (s *Service) UsedChains(ctx context.Context, address string) (UsedChainsResult, error) {
	address = strings.TrimSpace(address)
	candidates := imports.DetectChains(address)
	if len(candidates) == 0 {
		return UsedChainsResult{}, apperr.InvalidField("address", "not a valid address on any supported chain")
	}
	key := address
	if imports.IsEVM(candidates[0]) {
		key = strings.ToLower(address)
	}
	rows, err := db.New(s.d.Pool).ListUsedChainChecks(ctx, key)
	if err != nil {
		return UsedChainsResult{}, err
	}
	known := make(map[string]db.UsedChainCheck, len(rows))
	for _, r := range rows {
		known[r.Chain] = r
	}
	now := s.d.Now()
	type answer struct {
		chain string
		used  *bool // nil: the ask failed
	}
	answers := make(chan answer, len(candidates))
	waiting := 0                 // chains this request waits for
	pending := map[string]bool{} // those of them not answered yet
	for _, chain := range candidates {
		r, ok := known[chain]
		switch {
		case ok && r.CheckedAt != nil && r.CheckedAt.After(now.Add(-UsedChainsTTL)):
			continue // fresh
		case ok && r.FailedAt != nil && r.FailedAt.After(now.Add(-UsedChainsRetry)):
			continue // failed a moment ago: answered as known, not waited for
		case s.indexers.open(chain, now):
			continue // its indexer is down: answered as known, not asked
		}
		waiting++
		pending[chain] = true
		go func() {
			used, ok := <-s.askUsedChain(key, address, chain)
			if !ok {
				answers <- answer{chain, nil}
				return
			}
			answers <- answer{chain, &used}
		}()
	}
	wait := time.NewTimer(UsedChainsWait)
	defer wait.Stop()
collect:
	for ; waiting > 0; waiting-- {
		select {
		case a := <-answers:
			delete(pending, a.chain)
			if a.used != nil {
				known[a.chain] = db.UsedChainCheck{Chain: a.chain, Used: a.used, CheckedAt: &now}
			}
		case <-wait.C:
			for chain := range pending { // the rest stays unchecked, and its indexer is left alone a while
				s.indexers.trip(chain, s.d.Now())
			}
			break collect
		case <-ctx.Done():
			return UsedChainsResult{}, ctx.Err()
		}
	}
	out := UsedChainsResult{Address: address, Used: []string{}, Unchecked: []string{}, CheckedAt: now}
	for _, chain := range candidates {
		r, ok := known[chain]
		if !ok || r.Used == nil {
			out.Unchecked = append(out.Unchecked, chain)
			continue
		}
		if *r.Used {
			out.Used = append(out.Used, chain)
		}
		if r.CheckedAt != nil && r.CheckedAt.Before(out.CheckedAt) {
			out.CheckedAt = *r.CheckedAt
		}
	}
	return out, nil
}

// askUsedChain asks chain's indexer about address in the background (one ask per address and chain
// at a time in this process) and stores the answer or the failure. The channel yields the answer,
// or closes without one when the ask failed.
func (s *Service) askUsedChain(key, address, chain string) <-chan bool {
	out := make(chan bool, 1)
	p, ok := s.d.Providers.Provider(chain)
	if !ok {
		close(out)
		return out
	}
	res := s.asks.DoChan(key+"|"+chain, func() (any, error) {
		// The ask outlives the request that started it: its answer serves the next one.
		ctx, cancel := context.WithTimeout(context.Background(), UsedChainsTimeout)
		defer cancel()
		q := db.New(s.d.Pool)
		used, err := hasActivity(ctx, p, address)
		if err != nil {
			s.indexers.trip(chain, s.d.Now())
			_ = q.PutUsedChainFailure(ctx, db.PutUsedChainFailureParams{Address: key, Chain: chain})
			return false, err
		}
		s.indexers.reset(chain)
		return used, q.PutUsedChainAnswer(ctx, db.PutUsedChainAnswerParams{Address: key, Chain: chain, Used: &used})
	})
	go func() {
		r := <-res
		if r.Err == nil {
			out <- r.Val.(bool)
		}
		close(out)
	}()
	return out
}

func hasActivity(ctx context.Context, p imports.Provider, address string) (bool, error) {
	if a, ok := p.(interface {
		HasActivity(ctx context.Context, address string) (bool, error)
	}); ok {
		return a.HasActivity(ctx, address)
	}
	page, err := p.Fetch(ctx, address, "")
	return len(page.Txs) > 0, err
}
