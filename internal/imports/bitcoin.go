package imports

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// EsploraConfig configures the Bitcoin provider.
type EsploraConfig struct {
	BaseURL  string  // default DefaultEsploraURL (no trailing slash needed)
	RPS      float64 // default 2
	PageSize int     // confirmed transactions per page the server returns; Esplora's is 25
}

// DefaultEsploraURL is Blockstream's public Esplora.
const DefaultEsploraURL = "https://blockstream.info/api"

// Bitcoin reads an address through an Esplora-compatible API (GET /address/{a}/txs, then
// /address/{a}/txs/chain/{last_seen_txid}). Esplora lists newest first, so a sync walks from the
// newest confirmed transaction down to the one where the previous completed sync started.
//
// The cursor is opaque (URL-encoded): stop/stop_height name the newest transaction of the last
// completed sync; while a walk is under way, head/head_height name the newest transaction of this
// walk and after the last one returned. Unconfirmed transactions are skipped: they are imported
// once confirmed.
type Bitcoin struct {
	baseURL  string
	pageSize int
	native   AssetRef
	c        caller
}

// NewBitcoin returns the Bitcoin provider. client may be nil.
func NewBitcoin(cfg EsploraConfig, client *http.Client, limiter *Limiter) *Bitcoin {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultEsploraURL
	}
	if cfg.PageSize <= 0 {
		cfg.PageSize = 25
	}
	native, _ := NativeAsset(ChainBitcoin)
	return &Bitcoin{
		baseURL: strings.TrimRight(cfg.BaseURL, "/"), pageSize: cfg.PageSize, native: native,
		c: caller{provider: "esplora", client: client, limiter: limiter, retryAfter: time.Second},
	}
}

func (b *Bitcoin) Chain() string { return ChainBitcoin }

type esploraTx struct {
	TxID string `json:"txid"`
	Vin  []struct {
		IsCoinbase bool `json:"is_coinbase"`
		Prevout    *struct {
			Address string `json:"scriptpubkey_address"`
			Value   int64  `json:"value"`
		} `json:"prevout"`
	} `json:"vin"`
	Vout []struct {
		Address string `json:"scriptpubkey_address"`
		Value   int64  `json:"value"`
	} `json:"vout"`
	Fee    int64 `json:"fee"`
	Status struct {
		Confirmed   bool   `json:"confirmed"`
		BlockHeight uint64 `json:"block_height"`
		BlockTime   int64  `json:"block_time"`
	} `json:"status"`
}

type walkCursor struct {
	stop, head, after      string
	stopHeight, headHeight uint64
}

func parseWalkCursor(s string) (walkCursor, error) {
	var c walkCursor
	if s == "" {
		return c, nil
	}
	v, err := url.ParseQuery(s)
	if err != nil {
		return c, fmt.Errorf("bad cursor %q", s)
	}
	c.stop, c.head, c.after = v.Get("stop"), v.Get("head"), v.Get("after")
	if h := v.Get("stop_height"); h != "" {
		if c.stopHeight, err = strconv.ParseUint(h, 10, 64); err != nil {
			return c, fmt.Errorf("bad cursor %q", s)
		}
	}
	if h := v.Get("head_height"); h != "" {
		if c.headHeight, err = strconv.ParseUint(h, 10, 64); err != nil {
			return c, fmt.Errorf("bad cursor %q", s)
		}
	}
	return c, nil
}

func (c walkCursor) String() string {
	v := url.Values{}
	set := func(k, s string) {
		if s != "" {
			v.Set(k, s)
		}
	}
	set("stop", c.stop)
	if c.stop != "" && c.stopHeight > 0 {
		v.Set("stop_height", strconv.FormatUint(c.stopHeight, 10))
	}
	set("head", c.head)
	if c.head != "" && c.headHeight > 0 {
		v.Set("head_height", strconv.FormatUint(c.headHeight, 10))
	}
	set("after", c.after)
	return v.Encode()
}

