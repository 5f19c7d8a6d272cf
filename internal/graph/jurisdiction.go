package graph

import (
	"context"

	"taxd/gen/graph/model"
	"taxd/internal/tax"
)

// JurisdictionRules is Client.jurisdictionRules: the rules of the client's country (tax.Rules), as
// the client was returned (its fiscalYearStart already the rules' tax year where they fix one).
func (r *clientResolver) JurisdictionRules(_ context.Context, obj *model.Client) (*model.JurisdictionRules, error) {
	return jurisdictionRulesOut(tax.JurisdictionOfCountry(string(obj.Country)).Rules(), obj.FiscalYearStart), nil
}

var costMatchers = map[tax.Matcher]model.CostMatcherEnum{
	tax.MatcherLots:             model.CostMatcherEnumLots,
	tax.MatcherSection104:       model.CostMatcherEnumSection104Pool,
	tax.MatcherAdjustedCostBase: model.CostMatcherEnumAdjustedCostBase,
}

func jurisdictionRulesOut(rules *tax.Rules, fiscalYearStart string) *model.JurisdictionRules {
	own, _ := tax.ParseMonthDay(fiscalYearStart)
	out := &model.JurisdictionRules{
		Jurisdiction: model.TaxJurisdictionEnum(rules.Jurisdiction.String()), Name: rules.Name,
		TaxYearStart: rules.TaxYearStartOf(own).String(), TaxYearLabelFormat: "YYYY", Matcher: costMatchers[rules.Matcher],
		HasHoldingTerms: rules.HoldingTerms, HasForm8949: rules.USForms, HasForm1099da: rules.USForms,
		GiftIsDisposal: rules.GiftIsDisposal, DonationIsDisposal: rules.DonationIsDisposal, SuperficialLosses: rules.SuperficialLosses,
		ReportTypes: make([]model.ReportExportTypeEnum, 0, len(rules.Reports)), Reports: []model.JurisdictionReport{},
		Words: &model.JurisdictionWords{Proceeds: rules.Words.Proceeds, Cost: rules.Words.Cost, Gains: rules.Words.Gains,
			Losses: rules.Words.Losses, NetGain: rules.Words.NetGain, TaxableGain: optional(rules.Words.TaxableGain),
			DeniedLosses: optional(rules.Words.DeniedLosses), Holding: rules.Words.Holding},
		Text: optional(rules.Text), MatchingText: optional(rules.MatchingText),
		Currency: rules.Currency, ClientChoosesLots: rules.ClientLots, WalletLots: rules.WalletLots, HoldingExempt: rules.HoldingExempt,
		CarriesLosses: rules.CarryLosses, GainThresholds: thresholdsOut(rules.GainThresholds), IncomeThresholds: thresholdsOut(rules.IncomeThresholds),
	}
	out.Words.ShortTerm, out.Words.LongTerm = optional(rules.Words.ShortTerm), optional(rules.Words.LongTerm)
	out.Words.TaxableIncome, out.Words.Threshold = optional(rules.Words.TaxableIncome), optional(rules.Words.Threshold)
	if rules.DiscountPercent != 0 {
		p := rules.DiscountPercent
		out.DiscountPercent = &p
	}
	if rules.SplitYearSeparator != "" {
		out.TaxYearLabelFormat = "YYYY" + rules.SplitYearSeparator + "YY"
	}
	if rules.InclusionRate != 0 {
		rate := rules.InclusionRate
		out.InclusionRatePercent = &rate
	}
	for _, k := range rules.Reports {
		if t, ok := reportTypes[k]; ok { // REST-only types have no ReportExportTypeEnum
			out.ReportTypes = append(out.ReportTypes, t.enum)
			out.Reports = append(out.Reports, model.JurisdictionReport{Type: t.enum, Name: t.name})
		}
	}
	return out
}

func thresholdsOut(ts []tax.Threshold) []model.JurisdictionThreshold {
	out := make([]model.JurisdictionThreshold, len(ts))
	for i, t := range ts {
		out[i] = model.JurisdictionThreshold{FromYear: t.FromYear, AmountCents: cents(t.Amount.Decimal())}
	}
	return out
}

// optional is s, or nil for "".
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
