package graph

// Mapping of ledger rows to the GraphQL types of spec/graphql/transactions.graphqls: money in
// cents and formatted strings, a transaction with its transfers and their tax figures.

import (
	"strings"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/graph/model"
	"taxd/internal/accounts"
	"taxd/internal/ledger"
	"taxd/internal/money"
)

func cents(d decimal.Decimal) int64 { return money.Cents(d) }

func centsPtr(d decimal.Decimal) *int64 { c := money.Cents(d); return &c }

func signed(c int64) *string { s := decimal.NewFromInt(c).String(); return &s }

// classificationOut maps a transaction's classification (ledger confidences are lower case).
func classificationOut(c ledger.Classification) *model.TransactionClassification {
	return &model.TransactionClassification{Rule: c.Rule, Confidence: model.ClassificationConfidenceEnum(strings.ToUpper(c.Confidence)),
		Explanation: c.Explanation}
}

func transactionOut(t ledger.TxRow, st ledger.LedgerState, trs []ledger.Transfer, figs map[uuid.UUID]ledger.TransferFigures, spamOnly bool) model.Transaction {
	m := model.Transaction{
		ID: t.ID.String(), ClientID: t.ClientID.String(), CreatedAt: t.OccurredAt, UpdatedAt: t.UpdatedAt, TxnHash: t.TxnHash,
		Provider: t.Provider, Label: t.Label, Notes: t.Notes, IsHidden: t.IsHidden, IsReviewed: t.IsReviewed, IsDirty: t.IsDirty,
		IsEdited: t.IsEdited, IsDeleted: t.DeletedAt != nil, IsFailed: t.IsFailed, IsOffChain: accounts.IsOffChain(t.AccountType),
		IsManual: t.ExternalID == nil || (t.AccountType != nil && *t.AccountType == "file"), Source: t.Source, SessionID: t.SessionID,
		ImportedAt: t.CreatedAt, Transfers: make([]model.Transfer, 0, len(trs)),
	}
	if t.AccountID != nil {
		m.AccountID = t.AccountID.String()
	}
	if t.TxnHash != nil {
		m.ExplorerURL = explorerURL(t.Provider, *t.TxnHash)
	}
	if t.Label != nil && *t.Label != "" {
		src := model.LabelSourceEnumAutomatic
		if t.IsEdited {
			src = model.LabelSourceEnumUser
		}
		m.LabelSource = &src
	}
	if t.LinkedID != nil && t.LinkID != nil && t.LinkType != nil {
		lt := model.TransactionLinkTypeEnum(*t.LinkType)
		linked, id := t.LinkedID.String(), t.LinkID.String()
		m.LinkType, m.LinkedTransactionID, m.LinkID = &lt, &linked, &id
		m.IsInternalTransfer = lt != model.TransactionLinkTypeEnumCrossChainSwap
	}
	m.InvestmentID = t.InvestmentID
	if d := ledger.DecodeOffChain(t.OffChainData); d != nil {
		m.OffChainData = &model.OffChainEventDetails{Description: d.Description, CounterpartyName: d.CounterpartyName,
			CounterpartyAddress: d.CounterpartyAddress, EventDate: d.EventDate, ExternalReference: d.ExternalReference, DocumentURL: d.DocumentURL}
		if d.FiatValue != nil {
			m.OffChainData.FiatValueCents = centsPtr(*d.FiatValue)
		}
		if d.FiatCurrency != nil {
			c := model.CurrencyCodeEnum(*d.FiatCurrency)
			m.OffChainData.FiatCurrency = &c
		}
	}
	if t.ParentID != nil {
		p := t.ParentID.String()
		o := int(t.Ordinal)
		m.SplitFromTransactionID, m.SplitOrdering = &p, &o
	}
	if res := t.Result; res != nil {
		m.IsMissingBasis, m.HasNegativeBalance = res.IsMissingBasis, res.HasNegativeBalance
		if res.SaleTerm != nil {
			c := money.Cents(res.Gain)
			abs := c
			if abs < 0 {
				abs = -abs
			}
			m.CapGainsSum, m.CapGainsSumSigned, m.CapGainsSumFormatted = &abs, signed(c), money.FormatPtr(&c)
		}
		if !res.Income.IsZero() {
			m.IncomeSum = centsPtr(res.Income)
			m.IncomeSumFormatted = money.FormatPtr(m.IncomeSum)
		}
	}
	if t.IsMissingBasisOverride != nil { // a person's override wins over the computed flag
		m.IsMissingBasis = *t.IsMissingBasisOverride
	}
	var fee, in, outgoing decimal.Decimal
	if t.Result != nil && len(t.Result.TransferFigures) > 0 {
		own := make(map[uuid.UUID]ledger.TransferFigures, len(trs))
		for _, tr := range trs {
			own[tr.ID] = figs[tr.ID]
		}
		ledger.EngineFigures(t.Result, own)
		figs = own
	}
	for _, tr := range trs {
		m.Transfers = append(m.Transfers, transferOut(tr, st, figs[tr.ID]))
		if !tr.FiatValue.Valid && figs[tr.ID].Value.Valid { // the value the engine gave it
			tr.FiatValue = figs[tr.ID].Value
		}
		if tr.FeeFiat.Valid {
			fee = fee.Add(tr.FeeFiat.Decimal)
		}
		switch {
		case tr.IsFee:
			if tr.FiatValue.Valid {
				fee = fee.Add(tr.FiatValue.Decimal)
			}
		case tr.FiatValue.Valid:
			if tr.ToAccountID != nil {
				in = in.Add(tr.FiatValue.Decimal)
			}
			if tr.FromAccountID != nil {
				outgoing = outgoing.Add(tr.FiatValue.Decimal)
			}
		}
	}
	m.IsSpam = spamOnly
	m.FeeFiatValueCents = cents(fee)
	m.FeeFiatValueFormatted = money.Format(m.FeeFiatValueCents)
	m.FiatValueCents = cents(decimal.Max(in, outgoing))
	m.FiatValueFormatted = money.Format(m.FiatValueCents)
	return m
}

