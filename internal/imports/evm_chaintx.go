package imports

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Event signatures of token transfers (topic 0).
const (
	TopicTransfer       = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef" // ERC-20 (3 topics), ERC-721 (4 topics)
	TopicTransferSingle = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62" // ERC-1155
	TopicTransferBatch  = "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb" // ERC-1155
)

// tokenMeta is what an indexer says about a token contract.
type tokenMeta struct {
	symbol, name string
	decimals     int32
	known        bool // decimals are known (an ERC-20 list row, or NFT standards: 0)
}

// pending is one transaction of a page as the lists name it, before its receipt is read.
type pending struct {
	hash     string
	block    uint64
	index    int64
	time     time.Time
	tx       *etherscanRow // the txlist row: nil when the account neither sent nor received it
	internal []etherscanRow
	tokens   []etherscanRow
	standard []string // per tokens row
}

// chainTxs turns a page's list rows into one ChainTx per hash, sorted by block and index:
// cached ones as stored (with internal rows this account's list adds), the others from their
// receipts, stored in the cache.
func (e *EVM) chainTxs(ctx context.Context, lists [][]etherscanRow) ([]ChainTx, error) {
	byHash := map[string]*pending{}
	var order []*pending
	get := func(r etherscanRow) (*pending, error) {
		h := strings.ToLower(r.Hash)
		if p, ok := byHash[h]; ok {
			return p, nil
		}
		ts, err := strconv.ParseInt(r.TimeStamp, 10, 64)
		if err != nil {
			return nil, &ProviderError{Provider: "etherscan", Message: "bad timeStamp " + strconv.Quote(r.TimeStamp)}
		}
		idx := int64(-1)
		if n, err := strconv.ParseInt(r.TransactionIndex, 10, 64); err == nil {
			idx = n
		}
		p := &pending{hash: h, block: r.block, index: idx, time: time.Unix(ts, 0).UTC()}
		byHash[h] = p
		order = append(order, p)
		return p, nil
	}
	standards := map[int]string{listERC20: ERC20, listERC721: ERC721, listERC1155: ERC1155}
	for i, rows := range lists {
		for k := range rows {
			r := rows[k]
			if r.Hash == "" {
				continue
			}
			p, err := get(r)
			if err != nil {
				return nil, err
			}
			if p.index < 0 && r.TransactionIndex != "" {
				p.index, _ = strconv.ParseInt(r.TransactionIndex, 10, 64)
			}
			switch i {
			case listTx:
				p.tx = &rows[k]
			case listInternal:
				p.internal = append(p.internal, r)
			default:
				p.tokens = append(p.tokens, r)
				p.standard = append(p.standard, standards[i])
				e.learn(r, standards[i])
			}
		}
	}
	hashes := make([]string, len(order))
	for i, p := range order {
		hashes[i] = p.hash
	}
	cached := map[string]ChainTx{}
	if e.cache != nil && len(hashes) > 0 {
		var err error
		if cached, err = e.cache.GetChainTxs(ctx, e.chain, hashes); err != nil {
			return nil, err
		}
		for _, ct := range cached {
			for _, m := range ct.Tokens {
				if m.Symbol != "" || m.Standard != ERC20 {
					e.remember(m.Contract, tokenMeta{symbol: m.Symbol, name: m.Name, decimals: m.Decimals, known: true})
				}
			}
		}
	}
	out := make([]ChainTx, 0, len(order))
	var put []ChainTx
	for _, p := range order {
		internal, err := e.internalMoves(p.internal)
		if err != nil {
			return nil, err
		}
		if ct, ok := cached[p.hash]; ok {
			if e.update(&ct, p, internal) {
				put = append(put, ct)
			}
			out = append(out, ct)
			continue
		}
		ct, err := e.build(ctx, p, internal)
		if err != nil {
			return nil, err
		}
		out = append(out, ct)
		put = append(put, ct)
	}
	if e.cache != nil && len(put) > 0 {
		if err := e.cache.PutChainTxs(ctx, put); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Block != out[j].Block {
			return out[i].Block < out[j].Block
		}
		return out[i].Index < out[j].Index
	})
	return out, nil
}

