package imports

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"sync/atomic"
	"time"

	"github.com/shopspring/decimal"
)

// SolanaConfig configures the Solana provider.
type SolanaConfig struct {
	RPCURL   string  // JSON-RPC endpoint; default DefaultSolanaRPC
	RPS      float64 // default 4 (the public endpoint allows ~40 calls of one method per 10 s)
	PageSize int     // signatures per getSignaturesForAddress call; default 100 (max 1000)
}

// DefaultSolanaRPC is the public mainnet-beta endpoint.
const DefaultSolanaRPC = "https://api.mainnet-beta.solana.com"

// Solana reads an address through JSON-RPC: getSignaturesForAddress (newest first, paged with
// before; until = the newest signature of the last completed sync) and getTransaction (jsonParsed)
// for each signature. SOL movements come from the pre/post balances of the address's account
// index (the fee separately when the address paid it); SPL token movements from the pre/post
// token balances owned by the address. The cursor has the same shape as Bitcoin's.
//
// Known limit: getSignaturesForAddress(wallet) does not list transactions that touch only the
// wallet's token accounts (e.g. an incoming SPL transfer to an existing associated token account);
// reading those needs the token accounts' own signatures.
type Solana struct {
	url      string
	pageSize int
	native   AssetRef
	c        caller
	nextID   atomic.Int64
}

// NewSolana returns the Solana provider. client may be nil.
func NewSolana(cfg SolanaConfig, client *http.Client, limiter *Limiter) *Solana {
	if cfg.RPCURL == "" {
		cfg.RPCURL = DefaultSolanaRPC
	}
	if cfg.PageSize <= 0 {
		cfg.PageSize = 100
	}
	native, _ := NativeAsset(ChainSolana)
	return &Solana{url: cfg.RPCURL, pageSize: cfg.PageSize, native: native,
		c: caller{provider: "solana-rpc", client: client, limiter: limiter, retryAfter: 10 * time.Second}}
}

func (s *Solana) Chain() string { return ChainSolana }

type rpcRequest struct {
	JSONRPC string `json:"jsonrpc"`
	ID      int64  `json:"id"`
	Method  string `json:"method"`
	Params  []any  `json:"params"`
}

type rpcResponse struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (s *Solana) call(ctx context.Context, method string, params []any, out any) error {
	var resp rpcResponse
	if err := s.c.postJSON(ctx, method, s.url, rpcRequest{JSONRPC: "2.0", ID: s.nextID.Add(1), Method: method, Params: params}, &resp); err != nil {
		return err
	}
	if e := resp.Error; e != nil {
		if e.Code == 429 || looksRateLimited(e.Message) {
			return &RateLimitError{Provider: "solana-rpc", RetryAfter: s.c.retryAfter}
		}
		// -32602 invalid params and -32601 unknown method will not get better; node trouble
		// (-32005 behind, -32004/-32007/-32009/-32014 slot not available, -32603 internal) may.
		temp := e.Code != -32602 && e.Code != -32601 && e.Code != -32600
		return &ProviderError{Provider: "solana-rpc", Op: method, Temporary: temp, Message: fmt.Sprintf("%d %s", e.Code, e.Message)}
	}
	if len(resp.Result) == 0 || string(resp.Result) == "null" {
		return &ProviderError{Provider: "solana-rpc", Op: method, Temporary: true, Message: "empty result"}
	}
	if err := json.Unmarshal(resp.Result, out); err != nil {
		return &ProviderError{Provider: "solana-rpc", Op: method, Message: "malformed result", Err: err}
	}
	return nil
}

type solSignature struct {
	Signature string `json:"signature"`
	Slot      uint64 `json:"slot"`
	BlockTime *int64 `json:"blockTime"`
	Err       any    `json:"err"`
}

type solTokenBalance struct {
	AccountIndex  int    `json:"accountIndex"`
	Mint          string `json:"mint"`
	Owner         string `json:"owner"`
	UITokenAmount struct {
		Amount   string `json:"amount"`
		Decimals int32  `json:"decimals"`
	} `json:"uiTokenAmount"`
}

type solInstruction struct {
	Program string `json:"program"`
	Parsed  any    `json:"parsed"` // an object, or a string for some programs (memo)
}

