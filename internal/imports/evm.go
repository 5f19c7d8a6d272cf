package imports

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
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
	// Cache, when set, keeps each transaction's ChainTx per (chain, hash): a transaction already
	// in it is never asked of the API again (its receipt is read once, whichever account or sync
	// meets it first).
	Cache ChainCache
}

// DefaultEtherscanURL is Etherscan's multichain (v2) endpoint.
const DefaultEtherscanURL = "https://api.etherscan.io/v2/api"

// EVM reads one EVM chain through an Etherscan-compatible API: the account lists (txlist with the
// calldata, txlistinternal, tokentx, tokennfttx, token1155tx) and, for each transaction they name,
// the receipt (module=proxy eth_getTransactionReceipt: status, effective gas price, OP-stack L1
// fee, logs) and, for a transaction the account did not send or receive (a solver's settlement, a
// relayer's fill), the transaction itself (eth_getTransactionByHash). Each transaction becomes one
// ChainTx (Page.Chain) and its unlabelled legs for the account (Page.Txs, see Legs).
//
// The cursor is the next block to read ("" = from block 0). Each Fetch reads one page of each
// list from that block (sorted ascending) and returns only blocks that are complete in all five
// lists: a list that filled its page may continue in its last block, so that block is left for the
// next page. When no list has more, the cursor moves past the last block seen, so a re-sync
// returns nothing already returned.
//
// A receipt or transaction the API cannot give (an error answer, a null result, an indexer without
// the proxy module) leaves the ChainTx with Missing naming it and its tokens from the lists; a
// rate limit or an outage fails the page (RateLimitError, temporary ProviderError) so that the
// sync retries it. Every request waits for the shared limiter.
//
// Token metadata (symbol, name, decimals) of a transfer read from a log comes from the list rows
// of the same contract, else from what this provider saw earlier (other pages, cached ChainTxs).
// A token known from neither keeps Symbol "" and Decimals 0 (its quantity is then the raw integer
// amount) and Missing names it ("metadata:<contract>"): a token no indexer names is treated as
// unknown, never guessed.
type EVM struct {
	chain    string
	chainID  int64
	native   AssetRef
	baseURL  string
	apiKey   string
	pageSize int
	c        caller
	cache    ChainCache

	mu   sync.Mutex
	meta map[string]tokenMeta // contract -> metadata seen in lists and cached transactions
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
		c:     caller{provider: "etherscan", client: client, limiter: limiter, retryAfter: time.Second},
		cache: cfg.Cache, meta: map[string]tokenMeta{},
	}, nil
}

func (e *EVM) Chain() string { return e.chain }

// etherscanEnvelope is every Etherscan answer: result is a list, or a string on errors.
type etherscanEnvelope struct {
	Status  string          `json:"status"`
	Message string          `json:"message"`
	Result  json.RawMessage `json:"result"`
}

// etherscanRow covers the fields of the five account lists' rows that we use.
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
	TokenID          string `json:"tokenID"`
	TokenValue       string `json:"tokenValue"`
	Input            string `json:"input"`
	MethodID         string `json:"methodId"`
	FunctionName     string `json:"functionName"`

	block uint64
}

// The account lists, in the order Fetch reads them.
const (
	listTx       = 0
	listInternal = 1
	listERC20    = 2
	listERC721   = 3
	listERC1155  = 4
)

var evmActions = []string{"txlist", "txlistinternal", "tokentx", "tokennfttx", "token1155tx"}

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
	u := e.url(q)
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

// url is the request URL of q on the provider's base URL (which may carry a path and a query).
func (e *EVM) url(q url.Values) string {
	if e.apiKey != "" {
		q.Set("apikey", e.apiKey)
	}
	if strings.Contains(e.baseURL, "?") {
		return e.baseURL + "&" + q.Encode()
	}
	return e.baseURL + "?" + q.Encode()
}

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
	keep := make([][]etherscanRow, len(evmActions))
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
	chain, err := e.chainTxs(ctx, keep)
	if err != nil {
		return Page{}, err
	}
	txs := make([]Tx, 0, len(chain))
	for _, ct := range chain {
		if tx, ok := Legs(ct, address); ok {
			txs = append(txs, tx)
		}
	}
	next := cursor
	switch {
	case full:
		next = strconv.FormatUint(limit, 10)
	case seen:
		next = strconv.FormatUint(last+1, 10)
	}
	return Page{Txs: txs, Chain: chain, Cursor: next, More: full}, nil
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