// build reads a transaction's receipt (and the transaction itself when no txlist row names it)
// and assembles its ChainTx.
func (e *EVM) build(ctx context.Context, p *pending, internal []NativeMove) (ChainTx, error) {
	ct := ChainTx{Chain: e.chain, Hash: p.hash, Block: p.block, Index: p.index, Time: p.time, Internal: internal}
	var gasPrice decimal.Decimal
	if r := p.tx; r != nil {
		ct.From, ct.To = strings.ToLower(r.From), strings.ToLower(r.To)
		if ct.To == "" {
			ct.To = strings.ToLower(r.ContractAddress)
		}
		v, err := weiValue(r.Value, 18)
		if err != nil {
			return ct, &ProviderError{Provider: "etherscan", Op: "txlist", Message: "bad value in " + r.Hash}
		}
		ct.Value = v
		ct.Input = cutInput(r.Input)
		ct.MethodID = methodID(r.MethodID, r.Input)
		ct.FunctionName = r.FunctionName
		ct.Failed = r.IsError == "1" || r.TxReceiptStatus == "0"
		gasPrice, _ = decimal.NewFromString(r.GasPrice)
		if gasUsed, err := decimal.NewFromString(r.GasUsed); err == nil && !gasPrice.IsZero() {
			ct.Fee = gasUsed.Mul(gasPrice).Shift(-18)
		}
	} else {
		tx, err := e.transaction(ctx, p.hash)
		switch {
		case err != nil && IsTemporary(err):
			return ct, err
		case err != nil || tx == nil:
			ct.Missing = append(ct.Missing, "transaction")
		default:
			ct.From, ct.To = strings.ToLower(tx.From), strings.ToLower(tx.To)
			ct.Value = hexWei(tx.Value).Shift(-18)
			ct.Input = cutInput(tx.Input)
			ct.MethodID = methodID("", tx.Input)
			gasPrice = hexWei(tx.GasPrice)
		}
	}
	rc, err := e.receipt(ctx, p.hash)
	switch {
	case err != nil && IsTemporary(err):
		return ct, err
	case err != nil || rc == nil:
		ct.Missing = append(ct.Missing, "receipt")
		e.tokensFromLists(&ct, p)
		return ct, nil
	}
	if ct.From == "" {
		ct.From = strings.ToLower(rc.From)
	}
	if ct.To == "" && rc.To != nil {
		ct.To = strings.ToLower(*rc.To)
	}
	if ct.To == "" && rc.ContractAddress != nil {
		ct.To = strings.ToLower(*rc.ContractAddress)
	}
	if rc.TransactionIndex != "" {
		ct.Index = int64(hexWei(rc.TransactionIndex).IntPart())
	}
	ct.Failed = rc.Status == "0x0"
	price := gasPrice
	if rc.EffectiveGasPrice != "" {
		price = hexWei(rc.EffectiveGasPrice)
	}
	ct.Fee = hexWei(rc.GasUsed).Mul(price).Add(hexWei(rc.L1Fee)).Shift(-18)
	for _, l := range rc.Logs {
		ct.Logs = append(ct.Logs, Log{Address: strings.ToLower(l.Address), Topics: lowerAll(l.Topics), Data: l.Data, LogIndex: int(hexWei(l.LogIndex).IntPart())})
	}
	e.tokensFromLogs(&ct)
	return ct, nil
}

// rpcTx and rpcReceipt are the fields of eth_getTransactionByHash and eth_getTransactionReceipt
// that we use (hex quantities).
type rpcTx struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Value    string `json:"value"`
	Input    string `json:"input"`
	GasPrice string `json:"gasPrice"`
}

type rpcReceipt struct {
	From              string  `json:"from"`
	To                *string `json:"to"`
	ContractAddress   *string `json:"contractAddress"`
	TransactionIndex  string  `json:"transactionIndex"`
	Status            string  `json:"status"`
	GasUsed           string  `json:"gasUsed"`
	EffectiveGasPrice string  `json:"effectiveGasPrice"`
	L1Fee             string  `json:"l1Fee"`
	Logs              []struct {
		Address  string   `json:"address"`
		Topics   []string `json:"topics"`
		Data     string   `json:"data"`
		LogIndex string   `json:"logIndex"`
	} `json:"logs"`
}