type solTx struct {
	BlockTime *int64 `json:"blockTime"`
	Slot      uint64 `json:"slot"`
	Meta      *struct {
		Err               any               `json:"err"`
		Fee               json.Number       `json:"fee"`
		PreBalances       []json.Number     `json:"preBalances"`
		PostBalances      []json.Number     `json:"postBalances"`
		PreTokenBalances  []solTokenBalance `json:"preTokenBalances"`
		PostTokenBalances []solTokenBalance `json:"postTokenBalances"`
		InnerInstructions []struct {
			Instructions []solInstruction `json:"instructions"`
		} `json:"innerInstructions"`
	} `json:"meta"`
	Transaction struct {
		Signatures []string `json:"signatures"`
		Message    struct {
			AccountKeys []struct {
				Pubkey string `json:"pubkey"`
			} `json:"accountKeys"`
			Instructions []solInstruction `json:"instructions"`
		} `json:"message"`
	} `json:"transaction"`
}

// Fetch implements Provider.
func (s *Solana) Fetch(ctx context.Context, address, cursor string) (Page, error) {
	cur, err := parseWalkCursor(cursor)
	if err != nil {
		return Page{}, fmt.Errorf("solana: %w", err)
	}
	opts := map[string]any{"limit": s.pageSize}
	if cur.after != "" {
		opts["before"] = cur.after
	}
	if cur.stop != "" {
		opts["until"] = cur.stop
	}
	var sigs []solSignature
	if err := s.call(ctx, "getSignaturesForAddress", []any{address, opts}, &sigs); err != nil {
		return Page{}, err
	}
	if cur.after == "" {
		cur.head = cur.stop
		if len(sigs) > 0 {
			cur.head = sigs[0].Signature
		}
	}
	var txs []Tx
	for _, sg := range sigs {
		if sg.Signature == cur.stop { // servers that ignore until
			break
		}
		var raw solTx
		if err := s.call(ctx, "getTransaction", []any{sg.Signature,
			map[string]any{"encoding": "jsonParsed", "maxSupportedTransactionVersion": 0}}, &raw); err != nil {
			return Page{}, err
		}
		tx, ok, err := s.mapTx(address, sg.Signature, raw)
		if err != nil {
			return Page{}, err
		}
		if ok {
			txs = append(txs, tx)
		}
	}
	slices.Reverse(txs) // oldest first
	more := len(sigs) >= s.pageSize
	next := walkCursor{stop: cur.head}
	if more {
		next = walkCursor{stop: cur.stop, head: cur.head, after: sigs[len(sigs)-1].Signature}
	}
	return Page{Txs: txs, Cursor: next.String(), More: more}, nil
}

func (s *Solana) mapTx(address, sig string, t solTx) (Tx, bool, error) {
	if t.Meta == nil {
		return Tx{}, false, &ProviderError{Provider: "solana-rpc", Op: "getTransaction", Message: "transaction without meta: " + sig}
	}
	m := t.Meta
	tx := Tx{ExternalID: sig, Hash: sig, Failed: m.Err != nil}
	if t.BlockTime != nil {
		tx.Time = time.Unix(*t.BlockTime, 0).UTC()
	}
	bad := func(what string) (Tx, bool, error) {
		return Tx{}, false, &ProviderError{Provider: "solana-rpc", Op: "getTransaction", Message: what + " in " + sig}
	}
	idx := -1
	for i, k := range t.Transaction.Message.AccountKeys {
		if k.Pubkey == address {
			idx = i
			break
		}
	}
	var fee decimal.Decimal
	if idx >= 0 {
		if idx >= len(m.PreBalances) || idx >= len(m.PostBalances) {
			return bad("balances shorter than account keys")
		}
		pre, err1 := decimal.NewFromString(m.PreBalances[idx].String())
		post, err2 := decimal.NewFromString(m.PostBalances[idx].String())
		if err1 != nil || err2 != nil {
			return bad("bad balance")
		}
		move := post.Sub(pre)
		if idx == 0 {
			f, err := decimal.NewFromString(m.Fee.String())
			if err != nil {
				return bad("bad fee")
			}
			fee = f
			move = move.Add(fee)
		}
		if !tx.Failed && move.Sign() != 0 {
			from, to := s.solCounterparties(address, t)
			tr := Transfer{Asset: s.native, Quantity: move.Abs().Shift(-9)}
			if move.Sign() > 0 {
				tr.From, tr.To = one(from), address
			} else {
				tr.From, tr.To = address, one(to)
			}
			tx.Transfers = append(tx.Transfers, tr)
		}
	}
	if !tx.Failed {
		trs, err := tokenMoves(address, m.PreTokenBalances, m.PostTokenBalances)
		if err != nil {
			return bad(err.Error())
		}
		tx.Transfers = append(tx.Transfers, trs...)
	}
	if fee.Sign() > 0 {
		tx.Transfers = append(tx.Transfers, Transfer{Asset: s.native, Quantity: fee.Shift(-9), From: address, IsFee: true})
	}
	return tx, len(tx.Transfers) > 0, nil
}

