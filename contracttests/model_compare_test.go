package contracttests

// Settling a batch (rerunGraph, getActiveRecalculateJob until null) and comparing what the service
// answers with the model's expectations.

import (
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/testwait"
)

// settle recalculates and waits for the results: rerunGraph, then getActiveRecalculateJob until
// null. countDirty is checked before (what the batch changed) and after (nothing).
func (h *harness) settle(batch int) error {
	want := len(h.dirty)
	if h.settingsDirty {
		want++
	}
	var n int
	if err := h.must("countDirty", `query($c: ID!) { countDirty(clientId: $c) }`, map[string]any{"c": h.client}, &n); err != nil {
		return err
	}
	if n != want {
		h.diverge("countDirty before", "batch %d: countDirty %d, the model changed %d transactions (+1 for settings: %v)", batch, n, len(h.dirty), h.settingsDirty)
	}
	type activeJob struct {
		ID                string
		Status            string
		UseSpeedup        bool
		DirtyCountAtStart int
	}
	active := func() (*activeJob, error) {
		var job *activeJob
		err := h.must("getActiveRecalculateJob", `query($c: ID!) { getActiveRecalculateJob(clientId: $c) { id status useSpeedup dirtyCountAtStart } }`,
			map[string]any{"c": h.client}, &job)
		return job, err
	}
	// A job already active (one an import queued) started from other dirty items: only a job this
	// rerunGraph started says what it was asked and what was dirty.
	before, err := active()
	if err != nil {
		return err
	}
	speedup := batch%2 == 1
	var id string
	if err := h.must("rerunGraph", `mutation($c: ID!, $u: Boolean) { rerunGraph(clientId: $c, useSpeedup: $u) }`, map[string]any{"c": h.client, "u": speedup}, &id); err != nil {
		return err
	}
	checked := before != nil || h.pending[10]
	if err := testwait.Within(fmt.Sprintf("batch %d: the recalculation settling", batch), 90*time.Second, func() (bool, error) {
		job, err := active()
		if err != nil || job == nil {
			return job == nil, err
		}
		if !checked && job.ID == id && job.Status == "RUNNING" {
			checked = true
			if job.UseSpeedup != speedup {
				h.diverge("recalculation job", "batch %d: rerunGraph(useSpeedup: %v) made a job with useSpeedup %v", batch, speedup, job.UseSpeedup)
			}
			if job.DirtyCountAtStart != want {
				h.diverge("recalculation job", "batch %d: the running job says dirtyCountAtStart %d, countDirty was %d", batch, job.DirtyCountAtStart, want)
			}
		}
		return false, nil
	}); err != nil {
		return err
	}
	if err := h.must("countDirty", `query($c: ID!) { countDirty(clientId: $c) }`, map[string]any{"c": h.client}, &n); err != nil {
		return err
	}
	if n != 0 {
		h.diverge("countDirty after", "batch %d: countDirty %d after the recalculation settled", batch, n)
	}
	h.dirty, h.settingsDirty = map[string]bool{}, false
	return nil
}

// compare reads the service's figures and compares them with the model's.
func (h *harness) compare(batch int) error {
	now := time.Now()
	x, err := h.m.expect(now)
	if err != nil {
		return fmt.Errorf("tax.Compute over the model: %w", err)
	}
	if err := h.compareYears(x); err != nil {
		return err
	}
	if err := h.compareTransactions(x); err != nil {
		return err
	}
	if err := h.compareFilters(x); err != nil {
		return err
	}
	if err := h.compareFigureOrder(); err != nil {
		return err
	}
	if err := h.compareLots(x); err != nil {
		return err
	}
	if !h.pending[11] {
		return h.compareLabelOptions()
	}
	return nil
}

