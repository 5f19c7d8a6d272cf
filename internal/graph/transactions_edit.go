package graph

// Transaction edits of spec/graphql/transactions.graphqls: every mutation runs through
// ledger.Ledger.Edit, one database transaction with audit entries and dirty marks; list arguments
// are bounded before any work; dollar and quantity Floats become exact decimals here, at the edge.
// Also the file imports (uploadManualTransactions) and their signed upload URLs (fileimport/signed.go).

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/fileimport"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/money"
)

// UploadManualTransactions imports a file from the upload bucket (key "uploads/<clientId>/..."):
// all rows or none, bad rows reported with their line numbers. It returns the import's job id
// (the completed sync of the file account).
func (r *mutationResolver) UploadManualTransactions(ctx context.Context, accountID *string, clientID *string, fileObjectKey string, importType *model.UploadManualTransactionFileType, name *string, provider *string) (string, error) {
	scope, err := r.viewerScope(ctx, clientID)
	if err != nil {
		return "", err
	}
	up := fileimport.Upload{Key: fileObjectKey, Format: imports.CSVGeneric}
	if importType != nil {
		switch *importType {
		case model.UploadManualTransactionFileTypeTemplateCSV:
		case model.UploadManualTransactionFileTypeProviderCSV:
			if provider == nil {
				return "", apperr.InvalidField("provider", "is required for PROVIDER_CSV")
			}
			up.Format = strings.ToLower(*provider)
		default:
			return "", apperr.NotImplementedOp("uploadManualTransactions with " + string(*importType))
		}
	}
	if name != nil {
		up.Name = *name
	}
	if accountID != nil && *accountID != "" {
		id, err := parseID("accountId", *accountID)
		if err != nil {
			return "", err
		}
		up.AccountID = &id
	}
	res, err := r.Files.ImportUpload(ctx, scope, up)
	if err != nil {
		return "", err
	}
	return res.SyncID.String(), nil
}

// dollarsArg converts an optional Float argument to an exact decimal (nil stays nil).
func dollarsArg(field string, f *float64) (*decimal.Decimal, error) {
	if f == nil {
		return nil, nil
	}
	d, err := money.FromFloat(*f)
	if err != nil {
		return nil, apperr.InvalidField(field, "%v", err)
	}
	return &d, nil
}

// edited answers the transactions ids after an edit, in order, as the selection under path asks.
func (r *Resolver) edited(ctx context.Context, scope auth.ClientScope, ids []uuid.UUID, under ...string) ([]model.Transaction, error) {
	if len(ids) == 0 {
		return []model.Transaction{}, nil
	}
	rows, st, err := r.Ledger.Get(ctx, scope, ids)
	if err != nil {
		return nil, err
	}
	return r.transactionsOut(ctx, scope, st, rows, false, false, under...)
}

func (r *Resolver) editedOne(ctx context.Context, scope auth.ClientScope, id uuid.UUID, under ...string) (*model.Transaction, error) {
	txs, err := r.edited(ctx, scope, []uuid.UUID{id}, under...)
	if err != nil {
		return nil, err
	}
	return &txs[0], nil
}

func (r *mutationResolver) CreateTransaction(ctx context.Context, accountID string, clientID string, createdAt time.Time, sessionID *string, source *string, txnHash *string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	acct, err := parseID("accountId", accountID)
	if err != nil {
		return nil, err
	}
	var id uuid.UUID
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		t, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &acct, OccurredAt: createdAt, Hash: txnHash})
		id = t.ID
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, id)
}

func (r *mutationResolver) CreateTransfer(ctx context.Context, amount *float64, assetID string, clientID string, fiatValue *float64, fromAccountID *string, sessionID *string, source *string, toAccountID *string, transactionID string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	txID, err := parseID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	asset, err := parseID("assetId", assetID)
	if err != nil {
		return nil, err
	}
	qty, err := dollarsArg("amount", amount)
	if err != nil {
		return nil, err
	}
	if qty == nil || !qty.IsPositive() {
		return nil, apperr.InvalidField("amount", "is required and must be positive")
	}
	value, err := dollarsArg("fiatValue", fiatValue)
	if err != nil {
		return nil, err
	}
	from, err := optionalID("fromAccountId", fromAccountID)
	if err != nil {
		return nil, err
	}
	to, err := optionalID("toAccountId", toAccountID)
	if err != nil {
		return nil, err
	}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		in := ledger.NewTransfer{AssetID: asset, Quantity: *qty, FromAccountID: from, ToAccountID: to}
		if value != nil {
			in.FiatValue = decimal.NullDecimal{Decimal: *value, Valid: true}
		} else { // the market price of the day, when the price cache has it; else missing
			v, found, err := e.UnitPriceIn(asset, *qty, txID)
			if err != nil {
				return err
			}
			in.FiatValue = decimal.NullDecimal{Decimal: v, Valid: found}
		}
		_, err := e.AddTransfer(txID, in)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, txID)
}