func one(list []string) string {
	if len(list) == 1 {
		return list[0]
	}
	return ""
}

// solCounterparties reads parsed system-program transfers: who sent SOL to address, and to whom
// address sent SOL.
func (s *Solana) solCounterparties(address string, t solTx) (from, to []string) {
	all := slices.Clone(t.Transaction.Message.Instructions)
	for _, in := range t.Meta.InnerInstructions {
		all = append(all, in.Instructions...)
	}
	for _, in := range all {
		if in.Program != "system" {
			continue
		}
		p, ok := in.Parsed.(map[string]any)
		if !ok {
			continue
		}
		typ, _ := p["type"].(string)
		if typ != "transfer" && typ != "transferWithSeed" && typ != "createAccount" {
			continue
		}
		info, _ := p["info"].(map[string]any)
		src, _ := info["source"].(string)
		dst, _ := info["destination"].(string)
		if dst == "" {
			dst, _ = info["newAccount"].(string)
		}
		switch {
		case dst == address && src != "" && src != address && !slices.Contains(from, src):
			from = append(from, src)
		case src == address && dst != "" && dst != address && !slices.Contains(to, dst):
			to = append(to, dst)
		}
	}
	return from, to
}

type tokenDelta struct {
	mint     string
	decimals int32
	own      decimal.Decimal            // change of the address's token accounts, base units
	others   map[string]decimal.Decimal // change per other owner
}

// tokenMoves nets the token balances owned by address per mint.
func tokenMoves(address string, pre, post []solTokenBalance) ([]Transfer, error) {
	type acct struct {
		mint, owner string
		decimals    int32
		pre, post   decimal.Decimal
	}
	accts := map[int]*acct{}
	add := func(list []solTokenBalance, isPost bool) error {
		for _, b := range list {
			amt, err := decimal.NewFromString(b.UITokenAmount.Amount)
			if err != nil {
				return fmt.Errorf("bad token amount %q", b.UITokenAmount.Amount)
			}
			a, ok := accts[b.AccountIndex]
			if !ok {
				a = &acct{mint: b.Mint, owner: b.Owner, decimals: b.UITokenAmount.Decimals}
				accts[b.AccountIndex] = a
			}
			if isPost {
				a.post = amt
			} else {
				a.pre = amt
			}
		}
		return nil
	}
	if err := add(pre, false); err != nil {
		return nil, err
	}
	if err := add(post, true); err != nil {
		return nil, err
	}
	byMint := map[string]*tokenDelta{}
	for _, a := range accts {
		d, ok := byMint[a.mint]
		if !ok {
			d = &tokenDelta{mint: a.mint, decimals: a.decimals, others: map[string]decimal.Decimal{}}
			byMint[a.mint] = d
		}
		ch := a.post.Sub(a.pre)
		if a.owner == address {
			d.own = d.own.Add(ch)
		} else if a.owner != "" {
			d.others[a.owner] = d.others[a.owner].Add(ch)
		}
	}
	mints := make([]string, 0, len(byMint))
	for m, d := range byMint {
		if d.own.Sign() != 0 {
			mints = append(mints, m)
		}
	}
	sort.Strings(mints)
	var out []Transfer
	for _, m := range mints {
		d := byMint[m]
		var peers []string
		for owner, ch := range d.others {
			if ch.Sign() == -d.own.Sign() {
				peers = append(peers, owner)
			}
		}
		asset := AssetRef{Chain: ChainSolana, Contract: m, Decimals: d.decimals}
		if m == wrappedSOLMint {
			asset.Symbol, asset.Name = "WSOL", "Wrapped SOL"
		}
		tr := Transfer{Asset: asset, Quantity: d.own.Abs().Shift(-d.decimals)}
		if d.own.Sign() > 0 {
			tr.From, tr.To = one(peers), address
		} else {
			tr.From, tr.To = address, one(peers)
		}
		out = append(out, tr)
	}
	return out, nil
}

const wrappedSOLMint = "So11111111111111111111111111111111111111112"
