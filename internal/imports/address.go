package imports

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"golang.org/x/crypto/sha3"
)

// evmChains are the chains served through an Etherscan-compatible API, with their chain ids and
// native coins.
var evmChains = map[string]struct {
	chainID int64
	native  AssetRef
}{
	ChainEthereum: {1, AssetRef{Chain: ChainEthereum, Symbol: "ETH", Name: "Ether", Decimals: 18}},
	ChainBase:     {8453, AssetRef{Chain: ChainBase, Symbol: "ETH", Name: "Ether", Decimals: 18}},
	ChainArbitrum: {42161, AssetRef{Chain: ChainArbitrum, Symbol: "ETH", Name: "Ether", Decimals: 18}},
	ChainOptimism: {10, AssetRef{Chain: ChainOptimism, Symbol: "ETH", Name: "Ether", Decimals: 18}},
	ChainPolygon:  {137, AssetRef{Chain: ChainPolygon, Symbol: "POL", Name: "Polygon Ecosystem Token", Decimals: 18}},
	ChainBSC:      {56, AssetRef{Chain: ChainBSC, Symbol: "BNB", Name: "BNB", Decimals: 18}},
}

// SupportedChains lists the chains taxd imports, in a fixed order.
func SupportedChains() []string {
	return []string{ChainEthereum, ChainBase, ChainArbitrum, ChainOptimism, ChainPolygon, ChainBSC,
		ChainBitcoin, ChainSolana}
}

// IsSupported reports whether chain is one of SupportedChains (exact, lower-case spelling).
func IsSupported(chain string) bool { return slices.Contains(SupportedChains(), chain) }

// IsEVM reports whether chain is an EVM chain (0x addresses, Etherscan-compatible API).
func IsEVM(chain string) bool { _, ok := evmChains[chain]; return ok }

// NativeAsset returns the native coin of a supported chain.
func NativeAsset(chain string) (AssetRef, bool) {
	switch chain {
	case ChainBitcoin:
		return AssetRef{Chain: ChainBitcoin, Symbol: "BTC", Name: "Bitcoin", Decimals: 8}, true
	case ChainSolana:
		return AssetRef{Chain: ChainSolana, Symbol: "SOL", Name: "Solana", Decimals: 9}, true
	}
	c, ok := evmChains[chain]
	return c.native, ok
}

// ValidateAddress checks address on chain and returns its normalized form: EVM addresses in their
// EIP-55 checksummed form, bech32 Bitcoin addresses lower-case, the others as given (base58 is
// case-sensitive). Surrounding spaces are ignored. An unknown chain gives an error wrapping
// ErrUnsupportedChain; a malformed address an *InvalidAddressError.
func ValidateAddress(chain, address string) (string, error) {
	address = strings.TrimSpace(address)
	var (
		norm   string
		reason string
	)
	switch {
	case IsEVM(chain):
		norm, reason = validateEVM(address)
	case chain == ChainBitcoin:
		norm, reason = validateBitcoin(address)
	case chain == ChainSolana:
		norm, reason = validateSolana(address)
	default:
		return "", fmt.Errorf("%w: %q", ErrUnsupportedChain, chain)
	}
	if reason != "" {
		return "", &InvalidAddressError{Chain: chain, Reason: reason}
	}
	return norm, nil
}