func (r *mutationResolver) DuplicateTransaction(ctx context.Context, clientID string, transactionID string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	txID, err := parseID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	var id uuid.UUID
	err = r.Ledger.Edit(ctx, scope, nil, nil, func(e *ledger.Editor) error {
		t, err := e.DuplicateTransaction(txID)
		id = t.ID
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, id)
}

func (r *mutationResolver) setHidden(ctx context.Context, clientID string, sessionID, source *string, transactionIds []string, hidden bool) (string, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return "", err
	}
	ids, err := idList("transactionIds", transactionIds, ledger.MaxIDs)
	if err != nil {
		return "", err
	}
	var n int
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		n, err = e.SetHiddenCount(ids, hidden)
		return err
	})
	if err != nil {
		return "", err
	}
	return decimal.NewFromInt(int64(n)).String(), nil
}

func (r *mutationResolver) HideMultipleTransactions(ctx context.Context, clientID string, sessionID *string, source *string, transactionIds []string) (string, error) {
	return r.setHidden(ctx, clientID, sessionID, source, transactionIds, true)
}

func (r *mutationResolver) UnhideMultipleTransactions(ctx context.Context, clientID string, sessionID *string, source *string, transactionIds []string) (string, error) {
	return r.setHidden(ctx, clientID, sessionID, source, transactionIds, false)
}

func (r *mutationResolver) HideTransaction(ctx context.Context, clientID string, isHidden bool, transactionID string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	id, err := parseID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	err = r.Ledger.Edit(ctx, scope, nil, nil, func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(id, ledger.TransactionPatch{IsHidden: &isHidden})
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, id)
}

// offChainJSON converts the input details (dollar Float value) to the stored JSON.
func offChainJSON(in *model.OffChainEventDetailsInput) (json.RawMessage, error) {
	if in == nil {
		return nil, nil
	}
	value, err := dollarsArg("offChainData.fiatValue", in.FiatValue)
	if err != nil {
		return nil, err
	}
	d := ledger.OffChainDetails{Description: in.Description, CounterpartyName: in.CounterpartyName, CounterpartyAddress: in.CounterpartyAddress,
		EventDate: in.EventDate, FiatValue: value, ExternalReference: in.ExternalReference, DocumentURL: in.DocumentURL}
	if in.FiatCurrency != nil {
		c := string(*in.FiatCurrency)
		d.FiatCurrency = &c
	}
	return d.JSON()
}

func (r *mutationResolver) LabelTransactions(ctx context.Context, clientID string, investmentID *string, label *string, notes *string, offChainData *model.OffChainEventDetailsInput, sessionID *string, source *string, transactionIds []string, wipeLabel *bool) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := idList("transactionIds", transactionIds, ledger.MaxIDs)
	if err != nil {
		return nil, err
	}
	oc, err := offChainJSON(offChainData)
	if err != nil {
		return nil, err
	}
	in := ledger.LabelEdit{Label: label, Wipe: wipeLabel != nil && *wipeLabel, Notes: notes, InvestmentID: investmentID, OffChainData: oc}
	if err := r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error { return e.LabelTransactions(ids, in) }); err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, ids)
}

func (r *mutationResolver) MergeTransactions(ctx context.Context, clientID string, fromTransactionIds []string, sessionID *string, source *string, toTransactionID string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	from, err := idList("fromTransactionIds", fromTransactionIds, ledger.MaxMergeIDs)
	if err != nil {
		return nil, err
	}
	to, err := parseID("toTransactionId", toTransactionID)
	if err != nil {
		return nil, err
	}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		_, err := e.Merge(from, to)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, to)
}

