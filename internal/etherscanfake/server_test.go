package etherscanfake

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

func get(t *testing.T, h http.Handler, path string, q url.Values) map[string]any {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path+"?"+q.Encode(), nil))
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s: %v: %s", q.Encode(), err, rec.Body.String())
	}
	return out
}

func list(action, address string, extra ...string) url.Values {
	q := url.Values{"chainid": {"1"}, "module": {"account"}, "action": {action}, "address": {address}, "sort": {"asc"}}
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	return q
}

// The answers have Etherscan's shapes: string fields in a status/message/result envelope, an
// empty list as status 0 "No transactions found", proxy answers in JSON-RPC form.
func TestServerShapes(t *testing.T) {
	s := New(MustFixtures())
	const wallet = "0x2b888954421b424c5d3d9ce9bb67c9bd47537d12" // four recorded transactions on Ethereum
	all := get(t, s, "/v2/api", list("txlist", wallet))
	rows, _ := all["result"].([]any)
	if all["status"] != "1" || all["message"] != "OK" || len(rows) < 3 {
		t.Fatalf("txlist: %v", all)
	}
	for _, r := range rows {
		for k, v := range r.(map[string]any) {
			if _, ok := v.(string); !ok {
				t.Errorf("txlist field %s is %T, want a string", k, v)
			}
		}
	}
	first := rows[0].(map[string]any)
	if first["methodId"] == "" || first["isError"] == nil || first["txreceipt_status"] == nil || first["input"] == "" {
		t.Errorf("txlist row %v", first)
	}
	// Paging and sort.
	p2 := get(t, s, "/v2/api", list("txlist", wallet, "page", "2", "offset", "1"))
	if r := p2["result"].([]any); len(r) != 1 || r[0].(map[string]any)["hash"] != rows[1].(map[string]any)["hash"] {
		t.Errorf("page 2 of 1: %v", p2["result"])
	}
	desc := get(t, s, "/v2/api", list("txlist", wallet, "sort", "desc", "offset", "1"))
	if r := desc["result"].([]any); r[0].(map[string]any)["hash"] != rows[len(rows)-1].(map[string]any)["hash"] {
		t.Errorf("desc: %v", r)
	}
	start := first["blockNumber"].(string)
	if r := get(t, s, "/v2/api", list("txlist", wallet, "startblock", start, "endblock", start))["result"].([]any); len(r) != 1 {
		t.Errorf("one block: %d rows", len(r))
	}
	empty := get(t, s, "/v2/api", list("token1155tx", wallet))
	if empty["status"] != "0" || empty["message"] != "No transactions found" || len(empty["result"].([]any)) != 0 {
		t.Errorf("empty: %v", empty)
	}
	if w := get(t, s, "/v2/api", list("txlist", wallet, "page", "101", "offset", "100")); w["status"] != "0" || w["message"] != "NOTOK" {
		t.Errorf("window: %v", w)
	}
	// NFT lists: the ERC-721 mint paid in USDC.
	nft := get(t, s, "/v2/api", list("tokennfttx", "0xd161f7fa342dcefeafdeb0827b83a400f57ad0a4"))
	if r := nft["result"].([]any); len(r) != 1 || r[0].(map[string]any)["tokenID"] != "1" {
		t.Errorf("tokennfttx: %v", nft)
	}
	erc1155 := get(t, s, "/v2/api", list("token1155tx", "0xa3b9e4b2c18efb1c767542e8eb9419b840881467"))
	if r := erc1155["result"].([]any); len(r) != 1 || r[0].(map[string]any)["tokenValue"] != "1" {
		t.Errorf("token1155tx: %v", erc1155)
	}
	// Proxy answers.
	hash := first["hash"].(string)
	rc := get(t, s, "/v2/api", url.Values{"chainid": {"1"}, "module": {"proxy"}, "action": {"eth_getTransactionReceipt"}, "txhash": {hash}})
	if rc["jsonrpc"] != "2.0" || rc["result"].(map[string]any)["transactionHash"] != hash {
		t.Errorf("receipt: %v", rc)
	}
	none := get(t, s, "/v2/api", url.Values{"chainid": {"1"}, "module": {"proxy"}, "action": {"eth_getTransactionByHash"}, "txhash": {"0x00"}})
	if v, ok := none["result"]; !ok || v != nil {
		t.Errorf("unknown hash: %v", none)
	}
	s.FailReceipt(hash)
	if e := get(t, s, "/v2/api", url.Values{"chainid": {"1"}, "module": {"proxy"}, "action": {"eth_getTransactionReceipt"}, "txhash": {hash}}); e["error"] == nil {
		t.Errorf("failed receipt: %v", e)
	}
	// The chain by path (a Blockscout-style URL per chain), an unknown chain id, a rate limit.
	if b := get(t, s, "/base/api", list("txlist", "0xc37b40abdb939635068d3c5f13e7faf686f03b65", "chainid", "")); len(b["result"].([]any)) != 3 {
		t.Errorf("base by path: %v", b)
	}
	if u := get(t, s, "/v2/api", list("txlist", wallet, "chainid", "12345")); u["status"] != "0" {
		t.Errorf("unknown chain: %v", u)
	}
	s.RateLimit(1)
	if r := get(t, s, "/v2/api", list("txlist", wallet)); r["result"] != "Max calls per sec rate limit reached (3/sec)" {
		t.Errorf("rate limit: %v", r)
	}
	if s.Count("txlist") < 8 || s.Total() < s.Count("txlist") {
		t.Errorf("counts %d / %d", s.Count("txlist"), s.Total())
	}
}
