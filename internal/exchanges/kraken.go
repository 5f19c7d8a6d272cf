package exchanges

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// kraken reads Kraken's private Ledgers endpoint (POST /0/private/Ledgers, API-Key/API-Sign
// signed), newest first, 50 entries a page by offset (`ofs`); a finished pass remembers the
// newest entry's time and the next sync asks only from it on (`start`).
type kraken struct {
	cfg       Config
	mu        sync.Mutex
	lastNonce int64
}

const krakenLedgersPath = "/0/private/Ledgers"

type krakenCursor struct {
	Start string `json:"start,omitempty"` // unix time (exclusive) of this pass; "" for all history
	Ofs   int    `json:"ofs,omitempty"`
	Max   string `json:"max,omitempty"` // newest time seen in this pass
}

type krakenEntry struct {
	RefID   string          `json:"refid"`
	Time    json.Number     `json:"time"`
	Type    string          `json:"type"`
	Subtype string          `json:"subtype"`
	Asset   string          `json:"asset"`
	Amount  decimal.Decimal `json:"amount"`
	Fee     decimal.Decimal `json:"fee"`
}

type krakenAnswer struct {
	Error  []string `json:"error"`
	Result struct {
		Ledger map[string]krakenEntry `json:"ledger"`
		Count  int                    `json:"count"`
	} `json:"result"`
}

// nonce is strictly increasing per process (Kraken rejects a nonce not above the last one).
func (k *kraken) nonce() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	n := k.cfg.Now().UnixMicro()
	if n <= k.lastNonce {
		n = k.lastNonce + 1
	}
	k.lastNonce = n
	return strconv.FormatInt(n, 10)
}

// krakenSign is API-Sign: base64(HMAC-SHA512(base64-decoded secret, path + SHA256(nonce + postdata))).
func krakenSign(secret, path, nonce, postData string) (string, error) {
	key, err := base64.StdEncoding.DecodeString(secret)
	if err != nil {
		return "", ErrUnauthorized // a secret Kraken cannot have issued
	}
	sum := sha256.Sum256([]byte(nonce + postData))
	mac := hmac.New(sha512.New, key)
	mac.Write([]byte(path))
	mac.Write(sum[:])
	return base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

func krakenRateLimited(_ int, body []byte) bool {
	return strings.Contains(string(body), "EAPI:Rate limit exceeded") || strings.Contains(string(body), "EGeneral:Too many requests")
}

func (k *kraken) Fetch(ctx context.Context, creds Credentials, cursor string) (imports.Page, error) {
	var cur krakenCursor
	if cursor != "" {
		_ = json.Unmarshal([]byte(cursor), &cur)
	}
	body, err := call(ctx, k.cfg, Kraken, "Ledgers", func() (*http.Request, error) {
		form := url.Values{"nonce": {k.nonce()}, "ofs": {strconv.Itoa(cur.Ofs)}}
		if cur.Start != "" {
			form.Set("start", cur.Start)
		}
		post := form.Encode()
		sig, err := krakenSign(creds.Secret, krakenLedgersPath, form.Get("nonce"), post)
		if err != nil {
			return nil, err
		}
		req, err := http.NewRequest(http.MethodPost, strings.TrimRight(k.cfg.KrakenURL, "/")+krakenLedgersPath, strings.NewReader(post))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("API-Key", creds.APIKey)
		req.Header.Set("API-Sign", sig)
		return req, nil
	}, krakenRateLimited)
	if err != nil {
		return imports.Page{}, err
	}
	var ans krakenAnswer
	if err := json.Unmarshal(body, &ans); err != nil {
		return imports.Page{}, &imports.ProviderError{Provider: Kraken, Op: "Ledgers", Message: "unreadable answer", Err: err}
	}
	if len(ans.Error) > 0 {
		msg := strings.Join(ans.Error, "; ")
		if strings.Contains(msg, "Invalid key") || strings.Contains(msg, "Invalid signature") || strings.Contains(msg, "Permission denied") {
			return imports.Page{}, ErrUnauthorized
		}
		return imports.Page{}, &imports.ProviderError{Provider: Kraken, Op: "Ledgers", Message: msg, Temporary: strings.HasPrefix(msg, "EService")}
	}
	ids := make([]string, 0, len(ans.Result.Ledger))
	for id := range ans.Result.Ledger {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := imports.Page{}
	maxTime, _ := decimal.NewFromString(cur.Max)
	for _, id := range ids {
		e := ans.Result.Ledger[id]
		t, err := decimal.NewFromString(e.Time.String())
		if err != nil {
			return imports.Page{}, &imports.ProviderError{Provider: Kraken, Op: "Ledgers", Message: "bad time " + e.Time.String()}
		}
		if t.GreaterThan(maxTime) {
			maxTime = t
		}
		if tx, ok := krakenToTx(id, e, t); ok {
			out.Txs = append(out.Txs, tx)
		}
	}
	cur.Ofs += len(ids)
	if len(ids) > 0 && cur.Ofs < ans.Result.Count {
		out.More = true
		cur.Max = maxTime.String()
	} else { // the pass is over: the next sync asks from the newest entry on
		if !maxTime.IsZero() {
			cur.Start = maxTime.Truncate(0).String()
		}
		cur.Ofs, cur.Max = 0, ""
	}
	b, err := json.Marshal(cur)
	if err != nil {
		return imports.Page{}, err
	}
	out.Cursor = string(b)
	return out, nil
}

// krakenLabels maps ledger types to ledger labels (trades, spends and receives are the two legs of
// a swap: a disposal and an acquisition, which need none).
var krakenLabels = map[string]string{
	"staking": imports.LabelStakingReward, "earn": imports.LabelStakingReward, "dividend": imports.LabelIncome,
	"deposit": imports.LabelTransfer, "withdrawal": imports.LabelTransfer,
}

func krakenToTx(id string, e krakenEntry, t decimal.Decimal) (imports.Tx, bool) {
	if e.Type == "transfer" && imports.KrakenInternal(e.Subtype) || e.Type == "earn" && e.Subtype != "reward" {
		return imports.Tx{}, false // a move between the user's own Kraken wallets
	}
	sec := t.IntPart()
	nsec := t.Sub(decimal.NewFromInt(sec)).Shift(9).IntPart()
	asset := imports.AssetRef{Symbol: imports.KrakenSymbol(e.Asset)}
	tx := imports.Tx{ExternalID: "kraken:" + id, Time: time.Unix(sec, nsec).UTC(), Label: krakenLabels[e.Type]}
	if !e.Amount.IsZero() {
		tr := imports.Transfer{Asset: asset, Quantity: e.Amount.Abs(), Label: krakenLabels[e.Type]}
		if e.Amount.Sign() < 0 {
			tr.From = imports.Self
		} else {
			tr.To = imports.Self
		}
		tx.Transfers = append(tx.Transfers, tr)
	}
	if e.Fee.Sign() > 0 {
		tx.Transfers = append(tx.Transfers, imports.Transfer{Asset: asset, Quantity: e.Fee, From: imports.Self, IsFee: true})
	}
	return tx, len(tx.Transfers) > 0
}
