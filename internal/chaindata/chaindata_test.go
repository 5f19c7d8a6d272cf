package chaindata_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"testing"

	"taxd/internal/chaindata"
	"taxd/internal/etherscanfake"
	"taxd/internal/imports"
	"taxd/internal/pgtest"
)

// The store round-trips ChainTxs, and as the provider's cache it keeps a re-sync (a new process:
// a new provider) from reading any receipt again.
func TestStoreIsTheProvidersCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := chaindata.New(pgtest.Pool(t))
	fake := etherscanfake.New(etherscanfake.MustFixtures())
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	const wallet = "0xc37b40abdb939635068d3c5f13e7faf686f03b65"
	sync := func() []imports.ChainTx {
		p, err := imports.NewEVM("base", imports.EtherscanConfig{BaseURL: srv.URL, PageSize: 1, Cache: store}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []imports.ChainTx
		cursor := ""
		for {
			pg, err := p.Fetch(ctx, wallet, cursor)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, pg.Chain...)
			if cursor = pg.Cursor; !pg.More {
				return out
			}
		}
	}
	first := sync()
	receipts := fake.Count("eth_getTransactionReceipt")
	if len(first) != 3 || receipts != 3 {
		t.Fatalf("%d transactions, %d receipts", len(first), receipts)
	}
	again := sync()
	if fake.Count("eth_getTransactionReceipt") != receipts {
		t.Errorf("a re-sync read %d receipts again", fake.Count("eth_getTransactionReceipt")-receipts)
	}
	hashes := []string{first[0].Hash, first[1].Hash, first[2].Hash, "0xunknown"}
	stored, err := store.GetChainTxs(ctx, "base", hashes)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != 3 {
		t.Fatalf("%d stored", len(stored))
	}
	for i, ct := range first {
		want := jsonOf(t, ct)
		if jsonOf(t, stored[ct.Hash]) != want || jsonOf(t, again[i]) != want {
			t.Errorf("%s: stored or re-read differs from the first reading", ct.Hash)
		}
	}
	if other, err := store.GetChainTxs(ctx, "ethereum", hashes); err != nil || len(other) != 0 {
		t.Errorf("another chain: %d, %v", len(other), err)
	}
	// Two readings of one transaction in one call: the last is kept.
	a, b := first[0], first[0]
	b.Missing = []string{"txlistinternal"}
	if err := store.PutChainTxs(ctx, []imports.ChainTx{a, b}); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.GetChainTxs(ctx, "base", []string{a.Hash}); !slices.Equal(got[a.Hash].Missing, b.Missing) {
		t.Errorf("kept %v", got[a.Hash].Missing)
	}
}

func jsonOf(t *testing.T, ct imports.ChainTx) string {
	t.Helper()
	b, err := json.Marshal(ct)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