func (h *harness) compareYears(x *modelExpected) error {
	for y := 2022; y <= 2026; y++ {
		var got struct {
			ProceedsCents, CostBasisCents, ShortTermCapGainsCents, LongTermCapGainsCents, IncomeCents int64
			DisposalCount, TransactionCount                                                           int
			IsStale                                                                                   bool
			IncomeByLabel                                                                             []struct {
				Label            string
				IncomeCents      int64
				TransactionCount int
			}
		}
		if err := h.must("getIncomeAndCapGains", `query($c: ID!, $y: String!) { getIncomeAndCapGains(clientId: $c, year: $y) {
			proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents incomeCents disposalCount transactionCount isStale
			incomeByLabel { label incomeCents transactionCount } } }`, map[string]any{"c": h.client, "y": strconv.Itoa(y)}, &got); err != nil {
			return err
		}
		w := x.years[y]
		if w == nil {
			w = &modelYear{incomeBy: map[string]decimal.Decimal{}, incomeTxs: map[string]map[string]bool{}, disposalTxs: map[string]bool{}}
		}
		check := func(what string, g, want int64) {
			if g != want {
				h.diverge("year "+what, "%d: %s %d, model %d", y, what, g, want)
			}
		}
		check("proceedsCents", got.ProceedsCents, cents2(w.proceeds))
		check("costBasisCents", got.CostBasisCents, cents2(w.basis))
		check("shortTermCapGainsCents", got.ShortTermCapGainsCents, cents2(w.short))
		check("longTermCapGainsCents", got.LongTermCapGainsCents, cents2(w.long))
		check("incomeCents", got.IncomeCents, cents2(w.income))
		check("disposalCount", int64(got.DisposalCount), int64(len(w.disposalTxs)))
		check("transactionCount", int64(got.TransactionCount), int64(w.transactions))
		if got.IsStale {
			h.diverge("year isStale", "%d: isStale after the recalculation settled", y)
		}
		gotBy := map[string][2]int64{}
		for _, l := range got.IncomeByLabel {
			gotBy[l.Label] = [2]int64{l.IncomeCents, int64(l.TransactionCount)}
		}
		wantBy := map[string][2]int64{}
		for l, v := range w.incomeBy {
			wantBy[l] = [2]int64{cents2(v), int64(len(w.incomeTxs[l]))}
		}
		for _, l := range sortedKeys(mergeKeys(gotBy, wantBy)) {
			if gotBy[l] != wantBy[l] {
				h.diverge("year incomeByLabel", "%d %s: [cents, transactions] %v, model %v", y, l, gotBy[l], wantBy[l])
			}
		}
	}
	return nil
}