// DetectChains returns the supported chains on which address is well-formed (all EVM chains for
// a 0x address, bitcoin, or solana); nil when it matches none. For a request that gives no chain.
func DetectChains(address string) []string {
	var out []string
	for _, c := range SupportedChains() {
		if _, err := ValidateAddress(c, address); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// ---- EVM ------------------------------------------------------------------------------------

func validateEVM(a string) (string, string) {
	if !strings.HasPrefix(a, "0x") {
		return "", "must start with 0x"
	}
	h := a[2:]
	if len(h) != 40 {
		return "", fmt.Sprintf("must have 40 hex digits after 0x, has %d", len(h))
	}
	if _, err := hex.DecodeString(h); err != nil {
		return "", "not hexadecimal"
	}
	sum := eip55(h)
	if h != strings.ToLower(h) && h != strings.ToUpper(h) && sum != a {
		return "", "bad EIP-55 checksum (mixed case that does not match)"
	}
	return sum, ""
}

// eip55 returns the checksummed form of 40 hex digits (any case).
func eip55(h string) string {
	lower := strings.ToLower(h)
	k := sha3.NewLegacyKeccak256()
	k.Write([]byte(lower))
	d := k.Sum(nil)
	out := []byte("0x" + lower)
	for i := 0; i < 40; i++ {
		c := lower[i]
		if c < 'a' {
			continue
		}
		nib := d[i/2]
		if i%2 == 0 {
			nib >>= 4
		}
		if nib&0x0f >= 8 {
			out[2+i] = c - 'a' + 'A'
		}
	}
	return string(out)
}

// ChecksumEVM returns the EIP-55 form of a 0x address (any case); ok is false if it is not 0x+40 hex.
func ChecksumEVM(a string) (string, bool) {
	if len(a) != 42 || !strings.HasPrefix(a, "0x") {
		return "", false
	}
	if _, err := hex.DecodeString(a[2:]); err != nil {
		return "", false
	}
	return eip55(a[2:]), true
}

// ---- Bitcoin --------------------------------------------------------------------------------

func validateBitcoin(a string) (string, string) {
	if len(a) >= 3 && strings.EqualFold(a[:3], "bc1") {
		return validateSegwit(a)
	}
	if strings.HasPrefix(strings.ToLower(a), "tb1") || strings.HasPrefix(strings.ToLower(a), "bcrt1") {
		return "", "testnet address (mainnet expected)"
	}
	b, ok := base58Decode(a)
	if !ok {
		return "", "not base58 (and not a bc1 address)"
	}
	if len(b) != 25 {
		return "", fmt.Sprintf("base58check payload is %d bytes, want 25", len(b))
	}
	h1 := sha256.Sum256(b[:21])
	h2 := sha256.Sum256(h1[:])
	if string(h2[:4]) != string(b[21:]) {
		return "", "bad base58check checksum"
	}
	switch b[0] {
	case 0x00, 0x05:
		return a, ""
	case 0x6f, 0xc4:
		return "", "testnet address (mainnet expected)"
	default:
		return "", fmt.Sprintf("unknown version byte 0x%02x (want 0x00 P2PKH or 0x05 P2SH)", b[0])
	}
}

const bech32Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

const (
	bech32Const  = 1
	bech32mConst = 0x2bc830a3
)

func bech32Polymod(values []byte) uint32 {
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	chk := uint32(1)
	for _, v := range values {
		b := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ uint32(v)
		for i := 0; i < 5; i++ {
			if (b>>i)&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	return chk
}

func bech32HRPExpand(hrp string) []byte {
	out := make([]byte, 0, len(hrp)*2+1)
	for i := 0; i < len(hrp); i++ {
		out = append(out, hrp[i]>>5)
	}
	out = append(out, 0)
	for i := 0; i < len(hrp); i++ {
		out = append(out, hrp[i]&31)
	}
	return out
}

// bech32Decode decodes a bech32 or bech32m string; it returns the hrp, the data (without the
// checksum) and the checksum constant that matched.
func bech32Decode(s string) (hrp string, data []byte, constant uint32, reason string) {
	if len(s) > 90 {
		return "", nil, 0, "too long for bech32"
	}
	if s != strings.ToLower(s) && s != strings.ToUpper(s) {
		return "", nil, 0, "mixed case"
	}
	s = strings.ToLower(s)
	pos := strings.LastIndexByte(s, '1')
	if pos < 1 || pos+7 > len(s) {
		return "", nil, 0, "bad separator position"
	}
	hrp = s[:pos]
	for i := 0; i < len(hrp); i++ {
		if hrp[i] < 33 || hrp[i] > 126 {
			return "", nil, 0, "bad character in human-readable part"
		}
	}
	for i := pos + 1; i < len(s); i++ {
		d := strings.IndexByte(bech32Charset, s[i])
		if d < 0 {
			return "", nil, 0, fmt.Sprintf("invalid character %q", s[i])
		}
		data = append(data, byte(d))
	}
	c := bech32Polymod(append(bech32HRPExpand(hrp), data...))
	if c != bech32Const && c != bech32mConst {
		return "", nil, 0, "bad bech32 checksum"
	}
	return hrp, data[:len(data)-6], c, ""
}

// convertBits regroups bits (5 to 8 without padding, per BIP-173).
func convertBits(data []byte, from, to uint, pad bool) ([]byte, bool) {
	acc, bits := uint32(0), uint(0)
	maxv := uint32(1)<<to - 1
	var out []byte
	for _, v := range data {
		if uint32(v)>>from != 0 {
			return nil, false
		}
		acc = acc<<from | uint32(v)
		bits += from
		for bits >= to {
			bits -= to
			out = append(out, byte(acc>>bits&maxv))
		}
	}
	if pad {
		if bits > 0 {
			out = append(out, byte(acc<<(to-bits)&maxv))
		}
	} else if bits >= from || acc<<(to-bits)&maxv != 0 {
		return nil, false
	}
	return out, true
}

func validateSegwit(a string) (string, string) {
	hrp, data, constant, reason := bech32Decode(a)
	if reason != "" {
		return "", reason
	}
	if hrp != "bc" {
		return "", "not a mainnet segwit address (hrp " + hrp + ")"
	}
	if len(data) < 1 {
		return "", "empty data"
	}
	ver := data[0]
	if ver > 16 {
		return "", fmt.Sprintf("invalid witness version %d", ver)
	}
	prog, ok := convertBits(data[1:], 5, 8, false)
	if !ok {
		return "", "invalid padding"
	}
	if len(prog) < 2 || len(prog) > 40 {
		return "", fmt.Sprintf("invalid witness program length %d", len(prog))
	}
	if ver == 0 && len(prog) != 20 && len(prog) != 32 {
		return "", fmt.Sprintf("invalid witness v0 program length %d (want 20 or 32)", len(prog))
	}
	if ver == 0 && constant != bech32Const {
		return "", "witness v0 must use bech32, not bech32m"
	}
	if ver != 0 && constant != bech32mConst {
		return "", fmt.Sprintf("witness v%d must use bech32m, not bech32", ver)
	}
	return strings.ToLower(a), ""
}

// ---- Solana ---------------------------------------------------------------------------------

func validateSolana(a string) (string, string) {
	if len(a) < 32 || len(a) > 44 {
		return "", fmt.Sprintf("must be 32 to 44 base58 characters, has %d", len(a))
	}
	b, ok := base58Decode(a)
	if !ok {
		return "", "not base58"
	}
	if len(b) != 32 {
		return "", fmt.Sprintf("decodes to %d bytes, want 32", len(b))
	}
	return a, ""
}

// ---- base58 ---------------------------------------------------------------------------------

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

var base58Index = func() [256]int8 {
	var t [256]int8
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(base58Alphabet); i++ {
		t[base58Alphabet[i]] = int8(i)
	}
	return t
}()

func base58Decode(s string) ([]byte, bool) {
	if s == "" {
		return nil, false
	}
	n := new(big.Int)
	radix := big.NewInt(58)
	zeros := 0
	for zeros < len(s) && s[zeros] == '1' {
		zeros++
	}
	for i := 0; i < len(s); i++ {
		d := base58Index[s[i]]
		if d < 0 {
			return nil, false
		}
		n.Mul(n, radix)
		n.Add(n, big.NewInt(int64(d)))
	}
	body := n.Bytes()
	out := make([]byte, zeros+len(body))
	copy(out[zeros:], body)
	return out, true
}
