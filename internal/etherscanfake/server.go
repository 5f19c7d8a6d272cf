package etherscanfake

import (
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Chain ids of Etherscan v2 (chainid) for taxd's EVM chains.
var chainIDs = map[string]string{
	"1": "ethereum", "8453": "base", "42161": "arbitrum", "10": "optimism", "137": "polygon", "56": "bsc",
}

// Event signatures the token lists are derived from.
const (
	topicTransfer       = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
	topicTransferSingle = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62"
	topicTransferBatch  = "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb"
)

// Account list actions, in the order Etherscan documents them.
var listActions = []string{"txlist", "txlistinternal", "tokentx", "tokennfttx", "token1155tx"}

// maxWindow is Etherscan's page x offset limit.
const maxWindow = 10000

// Server answers Etherscan API requests from fixtures. It is an http.Handler, safe for concurrent
// use; it counts the requests per action so that tests can check what a client asked.
type Server struct {
	chains map[string]*chainData

	mu           sync.Mutex
	counts       map[string]int
	failReceipts map[string]bool
	rateLimited  int
}

type chainData struct {
	head  uint64
	lists map[string][]row // action -> rows in (block, index, sub) order
	txs   map[string]*Fixture
}

// row is one list row with the addresses it is listed under.
type row struct {
	block, index uint64
	sub          int
	addrs        []string
	fields       map[string]string
}

// New serves fixtures. A transaction recorded twice is served once.
func New(fixtures []Fixture) *Server {
	s := &Server{chains: map[string]*chainData{}, counts: map[string]int{}, failReceipts: map[string]bool{}}
	for i := range fixtures {
		f := &fixtures[i]
		c := s.chains[f.Chain]
		if c == nil {
			c = &chainData{lists: map[string][]row{}, txs: map[string]*Fixture{}}
			s.chains[f.Chain] = c
		}
		h := strings.ToLower(f.Tx.Hash)
		if c.txs[h] != nil {
			continue
		}
		c.txs[h] = f
		if b := hexUint(f.Tx.BlockNumber); b+100 > c.head {
			c.head = b + 100
		}
	}
	for _, c := range s.chains {
		for _, f := range c.txs {
			c.add(f)
		}
		for _, rows := range c.lists {
			sort.SliceStable(rows, func(i, j int) bool {
				a, b := rows[i], rows[j]
				if a.block != b.block {
					return a.block < b.block
				}
				if a.index != b.index {
					return a.index < b.index
				}
				return a.sub < b.sub
			})
		}
	}
	return s
}

// add derives f's rows of every list.
func (c *chainData) add(f *Fixture) {
	block, index := hexUint(f.Tx.BlockNumber), hexUint(f.Tx.TransactionIndex)
	ts := strconv.FormatInt(f.Timestamp, 10)
	hash := strings.ToLower(f.Tx.Hash)
	failed := f.Receipt.Status == "0x0"
	confirmations := strconv.FormatUint(c.head-block, 10)
	methodID := ""
	if len(f.Tx.Input) >= 10 {
		methodID = strings.ToLower(f.Tx.Input[:10])
	}
	common := func() map[string]string {
		return map[string]string{
			"blockNumber": strconv.FormatUint(block, 10), "timeStamp": ts, "hash": hash,
			"nonce": hexDec(f.Tx.Nonce), "blockHash": f.Tx.BlockHash, "transactionIndex": strconv.FormatUint(index, 10),
			"gas": hexDec(f.Tx.Gas), "gasPrice": hexDec(f.Tx.GasPrice), "gasUsed": hexDec(f.Receipt.GasUsed),
			"cumulativeGasUsed": hexDec(f.Receipt.CumulativeGasUsed), "confirmations": confirmations,
			"methodId": methodID, "functionName": functionNames[methodID],
		}
	}

	// txlist: the transaction, under its sender and its recipient.
	tx := common()
	to := strings.ToLower(f.Tx.To)
	created := ""
	if f.Receipt.ContractAddress != nil && to == "" {
		created = strings.ToLower(*f.Receipt.ContractAddress)
	}
	isError, status := "0", "1"
	if failed {
		isError, status = "1", "0"
	}
	for k, v := range map[string]string{"from": strings.ToLower(f.Tx.From), "to": to, "value": hexDec(f.Tx.Value),
		"input": f.Tx.Input, "contractAddress": created, "isError": isError, "txreceipt_status": status} {
		tx[k] = v
	}
	c.lists["txlist"] = append(c.lists["txlist"], row{block, index, 0, []string{tx["from"], to, created}, tx})

	// txlistinternal: each internal row, under the addresses it names.
	for i, r := range f.Internal {
		fields := map[string]string{
			"blockNumber": strconv.FormatUint(block, 10), "timeStamp": ts, "hash": hash,
			"from": strings.ToLower(r.From), "to": strings.ToLower(r.To), "value": r.Value,
			"contractAddress": strings.ToLower(r.ContractAddress), "input": r.Input, "type": r.Type,
			"gas": r.Gas, "gasUsed": r.GasUsed, "traceId": strconv.Itoa(i), "isError": r.IsError, "errCode": r.ErrCode,
		}
		c.lists["txlistinternal"] = append(c.lists["txlistinternal"],
			row{block, index, i, []string{fields["from"], fields["to"], fields["contractAddress"]}, fields})
	}

	// Token lists: the receipt's transfer logs, under the addresses they name.
	if failed {
		return
	}
	for _, l := range f.Receipt.Logs {
		if len(l.Topics) == 0 {
			continue
		}
		contract := strings.ToLower(l.Address)
		meta := f.Tokens[contract]
		logIndex := int(hexUint(l.LogIndex))
		base := func(from, to string) map[string]string {
			m := common()
			m["from"], m["to"], m["contractAddress"] = from, to, contract
			m["tokenName"], m["tokenSymbol"] = meta.Name, meta.Symbol
			m["input"] = "deprecated"
			return m
		}
		switch {
		case l.Topics[0] == topicTransfer && len(l.Topics) == 3:
			m := base(topicAddr(l.Topics[1]), topicAddr(l.Topics[2]))
			m["value"] = hexDec(l.Data)
			m["tokenDecimal"] = ""
			if meta.Decimals != nil {
				m["tokenDecimal"] = strconv.Itoa(*meta.Decimals)
			}
			c.lists["tokentx"] = append(c.lists["tokentx"], row{block, index, logIndex, []string{m["from"], m["to"]}, m})
		case l.Topics[0] == topicTransfer && len(l.Topics) == 4:
			m := base(topicAddr(l.Topics[1]), topicAddr(l.Topics[2]))
			m["tokenID"] = hexDec(l.Topics[3])
			m["tokenDecimal"] = "0"
			c.lists["tokennfttx"] = append(c.lists["tokennfttx"], row{block, index, logIndex, []string{m["from"], m["to"]}, m})
		case l.Topics[0] == topicTransferSingle && len(l.Topics) == 4:
			words := dataWords(l.Data)
			if len(words) < 2 {
				continue
			}
			m := base(topicAddr(l.Topics[2]), topicAddr(l.Topics[3]))
			m["operator"] = topicAddr(l.Topics[1])
			m["tokenID"], m["tokenValue"] = hexDec(words[0]), hexDec(words[1])
			c.lists["token1155tx"] = append(c.lists["token1155tx"], row{block, index, logIndex, []string{m["from"], m["to"]}, m})
		case l.Topics[0] == topicTransferBatch && len(l.Topics) == 4:
			ids, values := batchArrays(l.Data)
			for k := range ids {
				m := base(topicAddr(l.Topics[2]), topicAddr(l.Topics[3]))
				m["operator"] = topicAddr(l.Topics[1])
				m["tokenID"], m["tokenValue"] = hexDec(ids[k]), hexDec(values[k])
				c.lists["token1155tx"] = append(c.lists["token1155tx"], row{block, index, logIndex*1000 + k, []string{m["from"], m["to"]}, m})
			}
		}
	}
}

// topicAddr is the address in an indexed topic (the last 20 bytes).
func topicAddr(t string) string {
	t = strings.ToLower(strings.TrimPrefix(t, "0x"))
	if len(t) < 40 {
		return "0x" + t
	}
	return "0x" + t[len(t)-40:]
}

// dataWords splits ABI data into 32-byte words ("0x"-prefixed hex).
func dataWords(data string) []string {
	d := strings.TrimPrefix(data, "0x")
	var out []string
	for len(d) >= 64 {
		out = append(out, "0x"+d[:64])
		d = d[64:]
	}
	return out
}

// batchArrays decodes TransferBatch's data: two dynamic uint256 arrays (ids, values).
func batchArrays(data string) (ids, values []string) {
	w := dataWords(data)
	arr := func(offset uint64) []string {
		i := int(offset / 32)
		if i >= len(w) {
			return nil
		}
		n := int(hexUint(w[i]))
		if i+1+n > len(w) {
			return nil
		}
		return w[i+1 : i+1+n]
	}
	if len(w) < 2 {
		return nil, nil
	}
	ids, values = arr(hexUint(w[0])), arr(hexUint(w[1]))
	if len(ids) != len(values) {
		return nil, nil
	}
	return ids, values
}

// functionNames are the indexer's names of common method ids (Etherscan fills functionName from
// the verified ABI; these are the ones the fixtures call most).
var functionNames = map[string]string{
	"0x095ea7b3": "approve(address spender, uint256 amount)",
	"0xa9059cbb": "transfer(address to, uint256 amount)",
	"0x23b872dd": "transferFrom(address from, address to, uint256 amount)",
	"0xd0e30db0": "deposit()",
	"0x2e1a7d4d": "withdraw(uint256 wad)",
	"0xa1903eab": "submit(address _referral)",
	"0x22895118": "deposit(bytes pubkey, bytes withdrawal_credentials, bytes signature, bytes32 deposit_data_root)",
	"0x56781388": "castVote(uint256 proposalId, uint8 support)",
	"0x5c11d795": "swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
	"0x7ff36ab5": "swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)",
	"0x18cbafe5": "swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
	"0x38ed1739": "swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
	"0xfb3bdb41": "swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline)",
	"0xe8e33700": "addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline)",
	"0xf305d719": "addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)",
	"0xbaa2abde": "removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline)",
	"0x02751cec": "removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)",
	"0xac9650d8": "multicall(bytes[] data)",
	"0x5ae401dc": "multicall(uint256 deadline, bytes[] data)",
	"0x3593564c": "execute(bytes commands, bytes[] inputs, uint256 deadline)",
	"0x12aa3caf": "swap(address executor, (address,address,address,address,uint256,uint256,uint256) desc, bytes permit, bytes data)",
	"0x617ba037": "supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)",
	"0x69328dec": "withdraw(address asset, uint256 amount, address to)",
	"0x2e7ba6ef": "claim(uint256 index, address account, uint256 amount, bytes32[] merkleProof)",
}

// Count returns how many requests asked for action ("txlist", "eth_getTransactionReceipt", ...).
func (s *Server) Count(action string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[action]
}

// Total returns how many requests the server answered.
func (s *Server) Total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.counts {
		n += c
	}
	return n
}

