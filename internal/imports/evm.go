package imports

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// EtherscanConfig configures the EVM provider family (Etherscan API v2: one key, every chain,
// selected by chainid).
type EtherscanConfig struct {
	BaseURL  string  // default DefaultEtherscanURL
	APIKey   string  // sent as apikey
	RPS      float64 // requests per second for the key (shared by every EVM chain); default 3
	PageSize int     // offset per request; default 1000 (Etherscan allows page*offset <= 10000)
	// ChainBaseURLs overrides BaseURL per chain, e.g. an Etherscan-compatible Blockscout API
	// ("https://base.blockscout.com/api") for a chain the key's plan does not cover.
	ChainBaseURLs map[string]string
}

// DefaultEtherscanURL is Etherscan's multichain (v2) endpoint.
const DefaultEtherscanURL = "https://api.etherscan.io/v2/api"

// EVM reads one EVM chain through an Etherscan-compatible API: normal transactions (txlist),
// internal transactions (txlistinternal) and ERC-20 transfers (tokentx), merged into one Tx per
// hash.
//
// The cursor is the next block to read ("" = from block 0). Each Fetch reads one page of each
// list from that block (sorted ascending) and returns only blocks that are complete in all three
// lists: a list that filled its page may continue in its last block, so that block is left for the
// next page. When no list has more, the cursor moves past the last block seen, so a re-sync
// returns nothing already returned.
type EVM struct {
	chain    string
	chainID  int64
	native   AssetRef
	baseURL  string
	apiKey   string
	pageSize int
	c        caller
}

// NewEVM returns the provider for one EVM chain. client may be nil (http.DefaultClient);
// limiter may be shared between chains that use the same key.
func NewEVM(chain string, cfg EtherscanConfig, client *http.Client, limiter *Limiter) (*EVM, error) {
	info, ok := evmChains[chain]
	if !ok {
		return nil, fmt.Errorf("%w: %q is not an EVM chain", ErrUnsupportedChain, chain)
	}
	if u := cfg.ChainBaseURLs[chain]; u != "" {
		cfg.BaseURL = u
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultEtherscanURL
	}
	if cfg.PageSize <= 0 {
		cfg.PageSize = 1000
	}
	return &EVM{
		chain: chain, chainID: info.chainID, native: info.native,
		baseURL: cfg.BaseURL, apiKey: cfg.APIKey, pageSize: cfg.PageSize,
		c: caller{provider: "etherscan", client: client, limiter: limiter, retryAfter: time.Second},
	}, nil
}

func (e *EVM) Chain() string { return e.chain }

// etherscanEnvelope is every Etherscan answer: result is a list, or a string on errors.
type etherscanEnvelope struct {
	Status  string          `json:"status"`
	Message string          `json:"message"`
	Result  json.RawMessage `json:"result"`
}

// etherscanRow covers the fields of txlist, txlistinternal and tokentx rows that we use.
type etherscanRow struct {
	BlockNumber      string `json:"blockNumber"`
	TimeStamp        string `json:"timeStamp"`
	Hash             string `json:"hash"`
	TransactionIndex string `json:"transactionIndex"`
	From             string `json:"from"`
	To               string `json:"to"`
	Value            string `json:"value"`
	ContractAddress  string `json:"contractAddress"`
	GasPrice         string `json:"gasPrice"`
	GasUsed          string `json:"gasUsed"`
	IsError          string `json:"isError"`
	TxReceiptStatus  string `json:"txreceipt_status"`
	TraceID          string `json:"traceId"`
	TokenName        string `json:"tokenName"`
	TokenSymbol      string `json:"tokenSymbol"`
	TokenDecimal     string `json:"tokenDecimal"`

	block uint64
}

var evmActions = []string{"txlist", "txlistinternal", "tokentx"}

func (e *EVM) list(ctx context.Context, action, address string, startBlock, endBlock uint64, page int) ([]etherscanRow, error) {
	return e.listN(ctx, action, address, startBlock, endBlock, page, e.pageSize)
}

// HasActivity reports whether the address has any transaction, internal transaction or token
// transfer on the chain: one row asked of each list until one answers (getUsedChains).
func (e *EVM) HasActivity(ctx context.Context, address string) (bool, error) {
	for _, action := range evmActions {
		rows, err := e.listN(ctx, action, address, 0, maxBlock, 1, 1)
		if err != nil || len(rows) > 0 {
			return len(rows) > 0, err
		}
	}
	return false, nil
}