func (e *EVM) receipt(ctx context.Context, hash string) (*rpcReceipt, error) {
	var rc *rpcReceipt
	return rc, e.proxy(ctx, "eth_getTransactionReceipt", hash, &rc)
}

func (e *EVM) transaction(ctx context.Context, hash string) (*rpcTx, error) {
	var tx *rpcTx
	return tx, e.proxy(ctx, "eth_getTransactionByHash", hash, &tx)
}

// errNoResult is a proxy answer without a result (unknown hash, a node error).
var errNoResult = errors.New("no result")

// proxy asks the proxy module (JSON-RPC answers: result, or error) and decodes the result into
// out (nil for a null result). Etherscan answers its own envelope ({status, message, result}) for
// rate limits and key errors, also on the proxy module.
func (e *EVM) proxy(ctx context.Context, action, hash string, out any) error {
	q := url.Values{}
	q.Set("chainid", strconv.FormatInt(e.chainID, 10))
	q.Set("module", "proxy")
	q.Set("action", action)
	q.Set("txhash", hash)
	var env struct {
		Status  string          `json:"status"`
		Message string          `json:"message"`
		Result  json.RawMessage `json:"result"`
		Error   *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := e.c.getJSON(ctx, action, e.url(q), &env); err != nil {
		return err
	}
	var msg string
	switch {
	case env.Error != nil:
		msg = env.Error.Message
	case env.Status == "0":
		var text string
		_ = json.Unmarshal(env.Result, &text)
		msg = strings.TrimSpace(env.Message + " " + text)
	}
	if msg != "" {
		lower := strings.ToLower(msg)
		switch {
		case looksRateLimited(msg):
			return &RateLimitError{Provider: "etherscan", RetryAfter: e.c.retryAfter}
		case strings.Contains(lower, "timeout") || strings.Contains(lower, "try again"):
			return &ProviderError{Provider: "etherscan", Op: action, Temporary: true, Message: msg}
		}
		return &ProviderError{Provider: "etherscan", Op: action, Message: msg, Err: errNoResult}
	}
	if len(env.Result) == 0 {
		return nil
	}
	if err := json.Unmarshal(env.Result, out); err != nil {
		return &ProviderError{Provider: "etherscan", Op: action, Message: "malformed result", Err: err}
	}
	return nil
}

// update adds to a stored ChainTx what this account's lists know and it lacks: internal moves
// touching the account, the account's token transfers when the receipt was not read, and the
// metadata of tokens stored as unknown (their raw amounts scaled by the decimals now known). It
// reports whether ct changed.
func (e *EVM) update(ct *ChainTx, p *pending, internal []NativeMove) bool {
	merged, changed := mergeInternal(ct.Internal, internal)
	ct.Internal = merged
	if slices.Contains(ct.Missing, "receipt") {
		var fromLists ChainTx
		e.tokensFromLists(&fromLists, p)
		for _, m := range fromLists.Tokens {
			if !slices.ContainsFunc(ct.Tokens, func(x TokenMove) bool {
				return x.Contract == m.Contract && x.From == m.From && x.To == m.To && x.TokenID == m.TokenID && x.Quantity.Equal(m.Quantity)
			}) {
				ct.Tokens = append(ct.Tokens, m)
				changed = true
			}
		}
	}
	var missing []string
	for _, what := range ct.Missing {
		contract, isMeta := strings.CutPrefix(what, "metadata:")
		meta, known := e.metaOf(contract)
		if !isMeta || !known {
			missing = append(missing, what)
			continue
		}
		for i := range ct.Tokens {
			if m := &ct.Tokens[i]; m.Contract == contract && m.Standard == ERC20 {
				m.Symbol, m.Name, m.Decimals = meta.symbol, meta.name, meta.decimals
				m.Quantity = m.Quantity.Shift(-meta.decimals)
			}
		}
		changed = true
	}
	ct.Missing = missing
	return changed
}

// internalMoves are the list's internal rows that moved the native coin (reverted calls and
// zero-value calls left out).
func (e *EVM) internalMoves(rows []etherscanRow) ([]NativeMove, error) {
	var out []NativeMove
	for _, r := range rows {
		if r.IsError == "1" {
			continue
		}
		v, err := weiValue(r.Value, 18)
		if err != nil {
			return nil, &ProviderError{Provider: "etherscan", Op: "txlistinternal", Message: "bad value in " + r.Hash}
		}
		if v.Sign() == 0 {
			continue
		}
		to := r.To
		if to == "" {
			to = r.ContractAddress
		}
		out = append(out, NativeMove{From: strings.ToLower(r.From), To: strings.ToLower(to), Quantity: v})
	}
	return out, nil
}

// mergeInternal adds the moves of add that base does not hold (an account's list names only the
// internal transactions touching it, so each account's sync may add some).
func mergeInternal(base, add []NativeMove) ([]NativeMove, bool) {
	changed := false
	for _, m := range add {
		found := false
		for _, b := range base {
			if b.From == m.From && b.To == m.To && b.Quantity.Equal(m.Quantity) {
				found = true
				break
			}
		}
		if !found {
			base = append(base, m)
			changed = true
		}
	}
	return base, changed
}

// learn remembers a token list row's metadata.
func (e *EVM) learn(r etherscanRow, standard string) {
	m := tokenMeta{symbol: r.TokenSymbol, name: r.TokenName}
	switch standard {
	case ERC20:
		d, err := strconv.ParseInt(r.TokenDecimal, 10, 32)
		if err != nil || d < 0 || d > 255 {
			return // an indexer that cannot name the decimals leaves the token unknown
		}
		m.decimals, m.known = int32(d), true
	default:
		m.known = true
	}
	e.remember(strings.ToLower(r.ContractAddress), m)
}

func (e *EVM) remember(contract string, m tokenMeta) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if old, ok := e.meta[contract]; ok && old.symbol != "" && m.symbol == "" {
		return
	}
	e.meta[contract] = m
}