func (r *mutationResolver) SaveReceivePriceForTransactions(ctx context.Context, assetAmount *float64, assetAmountAssetID *string, assetID *string, clientID string, contractAddress *string, fiatValue *float64, overrideAllMissingBasis *bool, transactionIds []string) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := idList("transactionIds", transactionIds, ledger.MaxIDs)
	if err != nil {
		return nil, err
	}
	asset, err := optionalID("assetId", assetID)
	if err != nil {
		return nil, err
	}
	unit, err := dollarsArg("fiatValue", fiatValue)
	if err != nil {
		return nil, err
	}
	payAmount, err := dollarsArg("assetAmount", assetAmount)
	if err != nil {
		return nil, err
	}
	payAsset, err := optionalID("assetAmountAssetId", assetAmountAssetID)
	if err != nil {
		return nil, err
	}
	switch {
	case unit != nil && (payAmount != nil || payAsset != nil):
		return nil, apperr.InvalidField("fiatValue", "give either fiatValue or assetAmount with assetAmountAssetId, not both")
	case unit == nil && (payAmount == nil || payAsset == nil):
		return nil, apperr.InvalidField("fiatValue", "is required (or assetAmount with assetAmountAssetId)")
	}
	all := overrideAllMissingBasis != nil && *overrideAllMissingBasis
	touched := ids
	err = r.Ledger.Edit(ctx, scope, nil, nil, func(e *ledger.Editor) error {
		for _, id := range []*uuid.UUID{asset, payAsset} {
			if id == nil {
				continue
			}
			if err := e.CheckAsset(*id); err != nil {
				return err
			}
		}
		if asset == nil && contractAddress != nil && *contractAddress != "" {
			id, err := e.AssetByContract(*contractAddress)
			if err != nil {
				return err
			}
			asset = &id
		}
		if all {
			if asset == nil {
				return apperr.InvalidField("overrideAllMissingBasis", "needs assetId or contractAddress")
			}
			more, err := e.UnpricedReceipts(*asset, ids, ledger.MaxIDs)
			if err != nil {
				return err
			}
			touched = append(append([]uuid.UUID{}, ids...), more...)
		}
		for _, id := range touched {
			price := unit
			if price == nil {
				v, found, err := e.UnitPriceIn(*payAsset, *payAmount, id)
				if err != nil {
					return err
				}
				if !found {
					return apperr.InvalidField("assetAmountAssetId", "no price of that asset is known for the day of transaction %s; give fiatValue", id)
				}
				price = &v
			}
			if _, err := e.SaveReceivePrice([]uuid.UUID{id}, ledger.ReceivePrice{AssetID: asset, UnitPrice: *price}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, touched)
}

func splitGroups(splits []model.TransactionSplitInput) ([]ledger.SplitGroup, error) {
	if len(splits) > ledger.MaxSplitGroups { // before parsing anything
		return nil, ledger.CheckSplitShape(make([]ledger.SplitGroup, len(splits)))
	}
	out := make([]ledger.SplitGroup, len(splits))
	for i, s := range splits {
		if len(s.TransferIds) > ledger.MaxSplitTransfers { // before parsing its ids; reported as entry i
			return nil, ledger.CheckSplitShape(append(out[:i:i], ledger.SplitGroup{TransferIDs: make([]uuid.UUID, len(s.TransferIds))}))
		}
		ids, err := parseIDs("splits.transferIds", s.TransferIds)
		if err != nil {
			return nil, err
		}
		out[i] = ledger.SplitGroup{TransferIDs: ids, Label: s.Label, Notes: s.Notes}
	}
	return out, ledger.CheckSplitShape(out)
}

func (r *mutationResolver) SplitTransaction(ctx context.Context, baseTransactionID string, clientID string, ordering *int, sessionID *string, source *string, transferIdsToSeparate []string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	base, err := parseID("baseTransactionId", baseTransactionID)
	if err != nil {
		return nil, err
	}
	groups, err := splitGroups([]model.TransactionSplitInput{{TransferIds: transferIdsToSeparate}})
	if err != nil {
		return nil, err
	}
	var child uuid.UUID
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		children, err := e.Split(base, groups, ordering)
		if err == nil {
			child = children[0].ID
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, child)
}

func (r *mutationResolver) SplitTransactionIntoMany(ctx context.Context, baseTransactionID string, clientID string, sessionID *string, source *string, splits []model.TransactionSplitInput) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	base, err := parseID("baseTransactionId", baseTransactionID)
	if err != nil {
		return nil, err
	}
	groups, err := splitGroups(splits)
	if err != nil {
		return nil, err
	}
	ids := []uuid.UUID{base}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		children, err := e.Split(base, groups, nil)
		for _, c := range children {
			ids = append(ids, c.ID)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, ids)
}

func (r *mutationResolver) UndoAuditLogs(ctx context.Context, auditLogIds []string, clientID string, sessionID *string, source *string) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := idList("auditLogIds", auditLogIds, ledger.MaxIDs)
	if err != nil {
		return nil, err
	}
	var touched []uuid.UUID
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		touched, err = e.Undo(ids)
		return err
	})
	if err != nil {
		return nil, err
	}
	live, err := r.Ledger.Existing(ctx, scope, touched) // an undone creation leaves its transaction deleted
	if err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, live)
}