func (e *EVM) listN(ctx context.Context, action, address string, startBlock, endBlock uint64, page, offset int) ([]etherscanRow, error) {
	q := url.Values{}
	q.Set("chainid", strconv.FormatInt(e.chainID, 10))
	q.Set("module", "account")
	q.Set("action", action)
	q.Set("address", address)
	q.Set("startblock", strconv.FormatUint(startBlock, 10))
	q.Set("endblock", strconv.FormatUint(endBlock, 10))
	q.Set("page", strconv.Itoa(page))
	q.Set("offset", strconv.Itoa(offset))
	q.Set("sort", "asc")
	if e.apiKey != "" {
		q.Set("apikey", e.apiKey)
	}
	u := e.baseURL
	if strings.Contains(u, "?") {
		u += "&" + q.Encode()
	} else {
		u += "?" + q.Encode()
	}
	var env etherscanEnvelope
	if err := e.c.getJSON(ctx, action, u, &env); err != nil {
		return nil, err
	}
	if env.Status != "1" {
		var text string
		_ = json.Unmarshal(env.Result, &text)
		msg := strings.TrimSpace(env.Message + " " + text)
		switch {
		case looksRateLimited(msg):
			return nil, &RateLimitError{Provider: "etherscan", RetryAfter: e.c.retryAfter}
		case strings.HasPrefix(env.Message, "No transactions found"), strings.HasPrefix(env.Message, "No records found"):
			return nil, nil
		default:
			temp := strings.Contains(strings.ToLower(msg), "timeout") || strings.Contains(strings.ToLower(msg), "try again")
			return nil, &ProviderError{Provider: "etherscan", Op: action, Temporary: temp, Message: msg}
		}
	}
	var rows []etherscanRow
	if err := json.Unmarshal(env.Result, &rows); err != nil {
		return nil, &ProviderError{Provider: "etherscan", Op: action, Message: "malformed result", Err: err}
	}
	for i := range rows {
		b, err := strconv.ParseUint(rows[i].BlockNumber, 10, 64)
		if err != nil {
			return nil, &ProviderError{Provider: "etherscan", Op: action, Message: "bad blockNumber " + strconv.Quote(rows[i].BlockNumber)}
		}
		rows[i].block = b
	}
	return rows, nil
}

const maxBlock = 999999999

// Fetch implements Provider.
func (e *EVM) Fetch(ctx context.Context, address, cursor string) (Page, error) {
	start := uint64(0)
	if cursor != "" {
		b, err := strconv.ParseUint(cursor, 10, 64)
		if err != nil {
			return Page{}, fmt.Errorf("etherscan: bad cursor %q", cursor)
		}
		start = b
	}
	rows := make([][]etherscanRow, len(evmActions))
	limit := uint64(maxBlock) + 1 // blocks < limit are complete
	full := false
	for i, action := range evmActions {
		r, err := e.list(ctx, action, address, start, maxBlock, 1)
		if err != nil {
			return Page{}, err
		}
		rows[i] = r
		if len(r) >= e.pageSize {
			full = true
			if last := r[len(r)-1].block; last < limit {
				limit = last
			}
		}
	}
	if full && limit == start {
		// One block fills a whole page: read that block alone, page by page, in every list.
		for i, action := range evmActions {
			var all []etherscanRow
			for page := 1; ; page++ {
				r, err := e.list(ctx, action, address, start, start, page)
				if err != nil {
					return Page{}, err
				}
				all = append(all, r...)
				if len(r) < e.pageSize {
					break
				}
			}
			rows[i] = all
		}
		limit = start + 1
	}
	var keep [3][]etherscanRow
	last := uint64(0)
	seen := false
	for i := range rows {
		for _, r := range rows[i] {
			if r.block < limit {
				keep[i] = append(keep[i], r)
				if !seen || r.block > last {
					last, seen = r.block, true
				}
			}
		}
	}
	txs, err := e.group(address, keep[0], keep[1], keep[2])
	if err != nil {
		return Page{}, err
	}
	next := cursor
	switch {
	case full:
		next = strconv.FormatUint(limit, 10)
	case seen:
		next = strconv.FormatUint(last+1, 10)
	}
	return Page{Txs: txs, Cursor: next, More: full}, nil
}

type evmTx struct {
	tx      Tx
	block   uint64
	index   int64
	order   int
	failed  bool
	fee     *Transfer
	value   []Transfer
	inner   []Transfer
	tokens  []Transfer
	hasNorm bool
}