func mergeKeys[V any](a, b map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

type gotTransfer struct {
	ID                    string
	AssetID               string
	AmountExact           string
	FromAccountID         *string
	ToAccountID           *string
	FiatValueCents        *int64
	BasisFiatValueCents   *int64
	IsFee                 bool
	IsFiatValueOverridden bool
}

type gotTx struct {
	ID                     string
	AccountID              string
	CreatedAt              time.Time
	Label                  *string
	Notes                  *string
	IsHidden               bool
	IsSpam                 bool
	IsDirty                bool
	IsMissingBasis         bool
	HasNegativeBalance     bool
	IsInternalTransfer     bool
	LinkedTransactionID    *string
	SplitFromTransactionID *string
	CapGainsSumSigned      *string
	IncomeSum              *int64
	Source                 *string
	SessionID              *string
	Transfers              []gotTransfer
}

const txFields = `id accountId createdAt label notes isHidden isSpam isDirty isMissingBasis hasNegativeBalance isInternalTransfer linkedTransactionId
	splitFromTransactionId capGainsSumSigned incomeSum source sessionId
	transfers { id assetId amountExact fromAccountId toAccountId fiatValueCents basisFiatValueCents isFee isFiatValueOverridden }`

func strp(s *string) string {
	if s == nil {
		return "null"
	}
	return strconv.Quote(*s)
}

func (h *harness) compareTransactions(x *modelExpected) error {
	var list struct{ Transactions []gotTx }
	if err := h.must("getClientTransactions", `query($c: ID!) { getClientTransactions(clientId: $c, includeHidden: true, includeSpam: true, limit: 500) { transactions { `+txFields+` } } }`,
		map[string]any{"c": h.client}, &list); err != nil {
		return err
	}
	m := h.m
	seen := map[string]bool{}
	symbolOf := map[string]string{}
	for s, id := range m.assets {
		symbolOf[id] = s
	}
	for _, g := range list.Transactions {
		seen[g.ID] = true
		t := m.live(g.ID)
		if t == nil {
			h.diverge("transactions", "%s is listed; the model has it %s", g.ID, map[bool]string{true: "deleted", false: "never"}[m.txs[g.ID] != nil])
			continue
		}
		d := func(what, format string, args ...any) {
			h.diverge("transaction "+what, "%s (%s): "+format, append([]any{g.ID, t.At.Format(time.DateTime)}, args...)...)
		}
		if g.AccountID != t.Account {
			d("accountId", "%s, model %s", g.AccountID, t.Account)
		}
		if !g.CreatedAt.Equal(t.At) {
			d("createdAt", "%s, model %s", g.CreatedAt, t.At)
		}
		if strp(g.Label) != strp(t.Label) {
			d("label", "%s, model %s", strp(g.Label), strp(t.Label))
		}
		if strp(g.Notes) != strp(t.Notes) {
			d("notes", "%s, model %s", strp(g.Notes), strp(t.Notes))
		}
		if g.IsHidden != t.Hidden {
			d("isHidden", "%v, model %v", g.IsHidden, t.Hidden)
		}
		if g.IsSpam != m.spamOnly(t) {
			d("isSpam", "%v, model %v (spam assets %q)", g.IsSpam, m.spamOnly(t), m.settings.Spam)
		}
		if g.IsDirty {
			d("isDirty", "still dirty after the recalculation settled")
		}
		// isInternalTransfer: an internal transfer or a bridge; a cross-chain swap is linked but a trade
		linked := m.linkedID(t.ID)
		internal := linked != "" && m.pairOf(t.ID).Kind != "CROSS_CHAIN_SWAP"
		if g.IsInternalTransfer != internal || strp(g.LinkedTransactionID) != strp(nonEmptyPtr(linked)) {
			d("link", "isInternalTransfer %v linkedTransactionId %s, model %v %q", g.IsInternalTransfer, strp(g.LinkedTransactionID), internal, linked)
		}
		if parent := strp(nonEmptyPtr(t.Parent)); strp(g.SplitFromTransactionID) != parent {
			d("splitFromTransactionId", "%s, model %s", strp(g.SplitFromTransactionID), parent)
		}
		if t.SessionKnown && !h.pending[17] && (strp(g.SessionID) != strp(t.Session) || strp(g.Source) != strp(t.Source)) {
			d("sessionId/source", "%s/%s, model %s/%s (the latest write)", strp(g.SessionID), strp(g.Source), strp(t.Session), strp(t.Source))
		}
		if !t.Hidden {
			f := x.tx[t.ID]
			if f == nil {
				f = &txFigures{}
			}
			var gain *string
			if f.taxable {
				s := strconv.FormatInt(cents2(f.gain), 10)
				gain = &s
			}
			if strp(g.CapGainsSumSigned) != strp(gain) {
				d("capGainsSumSigned", "%s, model %s", strp(g.CapGainsSumSigned), strp(gain))
			}
			var income *int64
			if f.hasIncome && !f.income.IsZero() {
				c := cents2(f.income)
				income = &c
			}
			if i64s(g.IncomeSum) != i64s(income) {
				d("incomeSum", "%s, model %s", i64s(g.IncomeSum), i64s(income))
			}
			if g.IsMissingBasis != x.missingBasis(m, t) {
				d("isMissingBasis", "%v, model %v", g.IsMissingBasis, x.missingBasis(m, t))
			}
			if g.HasNegativeBalance != f.negative {
				d("hasNegativeBalance", "%v, model %v", g.HasNegativeBalance, f.negative)
			}
		}
		// the visible transfers, in settlement order
		want := m.visibleTransfersOf(t.ID)
		if len(g.Transfers) != len(want) {
			var ws, gs []string
			for _, w := range want {
				ws = append(ws, w.Asset+" "+w.Qty.String())
			}
			for _, x := range g.Transfers {
				gs = append(gs, symbolOf[x.AssetID]+" "+x.AmountExact)
			}
			d("transfers", "%v, model %v", gs, ws)
			continue
		}
		for k, gt := range g.Transfers {
			w := want[k]
			td := func(what, format string, args ...any) {
				d("transfer "+what, "transfer %d %s: "+format, append([]any{k, gt.ID}, args...)...)
			}
			if gt.ID != w.ID {
				td("order", "is %s in the model", w.ID)
				break
			}
			if symbolOf[gt.AssetID] != w.Asset || !decimal.RequireFromString(gt.AmountExact).Equal(w.Qty) {
				td("asset/amount", "%s %s, model %s %s", symbolOf[gt.AssetID], gt.AmountExact, w.Asset, w.Qty)
			}
			if strp(gt.FromAccountID) != strp(nonEmptyPtr(w.From)) || strp(gt.ToAccountID) != strp(nonEmptyPtr(w.To)) {
				td("accounts", "%s -> %s, model %q -> %q", strp(gt.FromAccountID), strp(gt.ToAccountID), w.From, w.To)
			}
			var value *int64
			if c, ok := x.transferValue[w.ID]; ok {
				value = &c
			}
			if i64s(gt.FiatValueCents) != i64s(value) {
				td("fiatValueCents", "%s, model %s", i64s(gt.FiatValueCents), i64s(value))
			}
			if gt.IsFee != w.IsFee {
				td("isFee", "%v, model %v", gt.IsFee, w.IsFee)
			}
			over := w.Basis != nil || !decEqualPtr(w.Value, w.Orig)
			if !h.pending[17] && gt.IsFiatValueOverridden != over {
				td("isFiatValueOverridden", "%v, model %v (value %s, created with %s, basis %s)", gt.IsFiatValueOverridden, over, decp(w.Value), decp(w.Orig), decp(w.Basis))
			}
			if !t.Hidden && !h.pending[18] {
				var basis *int64
				if b, ok := x.transferBasis[w.ID]; ok {
					basis = &b
				}
				if i64s(gt.BasisFiatValueCents) != i64s(basis) {
					td("basisFiatValueCents", "%s, model %s (%s %s %q -> %q, value %s, label %q, fee %v; transaction %s)", i64s(gt.BasisFiatValueCents), i64s(basis),
						w.Qty, w.Asset, w.From, w.To, decp(w.Value), m.effectiveLabel(w), w.IsFee, describeTx(m, t))
				}
			}
		}
	}
	for _, t := range m.sortedTxs() {
		if !seen[t.ID] {
			h.diverge("transactions", "%s (%s) of the model is not listed", t.ID, t.At.Format(time.DateTime))
		}
	}
	return nil
}

func decEqualPtr(a, b *decimal.Decimal) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Equal(*b)
}

