package ledger

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/imports"
	"taxd/internal/store"
)

// PriceFunc returns the USD price of one unit of asset at a time; found=false when no price is
// known (the transfer's value stays missing and is flagged, never made up).
type PriceFunc func(ctx context.Context, asset imports.AssetRef, at time.Time) (usd decimal.Decimal, found bool, err error)

// Import writes transactions fetched for one account. A transaction already imported for the
// account (same external id) is skipped, so a re-sync adds nothing twice. Every new transaction
// is marked dirty. Fiat legs (USD and the like) are not assets: their value is carried by the
// crypto leg's fiat value. It returns how many transactions were added.
func (e *Editor) Import(accountID uuid.UUID, txs []imports.Tx, price PriceFunc) (int, error) {
	acct, err := e.q.GetAccount(e.ctx, db.GetAccountParams{ClientID: e.client, ID: accountID})
	if err != nil {
		return 0, store.Err(err, "account")
	}
	own, err := e.ownAddresses()
	if err != nil {
		return 0, err
	}
	assets := map[string]db.Asset{}
	added := 0
	var fresh []uuid.UUID // new transactions, marked dirty together at the end
	for _, t := range txs {
		var label *string
		if t.Label != "" {
			label = ledgerLabel(t.Label)
		}
		source := "import:" + acct.Provider
		txID, err := e.q.InsertImportedTransaction(e.ctx, db.InsertImportedTransactionParams{
			ID: newID(), ClientID: e.client, AccountID: &accountID, OccurredAt: t.Time.UTC(), TxnHash: nonEmpty(t.Hash),
			ExternalID: &t.ExternalID, Label: label, IsFailed: t.Failed, Source: &source,
		})
		if err != nil {
			if isNoRows(err) {
				continue // imported before
			}
			return added, store.Err(err, "transaction")
		}
		pos := int32(0)
		for _, tr := range t.Transfers {
			if tr.Asset.Chain == "" && imports.IsFiat(tr.Asset.Symbol) {
				continue
			}
			if tr.Quantity.Sign() <= 0 {
				continue
			}
			asset, ok := assets[tr.Asset.Key()]
			if !ok {
				var err error
				asset, err = e.q.UpsertAsset(e.ctx, db.UpsertAssetParams{
					ID: newID(), ClientID: e.client, Key: tr.Asset.Key(), Symbol: symbolOf(tr.Asset), Name: tr.Asset.Name,
					Type: "COIN", Chain: nonEmpty(tr.Asset.Chain), ContractAddress: nonEmpty(tr.Asset.Contract), Decimals: &tr.Asset.Decimals,
				})
				if err != nil {
					return added, store.Err(err, "asset")
				}
				assets[tr.Asset.Key()] = asset
			}
			from, fromAddr := e.side(tr.From, accountID, own)
			to, toAddr := e.side(tr.To, accountID, own)
			if from == nil && to == nil {
				continue // neither side is the client's: not part of its ledger
			}
			fiat := decimal.NullDecimal{}
			switch {
			case tr.FiatValue != nil: // the file's own value
				fiat = decimal.NullDecimal{Decimal: *tr.FiatValue, Valid: true}
			case asset.PriceOverride.Valid: // the user's price for the asset wins over the market's
				fiat = decimal.NullDecimal{Decimal: asset.PriceOverride.Decimal.Mul(tr.Quantity).Round(18), Valid: true}
			case price != nil:
				usd, found, err := price(e.ctx, tr.Asset, t.Time)
				if err != nil {
					return added, err
				}
				if found {
					fiat = decimal.NullDecimal{Decimal: usd.Mul(tr.Quantity).Round(18), Valid: true}
				}
			}
			feeFiat := decimal.NullDecimal{}
			if tr.FeeFiat != nil {
				feeFiat = decimal.NullDecimal{Decimal: *tr.FeeFiat, Valid: true}
			}
			var trLabel *string
			if tr.Label != "" {
				trLabel = ledgerLabel(tr.Label)
			}
			if tr.IsFee {
				trLabel = ptr("fee")
			}
			if _, err := e.q.InsertTransfer(e.ctx, db.InsertTransferParams{
				ID: newID(), ClientID: e.client, TransactionID: txID, Position: pos, AssetID: asset.ID, Quantity: tr.Quantity,
				FromAccountID: from, ToAccountID: to, FromAddress: fromAddr, ToAddress: toAddr, FiatValue: fiat, FeeFiat: feeFiat,
				IsFee: tr.IsFee, Label: trLabel,
			}); err != nil {
				return added, store.Err(err, "transfer")
			}
			pos++
		}
		added++
		fresh = append(fresh, txID)
	}
	if len(fresh) > 0 {
		if err := e.dirty(fresh...); err != nil {
			return added, err
		}
	}
	return added, nil
}

// ownAddresses maps the client's account addresses (lower case) to their accounts, so that a
// transfer between two of the client's wallets is recorded as an internal move.
func (e *Editor) ownAddresses() (map[string]uuid.UUID, error) {
	accts, err := e.q.ListAccounts(e.ctx, db.ListAccountsParams{ClientID: e.client})
	if err != nil {
		return nil, err
	}
	m := make(map[string]uuid.UUID, len(accts))
	for _, a := range accts {
		if a.Address != nil {
			m[strings.ToLower(*a.Address)] = a.ID
		}
	}
	return m, nil
}

func (e *Editor) side(addr string, self uuid.UUID, own map[string]uuid.UUID) (*uuid.UUID, *string) {
	if addr == imports.Self {
		return &self, nil
	}
	if addr == "" {
		return nil, nil
	}
	if id, ok := own[strings.ToLower(addr)]; ok {
		return &id, &addr
	}
	return nil, &addr
}

// ledgerLabel maps import labels onto ledger (tax) labels; "transfer" carries no label: whether it
// is an internal move follows from its two sides.
func ledgerLabel(l string) *string {
	if l == imports.LabelTransfer {
		return nil
	}
	return &l
}

func symbolOf(a imports.AssetRef) string {
	if a.Symbol != "" {
		return a.Symbol
	}
	return a.Key()
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func ptr[T any](v T) *T { return &v }

func isNoRows(err error) bool { return errors.Is(err, pgx.ErrNoRows) }