func (e *EVM) group(address string, normal, internal, tokens []etherscanRow) ([]Tx, error) {
	byHash := map[string]*evmTx{}
	var order []*evmTx
	get := func(r etherscanRow) (*evmTx, error) {
		h := strings.ToLower(r.Hash)
		if t, ok := byHash[h]; ok {
			return t, nil
		}
		ts, err := strconv.ParseInt(r.TimeStamp, 10, 64)
		if err != nil {
			return nil, &ProviderError{Provider: "etherscan", Message: "bad timeStamp " + strconv.Quote(r.TimeStamp)}
		}
		idx := int64(1 << 62)
		if r.TransactionIndex != "" {
			if n, err := strconv.ParseInt(r.TransactionIndex, 10, 64); err == nil {
				idx = n
			}
		}
		t := &evmTx{tx: Tx{ExternalID: h, Hash: h, Time: time.Unix(ts, 0).UTC()}, block: r.block, index: idx, order: len(order)}
		byHash[h] = t
		order = append(order, t)
		return t, nil
	}
	self := func(a string) string {
		if strings.EqualFold(a, address) {
			return address
		}
		return strings.ToLower(a)
	}
	for _, r := range normal {
		t, err := get(r)
		if err != nil {
			return nil, err
		}
		t.hasNorm = true
		t.failed = r.IsError == "1" || r.TxReceiptStatus == "0"
		if strings.EqualFold(r.From, address) {
			gasUsed, err1 := decimal.NewFromString(r.GasUsed)
			gasPrice, err2 := decimal.NewFromString(r.GasPrice)
			if err1 != nil || err2 != nil {
				return nil, &ProviderError{Provider: "etherscan", Op: "txlist", Message: "bad gasUsed/gasPrice in " + r.Hash}
			}
			fee := gasUsed.Mul(gasPrice).Shift(-18)
			if fee.Sign() > 0 {
				t.fee = &Transfer{Asset: e.native, Quantity: fee, From: address, IsFee: true}
			}
		}
		v, err := weiValue(r.Value, 18)
		if err != nil {
			return nil, &ProviderError{Provider: "etherscan", Op: "txlist", Message: "bad value in " + r.Hash}
		}
		if v.Sign() > 0 {
			to := r.To
			if to == "" {
				to = r.ContractAddress
			}
			t.value = append(t.value, Transfer{Asset: e.native, Quantity: v, From: self(r.From), To: self(to)})
		}
	}
	for _, r := range internal {
		t, err := get(r)
		if err != nil {
			return nil, err
		}
		if r.IsError == "1" {
			continue // the call reverted, nothing moved
		}
		v, err := weiValue(r.Value, 18)
		if err != nil {
			return nil, &ProviderError{Provider: "etherscan", Op: "txlistinternal", Message: "bad value in " + r.Hash}
		}
		if v.Sign() > 0 {
			to := r.To
			if to == "" {
				to = r.ContractAddress
			}
			t.inner = append(t.inner, Transfer{Asset: e.native, Quantity: v, From: self(r.From), To: self(to)})
		}
	}
	for _, r := range tokens {
		t, err := get(r)
		if err != nil {
			return nil, err
		}
		dec, err := strconv.ParseInt(r.TokenDecimal, 10, 32)
		if err != nil || dec < 0 || dec > 255 {
			return nil, &ProviderError{Provider: "etherscan", Op: "tokentx", Message: "bad tokenDecimal in " + r.Hash}
		}
		v, err := weiValue(r.Value, int32(dec))
		if err != nil {
			return nil, &ProviderError{Provider: "etherscan", Op: "tokentx", Message: "bad value in " + r.Hash}
		}
		if v.Sign() == 0 {
			continue
		}
		asset := AssetRef{Chain: e.chain, Contract: strings.ToLower(r.ContractAddress), Symbol: r.TokenSymbol, Name: r.TokenName, Decimals: int32(dec)}
		t.tokens = append(t.tokens, Transfer{Asset: asset, Quantity: v, From: self(r.From), To: self(r.To)})
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.block != b.block {
			return a.block < b.block
		}
		if a.index != b.index {
			return a.index < b.index
		}
		return a.order < b.order
	})
	out := make([]Tx, 0, len(order))
	for _, t := range order {
		tx := t.tx
		tx.Failed = t.failed
		if !t.failed {
			tx.Transfers = append(tx.Transfers, t.value...)
			tx.Transfers = append(tx.Transfers, t.inner...)
			tx.Transfers = append(tx.Transfers, t.tokens...)
		}
		if t.fee != nil {
			tx.Transfers = append(tx.Transfers, *t.fee)
		}
		if len(tx.Transfers) == 0 {
			continue // nothing of the account moved (a zero-value call or someone else's failed tx)
		}
		out = append(out, tx)
	}
	return out, nil
}

// weiValue parses an integer amount in base units and divides it by 10^decimals exactly.
func weiValue(s string, decimals int32) (decimal.Decimal, error) {
	if s == "" {
		return decimal.Zero, nil
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Zero, err
	}
	if !d.Equal(d.Truncate(0)) || d.Sign() < 0 {
		return decimal.Zero, fmt.Errorf("not a non-negative integer: %q", s)
	}
	return d.Shift(-decimals), nil
}
