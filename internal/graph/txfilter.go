package graph

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/ledger"
	"taxd/internal/money"
)

// The ~56 filter arguments of getClientTransactions (and of its summary and history export) are
// decoded here, once, into a ledger.TxFilter and a ledger.TxPage. The decoder works on the
// field's coerced argument map, one entry of txArgs per SDL argument; TestEveryTxArgumentIsMapped
// fails when the SDL gains an argument this table does not decode.

type txQuery struct {
	filter ledger.TxFilter
	page   ledger.TxPage
	limit  bool // limit was given
	// allowCache is getClientTransactionsSummary's: summaries are computed fresh each time, so
	// isFromCache is always false.
	allowCache bool
}

type argDecoder func(q *txQuery, name string, v any) error

// txArgs maps every filter, paging and option argument to its decoder.
var txArgs = map[string]argDecoder{
	"classificationRule":         strArg(func(q *txQuery, s *string) { q.filter.ClassificationRule = s }),
	"clientId":                   func(*txQuery, string, any) error { return nil }, // the scope, decoded by the resolver
	"accountFilterMode":          enumArg(ledger.AccountModes, func(q *txQuery, m ledger.Mode) { q.filter.AccountMode = m }),
	"accountIds":                 uuidsArg(func(q *txQuery, ids []uuid.UUID) { q.filter.AccountIDs = ids }),
	"amountFilterOperator":       enumArg(ledger.Operators, func(q *txQuery, o ledger.Operator) { q.filter.AmountOp = o }),
	"amountFilterValue":          amountArg,
	"ascending":                  boolArg(func(q *txQuery, b bool) { q.page.Ascending = b }),
	"assetFilterMode":            enumArg(ledger.AccountModes, func(q *txQuery, m ledger.Mode) { q.filter.AssetMode = m }),
	"assetId":                    assetIDArg,
	"assetIds":                   uuidsArg(func(q *txQuery, ids []uuid.UUID) { q.filter.AssetIDs = append(q.filter.AssetIDs, ids...) }),
	"assetKey":                   strArg(func(q *txQuery, s *string) { q.filter.AssetKey = s }),
	"assetKeyV2":                 strArg(func(q *txQuery, s *string) { q.filter.AssetPricingKey = s }),
	"assetSymbolOrName":          strArg(func(q *txQuery, s *string) { q.filter.AssetSymbolOrName = s }),
	"assetType":                  assetTypeArg,
	"endDate":                    timeArg(func(q *txQuery, t *time.Time) { q.filter.EndDate = t }),
	"financialEventType":         enumArg(ledger.FinancialEvents, func(q *txQuery, e ledger.FinancialEvent) { q.filter.FinancialEvent = e }),
	"fromAddress":                strArg(func(q *txQuery, s *string) { q.filter.FromAddress = s }),
	"fromOrToAddress":            strArg(func(q *txQuery, s *string) { q.filter.FromOrToAddress = s }),
	"gainLossFilter":             enumArg(ledger.GainLosses, func(q *txQuery, g ledger.GainLoss) { q.filter.GainLoss = g }),
	"hasDuplicateTransfers":      optBoolArg(func(q *txQuery, b *bool) { q.filter.HasDuplicateTransfers = b }),
	"hasIncome":                  optBoolArg(func(q *txQuery, b *bool) { q.filter.HasIncome = b }),
	"hasNotes":                   optBoolArg(func(q *txQuery, b *bool) { q.filter.HasNotes = b }),
	"includeBalances":            boolArg(func(q *txQuery, b bool) { q.page.IncludeBalances = b }),
	"includeFailed":              boolArg(func(q *txQuery, b bool) { q.filter.IncludeFailed = b }),
	"includeHidden":              boolArg(func(q *txQuery, b bool) { q.filter.IncludeHidden = b }),
	"includeSpam":                boolArg(func(q *txQuery, b bool) { q.filter.IncludeSpam = b }),
	"includeSummary":             boolArg(func(q *txQuery, b bool) { q.page.IncludeSummary = b }),
	"insightPatternId":           strArg(func(q *txQuery, s *string) { q.filter.InsightPatternID = s }),
	"investmentId":               strArg(func(q *txQuery, s *string) { q.filter.InvestmentID = s }),
	"involvedAddresses":          strsArg(func(q *txQuery, s []string) { q.filter.InvolvedAddresses = s }),
	"isMissingBasis":             optBoolArg(func(q *txQuery, b *bool) { q.filter.IsMissingBasis = b }),
	"isNegativeBalance":          optBoolArg(func(q *txQuery, b *bool) { q.filter.IsNegativeBalance = b }),
	"isOffChain":                 optBoolArg(func(q *txQuery, b *bool) { q.filter.IsOffChain = b }),
	"labelFilterMode":            enumArg(ledger.LabelModes, func(q *txQuery, m ledger.Mode) { q.filter.LabelMode = m }),
	"labeledPriority":            priorityArg,
	"labels":                     strsArg(func(q *txQuery, s []string) { q.filter.Labels = s }),
	"limit":                      limitArg,
	"onlyDisposals":              boolArg(func(q *txQuery, b bool) { q.filter.OnlyDisposals = b }),
	"onlyShowDeleted":            boolArg(func(q *txQuery, b bool) { q.filter.OnlyShowDeleted = b }),
	"onlyTransactionIds":         uuidsArg(func(q *txQuery, ids []uuid.UUID) { q.filter.OnlyTransactionIDs = ids }),
	"onlyWashSales":              boolArg(func(q *txQuery, b bool) { q.filter.OnlyWashSales = b }),
	"page":                       pageArg,
	"protocolAddress":            strArg(func(q *txQuery, s *string) { q.filter.ProtocolAddress = s }),
	"providerFilterMode":         enumArg(ledger.AccountModes, func(q *txQuery, m ledger.Mode) { q.filter.ProviderMode = m }),
	"providers":                  strsArg(func(q *txQuery, s []string) { q.filter.Providers = s }),
	"reminderId":                 strArg(func(q *txQuery, s *string) { q.filter.ReminderID = s }),
	"reminderQuestion":           reminderQuestionArg,
	"reviewed":                   optBoolArg(func(q *txQuery, b *bool) { q.filter.Reviewed = b }),
	"saleTerm":                   enumArg(ledger.SaleTerms, func(q *txQuery, t ledger.SaleTerm) { q.filter.SaleTerm = t }),
	"search":                     strArg(func(q *txQuery, s *string) { q.filter.Search = s }),
	"showOnlyEditedTransactions": boolArg(func(q *txQuery, b bool) { q.filter.ShowOnlyEdited = b }),
	"showOnlyPerpetuals":         boolArg(func(q *txQuery, b bool) { q.filter.ShowOnlyPerpetuals = b }),
	"skipTotal":                  boolArg(func(q *txQuery, b bool) { q.page.SkipTotal = b }),
	"exactTotal":                 boolArg(func(q *txQuery, b bool) { q.page.ExactTotal = b }),
	"sortBy":                     enumArg(ledger.SortKeys, func(q *txQuery, k ledger.SortKey) { q.page.SortBy = k }),
	"stakeAccountIdentifier":     strArg(func(q *txQuery, s *string) { q.filter.StakeAccountIdentifier = s }),
	"startDate":                  timeArg(func(q *txQuery, t *time.Time) { q.filter.StartDate = t }),
	"toAddress":                  strArg(func(q *txQuery, s *string) { q.filter.ToAddress = s }),
	"allowCache":                 boolArg(func(q *txQuery, b bool) { q.allowCache = b }),
}