func decp(d *decimal.Decimal) string {
	if d == nil {
		return "null"
	}
	return d.String()
}

func i64s(p *int64) string {
	if p == nil {
		return "null"
	}
	return strconv.FormatInt(*p, 10)
}

// compareFilters compares the number of matches of each filter family with the model's.
func (h *harness) compareFilters(x *modelExpected) error {
	for _, f := range h.m.filters(x, []int{2023, 2024, 2025}) {
		vars := map[string]any{"c": h.client}
		var decl, args []string
		for k, v := range f.args {
			vars[k] = v
			typ := map[string]string{"includeHidden": "Boolean", "includeSpam": "Boolean", "labels": "[String!]", "labelFilterMode": "String", "assetIds": "[String!]",
				"accountIds": "[ID!]", "startDate": "Date", "endDate": "Date", "isMissingBasis": "Boolean", "hasIncome": "Boolean", "hasNotes": "Boolean",
				"onlyDisposals": "Boolean", "gainLossFilter": "String", "reviewed": "Boolean"}[k]
			decl = append(decl, "$"+k+": "+typ)
			args = append(args, k+": $"+k)
			if t, ok := v.(time.Time); ok {
				vars[k] = dateArg(t)
			}
		}
		sort.Strings(decl)
		sort.Strings(args)
		q := `query($c: ID!` + prefixJoin(", ", decl) + `) { getClientTransactions(clientId: $c, limit: 1, exactTotal: true` + prefixJoin(", ", args) + `) { total } }`
		var got struct{ Total int }
		if err := h.must("getClientTransactions", q, vars, &got); err != nil {
			return err
		}
		want := 0
		for _, t := range h.m.sortedTxs() {
			if f.match(t) {
				want++
			}
		}
		if got.Total != want {
			h.diverge("filter "+strings.Fields(f.name)[0], "%s: total %d, model %d%s", f.name, got.Total, want, h.filterDiff(q, vars, f))
		}
		// the summary of the same filter counts the same transactions (from the result rows or kept
		// figures where they answer, from the ledger elsewhere)
		summary := `query($c: ID!` + prefixJoin(", ", decl) + `) { getClientTransactionsSummary(clientId: $c` + prefixJoin(", ", args) + `) { transactionCount } }`
		var s struct{ TransactionCount int }
		if err := h.must("getClientTransactionsSummary", summary, vars, &s); err != nil {
			return err
		}
		if s.TransactionCount != want {
			h.diverge("summary "+strings.Fields(f.name)[0], "%s: summary's transactionCount %d, model %d", f.name, s.TransactionCount, want)
		}
	}
	return h.compareAmountFilters()
}

