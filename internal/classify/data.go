package classify

import (
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"golang.org/x/crypto/sha3"
)

// The rules' knowledge of chains is data (data/*.json), read once: per chain the wrapped native
// token, the well-known tokens (a look-alike of one of their symbols from another contract is
// spam), the bridges' contracts and events, and the event signatures the rules look for.
//
//go:embed data/chains.json data/spam.json
var dataFS embed.FS

type chainsFile struct {
	Events                map[string]string   `json:"events"`
	BeaconDepositContract map[string]string   `json:"beaconDepositContract"`
	ClaimEvents           []string            `json:"claimEvents"`
	PositionNFTs          map[string][]string `json:"positionNFTs"`
	Chains                map[string]struct {
		WrappedNative string            `json:"wrappedNative"`
		L1Alias       bool              `json:"l1Alias"`
		Tokens        map[string]string `json:"tokens"`
		Bridges       []struct {
			Name      string   `json:"name"`
			Contracts []string `json:"contracts"`
			Out       []string `json:"out"`
			In        []string `json:"in"`
		} `json:"bridges"`
	} `json:"chains"`
}

// Data is what the rules know: loaded from the embedded files by LoadData.
type Data struct {
	// Event topics the rules read.
	Transfer, WrapDeposit, WrapWithdrawal, BeaconDeposit string
	// ClaimTopics are distributor claim events (an airdrop claim).
	ClaimTopics map[string]bool
	Chains      map[string]*ChainData
}

// ChainData is one chain's part of Data.
type ChainData struct {
	WrappedNative string
	// L1Alias: deposits from L1 arrive from the sender's address plus the alias offset
	// (Arbitrum's retryable tickets), so such a sender is the client's own L1 address.
	L1Alias       bool
	BeaconDeposit string            // the deposit contract ("" where there is none)
	TokenBySymbol map[string]string // upper-case symbol -> the token's contract
	KnownToken    map[string]bool   // contract -> listed
	Bridges       map[string]*Bridge
	Spam          map[string]string // contract -> why it is listed
	// PositionNFT lists the contracts whose NFTs are liquidity positions (Uniswap V3's position
	// manager): minting one is entering a position, not buying a collectible.
	PositionNFT map[string]bool
}

// Bridge is one bridge's contracts and events on one chain.
type Bridge struct {
	Name                string
	OutTopics, InTopics map[string]bool
}

// LoadData parses the embedded data files.
func LoadData() (*Data, error) {
	raw, err := dataFS.ReadFile("data/chains.json")
	if err != nil {
		return nil, err
	}
	var f chainsFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("classify: data/chains.json: %w", err)
	}
	spamRaw, err := dataFS.ReadFile("data/spam.json")
	if err != nil {
		return nil, err
	}
	var spam map[string]json.RawMessage
	if err := json.Unmarshal(spamRaw, &spam); err != nil {
		return nil, fmt.Errorf("classify: data/spam.json: %w", err)
	}
	d := &Data{
		Transfer:       Topic(f.Events["transfer"]),
		WrapDeposit:    Topic(f.Events["wrapDeposit"]),
		WrapWithdrawal: Topic(f.Events["wrapWithdrawal"]),
		BeaconDeposit:  Topic(f.Events["beaconDeposit"]),
		ClaimTopics:    map[string]bool{},
		Chains:         map[string]*ChainData{},
	}
	for _, e := range f.ClaimEvents {
		d.ClaimTopics[Topic(e)] = true
	}
	for name, c := range f.Chains {
		cd := &ChainData{WrappedNative: strings.ToLower(c.WrappedNative), L1Alias: c.L1Alias,
			BeaconDeposit: strings.ToLower(f.BeaconDepositContract[name]),
			TokenBySymbol: map[string]string{}, KnownToken: map[string]bool{}, Bridges: map[string]*Bridge{}, Spam: map[string]string{},
			PositionNFT: map[string]bool{}}
		for _, a := range f.PositionNFTs[name] {
			cd.PositionNFT[strings.ToLower(a)] = true
		}
		for sym, addr := range c.Tokens {
			cd.TokenBySymbol[strings.ToUpper(sym)] = strings.ToLower(addr)
			cd.KnownToken[strings.ToLower(addr)] = true
		}
		for _, b := range c.Bridges {
			br := &Bridge{Name: b.Name, OutTopics: map[string]bool{}, InTopics: map[string]bool{}}
			for _, e := range b.Out {
				br.OutTopics[Topic(e)] = true
			}
			for _, e := range b.In {
				br.InTopics[Topic(e)] = true
			}
			for _, a := range b.Contracts {
				cd.Bridges[strings.ToLower(a)] = br
			}
		}
		if s, ok := spam[name]; ok {
			if err := json.Unmarshal(s, &cd.Spam); err != nil {
				return nil, fmt.Errorf("classify: data/spam.json %s: %w", name, err)
			}
		}
		d.Chains[name] = cd
	}
	return d, nil
}

// Topic is the log topic of an event: its signature hashed with keccak-256, or the topic itself
// when given as 0x and 64 hex digits.
func Topic(event string) string {
	if strings.HasPrefix(event, "0x") && len(event) == 66 {
		return strings.ToLower(event)
	}
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(event))
	return "0x" + hex.EncodeToString(h.Sum(nil))
}

// chain returns the data of a chain (empty data for a chain the files do not name).
func (d *Data) chain(name string) *ChainData {
	if c, ok := d.Chains[name]; ok {
		return c
	}
	return &ChainData{TokenBySymbol: map[string]string{}, KnownToken: map[string]bool{}, Bridges: map[string]*Bridge{}, Spam: map[string]string{},
		PositionNFT: map[string]bool{}}
}
