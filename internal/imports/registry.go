package imports

import (
	"net/http"
	"time"
)

// Config configures every provider family. Zero values take the defaults.
type Config struct {
	Etherscan EtherscanConfig
	Esplora   EsploraConfig
	Solana    SolanaConfig
	// HTTPClient is used by every provider; default: a client with a 30 s timeout.
	HTTPClient *http.Client
}

// Default request rates (requests per second) per provider family.
const (
	DefaultEtherscanRPS = 3 // the free tier enforces 3/s in practice (documented 5/s)
	DefaultEsploraRPS   = 2
	DefaultSolanaRPS    = 4
)

// Registry hands out the provider of each supported chain. Providers of one family share one
// rate limiter (one API key / one endpoint), whichever chain or job uses them.
type Registry struct {
	providers map[string]Provider
}

// NewRegistry builds the providers of every supported chain from cfg.
func NewRegistry(cfg Config) *Registry {
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	rate := func(rps, def float64) float64 {
		if rps == 0 {
			return def
		}
		return rps // negative: unlimited
	}
	r := &Registry{providers: map[string]Provider{}}
	evmLimiter := NewLimiter(rate(cfg.Etherscan.RPS, DefaultEtherscanRPS), 1)
	for chain := range evmChains {
		p, _ := NewEVM(chain, cfg.Etherscan, client, evmLimiter)
		r.providers[chain] = p
	}
	r.providers[ChainBitcoin] = NewBitcoin(cfg.Esplora, client, NewLimiter(rate(cfg.Esplora.RPS, DefaultEsploraRPS), 1))
	r.providers[ChainSolana] = NewSolana(cfg.Solana, client, NewLimiter(rate(cfg.Solana.RPS, DefaultSolanaRPS), 1))
	return r
}

// Provider returns the provider of chain; false for an unsupported chain.
func (r *Registry) Provider(chain string) (Provider, bool) {
	p, ok := r.providers[chain]
	return p, ok
}
