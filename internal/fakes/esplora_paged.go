package fakes

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// PagedEsplora is an Esplora API on which every address has Txs confirmed incoming transactions
// (one per block, heights 1..Txs, every ten minutes from 2026-01-01, 10,000 sats each from an
// outside address), served newest first
// in pages of 25 as Esplora does, each page after Delay: a sync of it takes Txs/25 pages. While
// Down is set every request fails with HTTP 503 (a provider that cannot be reached).
type PagedEsplora struct {
	*httptest.Server
	Txs   int
	Delay time.Duration
	Down  atomic.Bool
	Calls atomic.Int64
}

// EsploraPageSize is Esplora's page of confirmed transactions.
const EsploraPageSize = 25

// NewPagedEsplora starts a PagedEsplora (closed with the test).
func NewPagedEsplora(t testing.TB, txs int, delay time.Duration) *PagedEsplora {
	f := &PagedEsplora{Txs: txs, Delay: delay}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// PagedTxID is the id of the fake's transaction at height h for address.
func PagedTxID(address string, h int) string {
	sum := sha256.Sum256([]byte(address + "/" + strconv.Itoa(h)))
	return hex.EncodeToString(sum[:])
}

func (f *PagedEsplora) serve(w http.ResponseWriter, r *http.Request) {
	f.Calls.Add(1)
	if f.Down.Load() {
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	// /address/{a}/txs or /address/{a}/txs/chain/{last_seen_txid}
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	if len(parts) < 3 || parts[0] != "address" || parts[2] != "txs" {
		http.NotFound(w, r)
		return
	}
	addr := parts[1]
	top := f.Txs
	if len(parts) == 5 && parts[3] == "chain" {
		top = 0
		for h := f.Txs; h >= 1; h-- { // the height of the last seen transaction, minus one
			if PagedTxID(addr, h) == parts[4] {
				top = h - 1
				break
			}
		}
	}
	select {
	case <-time.After(f.Delay):
	case <-r.Context().Done():
		return
	}
	type prevout struct {
		Address string `json:"scriptpubkey_address"`
		Value   int64  `json:"value"`
	}
	type vin struct {
		Prevout prevout `json:"prevout"`
	}
	type vout struct {
		Address string `json:"scriptpubkey_address"`
		Value   int64  `json:"value"`
	}
	type status struct {
		Confirmed   bool  `json:"confirmed"`
		BlockHeight int   `json:"block_height"`
		BlockTime   int64 `json:"block_time"`
	}
	type tx struct {
		TxID   string `json:"txid"`
		Vin    []vin  `json:"vin"`
		Vout   []vout `json:"vout"`
		Fee    int64  `json:"fee"`
		Status status `json:"status"`
	}
	out := []tx{}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	for h := top; h >= 1 && len(out) < EsploraPageSize; h-- {
		out = append(out, tx{TxID: PagedTxID(addr, h), Fee: 200,
			Vin:    []vin{{Prevout: prevout{Address: BitcoinAddress, Value: 10200}}},
			Vout:   []vout{{Address: addr, Value: 10000}},
			Status: status{Confirmed: true, BlockHeight: h, BlockTime: base + int64(h)*600}})
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(out)
}

// SegwitAddress is a valid mainnet P2WPKH address (bc1q...) whose 20-byte program is derived from
// seed: distinct seeds give distinct addresses.
func SegwitAddress(seed string) string {
	sum := sha256.Sum256([]byte(seed))
	prog := sum[:20]
	// 8-bit groups to 5-bit groups.
	data := []byte{0} // witness version 0
	acc, bits := 0, 0
	for _, b := range prog {
		acc = acc<<8 | int(b)
		bits += 8
		for bits >= 5 {
			bits -= 5
			data = append(data, byte(acc>>bits&31))
		}
	}
	if bits > 0 {
		data = append(data, byte(acc<<(5-bits)&31))
	}
	const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
	hrp := "bc"
	values := []byte{}
	for i := 0; i < len(hrp); i++ {
		values = append(values, hrp[i]>>5)
	}
	values = append(values, 0)
	for i := 0; i < len(hrp); i++ {
		values = append(values, hrp[i]&31)
	}
	values = append(values, data...)
	values = append(values, 0, 0, 0, 0, 0, 0)
	mod := polymod(values) ^ 1 // bech32 (witness version 0)
	var b strings.Builder
	b.WriteString(hrp + "1")
	for _, d := range data {
		b.WriteByte(charset[d])
	}
	for i := range 6 {
		b.WriteByte(charset[mod>>(5*(5-i))&31])
	}
	return b.String()
}

func polymod(values []byte) uint32 {
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	chk := uint32(1)
	for _, v := range values {
		top := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ uint32(v)
		for i := range 5 {
			if top>>i&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	return chk
}