func transferOut(tr ledger.Transfer, st ledger.LedgerState, f ledger.TransferFigures) model.Transfer {
	amount, _ := tr.Quantity.Float64()
	m := model.Transfer{
		ID: tr.ID.String(), TransactionID: tr.TransactionID.String(), Ordering: int(tr.Position), AssetID: tr.AssetID.String(),
		Amount: amount, AmountExact: tr.Quantity.String(), FromAddress: tr.FromAddress, ToAddress: tr.ToAddress,
		IsFee: tr.IsFee, IsHidden: tr.IsHidden, Label: tr.Label, FiatCurrency: model.CurrencyCodeEnum(st.Currency),
		IsFiatValueOverridden: ledger.FiatValueOverridden(tr),
		PurchaseDateOverride:  tr.PurchaseDateOverride, StakingAccountIdentifier: tr.StakingAccountIdentifier,
	}
	if tr.FromAccountID != nil {
		s := tr.FromAccountID.String()
		m.FromAccountID = &s
	}
	if tr.ToAccountID != nil {
		s := tr.ToAccountID.String()
		m.ToAccountID = &s
	}
	switch {
	case tr.FromAccountID != nil && tr.ToAccountID != nil:
		m.Direction = model.TransferDirectionEnumInternal
	case tr.FromAccountID != nil:
		m.Direction = model.TransferDirectionEnumOutgoing
	default:
		m.Direction = model.TransferDirectionEnumIncoming
	}
	value := tr.FiatValue
	if !value.Valid {
		value = f.Value // a swap leg valued at its other side by the engine
	}
	if value.Valid {
		m.FiatValueCents = centsPtr(value.Decimal)
		m.FiatValueFormatted = money.FormatPtr(m.FiatValueCents)
	}
	if tr.OriginalFiatValue.Valid && ledger.FiatValueChanged(tr) {
		m.OriginalFiatValueCents = centsPtr(tr.OriginalFiatValue.Decimal)
	}
	if tr.OriginalBasisFiatValue.Valid {
		m.OriginalBasisFiatValueCents = centsPtr(tr.OriginalBasisFiatValue.Decimal)
	}
	switch {
	case f.IsDisposal:
		m.BasisFiatValueCents = centsPtr(f.Basis)
		c := money.Cents(f.Gain)
		abs := c
		if abs < 0 {
			abs = -abs
		}
		m.CapGainsSum, m.CapGainsSumSigned = &abs, signed(c)
		switch f.Term {
		case "short":
			t := model.SaleTermEnumShortTerm
			m.SaleTerm = &t
		case "long":
			t := model.SaleTermEnumLongTerm
			m.SaleTerm = &t
		}
		if f.Uncovered.IsPositive() {
			s := f.Uncovered.String()
			m.UncoveredAmountExact = &s
		}
	case f.LotBasis.Valid: // what left in a gift, donation or loss; a lot's basis the engine derived
		m.BasisFiatValueCents = centsPtr(f.LotBasis.Decimal)
	case tr.BasisFiatValue.Valid:
		m.BasisFiatValueCents = centsPtr(tr.BasisFiatValue.Decimal)
	case m.Direction == model.TransferDirectionEnumIncoming && value.Valid:
		// An acquisition's lot basis is its value plus a fiat fee.
		b := value.Decimal
		if tr.FeeFiat.Valid {
			b = b.Add(tr.FeeFiat.Decimal)
		}
		m.BasisFiatValueCents = centsPtr(b)
	}
	if m.BasisFiatValueCents != nil {
		m.BasisFiatValueFormatted = money.FormatPtr(m.BasisFiatValueCents)
	}
	if f.Income.Valid {
		m.IncomeSum = centsPtr(f.Income.Decimal)
	}
	return m
}

