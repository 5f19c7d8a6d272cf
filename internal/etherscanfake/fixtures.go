// Package etherscanfake is an Etherscan-compatible API (v2: one endpoint, the chain selected by
// chainid; or a Blockscout-style URL per chain) served from recorded real transactions. It answers
// the account lists (txlist, txlistinternal, tokentx, tokennfttx, token1155tx: per address, with
// startblock/endblock/page/offset/sort) and the proxy calls eth_getTransactionReceipt and
// eth_getTransactionByHash in exactly the shapes Etherscan answers: string fields, status/message/
// result envelopes, "No transactions found" with status 0 for an empty list, JSON-RPC objects for
// the proxy module.
//
// The fixtures (testdata/fixtures/<chain>/<hash>.json, extracted by scripts/onchain-fixtures.py
// from public recorded API answers) hold per transaction the transaction, its receipt, its block
// time, its internal transactions and its tokens' metadata; every list is derived from them: an
// address's txlist holds the transactions it sent or was the recipient of, its token lists the
// Transfer / TransferSingle / TransferBatch logs naming it, its txlistinternal the internal rows
// naming it. Tests of other packages load them with Fixtures and serve them with New; `make run`
// can point taxd at cmd/taxd-etherscan for a demo wallet (docs/onchain.md).
package etherscanfake

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/big"
	"path"
	"sort"
	"strings"
)

//go:embed testdata/fixtures
var fixtureFS embed.FS

// Fixture is one recorded transaction and the wallet it is about.
type Fixture struct {
	Shape      string `json:"shape"`      // what the transaction is, e.g. "swap-1inch", "wrap", "bridge-out-across"
	Chain      string `json:"chain"`      // taxd's chain name
	Wallet     string `json:"wallet"`     // the address the transaction is about (lower case)
	WalletFrom string `json:"walletFrom"` // how the wallet was chosen: "test account", "sender" or "chosen"
	Source     string `json:"source"`     // the recording it was extracted from
	Timestamp  int64  `json:"timestamp"`  // block time, Unix seconds

	Tx       RPCTx            `json:"tx"`
	Receipt  RPCReceipt       `json:"receipt"`
	Internal []InternalRow    `json:"internal"`
	Tokens   map[string]Token `json:"tokens"` // by lower-case contract
}

// RPCTx is eth_getTransactionByHash's result (hex quantities).
type RPCTx struct {
	BlockNumber      string `json:"blockNumber"`
	BlockHash        string `json:"blockHash,omitempty"`
	From             string `json:"from"`
	To               string `json:"to"` // "" for a contract creation
	Gas              string `json:"gas"`
	GasPrice         string `json:"gasPrice"`
	Hash             string `json:"hash"`
	Input            string `json:"input"`
	Nonce            string `json:"nonce"`
	TransactionIndex string `json:"transactionIndex"`
	Value            string `json:"value"`
	Type             string `json:"type,omitempty"`
}

// RPCReceipt is eth_getTransactionReceipt's result (hex quantities). L1Fee is set on OP-stack
// chains.
type RPCReceipt struct {
	BlockNumber       string  `json:"blockNumber"`
	TransactionHash   string  `json:"transactionHash"`
	TransactionIndex  string  `json:"transactionIndex"`
	From              string  `json:"from"`
	To                *string `json:"to"`
	ContractAddress   *string `json:"contractAddress"`
	CumulativeGasUsed string  `json:"cumulativeGasUsed"`
	GasUsed           string  `json:"gasUsed"`
	EffectiveGasPrice string  `json:"effectiveGasPrice"`
	Status            string  `json:"status"`
	Type              string  `json:"type,omitempty"`
	Logs              []Log   `json:"logs"`
	L1Fee             string  `json:"l1Fee,omitempty"`
	L1GasUsed         string  `json:"l1GasUsed,omitempty"`
	L1GasPrice        string  `json:"l1GasPrice,omitempty"`
	L1FeeScalar       string  `json:"l1FeeScalar,omitempty"`
}

// Log is one receipt log.
type Log struct {
	Address  string   `json:"address"`
	Topics   []string `json:"topics"`
	Data     string   `json:"data"`
	LogIndex string   `json:"logIndex"`
	Removed  bool     `json:"removed"`
}

// InternalRow is one txlistinternal row as Etherscan answers it for a transaction hash.
type InternalRow struct {
	BlockNumber     string `json:"blockNumber"`
	TimeStamp       string `json:"timeStamp"`
	From            string `json:"from"`
	To              string `json:"to"`
	Value           string `json:"value"`
	ContractAddress string `json:"contractAddress"`
	Input           string `json:"input"`
	Type            string `json:"type"`
	Gas             string `json:"gas"`
	GasUsed         string `json:"gasUsed"`
	IsError         string `json:"isError"`
	ErrCode         string `json:"errCode"`
}

// Token is a token contract's metadata. Decimals is absent for a contract whose metadata is not
// recorded.
type Token struct {
	Standard string `json:"standard"` // erc20, erc721, erc1155
	Symbol   string `json:"symbol,omitempty"`
	Name     string `json:"name,omitempty"`
	Decimals *int   `json:"decimals,omitempty"`
}

// Fixtures returns every recorded transaction, ordered by chain, block and index.
func Fixtures() ([]Fixture, error) {
	var out []Fixture
	err := fs.WalkDir(fixtureFS, "testdata/fixtures", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".json" {
			return err
		}
		b, err := fixtureFS.ReadFile(p)
		if err != nil {
			return err
		}
		var f Fixture
		if err := json.Unmarshal(b, &f); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		f.Wallet = strings.ToLower(f.Wallet)
		out = append(out, f)
		return nil
	})
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Chain != b.Chain {
			return a.Chain < b.Chain
		}
		if ba, bb := hexUint(a.Tx.BlockNumber), hexUint(b.Tx.BlockNumber); ba != bb {
			return ba < bb
		}
		return hexUint(a.Tx.TransactionIndex) < hexUint(b.Tx.TransactionIndex)
	})
	return out, err
}

// MustFixtures is Fixtures for tests and tools, which cannot go on without them.
func MustFixtures() []Fixture {
	f, err := Fixtures()
	if err != nil {
		panic(err)
	}
	return f
}

// Wallet is one address on one chain.
type Wallet struct {
	Chain   string
	Address string
}

// Wallets lists the wallets the fixtures are about, each once, in fixture order.
func Wallets(fixtures []Fixture) []Wallet {
	seen := map[Wallet]bool{}
	var out []Wallet
	for _, f := range fixtures {
		w := Wallet{f.Chain, f.Wallet}
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// hexUint reads a JSON-RPC hex quantity; 0 for "" or garbage (the fixtures are checked by
// TestFixturesAreWellFormed).
func hexUint(s string) uint64 {
	n, ok := hexBig(s)
	if !ok || !n.IsUint64() {
		return 0
	}
	return n.Uint64()
}

func hexBig(s string) (*big.Int, bool) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if s == "" {
		return new(big.Int), true
	}
	return new(big.Int).SetString(s, 16)
}

// hexDec turns a hex quantity into the decimal string Etherscan's lists use.
func hexDec(s string) string {
	n, ok := hexBig(s)
	if !ok {
		return "0"
	}
	return n.String()
}