// compareAmountFilters reads the summary and the list's exact total of the result-row filters with
// an amount condition (a condition on a column a result row does not carry) and compares them.
func (h *harness) compareAmountFilters() error {
	for _, f := range []string{`hasIncome: true`, `onlyDisposals: true`, `gainLossFilter: "loss"`} {
		for _, amount := range []string{`amountFilterOperator: "gt", amountFilterValue: "0"`, `amountFilterOperator: "lte", amountFilterValue: "1000"`} {
			var list struct{ Total int }
			var summary struct{ TransactionCount int }
			if err := h.must("getClientTransactions", `query($c: ID!) { getClientTransactions(clientId: $c, limit: 1, exactTotal: true, `+f+`, `+amount+`) { total } }`,
				map[string]any{"c": h.client}, &list); err != nil {
				return err
			}
			if err := h.must("getClientTransactionsSummary", `query($c: ID!) { getClientTransactionsSummary(clientId: $c, `+f+`, `+amount+`) { transactionCount } }`,
				map[string]any{"c": h.client}, &summary); err != nil {
				return err
			}
			if list.Total != summary.TransactionCount {
				h.diverge("summary with an amount", "%s, %s: the list's total %d, the summary's transactionCount %d", f, amount, list.Total, summary.TransactionCount)
			}
		}
	}
	return nil
}