func explorerURL(provider, hash string) *string {
	base, ok := map[string]string{
		"ethereum": "https://etherscan.io/tx/", "polygon": "https://polygonscan.com/tx/", "arbitrum": "https://arbiscan.io/tx/",
		"optimism": "https://optimistic.etherscan.io/tx/", "base": "https://basescan.org/tx/", "bsc": "https://bscscan.com/tx/",
		"bitcoin": "https://mempool.space/tx/", "solana": "https://solscan.io/tx/",
	}[provider]
	if !ok {
		return nil
	}
	u := base + hash
	return &u
}

func summaryOut(s ledger.TxSummary) *model.GetTransactionsSummaryResponse {
	gain := money.Cents(s.Gain)
	inc := money.Cents(s.Income)
	j := model.TaxJurisdictionEnum(s.Jurisdiction)
	var denied *int64
	if j == model.TaxJurisdictionEnumCa {
		d := money.Cents(s.Denied)
		denied = &d
	}
	return &model.GetTransactionsSummaryResponse{Jurisdiction: &j, DeniedLossesCents: denied,
		TransactionCount: int(s.TransactionCount), DisposalCount: int(s.DisposalCount),
		ProceedsCents: money.Cents(s.Proceeds), CostBasisCents: money.Cents(s.Basis),
		CapGainsCents: gain, CapGainsSumSigned: *signed(gain), CapGainsFormatted: money.FormatIn(gain, s.Currency),
		ShortTermCapGainsCents: money.Cents(s.ShortTermGain), LongTermCapGainsCents: money.Cents(s.LongTermGain),
		IncomeCents: inc, IncomeFormatted: money.FormatIn(inc, s.Currency), FeesCents: money.Cents(s.Fees),
		UnlabeledCount: int(s.Unlabeled), ReviewedCount: int(s.Reviewed), MissingBasisCount: int(s.MissingBasis),
		NegativeBalanceCount: int(s.NegativeBalance), IsStale: s.IsStale, ComputedAt: s.ComputedAt,
	}
}

func labelOut(o ledger.LabelOption) model.FullLabelOption {
	return model.FullLabelOption{Value: o.Value, Name: o.Name, Description: o.Description, Category: model.LabelCategoryEnum(o.Category),
		IsIncome: o.IsIncome, IsDisposal: o.IsDisposal, IsNonTaxable: o.IsNonTaxable, HonorsStakingAccountIdentifier: o.HonorsStakingAccountID,
		IsCustom: o.IsCustom}
}

func labelsOut(os []ledger.LabelOption) []model.FullLabelOption {
	out := make([]model.FullLabelOption, len(os))
	for i, o := range os {
		out[i] = labelOut(o)
	}
	return out
}

func labelChoicesOut(c ledger.LabelChoices) *model.TransactionTypeOptionResponse {
	return &model.TransactionTypeOptionResponse{Options: labelsOut(c.Options), Recommended: labelsOut(c.Recommended), CurrentLabel: c.Current}
}

// totalIsCapped is null when the total was not counted (skipTotal), as the total itself.
func totalIsCapped(list ledger.TxList) *bool {
	if list.Total == nil {
		return nil
	}
	return &list.TotalCapped
}