func (e *EVM) metaOf(contract string) (tokenMeta, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	m, ok := e.meta[contract]
	return m, ok && m.known
}

// tokensFromLogs decodes the receipt's Transfer, TransferSingle and TransferBatch logs.
func (e *EVM) tokensFromLogs(ct *ChainTx) {
	unknown := map[string]bool{}
	for _, l := range ct.Logs {
		if len(l.Topics) == 0 {
			continue
		}
		meta, known := e.metaOf(l.Address)
		mv := TokenMove{Contract: l.Address, Symbol: meta.symbol, Name: meta.name, LogIndex: l.LogIndex}
		switch {
		case l.Topics[0] == TopicTransfer && len(l.Topics) == 3:
			mv.Standard, mv.From, mv.To = ERC20, topicAddress(l.Topics[1]), topicAddress(l.Topics[2])
			words := dataWords(l.Data)
			if len(words) < 1 {
				continue
			}
			if known {
				mv.Decimals = meta.decimals
			} else if !unknown[l.Address] {
				unknown[l.Address] = true
				ct.Missing = append(ct.Missing, "metadata:"+l.Address)
			}
			mv.Quantity = hexWei(words[0]).Shift(-mv.Decimals)
			ct.Tokens = append(ct.Tokens, mv)
		case l.Topics[0] == TopicTransfer && len(l.Topics) == 4:
			mv.Standard, mv.From, mv.To = ERC721, topicAddress(l.Topics[1]), topicAddress(l.Topics[2])
			mv.TokenID, mv.Quantity = hexWei(l.Topics[3]).String(), decimal.NewFromInt(1)
			ct.Tokens = append(ct.Tokens, mv)
		case l.Topics[0] == TopicTransferSingle && len(l.Topics) == 4:
			words := dataWords(l.Data)
			if len(words) < 2 {
				continue
			}
			mv.Standard, mv.From, mv.To = ERC1155, topicAddress(l.Topics[2]), topicAddress(l.Topics[3])
			mv.TokenID, mv.Quantity = hexWei(words[0]).String(), hexWei(words[1])
			ct.Tokens = append(ct.Tokens, mv)
		case l.Topics[0] == TopicTransferBatch && len(l.Topics) == 4:
			ids, values := batchArrays(l.Data)
			for k := range ids {
				b := mv
				b.Standard, b.From, b.To = ERC1155, topicAddress(l.Topics[2]), topicAddress(l.Topics[3])
				b.TokenID, b.Quantity = hexWei(ids[k]).String(), hexWei(values[k])
				ct.Tokens = append(ct.Tokens, b)
			}
		}
	}
}