func (r *mutationResolver) UpdateMultiTransactionsCostBasis(ctx context.Context, clientID string, isMissingBasis bool, overrideIsMissingBasis bool, transactionIds []string) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := idList("transactionIds", transactionIds, ledger.MaxIDs)
	if err != nil {
		return nil, err
	}
	err = r.Ledger.Edit(ctx, scope, nil, nil, func(e *ledger.Editor) error {
		return e.SetMissingBasisOverride(ids, isMissingBasis, overrideIsMissingBasis)
	})
	if err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, ids)
}

func (r *mutationResolver) UpdateTransaction(ctx context.Context, clientID string, createDefaultRule bool, sessionID *string, source *string, transactionID string, updates model.UpdateTransactionInput) (*model.UpdateTransactionResponse, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	id, err := parseID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	wipe := updates.WipeLabel != nil && *updates.WipeLabel
	if wipe && updates.Label != nil {
		return nil, apperr.InvalidField("updates.wipeLabel", "cannot be combined with label")
	}
	if updates.Label != nil {
		if err := ledger.CheckLabel("updates.label", *updates.Label); err != nil {
			return nil, err
		}
	}
	oc, err := offChainJSON(updates.OffChainData)
	if err != nil {
		return nil, err
	}
	p := ledger.TransactionPatch{Label: updates.Label, ClearLabel: wipe, Notes: updates.Notes, IsHidden: updates.IsHidden,
		IsReviewed: updates.IsReviewed, OccurredAt: updates.CreatedAt, Hash: updates.TxnHash, InvestmentID: updates.InvestmentID, OffChainData: oc}
	out := &model.UpdateTransactionResponse{}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		if _, err := e.UpdateTransaction(id, p); err != nil {
			return err
		}
		if !createDefaultRule {
			return nil
		}
		rule, n, err := e.CreateLabelRule(id)
		if err != nil {
			return err
		}
		rid := rule.ID.String()
		out.CreatedRuleID, out.RuleAppliedTransactionCount = &rid, n
		return nil
	})
	if err != nil {
		return nil, err
	}
	if out.Transaction, err = r.editedOne(ctx, scope, id, "transaction"); err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateTransfer changes one transfer (its 20 arguments are decoded by updateTransferArgs.decode).
func (r *mutationResolver) UpdateTransfer(ctx context.Context, amount *float64, assetID *string, basisFiatValue *float64, clientID string, fiatCurrency *string, fiatValue *float64, fromAccountID *string, isHidden *bool, label *string, originalBasisFiatValue *float64, originalFiatValue *float64, purchaseDateOverride *time.Time, resetFiatValue *bool, sessionID *string, source *string, toAccountID *string, transactionID string, transferID string, wipeLabel *bool) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	args := updateTransferArgs{
		TransactionID: transactionID, TransferID: transferID, Amount: amount, AssetID: assetID,
		FromAccountID: fromAccountID, ToAccountID: toAccountID, FiatValue: fiatValue, BasisFiatValue: basisFiatValue,
		OriginalFiatValue: originalFiatValue, OriginalBasisFiatValue: originalBasisFiatValue, FiatCurrency: fiatCurrency,
		IsHidden: isHidden, PurchaseDateOverride: purchaseDateOverride, Label: label, WipeLabel: wipeLabel, ResetFiatValue: resetFiatValue,
	}
	edit, err := args.decode(func() (string, error) { return r.Ledger.Currency(ctx, scope) })
	if err != nil {
		return nil, err
	}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		_, err := e.UpdateTransfer(edit.transactionID, edit.transferID, edit.patch)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, edit.transactionID)
}

// updateTransferArgs are the arguments of updateTransfer that say what to change (clientId,
// sessionId and source are the resolver's).
type updateTransferArgs struct {
	TransactionID, TransferID                 string
	Amount                                    *float64
	AssetID, FromAccountID, ToAccountID       *string // "" clears an account
	FiatValue, BasisFiatValue                 *float64
	OriginalFiatValue, OriginalBasisFiatValue *float64 // values in FiatCurrency, used when FiatValue/BasisFiatValue are not given
	FiatCurrency                              *string
	IsHidden                                  *bool
	PurchaseDateOverride                      *time.Time
	Label                                     *string
	WipeLabel, ResetFiatValue                 *bool
}