// Fetch implements Provider.
func (b *Bitcoin) Fetch(ctx context.Context, address, cursor string) (Page, error) {
	cur, err := parseWalkCursor(cursor)
	if err != nil {
		return Page{}, fmt.Errorf("esplora: %w", err)
	}
	base := b.baseURL + "/address/" + url.PathEscape(address) + "/txs"
	u := base
	if cur.after != "" {
		u = base + "/chain/" + url.PathEscape(cur.after)
	}
	var raw []esploraTx
	if err := b.c.getJSON(ctx, "address txs", u, &raw); err != nil {
		return Page{}, err
	}
	var confirmed []esploraTx
	for _, t := range raw {
		if t.Status.Confirmed {
			confirmed = append(confirmed, t)
		}
	}
	if cur.after == "" { // a new walk starts at the newest confirmed transaction
		cur.head, cur.headHeight = cur.stop, cur.stopHeight
		if len(confirmed) > 0 {
			cur.head, cur.headHeight = confirmed[0].TxID, confirmed[0].Status.BlockHeight
		}
	}
	reached := false
	var txs []Tx
	for _, t := range confirmed {
		if cur.stop != "" && (t.TxID == cur.stop || t.Status.BlockHeight < cur.stopHeight) {
			reached = true
			break
		}
		tx, ok, err := b.mapTx(address, t)
		if err != nil {
			return Page{}, err
		}
		if ok {
			txs = append(txs, tx)
		}
	}
	slices.Reverse(txs) // oldest first
	more := !reached && len(confirmed) >= b.pageSize
	next := walkCursor{stop: cur.head, stopHeight: cur.headHeight}
	if more {
		next = walkCursor{stop: cur.stop, stopHeight: cur.stopHeight, head: cur.head, headHeight: cur.headHeight,
			after: confirmed[len(confirmed)-1].TxID}
	}
	return Page{Txs: txs, Cursor: next.String(), More: more}, nil
}

func sameBTCAddress(a, b string) bool {
	if a == b {
		return true
	}
	return len(a) > 3 && strings.EqualFold(a[:3], "bc1") && strings.EqualFold(a, b)
}

func sats(n int64) decimal.Decimal { return decimal.New(n, -8) }

func (b *Bitcoin) mapTx(address string, t esploraTx) (Tx, bool, error) {
	var ownIn, totalIn, ownOut int64
	allOwn := true
	var ins, outs []string
	for _, in := range t.Vin {
		if in.IsCoinbase || in.Prevout == nil {
			allOwn = false
			continue
		}
		totalIn += in.Prevout.Value
		if sameBTCAddress(in.Prevout.Address, address) {
			ownIn += in.Prevout.Value
		} else {
			allOwn = false
			if in.Prevout.Address != "" && !slices.Contains(ins, in.Prevout.Address) {
				ins = append(ins, in.Prevout.Address)
			}
		}
	}
	for _, o := range t.Vout {
		if sameBTCAddress(o.Address, address) {
			ownOut += o.Value
		} else if o.Address != "" && !slices.Contains(outs, o.Address) {
			outs = append(outs, o.Address)
		}
	}
	if ownIn == 0 && ownOut == 0 {
		return Tx{}, false, nil
	}
	tx := Tx{ExternalID: t.TxID, Hash: t.TxID, Time: time.Unix(t.Status.BlockTime, 0).UTC()}
	var fee int64
	if ownIn > 0 {
		fee = t.Fee
		if !allOwn && totalIn > 0 { // shared inputs (coinjoin, payjoin): our share, rounded down
			fee = decimal.NewFromInt(t.Fee).Mul(decimal.NewFromInt(ownIn)).Div(decimal.NewFromInt(totalIn)).Floor().IntPart()
		}
	}
	move := ownOut - ownIn + fee // balance change apart from the fee
	switch {
	case move > 0:
		tx.Transfers = append(tx.Transfers, Transfer{Asset: b.native, Quantity: sats(move), From: one(ins), To: address})
	case move < 0:
		tx.Transfers = append(tx.Transfers, Transfer{Asset: b.native, Quantity: sats(-move), From: address, To: one(outs)})
	}
	if fee > 0 {
		tx.Transfers = append(tx.Transfers, Transfer{Asset: b.native, Quantity: sats(fee), From: address, IsFee: true})
	}
	return tx, len(tx.Transfers) > 0, nil
}