// tokensFromLists fills Tokens from the token list rows (no receipt): they name only the
// account's own transfers and carry no log index.
func (e *EVM) tokensFromLists(ct *ChainTx, p *pending) {
	for i, r := range p.tokens {
		mv := TokenMove{Standard: p.standard[i], Contract: strings.ToLower(r.ContractAddress), Symbol: r.TokenSymbol,
			Name: r.TokenName, From: strings.ToLower(r.From), To: strings.ToLower(r.To), LogIndex: -1}
		switch mv.Standard {
		case ERC20:
			meta, known := e.metaOf(mv.Contract)
			if !known {
				ct.Missing = append(ct.Missing, "metadata:"+mv.Contract)
			}
			mv.Decimals = meta.decimals
			v, err := weiValue(r.Value, mv.Decimals)
			if err != nil {
				continue
			}
			mv.Quantity = v
		case ERC721:
			mv.TokenID, mv.Quantity = r.TokenID, decimal.NewFromInt(1)
		case ERC1155:
			v, err := weiValue(r.TokenValue, 0)
			if err != nil {
				continue
			}
			mv.TokenID, mv.Quantity = r.TokenID, v
		}
		ct.Tokens = append(ct.Tokens, mv)
	}
}

// cutInput keeps at most InputLimit hex digits of calldata.
func cutInput(in string) string {
	in = strings.ToLower(in)
	if len(in) > 2+InputLimit {
		return in[:2+InputLimit]
	}
	if in == "0x" {
		return ""
	}
	return in
}

// methodID is the indexer's method id, else the calldata's first four bytes; "" for a plain
// send.
func methodID(indexed, input string) string {
	if len(indexed) == 10 && strings.HasPrefix(indexed, "0x") {
		return strings.ToLower(indexed)
	}
	if len(input) >= 10 {
		return strings.ToLower(input[:10])
	}
	return ""
}

// hexWei reads a JSON-RPC hex quantity (0 for "" or garbage: the API's quantities are
// well-formed, and a missing one such as l1Fee on L1 counts as 0).
func hexWei(s string) decimal.Decimal {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if s == "" {
		return decimal.Zero
	}
	n, ok := new(big.Int).SetString(s, 16)
	if !ok {
		return decimal.Zero
	}
	return decimal.NewFromBigInt(n, 0)
}

func topicAddress(t string) string {
	t = strings.ToLower(strings.TrimPrefix(t, "0x"))
	if len(t) < 40 {
		return "0x" + t
	}
	return "0x" + t[len(t)-40:]
}

func lowerAll(in []string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = strings.ToLower(s)
	}
	return out
}

// dataWords splits ABI data into 32-byte words.
func dataWords(data string) []string {
	d := strings.TrimPrefix(data, "0x")
	var out []string
	for len(d) >= 64 {
		out = append(out, d[:64])
		d = d[64:]
	}
	return out
}

// batchArrays decodes TransferBatch's data: two dynamic uint256 arrays (ids, values).
func batchArrays(data string) (ids, values []string) {
	w := dataWords(data)
	arr := func(offset decimal.Decimal) []string {
		i := int(offset.IntPart() / 32)
		if i < 0 || i >= len(w) {
			return nil
		}
		n := int(hexWei(w[i]).IntPart())
		if n < 0 || i+1+n > len(w) {
			return nil
		}
		return w[i+1 : i+1+n]
	}
	if len(w) < 2 {
		return nil, nil
	}
	ids, values = arr(hexWei(w[0])), arr(hexWei(w[1]))
	if len(ids) != len(values) {
		return nil, nil
	}
	return ids, values
}