// transferEdit is a decoded updateTransfer: which transfer and the patch to apply.
type transferEdit struct {
	transactionID, transferID uuid.UUID
	patch                     ledger.TransferPatch
}

// decode checks the arguments and turns them into a patch, in the order a client reads the
// errors: ids, amounts and accounts, values, then label and reset. currency is the client's
// currency, read only when an original value is given.
func (a updateTransferArgs) decode(currency func() (string, error)) (transferEdit, error) {
	var out transferEdit
	var err error
	if out.transactionID, err = parseID("transactionId", a.TransactionID); err != nil {
		return out, err
	}
	if out.transferID, err = parseID("transferId", a.TransferID); err != nil {
		return out, err
	}
	p := &out.patch
	if p.Quantity, err = dollarsArg("amount", a.Amount); err != nil {
		return out, err
	}
	if p.Quantity != nil && !p.Quantity.IsPositive() {
		return out, apperr.InvalidField("amount", "must be positive")
	}
	if p.AssetID, err = optionalID("assetId", a.AssetID); err != nil {
		return out, err
	}
	if p.FromAccountID, p.ClearFromAccount, err = clearableID("fromAccountId", a.FromAccountID); err != nil {
		return out, err
	}
	if p.ToAccountID, p.ClearToAccount, err = clearableID("toAccountId", a.ToAccountID); err != nil {
		return out, err
	}
	if p.FiatValue, err = dollarsArg("fiatValue", a.FiatValue); err != nil {
		return out, err
	}
	if p.BasisFiatValue, err = dollarsArg("basisFiatValue", a.BasisFiatValue); err != nil {
		return out, err
	}
	origValue, err := dollarsArg("originalFiatValue", a.OriginalFiatValue)
	if err != nil {
		return out, err
	}
	origBasis, err := dollarsArg("originalBasisFiatValue", a.OriginalBasisFiatValue)
	if err != nil {
		return out, err
	}
	if origValue != nil || origBasis != nil {
		// Values given in another currency need that day's exchange rate, which the service has no
		// source for: they are accepted in the client's own currency only.
		cur, err := currency()
		if err != nil {
			return out, err
		}
		if a.FiatCurrency != nil && *a.FiatCurrency != "" && !strings.EqualFold(*a.FiatCurrency, cur) &&
			((origValue != nil && p.FiatValue == nil) || (origBasis != nil && p.BasisFiatValue == nil)) {
			return out, apperr.InvalidField("fiatCurrency", "no exchange rates for %s are available; give fiatValue/basisFiatValue in %s", *a.FiatCurrency, cur)
		}
		if p.FiatValue == nil {
			p.FiatValue = origValue
		}
		if p.BasisFiatValue == nil {
			p.BasisFiatValue = origBasis
		}
	}
	p.IsHidden, p.PurchaseDateOverride = a.IsHidden, a.PurchaseDateOverride
	p.ClearLabel = a.WipeLabel != nil && *a.WipeLabel
	if p.ClearLabel && a.Label != nil {
		return out, apperr.InvalidField("wipeLabel", "cannot be combined with label")
	}
	if a.Label != nil {
		if err := ledger.CheckLabel("label", *a.Label); err != nil {
			return out, err
		}
		p.Label = a.Label
	}
	if a.ResetFiatValue != nil && *a.ResetFiatValue {
		if p.FiatValue != nil || p.BasisFiatValue != nil {
			return out, apperr.InvalidField("resetFiatValue", "cannot be combined with fiatValue or basisFiatValue")
		}
		p.ResetFiatValue = true
	}
	return out, nil
}

func (r *mutationResolver) CreateUploadURL(ctx context.Context, clientID string, fileName *string, size *int) (*model.UploadURL, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	var name string
	if fileName != nil {
		name = *fileName
	}
	var n int64
	if size != nil {
		n = int64(*size)
	}
	u, err := r.Files.CreateUploadURL(ctx, scope, name, n)
	if err != nil {
		return nil, err
	}
	return &model.UploadURL{URL: u.URL, Method: u.Method, FileObjectKey: u.Key, ExpiresAt: u.ExpiresAt, MaxBytes: int(u.MaxBytes)}, nil
}