// compareFigureOrder reads the list sorted by gain (both ways) and by income in pages of 7 and
// checks that the pages join into the unsorted list's transactions, each once, in the figure's order
// (zero without one; the figures are shown in cents, so equal cents may be unequal figures, their
// times in either order): pages of a figure's stretch are read from the result rows
// (ledger.figureIDs), the rest from the ledger.
func (h *harness) compareFigureOrder() error {
	type row struct {
		ID                string
		CapGainsSumSigned *string
		IncomeSum         *int64
	}
	const fields = `transactions { id capGainsSumSigned incomeSum } hasNextPage`
	var all struct{ Transactions []row }
	if err := h.must("getClientTransactions", `query($c: ID!) { getClientTransactions(clientId: $c, limit: 500) { `+fields+` } }`,
		map[string]any{"c": h.client}, &all); err != nil {
		return err
	}
	listed := map[string]bool{}
	for _, r := range all.Transactions {
		listed[r.ID] = true
	}
	gain := func(r row) decimal.Decimal { return decimal.RequireFromString(valueOr(r.CapGainsSumSigned, "0")) }
	income := func(r row) decimal.Decimal { return decimal.NewFromInt(valueOr(r.IncomeSum, 0)) }
	for _, o := range []struct {
		sortBy    string
		ascending bool
		cents     func(r row) decimal.Decimal
	}{{"capGains", false, gain}, {"capGains", true, gain}, {"income", false, income}} {
		what := fmt.Sprintf("sortBy %s ascending %v", o.sortBy, o.ascending)
		var got []row
		for page := 0; ; page++ {
			var p struct {
				Transactions []row
				HasNextPage  bool
			}
			if err := h.must("getClientTransactions", `query($c: ID!, $s: String, $a: Boolean, $p: Int) { getClientTransactions(clientId: $c, limit: 7, page: $p, sortBy: $s, ascending: $a) { `+fields+` } }`,
				map[string]any{"c": h.client, "s": o.sortBy, "a": o.ascending, "p": page}, &p); err != nil {
				return err
			}
			got = append(got, p.Transactions...)
			if !p.HasNextPage || page > len(all.Transactions) {
				break
			}
		}
		seen := map[string]bool{}
		for i, r := range got {
			if seen[r.ID] || !listed[r.ID] {
				h.diverge("sorted pages", "%s: %s at %d is listed twice or not in the unsorted list", what, r.ID, i)
				return nil
			}
			seen[r.ID] = true
			if i == 0 {
				continue
			}
			if c := o.cents(got[i-1]).Cmp(o.cents(r)); c != 0 && (c < 0) != o.ascending {
				h.diverge("sorted pages", "%s: %s at %d comes after %s out of order", what, r.ID, i, got[i-1].ID)
				return nil
			}
		}
		if len(got) != len(all.Transactions) {
			h.diverge("sorted pages", "%s: %d transactions in the pages, %d in the list", what, len(got), len(all.Transactions))
		}
	}
	return nil
}

// valueOr is *p, or otherwise when p is nil (a null in an answer).
func valueOr[T any](p *T, otherwise T) T {
	if p == nil {
		return otherwise
	}
	return *p
}

// filterDiff names the transactions a filter matches on one side only.
func (h *harness) filterDiff(q string, vars map[string]any, f txFilter) string {
	q = strings.Replace(strings.Replace(q, "limit: 1,", "limit: 500,", 1), "{ total }", "{ transactions { id createdAt } }", 1)
	var got struct {
		Transactions []struct {
			ID        string
			CreatedAt time.Time
		}
	}
	if err := h.must("getClientTransactions", q, vars, &got); err != nil {
		return " (" + err.Error() + ")"
	}
	listed := map[string]bool{}
	var extra, missing []string
	for _, t := range got.Transactions {
		listed[t.ID] = true
		if x := h.m.txs[t.ID]; x == nil || x.Deleted || !f.match(x) {
			extra = append(extra, t.ID+" "+t.CreatedAt.Format(time.DateTime))
		}
	}
	for _, t := range h.m.sortedTxs() {
		if f.match(t) && !listed[t.ID] {
			missing = append(missing, t.ID+" "+t.At.Format(time.DateTime))
		}
	}
	return fmt.Sprintf(" (service only %v; model only %v)", extra, missing)
}