// assetTypes are the values of AssetTypeEnum that `assetType` accepts.
var assetTypes = func() []string {
	out := make([]string, len(model.AllAssetTypeEnum))
	for i, t := range model.AllAssetTypeEnum {
		out[i] = string(t)
	}
	return out
}()

// decodeTxArgs decodes the current field's arguments.
func decodeTxArgs(ctx context.Context) (txQuery, error) {
	return decodeTxArgMap(graphql.GetFieldContext(ctx).Args)
}

func decodeTxArgMap(args map[string]any) (txQuery, error) {
	q := txQuery{page: ledger.TxPage{Limit: ledger.DefaultLimit, SortBy: ledger.SortCreatedAt}, filter: ledger.TxFilter{
		AccountMode: ledger.ModeInclude, AssetMode: ledger.ModeInclude, LabelMode: ledger.ModeInclude, ProviderMode: ledger.ModeInclude,
	}}
	names := make([]string, 0, len(args))
	for n := range args {
		names = append(names, n)
	}
	slices.Sort(names) // deterministic: assetId and assetIds both append
	// Every bad argument is reported, not only the first (each becomes its own entry of errors[]).
	var bad []error
	for _, name := range names {
		dec, ok := txArgs[name]
		if !ok {
			return q, fmt.Errorf("graph: transaction filter argument %q has no decoder", name)
		}
		if err := dec(&q, name, args[name]); err != nil {
			bad = append(bad, err)
		}
	}
	if (q.filter.AmountOp == "") != (q.filter.AmountValue == nil) {
		bad = append(bad, apperr.InvalidField("amountFilterOperator", "amountFilterOperator and amountFilterValue must be given together"))
	}
	if q.filter.ReminderQuestion != nil && q.filter.ReminderID == nil {
		bad = append(bad, apperr.InvalidField("reminderQuestion", "needs reminderId"))
	}
	if q.filter.StartDate != nil && q.filter.EndDate != nil && !q.filter.StartDate.Before(*q.filter.EndDate) {
		bad = append(bad, apperr.InvalidField("endDate", "must be after startDate"))
	}
	return q, invalidFields(bad)
}

