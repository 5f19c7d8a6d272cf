package exchanges_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/exchanges"
	"taxd/internal/fakes"
	"taxd/internal/imports"
)

var recordings = filepath.Join("..", "..", fakes.ExchangeRecordings)

func registry(cb, kr string) *exchanges.Registry {
	return exchanges.NewRegistry(exchanges.Config{CoinbaseURL: cb, KrakenURL: kr, Backoff: time.Millisecond})
}

// fetchAll runs a sync to its end from cursor and returns the transactions and the final cursor.
func fetchAll(t *testing.T, c exchanges.Connector, creds exchanges.Credentials, cursor string) ([]imports.Tx, string, int) {
	t.Helper()
	var txs []imports.Tx
	pages := 0
	for {
		p, err := c.Fetch(context.Background(), creds, cursor)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		txs = append(txs, p.Txs...)
		cursor = p.Cursor
		if !p.More {
			return txs, cursor, pages
		}
		if pages > 20 {
			t.Fatal("no end of pages")
		}
	}
}

func TestCoinbaseSignedPagedAndRetried(t *testing.T) {
	creds := exchanges.Credentials{APIKey: "cb-key", Secret: "cb-secret"}
	srv := fakes.Coinbase(t, recordings, creds.APIKey, creds.Secret)
	srv.LimitOnce("starting_after=4117f7d6") // the second page of BTC transactions is rate limited once
	c, _ := registry(srv.URL, "").Connector(exchanges.Coinbase)

	txs, cursor, pages := fetchAll(t, c, creds, "")
	if srv.Rejected != 0 || srv.Limited != 1 {
		t.Fatalf("rejected %d, limited %d; want 0 and 1", srv.Rejected, srv.Limited)
	}
	if pages != 3 {
		t.Fatalf("%d pages, want 3 (two of BTC, one of ETH)", pages)
	}
	// buy, staking reward, sell (the failed send is skipped), the ETH send with its network fee
	if len(txs) != 4 {
		t.Fatalf("%d transactions, want 4: %+v", len(txs), txs)
	}
	buy := txs[0]
	if buy.ExternalID != "coinbase:57ffb4ae-0c59-5430-bcd3-3f98f797a66c" || buy.Label != imports.LabelBuy ||
		buy.Transfers[0].To != imports.Self || buy.Transfers[0].Quantity.String() != "0.5" || buy.Transfers[0].FiatValue.String() != "20000" {
		t.Errorf("buy: %+v", buy)
	}
	if sell := txs[2]; sell.Transfers[0].From != imports.Self || sell.Transfers[0].Quantity.String() != "0.111" || sell.Transfers[0].FiatValue.String() != "6993" {
		t.Errorf("sell: %+v", sell)
	}
	send := txs[3]
	if send.Hash == "" || len(send.Transfers) != 2 || !send.Transfers[1].IsFee || send.Transfers[1].Quantity.String() != "0.001" ||
		send.Transfers[0].To != "0x4e83362442b8d1bec281594cea3050c8eb01311c" {
		t.Errorf("send: %+v", send)
	}
	// A later sync from the stored cursor reads only what is new: nothing.
	again, _, _ := fetchAll(t, c, creds, cursor)
	if len(again) != 0 {
		t.Fatalf("re-sync returned %d transactions", len(again))
	}
}

func TestCoinbaseWrongSecretIsUnauthorized(t *testing.T) {
	srv := fakes.Coinbase(t, recordings, "cb-key", "cb-secret")
	c, _ := registry(srv.URL, "").Connector(exchanges.Coinbase)
	_, err := c.Fetch(context.Background(), exchanges.Credentials{APIKey: "cb-key", Secret: "wrong"}, "")
	if !errors.Is(err, exchanges.ErrUnauthorized) || srv.Rejected != 1 {
		t.Fatalf("err %v, rejected %d", err, srv.Rejected)
	}
}

