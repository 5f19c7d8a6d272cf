package imports

import (
	"errors"
	"slices"
	"testing"
)

func TestValidateAddress(t *testing.T) {
	t.Parallel()
	valid := []struct{ chain, in, want string }{
		// EIP-55 vectors from the EIP (mixed case must match the checksum).
		{"ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"},
		{"ethereum", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"},
		{"base", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB"},
		{"arbitrum", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"},
		// All upper / all lower case carry no checksum and are normalized to it.
		{"optimism", "0x52908400098527886E0F7030069857D2E4169EE7", "0x52908400098527886E0F7030069857D2E4169EE7"},
		{"polygon", "0x8617E340B3D01FA5F11F306F4090FD50E238070D", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"},
		{"bsc", "0xde709f2102306220921060314715629080e2fb77", "0xde709f2102306220921060314715629080e2fb77"},
		{"ethereum", "0x27b1fdb04752bbc536007a920d24acb045561c26", "0x27b1fdb04752bbc536007a920d24acb045561c26"},
		{"ethereum", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"},
		{"ethereum", " 0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359 ", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"},
		// The API spec's examples.
		{"ethereum", "0x71C7656EC7ab88b098defB751B7401B5f6d8976F", "0x71C7656EC7ab88b098defB751B7401B5f6d8976F"},
		// Base58check P2PKH / P2SH.
		{"bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"},
		{"bitcoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"},
		{"bitcoin", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"},
		// BIP-173 / BIP-350 valid mainnet vectors (normalized to lower case).
		{"bitcoin", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"},
		{"bitcoin", "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3"},
		{"bitcoin", "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y"},
		{"bitcoin", "BC1SW50QGDZ25J", "bc1sw50qgdz25j"},
		{"bitcoin", "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs"},
		{"bitcoin", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"},
		{"bitcoin", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"},
		// Solana: base58 of exactly 32 bytes.
		{"solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"},
		{"solana", "So11111111111111111111111111111111111111112", "So11111111111111111111111111111111111111112"},
		{"solana", "11111111111111111111111111111111", "11111111111111111111111111111111"},
		{"solana", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"},
		{"solana", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"},
	}
	for _, tc := range valid {
		got, err := ValidateAddress(tc.chain, tc.in)
		if err != nil {
			t.Errorf("ValidateAddress(%s, %q): %v", tc.chain, tc.in, err)
			continue
		}
		if got != tc.want {
			t.Errorf("ValidateAddress(%s, %q) = %q, want %q", tc.chain, tc.in, got, tc.want)
		}
	}

	invalid := []struct{ chain, in string }{
		// EIP-55: one letter's case flipped in each of the EIP vectors.
		{"ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"},
		{"ethereum", "0xFb6916095ca1df60bB79Ce92cE3Ea74c37c5d359"},
		{"base", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6Fb"},
		{"ethereum", "0x71c7656EC7ab88b098defB751B7401B5f6d8976F"},
		{"ethereum", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"},     // no 0x
		{"ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA"},     // too short
		{"ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00"}, // too long
		{"ethereum", "0xg2908400098527886e0f7030069857d2e4169ee7"},   // not hex
		{"ethereum", ""},
		{"bsc", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"},
		// base58check.
		{"bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb"},  // checksum
		{"bitcoin", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz"},  // checksum
		{"bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a"},  // 0 is not base58
		{"bitcoin", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn"},  // testnet P2PKH
		{"bitcoin", "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc"}, // testnet P2SH
		{"bitcoin", "not-a-wallet"},
		// BIP-173 / BIP-350 invalid vectors.
		{"bitcoin", "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut"},
		{"bitcoin", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd"}, // v1 with bech32
		{"bitcoin", "tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf"},
		{"bitcoin", "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL"}, // v16 with bech32
		{"bitcoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh"},                     // v0 with bech32m
		{"bitcoin", "tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47"},
		{"bitcoin", "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4"}, // invalid char
		{"bitcoin", "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R"}, // version 17
		{"bitcoin", "bc1pw5dgrnzv"}, // 1-byte program
		{"bitcoin", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav"}, // 41 bytes
		{"bitcoin", "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P"},                                         // v0 16 bytes
		{"bitcoin", "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq"},               // mixed case
		{"bitcoin", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf"},             // zero padding > 4 bits
		{"bitcoin", "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j"},               // non-zero padding
		{"bitcoin", "bc1gmk9yu"}, // empty data
		{"bitcoin", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"}, // valid, but testnet
		{"bitcoin", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T5"},                     // checksum
		{"bitcoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4x"},                    // checksum
		// Solana.
		{"solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZ"},         // 29 bytes
		{"solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv"}, // 33 bytes
		{"solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10"},  // 0 is not base58
		{"solana", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"},
		{"solana", "1111111111111111111111111111111"}, // 31 zero bytes
	}
	for _, tc := range invalid {
		_, err := ValidateAddress(tc.chain, tc.in)
		var ia *InvalidAddressError
		if !errors.As(err, &ia) {
			t.Errorf("ValidateAddress(%s, %q) = %v, want *InvalidAddressError", tc.chain, tc.in, err)
			continue
		}
		if ia.Chain != tc.chain || ia.Reason == "" {
			t.Errorf("ValidateAddress(%s, %q): error %+v", tc.chain, tc.in, ia)
		}
		if errors.Is(err, ErrUnsupportedChain) {
			t.Errorf("ValidateAddress(%s, %q): malformed must not be unsupported", tc.chain, tc.in)
		}
	}
}

func TestUnsupportedChain(t *testing.T) {
	t.Parallel()
	for _, chain := range []string{"dogecoin", "Ethereum", "", "tron"} {
		_, err := ValidateAddress(chain, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
		if !errors.Is(err, ErrUnsupportedChain) {
			t.Errorf("ValidateAddress(%q): %v, want ErrUnsupportedChain", chain, err)
		}
		var ia *InvalidAddressError
		if errors.As(err, &ia) {
			t.Errorf("ValidateAddress(%q): unsupported must not be an InvalidAddressError", chain)
		}
		if IsSupported(chain) {
			t.Errorf("IsSupported(%q) = true", chain)
		}
	}
	want := []string{"ethereum", "base", "arbitrum", "optimism", "polygon", "bsc", "bitcoin", "solana"}
	if got := SupportedChains(); !slices.Equal(got, want) {
		t.Errorf("SupportedChains() = %v", got)
	}
	for _, c := range want {
		if !IsSupported(c) {
			t.Errorf("IsSupported(%q) = false", c)
		}
	}
}

func TestDetectChains(t *testing.T) {
	t.Parallel()
	if got := DetectChains("0x71C7656EC7ab88b098defB751B7401B5f6d8976F"); len(got) != 6 || got[0] != "ethereum" {
		t.Errorf("EVM: %v", got)
	}
	if got := DetectChains("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"); !slices.Equal(got, []string{"bitcoin"}) {
		t.Errorf("bitcoin: %v", got)
	}
	if got := DetectChains("7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"); !slices.Equal(got, []string{"solana"}) {
		t.Errorf("solana: %v", got)
	}
	if got := DetectChains("not-a-wallet"); got != nil {
		t.Errorf("garbage: %v", got)
	}
}

func TestAssetKey(t *testing.T) {
	t.Parallel()
	cases := []struct {
		a    AssetRef
		want string
	}{
		{AssetRef{Chain: "ethereum"}, "ethereum:native"},
		{AssetRef{Chain: "ethereum", Contract: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}, "ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"},
		{AssetRef{Chain: "bitcoin"}, "bitcoin:native"},
		{AssetRef{Chain: "solana", Contract: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"}, "solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"},
		{AssetRef{Chain: "ethereum", Contract: "0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D", TokenID: "42"}, "ethereum:0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d:42"},
		{AssetRef{Symbol: "usd"}, "fiat:USD"},
		{AssetRef{Symbol: "ETH"}, "symbol:ETH"},
	}
	for _, c := range cases {
		if got := c.a.Key(); got != c.want {
			t.Errorf("%+v.Key() = %q, want %q", c.a, got, c.want)
		}
	}
}