// invalidFields joins Invalid field errors into one error listing every field (nil for none).
func invalidFields(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	out := &apperr.Error{Kind: apperr.Invalid}
	msgs := make([]string, 0, len(errs))
	for _, err := range errs {
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.Invalid {
			return err
		}
		out.Fields = append(out.Fields, e.Fields...)
		msgs = append(msgs, e.Message)
	}
	out.Message = strings.Join(msgs, "; ")
	return out
}

func deref[T any](v any) (T, bool) {
	switch x := v.(type) {
	case *T:
		if x == nil {
			var zero T
			return zero, false
		}
		return *x, true
	case T:
		return x, true
	}
	var zero T
	return zero, false
}

func enumArg[T ~string](allowed []T, set func(*txQuery, T)) argDecoder {
	return func(q *txQuery, name string, v any) error {
		s, ok := deref[string](v)
		if !ok {
			return nil
		}
		if !slices.Contains(allowed, T(s)) {
			vals := make([]string, len(allowed))
			for i, a := range allowed {
				vals[i] = string(a)
			}
			return apperr.InvalidField(name, "%s must be one of %s, not %q", name, strings.Join(vals, ", "), s)
		}
		set(q, T(s))
		return nil
	}
}

func strArg(set func(*txQuery, *string)) argDecoder {
	return func(q *txQuery, name string, v any) error {
		if s, ok := deref[string](v); ok {
			set(q, &s)
		}
		return nil
	}
}

func strsArg(set func(*txQuery, []string)) argDecoder {
	return func(q *txQuery, name string, v any) error {
		if s, ok := v.([]string); ok && s != nil {
			if len(s) > ledger.MaxIDs {
				return apperr.InvalidField(name, "%s holds at most %d values", name, ledger.MaxIDs)
			}
			set(q, s)
		}
		return nil
	}
}

func uuidsArg(set func(*txQuery, []uuid.UUID)) argDecoder {
	return func(q *txQuery, name string, v any) error {
		s, ok := v.([]string)
		if !ok || s == nil {
			return nil
		}
		ids, err := parseIDs(name, s)
		if err != nil {
			return err
		}
		set(q, ids)
		return nil
	}
}

func boolArg(set func(*txQuery, bool)) argDecoder {
	return func(q *txQuery, _ string, v any) error {
		if b, ok := deref[bool](v); ok {
			set(q, b)
		}
		return nil
	}
}

func optBoolArg(set func(*txQuery, *bool)) argDecoder {
	return func(q *txQuery, _ string, v any) error {
		if b, ok := deref[bool](v); ok {
			set(q, &b)
		}
		return nil
	}
}

func timeArg(set func(*txQuery, *time.Time)) argDecoder {
	return func(q *txQuery, _ string, v any) error {
		if t, ok := deref[time.Time](v); ok {
			t = t.UTC()
			set(q, &t)
		}
		return nil
	}
}

func amountArg(q *txQuery, name string, v any) error {
	s, ok := deref[string](v)
	if !ok {
		return nil
	}
	d, err := money.ParseDollars(s)
	if err != nil {
		return apperr.InvalidField(name, "%v", err)
	}
	q.filter.AmountValue = &d
	return nil
}

func assetIDArg(q *txQuery, name string, v any) error {
	s, ok := deref[string](v)
	if !ok {
		return nil
	}
	id, err := parseID(name, s)
	if err != nil {
		return err
	}
	q.filter.AssetIDs = append(q.filter.AssetIDs, id)
	return nil
}

func assetTypeArg(q *txQuery, name string, v any) error {
	s, ok := deref[string](v)
	if !ok {
		return nil
	}
	if !slices.Contains(assetTypes, s) {
		return apperr.InvalidField(name, "assetType must be one of %s, not %q", strings.Join(assetTypes, ", "), s)
	}
	q.filter.AssetType = &s
	return nil
}

func intArg(v any) (int, bool) { return deref[int](v) }

func limitArg(q *txQuery, name string, v any) error {
	n, ok := intArg(v)
	if !ok {
		return nil
	}
	if n < 1 || n > ledger.MaxLimit {
		return apperr.InvalidField(name, "limit must be between 1 and %d", ledger.MaxLimit)
	}
	q.page.Limit, q.limit = n, true
	return nil
}

func pageArg(q *txQuery, name string, v any) error {
	n, ok := intArg(v)
	if !ok {
		return nil
	}
	if n < 0 || n > 1_000_000 {
		return apperr.InvalidField(name, "page must be between 0 and 1000000")
	}
	q.page.Page = n
	return nil
}

func priorityArg(q *txQuery, name string, v any) error {
	n, ok := intArg(v)
	if !ok {
		return nil
	}
	if n < 1 || n > 3 {
		return apperr.InvalidField(name, "labeledPriority must be 1, 2 or 3")
	}
	q.filter.LabeledPriority = &n
	return nil
}

func reminderQuestionArg(q *txQuery, name string, v any) error {
	n, ok := intArg(v)
	if !ok {
		return nil
	}
	if n < 0 {
		return apperr.InvalidField(name, "must be zero or more")
	}
	q.filter.ReminderQuestion = &n
	return nil
}
