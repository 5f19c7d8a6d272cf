package prices

import (
	"strings"

	"taxd/internal/imports"
)

// Coin is a coin of the price feed (CoinGecko): its id, ticker and display name.
type Coin struct {
	ID, Symbol, Name string
}

// majors are the coins that an off-chain asset (a CSV row, an exchange balance) names by its
// symbol alone: symbols that are not ambiguous. Anything else has no price until a person maps or
// prices it, and no name until one is given.
var majors = []Coin{
	{"bitcoin", "BTC", "Bitcoin"}, {"ethereum", "ETH", "Ethereum"}, {"solana", "SOL", "Solana"},
	{"binancecoin", "BNB", "BNB"}, {"matic-network", "MATIC", "Polygon"}, {"polygon-ecosystem-token", "POL", "Polygon Ecosystem Token"},
	{"usd-coin", "USDC", "USD Coin"}, {"tether", "USDT", "Tether"}, {"dai", "DAI", "Dai"},
	{"ripple", "XRP", "XRP"}, {"cardano", "ADA", "Cardano"}, {"dogecoin", "DOGE", "Dogecoin"},
	{"polkadot", "DOT", "Polkadot"}, {"litecoin", "LTC", "Litecoin"}, {"avalanche-2", "AVAX", "Avalanche"},
	{"chainlink", "LINK", "Chainlink"}, {"cosmos", "ATOM", "Cosmos Hub"}, {"stellar", "XLM", "Stellar"},
	{"tron", "TRX", "TRON"}, {"bitcoin-cash", "BCH", "Bitcoin Cash"}, {"ethereum-classic", "ETC", "Ethereum Classic"},
	{"monero", "XMR", "Monero"}, {"algorand", "ALGO", "Algorand"}, {"uniswap", "UNI", "Uniswap"},
	{"aave", "AAVE", "Aave"}, {"arbitrum", "ARB", "Arbitrum"}, {"optimism", "OP", "Optimism"},
	{"tezos", "XTZ", "Tezos"}, {"near", "NEAR", "NEAR Protocol"}, {"filecoin", "FIL", "Filecoin"},
	{"shiba-inu", "SHIB", "Shiba Inu"}, {"zcash", "ZEC", "Zcash"},
}

// symbolCoinIDs maps the majors' symbols to their coins.
var symbolCoinIDs = func() map[string]string {
	m := make(map[string]string, len(majors))
	for _, c := range majors {
		m[c.Symbol] = c.ID
	}
	return m
}()

// AssetName is the display name of an asset: its source's name when it gave one; else a native
// coin's name, a fiat currency's, or the feed's name of the major an off-chain symbol maps to; else
// "" (no name is made up).
func AssetName(a imports.AssetRef) string {
	switch {
	case a.Name != "":
		return a.Name
	case a.Chain != "" && a.Contract == "" && a.TokenID == "":
		if n, ok := imports.NativeAsset(a.Chain); ok {
			return n.Name
		}
	case a.Chain == "" && imports.IsFiat(a.Symbol):
		return imports.FiatName(a.Symbol)
	case a.Chain == "":
		sym := strings.ToUpper(strings.TrimSpace(a.Symbol))
		for _, c := range majors {
			if c.Symbol == sym {
				return c.Name
			}
		}
	}
	return ""
}
