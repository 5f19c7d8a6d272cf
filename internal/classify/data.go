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
//go:embed data/chains.json data/spam.json data/protocols.json
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
	// Protocols are the DeFi protocols deployed on the chain, in the order the protocol rule tries
	// them (data/protocols.json).
	Protocols []*Protocol
	// Receipt maps a listed receipt token (stETH, stkAAVE, a Curve LP token) to its protocol.
	Receipt map[string]*Protocol
}

// Bridge is one bridge's contracts and events on one chain.
type Bridge struct {
	Name                string
	OutTopics, InTopics map[string]bool
}

// protocolsFile is data/protocols.json (its _doc describes the fields).
type protocolsFile struct {
	Protocols []struct {
		Name         string              `json:"name"`
		Title        string              `json:"title"`
		Kind         string              `json:"kind"`
		Contracts    map[string][]string `json:"contracts"`
		Receipts     map[string][]string `json:"receipts"`
		RewardTokens map[string][]string `json:"rewardTokens"`
		DebtSymbols  []string            `json:"debtSymbols"`
		Events       []struct {
			Event   string `json:"event"`
			Topics  int    `json:"topics"`
			Action  string `json:"action"`
			Market  string `json:"market"`
			Party   string `json:"party"`
			Emitter string `json:"emitter"`
			With    string `json:"with"`
			Asset   bool   `json:"asset"`
		} `json:"events"`
	} `json:"protocols"`
}

// Protocol is one DeFi protocol on one chain: what the protocol rule knows of it.
type Protocol struct {
	Name, Title string
	Kind        string          // liquidity, lending, staking, restaking (protocolKinds)
	Contracts   map[string]bool // its listed contracts on the chain
	Receipts    map[string]bool // its receipt tokens not minted in the deposit itself
	Rewards     map[string]bool // its reward tokens
	DebtSymbols []string        // symbol prefixes of its debt tokens
	Events      []ProtocolEvent
}

// ProtocolEvent is one event the protocol rule reads (data/protocols.json _doc).
type ProtocolEvent struct {
	Topic   string
	Topics  int
	Action  string
	Market  string
	Party   string
	Emitter string
	With    string // topic of another event the emitter must log; "" for none
	// Asset: the market is the asset the wallet's legs move (a lending reserve).
	Asset bool
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
			PositionNFT: map[string]bool{}, Receipt: map[string]*Protocol{}}
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
	if err := loadProtocols(d); err != nil {
		return nil, err
	}
	return d, nil
}

// loadProtocols adds data/protocols.json to each chain that has deployments.
func loadProtocols(d *Data) error {
	raw, err := dataFS.ReadFile("data/protocols.json")
	if err != nil {
		return err
	}
	var f protocolsFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return fmt.Errorf("classify: data/protocols.json: %w", err)
	}
	for _, p := range f.Protocols {
		if _, ok := protocolKinds[p.Kind]; !ok {
			return fmt.Errorf("classify: data/protocols.json: %s: unknown kind %q", p.Name, p.Kind)
		}
		var events []ProtocolEvent
		for _, e := range p.Events {
			if _, ok := actions[e.Action]; !ok {
				return fmt.Errorf("classify: data/protocols.json: %s: unknown action %q", p.Name, e.Action)
			}
			if e.Emitter != "listed" && e.Emitter != "receipt" && e.Emitter != "counterparty" {
				return fmt.Errorf("classify: data/protocols.json: %s: unknown emitter %q", p.Name, e.Emitter)
			}
			pe := ProtocolEvent{Topic: Topic(e.Event), Topics: e.Topics, Action: e.Action, Market: e.Market, Party: e.Party, Emitter: e.Emitter,
				Asset: e.Asset}
			if e.With != "" {
				pe.With = Topic(e.With)
			}
			events = append(events, pe)
		}
		for chain, contracts := range p.Contracts {
			cd, ok := d.Chains[chain]
			if !ok {
				cd = d.chain(chain)
				d.Chains[chain] = cd
			}
			pr := &Protocol{Name: p.Name, Title: p.Title, Kind: p.Kind, Contracts: lowerSet(contracts),
				Receipts: lowerSet(p.Receipts[chain]), Rewards: lowerSet(p.RewardTokens[chain]), DebtSymbols: p.DebtSymbols, Events: events}
			cd.Protocols = append(cd.Protocols, pr)
			for a := range pr.Receipts {
				cd.Receipt[a] = pr
			}
		}
	}
	return nil
}

func lowerSet(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[strings.ToLower(x)] = true
	}
	return m
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
		PositionNFT: map[string]bool{}, Receipt: map[string]*Protocol{}}
}
