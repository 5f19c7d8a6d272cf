package imports

import (
	"context"
	"sync"
)

// ChainCache keeps ChainTxs per (chain, hash). They are public chain data, the same for every
// account and client, so one store serves every sync: the EVM provider reads a transaction's
// receipt only when the cache does not hold it, and the classification stage can run again on
// what it holds without asking the API. internal/chaindata is the Postgres implementation;
// MemoryChainCache serves tests and tools.
type ChainCache interface {
	// GetChainTxs returns the stored ChainTxs of hashes on chain, by hash (absent when unknown).
	GetChainTxs(ctx context.Context, chain string, hashes []string) (map[string]ChainTx, error)
	// PutChainTxs stores txs, replacing what is stored under the same (chain, hash).
	PutChainTxs(ctx context.Context, txs []ChainTx) error
}

// MemoryChainCache is a ChainCache in memory.
type MemoryChainCache struct {
	mu  sync.Mutex
	txs map[[2]string]ChainTx
}

// NewMemoryChainCache returns an empty MemoryChainCache.
func NewMemoryChainCache() *MemoryChainCache {
	return &MemoryChainCache{txs: map[[2]string]ChainTx{}}
}

// GetChainTxs implements ChainCache.
func (m *MemoryChainCache) GetChainTxs(_ context.Context, chain string, hashes []string) (map[string]ChainTx, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]ChainTx{}
	for _, h := range hashes {
		if ct, ok := m.txs[[2]string{chain, h}]; ok {
			out[h] = ct
		}
	}
	return out, nil
}

// PutChainTxs implements ChainCache.
func (m *MemoryChainCache) PutChainTxs(_ context.Context, txs []ChainTx) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, ct := range txs {
		m.txs[[2]string{ct.Chain, ct.Hash}] = ct
	}
	return nil
}

// Len returns how many transactions the cache holds.
func (m *MemoryChainCache) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.txs)
}
