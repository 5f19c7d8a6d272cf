// Package imports turns what a user's assets look like at their source (a blockchain indexer, an
// exchange export, a hand-written CSV file) into neutral transactions and transfers that the ledger
// stores. It is pure apart from the HTTP calls of the chain providers: no database, no clock of its
// own (times come from the sources), no globals that change.
//
// Conventions shared by every source:
//
//   - Quantities are exact decimals, already divided by 10^decimals, and never negative: the
//     direction of a transfer is given by From and To.
//   - From/To are addresses. The account's own address is returned exactly as it was passed to
//     Fetch, so the caller can compare it with the stored account address. Other EVM addresses are
//     lower-case (as the indexer returns them). "" means "an external party we cannot name".
//     CSV transfers use Self ("self") for the account the file is imported into and "" for the
//     outside world.
//   - A fee is a separate transfer with IsFee set, paid From the account (To "").
//   - ExternalID is unique per account and stable across re-syncs: the database deduplicates on
//     (account_id, external_id).
package imports

import (
	"context"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Self stands for the account a CSV file is imported into, in Transfer.From/To.
const Self = "self"

// Chain names (the API's spelling).
const (
	ChainEthereum = "ethereum"
	ChainBase     = "base"
	ChainArbitrum = "arbitrum"
	ChainOptimism = "optimism"
	ChainPolygon  = "polygon"
	ChainBSC      = "bsc"
	ChainBitcoin  = "bitcoin"
	ChainSolana   = "solana"
)

// Labels a transaction or transfer may carry (CSV imports set them; chain providers leave them "").
const (
	LabelBuy           = "buy"
	LabelSell          = "sell"
	LabelTrade         = "trade"
	LabelIncome        = "income"
	LabelStakingReward = "staking_reward"
	LabelMining        = "mining"
	LabelAirdrop       = "airdrop"
	LabelInterest      = "interest"
	LabelGiftReceived  = "gift_received"
	LabelGiftSent      = "gift_sent"
	LabelDonation      = "donation"
	LabelLost          = "lost"
	LabelFee           = "fee"
	LabelTransfer      = "transfer"
)

// Labels lists every label, in a fixed order.
func Labels() []string {
	return []string{LabelBuy, LabelSell, LabelTrade, LabelIncome, LabelStakingReward, LabelMining,
		LabelAirdrop, LabelInterest, LabelGiftReceived, LabelGiftSent, LabelDonation, LabelLost,
		LabelFee, LabelTransfer}
}

// AssetRef names an asset as its source knows it.
type AssetRef struct {
	Chain    string // "bitcoin", "ethereum", ...; "" for off-chain assets (CSV: fiat, exchange balances)
	Contract string // token contract / mint; "" for the chain's native coin
	Symbol   string
	Name     string
	Decimals int32
	TokenID  string // NFTs only
}

// Key is the stable asset key stored in assets.key:
//
//	"ethereum:native", "ethereum:0xa0b8...eb48" (EVM contracts lower-case), "bitcoin:native",
//	"solana:EPjF..." (mints keep their case), "ethereum:0x...:1234" for an NFT token id,
//	"fiat:USD" for fiat currencies and "symbol:ETH" for an off-chain asset known only by its symbol
//	(CSV rows).
func (a AssetRef) Key() string {
	if a.Chain == "" {
		sym := strings.ToUpper(strings.TrimSpace(a.Symbol))
		if IsFiat(sym) {
			return "fiat:" + sym
		}
		return "symbol:" + sym
	}
	if a.Contract == "" {
		return a.Chain + ":native"
	}
	c := a.Contract
	if IsEVM(a.Chain) {
		c = strings.ToLower(c)
	}
	k := a.Chain + ":" + c
	if a.TokenID != "" {
		k += ":" + a.TokenID
	}
	return k
}

// fiatNames are the fiat currency codes that CSV files use, with their ISO 4217 names.
var fiatNames = map[string]string{
	"USD": "US Dollar", "EUR": "Euro", "GBP": "British Pound", "CAD": "Canadian Dollar", "AUD": "Australian Dollar",
	"CHF": "Swiss Franc", "JPY": "Japanese Yen", "NZD": "New Zealand Dollar", "SEK": "Swedish Krona",
	"NOK": "Norwegian Krone", "DKK": "Danish Krone", "PLN": "Polish Zloty", "SGD": "Singapore Dollar",
	"HKD": "Hong Kong Dollar", "KRW": "South Korean Won", "BRL": "Brazilian Real", "MXN": "Mexican Peso",
	"INR": "Indian Rupee", "ZAR": "South African Rand", "TRY": "Turkish Lira", "CZK": "Czech Koruna",
	"HUF": "Hungarian Forint", "AED": "UAE Dirham",
}

// IsFiat reports whether a symbol is a fiat currency code that CSV files use.
func IsFiat(symbol string) bool {
	_, ok := fiatNames[strings.ToUpper(symbol)]
	return ok
}

// FiatName is the name of a fiat currency code ("" for anything else).
func FiatName(symbol string) string { return fiatNames[strings.ToUpper(symbol)] }

// Transfer is one movement of one asset.
type Transfer struct {
	Asset    AssetRef
	Quantity decimal.Decimal // exact, already divided by 10^decimals, >= 0
	From, To string          // addresses; see the package doc
	IsFee    bool

	// Optional, set by CSV imports only.
	FiatValue *decimal.Decimal // USD value of the quantity
	FeeFiat   *decimal.Decimal // USD value of a fee paid in fiat that belongs to this transfer
	// Label is a leg's own label where it differs from its transaction's (a CSV file labelling legs
	// apart, the classification stage's fee leg).
	Label string
	// Position names the staking or liquidity position the leg moves into or out of (the ledger's
	// stakingAccountIdentifier, e.g. "eth2:0x<pubkey>"); only staking and LP labels honour it.
	Position string
}

// Tx is one transaction of an account.
type Tx struct {
	ExternalID string // unique per account, stable across re-syncs
	Hash       string
	Time       time.Time // UTC
	Failed     bool      // failed on chain: only the fee transfer is kept
	Transfers  []Transfer

	// Label is what the whole transaction is (CSV files, the classification stage); "" books its
	// legs by direction alone.
	Label string
	Notes string
	// Classification is the rule that decided the label and legs of a chain transaction and how sure
	// it is (internal/classify); nil for CSV and exchange imports.
	Classification *Classification
}

// Confidence says how sure a classification rule is.
type Confidence string

// Confidences. High: the rule matched the transaction's own events or a listed contract. Medium:
// the shape matched without an event that proves it. Low: nothing matched but plain movements
// (the fallback), or a guess a person should review.
const (
	ConfidenceHigh   Confidence = "high"
	ConfidenceMedium Confidence = "medium"
	ConfidenceLow    Confidence = "low"
)

// Classification is which rule labelled a chain transaction, how sure it is and why.
type Classification struct {
	Rule        string
	Confidence  Confidence
	Explanation string
	// Digest identifies the outcome (label, legs, rule, confidence): a re-classification rewrites
	// a stored transaction only when its digest changed.
	Digest string
}

// Page is one page of a provider's answer.
type Page struct {
	Txs []Tx
	// Chain is what an EVM chain said about the same transactions (EVM providers only): the
	// caller keeps it per (chain, hash) and the classification stage turns it into Txs.
	Chain  []ChainTx
	Cursor string // resume point to store once Txs are committed
	More   bool   // call Fetch again with Cursor for the next page
}

// Provider lists the transactions of an address, in pages, from a stored cursor.
//
// The first call of a sync passes the stored cursor ("" for a new account). The caller stores
// Page.Cursor once Page.Txs are committed and calls again while Page.More. A sync that ended with
// More=false and is run again from its stored cursor returns only what is new since.
// Providers are safe for concurrent use (one per chain serves every account of that chain).
type Provider interface {
	Chain() string
	Fetch(ctx context.Context, address, cursor string) (Page, error)
}
