package imports

import (
	"time"

	"github.com/shopspring/decimal"
)

// ChainTx is everything an EVM chain says about one transaction that touches a wallet: the
// transaction itself (with its calldata's method id), the native value moved inside it, every
// token transfer (ERC-20, ERC-721, ERC-1155) and the receipt's logs. It is public chain data,
// the same for every client, stored per (Chain, Hash) so that classification can run again
// without refetching (internal/classify turns it into a Tx of labelled legs).
//
// Addresses are lower case. Quantities are exact decimals already divided by 10^decimals.
// A list the provider could not read leaves its field empty and says so in Missing.
type ChainTx struct {
	Chain        string          `json:"chain"`
	Hash         string          `json:"hash"`
	Block        uint64          `json:"block"`
	Index        int64           `json:"index"` // position in the block
	Time         time.Time       `json:"time"`
	From         string          `json:"from"`                   // the sender (pays the fee)
	To           string          `json:"to"`                     // "" for a contract creation
	Value        decimal.Decimal `json:"value"`                  // native coin sent with the call
	MethodID     string          `json:"methodId,omitempty"`     // "0x" + 8 hex digits; "" for a plain send
	FunctionName string          `json:"functionName,omitempty"` // as the indexer names it, e.g. "deposit()"
	Input        string          `json:"input,omitempty"`        // calldata, cut to InputLimit bytes of hex
	Failed       bool            `json:"failed,omitempty"`
	// Fee is what the sender paid in the native coin: gasUsed x effective gas price, plus the L1
	// data fee on OP-stack chains (receipt l1Fee).
	Fee decimal.Decimal `json:"fee"`

	// Internal are the native-coin movements made by contracts inside the transaction
	// (txlistinternal), reverted ones left out.
	Internal []NativeMove `json:"internal,omitempty"`
	// Tokens are the token transfers of the transaction: from the receipt's Transfer /
	// TransferSingle / TransferBatch logs when the receipt is known, else from the token lists
	// (tokentx, tokennfttx, token1155tx), which name only the wallet's own transfers.
	Tokens []TokenMove `json:"tokens,omitempty"`
	// Logs are the receipt's logs (nil when the receipt is not known).
	Logs []Log `json:"logs,omitempty"`
	// Missing names what could not be read ("receipt", "txlistinternal", ...), so a rule that needs
	// it can lower its confidence instead of guessing.
	Missing []string `json:"missing,omitempty"`
}

// InputLimit bounds the calldata kept per transaction (hex characters after "0x").
const InputLimit = 4096

// NativeMove is a movement of the chain's native coin inside a transaction.
type NativeMove struct {
	From     string          `json:"from"`
	To       string          `json:"to"`
	Quantity decimal.Decimal `json:"quantity"`
}

// Token standards (TokenMove.Standard).
const (
	ERC20   = "erc20"
	ERC721  = "erc721"
	ERC1155 = "erc1155"
)

// TokenMove is one token transfer inside a transaction.
type TokenMove struct {
	Standard string          `json:"standard"` // ERC20, ERC721 or ERC1155
	Contract string          `json:"contract"`
	Symbol   string          `json:"symbol,omitempty"`
	Name     string          `json:"name,omitempty"`
	Decimals int32           `json:"decimals"`
	TokenID  string          `json:"tokenId,omitempty"` // ERC-721 / ERC-1155, decimal
	From     string          `json:"from"`
	To       string          `json:"to"`
	Quantity decimal.Decimal `json:"quantity"` // 1 for an ERC-721 token
	LogIndex int             `json:"logIndex"` // -1 when it came from a list without one
}

// Log is one receipt log.
type Log struct {
	Address  string   `json:"address"`
	Topics   []string `json:"topics"` // topic0 is the event signature hash
	Data     string   `json:"data"`
	LogIndex int      `json:"logIndex"`
}

// Asset is the token's AssetRef on chain (the token id kept for NFTs).
func (m TokenMove) Asset(chain string) AssetRef {
	a := AssetRef{Chain: chain, Contract: m.Contract, Symbol: m.Symbol, Name: m.Name, Decimals: m.Decimals}
	if m.Standard != ERC20 {
		a.TokenID = m.TokenID
	}
	return a
}
