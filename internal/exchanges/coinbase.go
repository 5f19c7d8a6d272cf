package exchanges

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// coinbase reads the Coinbase v2 API ("Sign in with API key": HMAC-SHA256 signed requests):
// every wallet of the user (GET /v2/accounts), then each wallet's transactions oldest first
// (GET /v2/accounts/:id/transactions?order=asc), a page of up to 100 per Fetch, following the
// cursor `starting_after`.
type coinbase struct{ cfg Config }

// coinbaseVersion is the CB-VERSION the responses are read as.
const coinbaseVersion = "2024-01-01"

// coinbaseCursor is where a sync resumes: the last transaction seen per wallet, and the wallet
// being read ("" at the start of a pass).
type coinbaseCursor struct {
	After  map[string]string `json:"after,omitempty"`
	Wallet string            `json:"wallet,omitempty"`
}

type coinbasePage[T any] struct {
	Pagination struct {
		NextStartingAfter *string `json:"next_starting_after"`
	} `json:"pagination"`
	Data []T `json:"data"`
}

type coinbaseMoney struct {
	Amount   decimal.Decimal `json:"amount"`
	Currency string          `json:"currency"`
}

type coinbaseTx struct {
	ID           string         `json:"id"`
	Type         string         `json:"type"`
	Status       string         `json:"status"`
	Amount       coinbaseMoney  `json:"amount"`
	NativeAmount *coinbaseMoney `json:"native_amount"`
	CreatedAt    time.Time      `json:"created_at"`
	Network      *struct {
		Hash           string         `json:"hash"`
		TransactionFee *coinbaseMoney `json:"transaction_fee"`
	} `json:"network"`
	To *struct {
		Address string `json:"address"`
	} `json:"to"`
}

// sign sets the CB-ACCESS headers: HMAC-SHA256 with the secret over timestamp + method +
// request path (with query) + body, hex encoded.
func (c *coinbase) sign(req *http.Request, creds Credentials, body string) {
	ts := strconv.FormatInt(c.cfg.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(creds.Secret))
	mac.Write([]byte(ts + req.Method + req.URL.RequestURI() + body))
	req.Header.Set("CB-ACCESS-KEY", creds.APIKey)
	req.Header.Set("CB-ACCESS-SIGN", hex.EncodeToString(mac.Sum(nil)))
	req.Header.Set("CB-ACCESS-TIMESTAMP", ts)
	req.Header.Set("CB-VERSION", coinbaseVersion)
}

func (c *coinbase) get(ctx context.Context, creds Credentials, op, path string, query url.Values, out any) error {
	u := strings.TrimRight(c.cfg.CoinbaseURL, "/") + path + "?" + query.Encode()
	body, err := call(ctx, c.cfg, Coinbase, op, func() (*http.Request, error) {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err == nil {
			c.sign(req, creds, "")
		}
		return req, err
	}, func(int, []byte) bool { return false })
	if err != nil {
		return err
	}
	if err := json.Unmarshal(body, out); err != nil {
		return &imports.ProviderError{Provider: Coinbase, Op: op, Message: "unreadable answer", Err: err}
	}
	return nil
}

// wallets lists every wallet id of the user, sorted, following the cursor.
func (c *coinbase) wallets(ctx context.Context, creds Credentials) ([]string, error) {
	var ids []string
	after := ""
	for range 100 { // 10,000 wallets at most
		q := url.Values{"limit": {"100"}}
		if after != "" {
			q.Set("starting_after", after)
		}
		var page coinbasePage[struct {
			ID string `json:"id"`
		}]
		if err := c.get(ctx, creds, "accounts", "/v2/accounts", q, &page); err != nil {
			return nil, err
		}
		for _, w := range page.Data {
			ids = append(ids, w.ID)
		}
		if page.Pagination.NextStartingAfter == nil || *page.Pagination.NextStartingAfter == "" {
			break
		}
		after = *page.Pagination.NextStartingAfter
	}
	sort.Strings(ids)
	return ids, nil
}