// FailReceipt makes eth_getTransactionReceipt of hash answer a JSON-RPC error, as a node that
// cannot serve it does.
func (s *Server) FailReceipt(hash string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failReceipts[strings.ToLower(hash)] = true
}

// RateLimit makes the next n requests answer Etherscan's rate-limit message.
func (s *Server) RateLimit(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rateLimited = n
}

// ServeHTTP answers one API request. The chain is the first path segment when it names a chain
// ("/base/api": a Blockscout-style URL per chain), else the chainid parameter (Etherscan v2).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	action := q.Get("action")
	s.mu.Lock()
	s.counts[action]++
	limited := s.rateLimited > 0
	if limited {
		s.rateLimited--
	}
	failReceipt := s.failReceipts[strings.ToLower(q.Get("txhash"))]
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if limited {
		writeJSON(w, envelope("0", "NOTOK", "Max calls per sec rate limit reached (3/sec)"))
		return
	}
	chain := strings.Split(strings.Trim(r.URL.Path, "/"), "/")[0]
	c := s.chains[chain]
	if _, known := knownChains[chain]; !known {
		chain = chainIDs[q.Get("chainid")]
		if chain == "" {
			writeJSON(w, envelope("0", "NOTOK", "Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids"))
			return
		}
		c = s.chains[chain]
	}
	if c == nil {
		c = &chainData{lists: map[string][]row{}, txs: map[string]*Fixture{}}
	}
	switch q.Get("module") {
	case "account":
		s.list(w, c, action, q)
	case "proxy":
		f := c.txs[strings.ToLower(q.Get("txhash"))]
		switch {
		case action == "eth_getTransactionReceipt" && failReceipt:
			writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": 1, "error": map[string]any{"code": -32000, "message": "receipt not available"}})
		case f == nil:
			writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": 1, "result": nil})
		case action == "eth_getTransactionReceipt":
			writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": 1, "result": f.Receipt})
		case action == "eth_getTransactionByHash":
			writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": 1, "result": f.Tx})
		default:
			writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": 1, "error": map[string]any{"code": -32601, "message": "unsupported method " + action}})
		}
	default:
		writeJSON(w, envelope("0", "NOTOK", "Error! Missing Or invalid Module name"))
	}
}