func prefixJoin(sep string, xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return sep + strings.Join(xs, sep)
}

// compareLots compares each asset's open lots and taxable disposal pieces (getTaxLots).
func (h *harness) compareLots(x *modelExpected) error {
	var assets struct {
		Assets []struct{ ID, Symbol, PricingKey string }
	}
	if err := h.must("getClientAssets", `query($c: ID!) { getClientAssets(clientId: $c) { assets { id symbol pricingKey } } }`, map[string]any{"c": h.client}, &assets); err != nil {
		return err
	}
	for _, a := range assets.Assets {
		sym := strings.ToUpper(a.Symbol)
		if isFiatAsset(sym) {
			continue
		}
		var got, page struct {
			TotalAmountExact string
			NextCursor       *string
			Lots             []struct {
				AccountID      *string
				AcquiredAt     time.Time
				TransferID     string
				AmountExact    string
				CostBasisCents int64
				IsMissingBasis bool
			}
			Disposals []struct {
				TransactionID  *string
				TransferID     string
				AccountID      *string
				TaxYear        int
				AmountExact    string
				ProceedsCents  int64
				CostBasisCents int64
				Term           string
				IsUncovered    bool
				Kind           string
			}
		}
		// every page: the lots and pieces of one asset can be more than one page
		for after := (*string)(nil); ; after = page.NextCursor {
			page.Lots, page.Disposals = nil, nil
			if err := h.must("getTaxLots", `query($c: ID!, $k: String!, $a: String) { getTaxLots(clientId: $c, assetPricingKey: $k, after: $a) {
				totalAmountExact nextCursor lots { accountId acquiredAt transferId amountExact costBasisCents isMissingBasis }
				disposals { kind transactionId transferId accountId taxYear amountExact proceedsCents costBasisCents term isUncovered } } }`,
				map[string]any{"c": h.client, "k": a.PricingKey, "a": after}, &page); err != nil {
				return err
			}
			got.TotalAmountExact = page.TotalAmountExact
			got.Lots, got.Disposals = append(got.Lots, page.Lots...), append(got.Disposals, page.Disposals...)
			if page.NextCursor == nil {
				break
			}
		}
		var gl, wl []string
		for _, l := range got.Lots {
			gl = append(gl, fmt.Sprintf("%s|%s|%s|%s|%d|%v", strp(l.AccountID), l.AcquiredAt.UTC().Format(time.RFC3339), l.TransferID,
				decimal.RequireFromString(l.AmountExact).String(), l.CostBasisCents, l.IsMissingBasis))
		}
		for _, l := range x.lots[sym] {
			wl = append(wl, fmt.Sprintf("%s|%s|%s|%s|%d|%v", strp(nonEmptyPtr(l.account)), l.acquired.UTC().Format(time.RFC3339), l.transfer,
				l.qty.String(), l.basisCents, l.missing))
		}
		if d := multisetDiff(gl, wl); d != "" {
			h.diverge("lots", "%s (account|acquired|transfer|quantity|basis cents|missing basis): %s", sym, d)
		}
		var gp, wp []string
		for _, p := range got.Disposals {
			tx := strp(p.TransactionID)
			gp = append(gp, fmt.Sprintf("%s|%s|%s|%d|%s|%d|%d|%s|%v", p.Kind, tx, strp(p.AccountID), p.TaxYear, decimal.RequireFromString(p.AmountExact).String(),
				p.ProceedsCents, p.CostBasisCents, strings.ToLower(strings.TrimSuffix(p.Term, "_TERM")), p.IsUncovered))
		}
		for _, p := range x.pieces[sym] { // every piece that left: the taxable ones and gifts, donations, losses
			kind := "DISPOSAL"
			if p.kind != "sale" && p.kind != "fee" && p.kind != "futures" {
				kind = strings.ToUpper(p.kind)
			}
			term := "short"
			if p.long {
				term = "long"
			}
			wp = append(wp, fmt.Sprintf("%s|%s|%s|%d|%s|%d|%d|%s|%v", kind, strconv.Quote(p.tx), strp(nonEmptyPtr(p.account)), p.year, p.qty.String(),
				p.proceedsCents, p.basisCents, term, p.uncovered))
		}
		if d := multisetDiff(gp, wp); d != "" {
			h.diverge("disposal pieces", "%s (kind|transaction|account|year|quantity|proceeds|basis|term|uncovered): %s", sym, d)
		}
	}
	return nil
}