func (c *coinbase) Fetch(ctx context.Context, creds Credentials, cursor string) (imports.Page, error) {
	var cur coinbaseCursor
	if cursor != "" {
		if err := json.Unmarshal([]byte(cursor), &cur); err != nil {
			cur = coinbaseCursor{}
		}
	}
	if cur.After == nil {
		cur.After = map[string]string{}
	}
	wallets, err := c.wallets(ctx, creds)
	if err != nil {
		return imports.Page{}, err
	}
	if len(wallets) == 0 {
		return imports.Page{Cursor: cursor}, nil
	}
	i := sort.SearchStrings(wallets, cur.Wallet)
	if cur.Wallet == "" || i == len(wallets) {
		i = 0
	}
	wallet := wallets[i]
	q := url.Values{"limit": {"100"}, "order": {"asc"}}
	if a := cur.After[wallet]; a != "" {
		q.Set("starting_after", a)
	}
	var page coinbasePage[coinbaseTx]
	if err := c.get(ctx, creds, "transactions", "/v2/accounts/"+url.PathEscape(wallet)+"/transactions", q, &page); err != nil {
		return imports.Page{}, err
	}
	out := imports.Page{}
	for _, t := range page.Data {
		if tx, ok := coinbaseToTx(t); ok {
			out.Txs = append(out.Txs, tx)
		}
	}
	if n := len(page.Data); n > 0 {
		cur.After[wallet] = page.Data[n-1].ID
	}
	switch {
	case page.Pagination.NextStartingAfter != nil && *page.Pagination.NextStartingAfter != "":
		cur.Wallet, out.More = wallet, true
	case i+1 < len(wallets):
		cur.Wallet, out.More = wallets[i+1], true
	default:
		cur.Wallet = "" // the pass is over; the next sync starts a new one after each wallet's last
	}
	b, err := json.Marshal(cur)
	if err != nil {
		return imports.Page{}, err
	}
	out.Cursor = string(b)
	return out, nil
}

// coinbaseLabels maps Coinbase transaction types to ledger labels; types not listed carry none
// (sends and receives: whether they are moves follows from their two sides).
var coinbaseLabels = map[string]string{
	"buy": imports.LabelBuy, "sell": imports.LabelSell, "trade": imports.LabelTrade, "advanced_trade_fill": imports.LabelTrade,
	"staking_reward": imports.LabelStakingReward, "inflation_reward": imports.LabelStakingReward,
	"interest": imports.LabelInterest, "earn_payout": imports.LabelIncome, "tx": "",
}

func coinbaseToTx(t coinbaseTx) (imports.Tx, bool) {
	if t.Status == "failed" || t.Status == "canceled" || t.Status == "expired" || t.Amount.Amount.IsZero() {
		return imports.Tx{}, false
	}
	asset := imports.AssetRef{Symbol: strings.ToUpper(t.Amount.Currency)}
	tr := imports.Transfer{Asset: asset, Quantity: t.Amount.Amount.Abs(), Label: coinbaseLabels[t.Type]}
	if t.Amount.Amount.Sign() < 0 {
		tr.From = imports.Self
		if t.To != nil {
			tr.To = t.To.Address
		}
	} else {
		tr.To = imports.Self
	}
	if t.NativeAmount != nil && strings.EqualFold(t.NativeAmount.Currency, "USD") {
		v := t.NativeAmount.Amount.Abs()
		tr.FiatValue = &v
	}
	tx := imports.Tx{ExternalID: "coinbase:" + t.ID, Time: t.CreatedAt.UTC(), Transfers: []imports.Transfer{tr}, Label: coinbaseLabels[t.Type]}
	if t.Network != nil {
		tx.Hash = t.Network.Hash
		if f := t.Network.TransactionFee; f != nil && f.Amount.Sign() > 0 && tr.From == imports.Self {
			tx.Transfers = append(tx.Transfers, imports.Transfer{
				Asset: imports.AssetRef{Symbol: strings.ToUpper(f.Currency)}, Quantity: f.Amount, From: imports.Self, IsFee: true,
			})
		}
	}
	return tx, true
}