func TestKrakenSignedPagedAndRetried(t *testing.T) {
	creds := exchanges.Credentials{APIKey: "kr-key", Secret: "a3Jha2VuLXNlY3JldC1mb3ItdGVzdHM="}
	srv := fakes.Kraken(t, recordings, creds.APIKey, creds.Secret)
	srv.LimitOnce("ofs=0") // the first page answers EAPI:Rate limit exceeded once
	c, _ := registry("", srv.URL).Connector(exchanges.Kraken)

	txs, cursor, pages := fetchAll(t, c, creds, "")
	if srv.Rejected != 0 || srv.Limited != 1 || pages != 2 {
		t.Fatalf("rejected %d, limited %d, pages %d; want 0, 1, 2", srv.Rejected, srv.Limited, pages)
	}
	if len(txs) != 3 {
		t.Fatalf("%d transactions, want 3", len(txs))
	}
	byID := map[string]imports.Tx{}
	for _, tx := range txs {
		byID[tx.ExternalID] = tx
	}
	eth := byID["kraken:L4UESK-KG3EQ-UFO4T5"]
	if eth.Transfers[0].Asset.Symbol != "ETH" || eth.Transfers[0].From != imports.Self || eth.Transfers[0].Quantity.String() != "0.2" ||
		eth.Time != time.Unix(1688464484, 178700000).UTC() {
		t.Errorf("ETH leg: %+v", eth)
	}
	usd := byID["kraken:LMKZCZ-Z3GVL-CXKK4H"]
	if len(usd.Transfers) != 2 || !usd.Transfers[1].IsFee || usd.Transfers[1].Quantity.String() != "0.62" {
		t.Errorf("USD leg: %+v", usd)
	}
	if dot := byID["kraken:LTMWQG-7YLZG-OPNQA3"]; dot.Label != imports.LabelStakingReward || dot.Transfers[0].Asset.Symbol != "DOT" {
		t.Errorf("staking: %+v", dot)
	}
	again, _, _ := fetchAll(t, c, creds, cursor)
	if len(again) != 0 {
		t.Fatalf("re-sync returned %d", len(again))
	}
}

func TestKrakenRateLimitExhaustedIsARateLimitError(t *testing.T) {
	creds := exchanges.Credentials{APIKey: "kr-key", Secret: "a3Jha2VuLXNlY3JldC1mb3ItdGVzdHM="}
	srv := fakes.Kraken(t, recordings, creds.APIKey, creds.Secret)
	for range 5 { // 1 + 4 retries
		srv.LimitOnce("ofs=0")
	}
	c, _ := registry("", srv.URL).Connector(exchanges.Kraken)
	_, err := c.Fetch(context.Background(), creds, "")
	if _, ok := imports.RetryAfter(err); !ok || srv.Limited != 5 {
		t.Fatalf("err %v after %d limited answers; want a rate-limit error after 5 (1 + 4 retries)", err, srv.Limited)
	}
	_, err = c.Fetch(context.Background(), exchanges.Credentials{APIKey: "kr-key", Secret: "b3RoZXI="}, "")
	if !errors.Is(err, exchanges.ErrUnauthorized) {
		t.Fatalf("wrong secret: %v", err)
	}
}

func TestSealerRoundTripBoundToAccount(t *testing.T) {
	s, err := exchanges.NewSealer(exchanges.DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	a, b := uuid.New(), uuid.New()
	creds := exchanges.Credentials{APIKey: "k", Secret: "s", Passphrase: "p"}
	sealed, err := s.Seal(a, creds)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Open(a, sealed); err != nil || got != creds {
		t.Fatalf("open: %+v %v", got, err)
	}
	if _, err := s.Open(b, sealed); err == nil {
		t.Fatal("a blob opened for another account")
	}
	for _, bad := range []string{"", "c2hvcnQ=", "not base64!"} {
		if _, err := exchanges.NewSealer(bad); err == nil {
			t.Errorf("key %q accepted", bad)
		}
	}
}