// multisetDiff describes what one list has that the other lacks ("" when equal as multisets).
func multisetDiff(got, want []string) string {
	count := map[string]int{}
	for _, s := range got {
		count[s]++
	}
	for _, s := range want {
		count[s]--
	}
	var extra, missing []string
	for _, s := range sortedKeys(count) {
		for n := count[s]; n > 0; n-- {
			extra = append(extra, s)
		}
		for n := count[s]; n < 0; n++ {
			missing = append(missing, s)
		}
	}
	if len(extra) == 0 && len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("service only %v; model only %v", extra, missing)
}

// compareLabelOptions: the labels offered for a transaction fit its direction
// (getTransactionTypeOptions): an outgoing-only transaction is offered no acquisition or income
// label, an incoming-only one no disposal label.
func (h *harness) compareLabelOptions() error {
	inOnly := map[string]bool{"buy": true, "gift_received": true, "staking_reward": true, "mining": true, "airdrop": true, "interest": true,
		"reward": true, "income": true, "staking_withdrawal": true, "lp_withdrawal": true}
	outOnly := map[string]bool{"sell": true, "payment": true, "gift_sent": true, "donation": true, "lost": true, "fee": true}
	g := &gen{m: h.m}
	checked := map[bool]bool{} // one incoming-only and one outgoing-only transaction per batch
	for _, t := range h.m.sortedTxs() {
		in, out := g.hasDir(t, false), g.hasDir(t, true)
		for _, tr := range h.m.visibleTransfersOf(t.ID) {
			if h.m.own(tr.From) && h.m.own(tr.To) {
				in, out = true, true
			}
		}
		if in == out || checked[in] || t.Hidden {
			continue
		}
		checked[in] = true
		var got struct{ Options []struct{ Value string } }
		if err := h.must("getTransactionTypeOptions", `query($c: ID!, $t: ID!) { getTransactionTypeOptions(clientId: $c, transactionId: $t) { options { value } } }`,
			map[string]any{"c": h.client, "t": t.ID}, &got); err != nil {
			return err
		}
		wrong := inOnly
		if in {
			wrong = outOnly
		}
		for _, o := range got.Options {
			if wrong[o.Value] && (t.Label == nil || *t.Label != o.Value) {
				h.diverge("label options", "%s (%s, only %s): offers %q", t.ID, t.At.Format(time.DateTime), map[bool]string{true: "incoming", false: "outgoing"}[in], o.Value)
			}
		}
	}
	return nil
}

// putRaw sends body to a signed upload URL of the server.
func putRaw(e *env, signedURL, body string) (int, error) {
	u, err := url.Parse(signedURL)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequest(http.MethodPut, e.url+u.RequestURI(), strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// describeTx is a transaction's visible transfers, for a divergence's message.
func describeTx(m *model, t *mTx) string {
	var parts []string
	for _, tr := range m.visibleTransfersOf(t.ID) {
		parts = append(parts, fmt.Sprintf("[%s %s %s->%s %s fee=%v feeFiat=%s basis=%s]", tr.Qty, tr.Asset, orDefault(tr.From, "out"), orDefault(tr.To, "out"),
			decp(tr.Value), tr.IsFee, tr.FeeFiat, decp(tr.Basis)))
	}
	return strp(t.Label) + " " + strings.Join(parts, " ")
}