var knownChains = map[string]struct{}{"ethereum": {}, "base": {}, "arbitrum": {}, "optimism": {}, "polygon": {}, "bsc": {}}

func (s *Server) list(w http.ResponseWriter, c *chainData, action string, q map[string][]string) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	known := false
	for _, a := range listActions {
		known = known || a == action
	}
	if !known {
		writeJSON(w, envelope("0", "NOTOK", "Error! Missing Or invalid Action name"))
		return
	}
	addr := strings.ToLower(get("address"))
	if len(addr) != 42 || !strings.HasPrefix(addr, "0x") {
		writeJSON(w, envelope("0", "NOTOK", "Error! Invalid address format"))
		return
	}
	start, end := uint64(0), uint64(1<<63)
	if v := get("startblock"); v != "" {
		start, _ = strconv.ParseUint(v, 10, 64)
	}
	if v := get("endblock"); v != "" {
		if n, err := strconv.ParseUint(v, 10, 64); err == nil {
			end = n
		}
	}
	page, offset := 1, maxWindow
	if v, err := strconv.Atoi(get("page")); err == nil && v > 0 {
		page = v
	}
	if v, err := strconv.Atoi(get("offset")); err == nil && v > 0 {
		offset = v
	}
	if page*offset > maxWindow {
		writeJSON(w, envelope("0", "NOTOK", "Result window is too large, PageNo x Offset size must be less than or equal to 10000"))
		return
	}
	var match []map[string]string
	for _, r := range c.lists[action] {
		if r.block < start || r.block > end {
			continue
		}
		for _, a := range r.addrs {
			if a == addr {
				match = append(match, r.fields)
				break
			}
		}
	}
	if get("sort") == "desc" {
		for i, j := 0, len(match)-1; i < j; i, j = i+1, j-1 {
			match[i], match[j] = match[j], match[i]
		}
	}
	lo := min((page-1)*offset, len(match))
	hi := min(lo+offset, len(match))
	if lo == hi {
		writeJSON(w, map[string]any{"status": "0", "message": "No transactions found", "result": []any{}})
		return
	}
	writeJSON(w, map[string]any{"status": "1", "message": "OK", "result": match[lo:hi]})
}

func envelope(status, message, result string) map[string]any {
	return map[string]any{"status": status, "message": message, "result": result}
}

func writeJSON(w http.ResponseWriter, v any) {
	_ = json.NewEncoder(w).Encode(v)
}
