package contracttests

// Running a sequence of TestModelBasedLedger: each operation is predicted by the model, sent to
// the server over HTTP, and applied to the model with the ids the answer gives.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/testwait"
)

// divergence is one difference between the service and the model.
type divergence struct {
	Check  string // what was compared (the failure's signature when shrinking)
	Detail string
}

func (d divergence) String() string { return d.Check + ": " + d.Detail }

// harness drives one client of the server and its model.
type harness struct {
	e       *env
	client  string
	key     string
	http    *http.Client
	m       *model
	pending map[int]bool
	extras  map[string]bool
	ops     []*mop
	batchOf []int
	// per operation: the model before it, what it changed, whether it ran, its audit entries
	before  map[int]*model
	changed map[int]touched
	undone  map[int]bool
	audit   map[int][]string
	skipped map[int]bool    // not run (a shrunk sequence lost what it acts on) or refused
	refused map[int]bool    // refused as documented
	seen    map[string]bool // audit entries already attributed
	files   map[int]string  // the file each import sent
	// dirty since the last settled recalculation
	dirty         map[string]bool
	settingsDirty bool
	divs          []divergence
	requests      int
}

func newHarness(e *env, pending map[int]bool) (*harness, error) {
	c := ctx()
	id := uuid.Must(uuid.NewV7())
	if _, err := e.pool.Exec(c, `INSERT INTO clients (id, name, email, timezone) VALUES ($1, 'Model Client', 'model@example.com', 'UTC')`, id); err != nil {
		return nil, err
	}
	key, _ := auth.NewClientAPIKey()
	if _, err := clients.StoreKey(c, db.New(e.pool), uuid.Must(uuid.NewV7()), clients.NewKey{ClientID: id, Name: "model", ReadWrite: true}, key, time.Now()); err != nil {
		return nil, err
	}
	return &harness{e: e, client: id.String(), key: key, http: &http.Client{Timeout: 60 * time.Second}, m: newModel(), pending: pending, extras: extrasSet(),
		before: map[int]*model{}, changed: map[int]touched{}, undone: map[int]bool{}, audit: map[int][]string{}, skipped: map[int]bool{}, refused: map[int]bool{},
		seen: map[string]bool{}, files: map[int]string{}, dirty: map[string]bool{}}, nil
}

func (h *harness) diverge(check, format string, args ...any) {
	h.divs = append(h.divs, divergence{Check: check, Detail: fmt.Sprintf(format, args...)})
}

// gql sends one operation with the client's ReadWrite key; an error without a code counts as
// NO_CODE (the comparison of outcomes needs one).
func (h *harness) gql(query string, vars map[string]any) (gqlAnswer, error) {
	h.requests++
	r, err := sendGQL(h.http, h.e.url, h.key, query, vars)
	if err == nil && r.Message != "" && r.Code == "" {
		r.Code = "NO_CODE"
	}
	return r, err
}

// must sends a query that has to succeed and decodes its root field.
func (h *harness) must(root, query string, vars map[string]any, out any) error {
	r, err := h.gql(query, vars)
	if err != nil {
		return err
	}
	if r.Code != "" {
		return fmt.Errorf("%s: %s: %s", root, r.Code, r.Message)
	}
	if out != nil {
		if err := json.Unmarshal(r.Data[root], out); err != nil {
			return fmt.Errorf("%s: %v: %.300s", root, err, r.Data[root])
		}
	}
	return nil
}

// ---- resolving refs ----

func (h *harness) id(r ref) string { return h.m.handles[r] }

func (h *harness) tx(r ref) *mTx { return h.m.live(h.id(r)) }

func (h *harness) account(r ref) *mAccount {
	a := h.m.accounts[h.id(r)]
	if a == nil || a.Deleted {
		return nil
	}
	return a
}

// ---- running one operation ----

const opSource = "modeltest"

func (h *harness) session(i int) string { return fmt.Sprintf("op%d", i) }

// takesSession: the mutation has sessionId and source arguments.
func takesSession(kind string) bool {
	switch kind {
	case "create", "addTransfer", "updateTx", "label", "hideMany", "unhideMany", "updateTransfer", "split", "merge", "undo", "undoDeletion":
		return true
	}
	return false
}

// run runs operation i: false when it could not be run on this state (a shrunk sequence lost what
// it acts on) or the harness failed (an error).
func (h *harness) run(i int) error {
	op := h.ops[i]
	before := h.m.clone()
	expect, ok := h.predict(i)
	if !ok {
		h.skipped[i] = true
		return nil
	}
	ans, err := h.send(i)
	if err != nil {
		return err
	}
	if ans.Code != expect {
		h.diverge("outcome "+op.Kind, "op %d %s: want %q, got %q %s", i, op, orDefault(expect, "success"), orDefault(ans.Code, "success"), ans.Message)
		return nil
	}
	if expect != "" {
		h.skipped[i], h.refused[i] = true, true // refused as documented: nothing changed
		return nil
	}
	if err := h.apply(i, ans); err != nil {
		return err
	}
	t := diffModels(before, h.m)
	dirtyTx := dirtyTransactions(before, h.m, t)
	// Transaction.source/sessionId are the latest edit's: its arguments (null when it has none), an
	// import's "import:generic" on what it added. (Reading: deleting an account is no edit of the
	// transactions it re-homes.)
	for id := range dirtyTx {
		h.dirty[id] = true
		if x := h.m.txs[id]; x != nil {
			x.Rev++
			if op.Kind == "deleteAccount" {
				continue
			}
			x.Session, x.Source, x.SessionKnown = nil, nil, true
			switch {
			case takesSession(op.Kind):
				s, src := h.session(i), opSource
				x.Session, x.Source = &s, &src
			case strings.HasPrefix(op.Kind, "import"):
				src := "import:generic"
				x.Source = &src
			}
		}
	}
	if t.settings {
		h.settingsDirty = true
	}
	h.before[i], h.changed[i] = before, diffModels(before, h.m)
	return h.collectAudit(i)
}

// collectAudit attributes the audit entries written since the last call to operation i and checks
// that an edit that changed something wrote an undoable entry and one that changed nothing wrote
// none (docs/ledger-edits.md).
func (h *harness) collectAudit(i int) error {
	var page struct {
		AuditLogs []struct {
			ID                 string
			CanUndo            bool
			Action, Field      string
			OldValue, NewValue any
		}
	}
	if err := h.must("getClientAuditLogs", `query($c: ID!) { getClientAuditLogs(clientId: $c, limit: 200, page: 0) { auditLogs { id canUndo action field oldValue newValue } } }`,
		map[string]any{"c": h.client}, &page); err != nil {
		return err
	}
	undoable := 0
	var written []string
	for _, l := range page.AuditLogs {
		if h.seen[l.ID] {
			continue
		}
		h.seen[l.ID] = true
		if l.CanUndo {
			h.audit[i] = append(h.audit[i], l.ID)
			undoable++
			written = append(written, fmt.Sprintf("%s %s: %v -> %v", l.Action, l.Field, l.OldValue, l.NewValue))
		}
	}
	op := h.ops[i]
	c := h.changed[i]
	switch {
	case undoableKind(op.Kind) && c.ledgerChanged() && undoable == 0:
		h.diverge("audit "+op.Kind, "op %d %s changed the ledger but wrote no undoable audit entry", i, op)
	case undoableKind(op.Kind) && !c.ledgerChanged() && undoable > 0:
		h.diverge("audit "+op.Kind, "op %d %s changed nothing but wrote %d undoable audit entries: %v", i, op, undoable, written)
	}
	return nil
}

// predict says whether operation i can run on the model's state and the error code the service
// must answer ("" for success).
func (h *harness) predict(i int) (string, bool) {
	op, m := h.ops[i], h.m
	has := func(refs ...ref) bool {
		for _, r := range refs {
			if h.tx(r) == nil {
				return false
			}
		}
		return true
	}
	switch op.Kind {
	case "importNew", "method", "timezone", "fiscalYear":
		return "", true
	case "spam":
		return "", h.m.assets[op.Label] != ""
	case "taxSettings":
		// an algorithm change takes effect on the first day of a tax year (the SDL)
		mo, d := m.fiscalStart()
		for _, c := range op.Changes {
			if c.From.Month() != mo || c.From.Day() != d {
				return "BAD_USER_INPUT", true
			}
		}
		return "", true
	case "importInto", "deleteAccount", "retireAccount", "renameAccount":
		return "", h.account(op.Acc) != nil
	case "reimport":
		src := h.ops[op.FileOp]
		if src == nil {
			return "", false // its file's import was shrunk away
		}
		acc := src.Acc
		if src.Kind == "importNew" {
			acc = accRef(op.FileOp)
		}
		_, sent := h.files[op.FileOp]
		return "", sent && h.account(acc) != nil
	case "create":
		if h.account(op.Acc) == nil {
			return "", false
		}
		for _, l := range op.Legs {
			if l.Dir == "move" && (h.account(l.To) == nil || h.id(l.To) == h.id(op.Acc)) {
				return "", false
			}
		}
		return "", true
	case "addTransfer":
		t := h.tx(op.Tx)
		ok := t != nil && h.m.own(t.Account) && (op.Legs[0].Dir != "move" || h.account(op.Legs[0].To) != nil && h.id(op.Legs[0].To) != t.Account)
		if ok && m.linkedID(t.ID) != "" && !h.pending[5] {
			return "BAD_USER_INPUT", true // a link fixes its transactions' transfers
		}
		return "", ok
	case "updateTx":
		t := h.tx(op.Tx)
		if t == nil || op.Field == "createdAt" && (t.Parent != "" || h.hasChildren(t.ID)) {
			return "", false
		}
		return "", true
	case "label", "hideMany", "unhideMany", "receivePrice", "costBasis":
		return "", has(op.Txs...)
	case "hideOne", "duplicate":
		return "", has(op.Tx)
	case "updateTransfer":
		t, tr := h.tx(op.Tx), m.trs[h.id(op.Tr)]
		if t == nil || tr == nil || tr.Tx != t.ID {
			return "", false
		}
		switch op.Field {
		case "isHidden":
			if op.Bool && (tr.Hidden || len(m.visibleTransfersOf(t.ID)) <= 1) {
				return "", false
			}
		case "toAccountId":
			to := ""
			if op.Acc != noRef {
				a := h.account(op.Acc)
				if a == nil {
					return "", false
				}
				to = a.ID
			}
			if to == tr.From || to == "" && !m.own(tr.From) {
				return "", false
			}
		case "basisFiatValue", "purchaseDateOverride":
			if tr.From != "" || tr.To == "" {
				return "", false
			}
		}
		if (op.Field == "isHidden" || op.Field == "toAccountId" || op.Field == "assetId") && m.linkedID(t.ID) != "" && !h.pending[5] {
			return "BAD_USER_INPUT", true // a link fixes its transfers' accounts and hidden state
		}
		return "", true
	case "pair":
		if !has(op.Tx, op.Tx2) || h.id(op.Tx) == h.id(op.Tx2) {
			return "", false
		}
		f, t := h.tx(op.Tx), h.tx(op.Tx2)
		g := &gen{m: m}
		if !g.hasDir(f, true) || !g.hasDir(t, false) {
			return "", false
		}
		if m.pairOf(f.ID) != nil || m.pairOf(t.ID) != nil {
			return "CONFLICT", true
		}
		return "", true
	case "unpair":
		if !has(op.Tx, op.Tx2) {
			return "", false
		}
		p := m.pairs[h.id(op.Tx)]
		return "", p != nil && p.To == h.id(op.Tx2)
	case "split":
		base := h.tx(op.Tx)
		if base == nil {
			return "", false
		}
		listed := map[string]bool{}
		for _, g := range op.Groups {
			for _, r := range g {
				tr := m.trs[h.id(r)]
				if tr == nil || tr.Tx != base.ID || tr.Hidden {
					return "", false
				}
				listed[tr.ID] = true
			}
		}
		keeps := 0
		for _, tr := range m.visibleTransfersOf(base.ID) {
			if !listed[tr.ID] {
				keeps++
			}
		}
		if keeps > 0 && m.linkedID(base.ID) != "" && !h.pending[5] {
			return "BAD_USER_INPUT", true
		}
		return "", keeps > 0
	case "merge":
		if !has(append([]ref{op.Tx}, op.Txs...)...) {
			return "", false
		}
		// a linked transaction is neither merged in nor takes a merge (its link fixes its transfers)
		for _, r := range append([]ref{op.Tx}, op.Txs...) {
			if m.linkedID(h.id(r)) != "" {
				return "BAD_USER_INPUT", true
			}
		}
		return "", true
	case "undoDeletion":
		k := op.UndoOps[0]
		if h.skipped[k] || len(h.audit[k]) == 0 {
			return "", false
		}
		// an account's deletion is final: its entries are not undone
		return "CONFLICT", true
	case "undo":
		for _, k := range op.UndoOps {
			if h.skipped[k] || h.undone[k] || len(h.audit[k]) == 0 {
				return "", false
			}
		}
		return "", true
	}
	panic("unknown operation " + op.Kind)
}

func (h *harness) hasChildren(id string) bool {
	for _, c := range h.m.txs {
		if c.Parent == id && !c.Deleted {
			return true
		}
	}
	return false
}

func floatOf(s string) float64 {
	f, _ := decimal.RequireFromString(s).Float64()
	return f
}

func dateArg(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// send sends operation i over HTTP.
func (h *harness) send(i int) (gqlAnswer, error) {
	op := h.ops[i]
	sess := map[string]any{"c": h.client, "s": h.session(i), "src": opSource}
	vars := func(kv ...any) map[string]any {
		v := map[string]any{}
		for k, x := range sess {
			v[k] = x
		}
		for j := 0; j < len(kv); j += 2 {
			v[kv[j].(string)] = kv[j+1]
		}
		return v
	}
	ids := func(refs []ref) []string {
		out := make([]string, len(refs))
		for j, r := range refs {
			out[j] = h.id(r)
		}
		return out
	}
	switch op.Kind {
	case "importNew", "importInto", "reimport":
		return h.sendImport(i)
	case "create":
		var tx struct{ ID string }
		if err := h.must("createTransaction", `mutation($c: ID!, $a: ID!, $at: Date!, $s: String, $src: String) {
			createTransaction(clientId: $c, accountId: $a, createdAt: $at, sessionId: $s, source: $src) { id } }`,
			vars("a", h.id(op.Acc), "at", dateArg(op.At)), &tx); err != nil {
			return gqlAnswer{}, err
		}
		ans := gqlAnswer{Data: map[string]json.RawMessage{"id": json.RawMessage(`"` + tx.ID + `"`)}}
		for k, l := range op.Legs {
			r, err := h.sendTransfer(vars, tx.ID, h.id(op.Acc), l)
			if err != nil || r.Code != "" {
				return r, err
			}
			ans.Data[fmt.Sprint(k)] = r.Data["createTransfer"]
		}
		return ans, nil
	case "addTransfer":
		t := h.tx(op.Tx)
		return h.sendTransfer(vars, t.ID, t.Account, op.Legs[0])
	case "updateTx":
		u := map[string]any{}
		switch op.Field {
		case "label":
			u["label"] = op.Label
		case "wipeLabel":
			u["wipeLabel"] = true
		case "notes":
			u["notes"] = *op.Notes
		case "isReviewed", "isHidden":
			u[op.Field] = op.Bool
		case "createdAt":
			u["createdAt"] = dateArg(op.At)
		}
		return h.gql(`mutation($c: ID!, $t: ID!, $u: UpdateTransactionInput!, $s: String, $src: String) {
			updateTransaction(clientId: $c, transactionId: $t, createDefaultRule: false, updates: $u, sessionId: $s, source: $src) { transaction { id } } }`,
			vars("t", h.id(op.Tx), "u", u))
	case "label":
		v := vars("ids", ids(op.Txs))
		if op.Wipe {
			v["w"] = true
		} else {
			v["l"] = op.Label
		}
		if op.Notes != nil {
			v["n"] = *op.Notes
		}
		return h.gql(`mutation($c: ID!, $ids: [ID!]!, $l: String, $w: Boolean, $n: String, $s: String, $src: String) {
			labelTransactions(clientId: $c, transactionIds: $ids, label: $l, wipeLabel: $w, notes: $n, sessionId: $s, source: $src) { id } }`, v)
	case "hideMany":
		return h.gql(`mutation($c: ID!, $ids: [ID!]!, $s: String, $src: String) {
			hideMultipleTransactions(clientId: $c, transactionIds: $ids, sessionId: $s, source: $src) }`, vars("ids", ids(op.Txs)))
	case "unhideMany":
		return h.gql(`mutation($c: ID!, $ids: [ID!]!, $s: String, $src: String) {
			unhideMultipleTransactions(clientId: $c, transactionIds: $ids, sessionId: $s, source: $src) }`, vars("ids", ids(op.Txs)))
	case "hideOne":
		return h.gql(`mutation($c: ID!, $t: ID!, $h: Boolean!) { hideTransaction(clientId: $c, transactionId: $t, isHidden: $h) { id } }`,
			vars("t", h.id(op.Tx), "h", op.Bool))
	case "updateTransfer":
		v := vars("t", h.id(op.Tx), "tr", h.id(op.Tr))
		var arg string
		switch op.Field {
		case "amount":
			arg, v["x"] = "amount: $x", floatOf(op.Amount)
		case "assetId":
			arg, v["a"] = "assetId: $a", h.m.assets[op.Label]
		case "fiatValue", "basisFiatValue":
			arg, v["x"] = op.Field+": $x", floatOf(op.Value)
		case "isHidden":
			arg, v["b"] = "isHidden: $b", op.Bool
		case "purchaseDateOverride":
			arg, v["d"] = "purchaseDateOverride: $d", dateArg(op.At)
		case "resetFiatValue":
			arg, v["b"] = "resetFiatValue: $b", true
		case "label":
			arg, v["l"] = "label: $l", op.Label
		case "wipeLabel":
			arg, v["b"] = "wipeLabel: $b", true
		case "toAccountId":
			arg, v["a"] = "toAccountId: $a", ""
			if op.Acc != noRef {
				v["a"] = h.id(op.Acc)
			}
		}
		decl := map[string]string{"amount": "$x: Float", "fiatValue": "$x: Float", "basisFiatValue": "$x: Float", "isHidden": "$b: Boolean",
			"purchaseDateOverride": "$d: Date", "resetFiatValue": "$b: Boolean", "toAccountId": "$a: ID", "assetId": "$a: String",
			"label": "$l: String", "wipeLabel": "$b: Boolean"}[op.Field]
		return h.gql(`mutation($c: ID!, $t: ID!, $tr: ID!, `+decl+`, $s: String, $src: String) {
			updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, `+arg+`, sessionId: $s, source: $src) { id } }`, v)
	case "receivePrice":
		v := vars("ids", ids(op.Txs), "p", floatOf(op.Value))
		if op.Label != "" {
			v["a"] = h.m.assets[op.Label]
		}
		return h.gql(`mutation($c: ID!, $ids: [ID!]!, $p: Float, $a: ID) {
			saveReceivePriceForTransactions(clientId: $c, transactionIds: $ids, fiatValue: $p, assetId: $a) { id } }`, v)
	case "costBasis":
		return h.gql(`mutation($c: ID!, $ids: [ID!]!, $m: Boolean!, $o: Boolean!) {
			updateMultiTransactionsCostBasis(clientId: $c, transactionIds: $ids, isMissingBasis: $m, overrideIsMissingBasis: $o) { id } }`,
			vars("ids", ids(op.Txs), "m", op.Bool, "o", !op.Wipe))
	case "pair":
		v := vars("f", h.id(op.Tx), "t", h.id(op.Tx2))
		switch op.Field {
		case "BRIDGE":
			return h.gql(`mutation($c: ID!, $f: ID!, $t: ID!) { bridgeTransactions(clientId: $c, fromTransactionId: $f, toTransactionId: $t) }`, v)
		case "CROSS_CHAIN_SWAP":
			return h.gql(`mutation($c: ID!, $f: ID!, $t: ID!) { crossChainSwap(clientId: $c, fromTransactionId: $f, toTransactionId: $t) { id } }`, v)
		}
		return h.gql(`mutation($c: ID!, $f: ID!, $t: ID!) { markInternalTransfer(clientId: $c, fromTransactionId: $f, toTransactionId: $t) }`, v)
	case "unpair":
		return h.gql(`mutation($c: ID!, $f: ID!, $t: ID!) { unmarkInternalTransfer(clientId: $c, fromTransactionId: $f, toTransactionId: $t) }`,
			vars("f", h.id(op.Tx), "t", h.id(op.Tx2)))
	case "split":
		var splits []map[string]any
		for k, g := range op.Groups {
			s := map[string]any{"transferIds": ids(g)}
			if k == 0 && op.Label != "" {
				s["label"] = op.Label
			}
			splits = append(splits, s)
		}
		return h.gql(`mutation($c: ID!, $b: ID!, $sp: [TransactionSplitInput!]!, $s: String, $src: String) {
			splitTransactionIntoMany(clientId: $c, baseTransactionId: $b, splits: $sp, sessionId: $s, source: $src) { id } }`,
			vars("b", h.id(op.Tx), "sp", splits))
	case "merge":
		return h.gql(`mutation($c: ID!, $f: [ID!]!, $t: ID!, $s: String, $src: String) {
			mergeTransactions(clientId: $c, fromTransactionIds: $f, toTransactionId: $t, sessionId: $s, source: $src) { id } }`,
			vars("f", ids(op.Txs), "t", h.id(op.Tx)))
	case "duplicate":
		return h.gql(`mutation($c: ID!, $t: ID!) { duplicateTransaction(clientId: $c, transactionId: $t) { id transfers { id } } }`,
			vars("t", h.id(op.Tx)))
	case "undo", "undoDeletion":
		var entries []string
		for _, k := range op.UndoOps {
			entries = append(entries, h.audit[k]...)
		}
		return h.gql(`mutation($c: ID!, $ids: [ID!]!, $s: String, $src: String) {
			undoAuditLogs(clientId: $c, auditLogIds: $ids, sessionId: $s, source: $src) { id } }`, vars("ids", entries))
	case "deleteAccount":
		return h.gql(`mutation($a: ID!) { deleteAccount(accountId: $a) { id } }`, map[string]any{"a": h.id(op.Acc)})
	case "retireAccount":
		return h.gql(`mutation($a: ID!) { retireAccount(accountId: $a) { id status } }`, map[string]any{"a": h.id(op.Acc)})
	case "renameAccount":
		return h.gql(`mutation($a: ID!, $n: String!) { renameAccount(accountId: $a, newName: $n) { id } }`, map[string]any{"a": h.id(op.Acc), "n": op.Name})
	case "method":
		return h.gql(`mutation($c: ID!, $m: CostBasisAlgorithmEnum!) { updateClientCostBasisAlgorithm(clientId: $c, costBasisAlgorithm: $m) { id } }`,
			vars("m", op.Method))
	case "taxSettings":
		ts := map[string]any{}
		if op.Field == "changes" {
			chs := []map[string]any{}
			for _, c := range op.Changes {
				chs = append(chs, map[string]any{"effectiveFrom": dateArg(c.From), "costBasisAlgorithm": c.Method})
			}
			ts["costBasisAlgorithmChanges"] = chs
		} else {
			ts["basisMethod"] = op.Basis
			if op.Basis == "UNIVERSAL_THEN_PER_WALLET" {
				ts["perWalletSwitchDate"] = dateArg(op.Switch)
			}
		}
		return h.gql(`mutation($c: ID!, $t: AdvancedTaxFeaturesInput!) { updateClientTaxSettings(clientId: $c, taxSettings: $t) { id } }`, vars("t", ts))
	case "timezone":
		return h.gql(`mutation($c: ID!, $tz: String) { updateClient(clientId: $c, timezone: $tz) { id } }`, vars("tz", op.Timezone))
	case "fiscalYear":
		return h.gql(`mutation($c: ID!, $f: String) { updateClient(clientId: $c, fiscalYearStart: $f) { id } }`, vars("f", op.Field))
	case "spam":
		return h.gql(`mutation($a: ID!, $s: Boolean) { updateAsset(assetId: $a, isSpam: $s) { id isSpam } }`, map[string]any{"a": h.m.assets[op.Label], "s": op.Bool})
	}
	panic("unknown operation " + op.Kind)
}

func (h *harness) sendTransfer(vars func(...any) map[string]any, txID, account string, l legSpec) (gqlAnswer, error) {
	v := vars("t", txID, "asset", h.m.assets[l.Asset], "amount", floatOf(l.Amount))
	switch l.Dir {
	case "in":
		v["to"] = account
	case "out":
		v["from"] = account
	case "move":
		v["from"], v["to"] = account, h.id(l.To)
	}
	if l.Value != "" {
		v["usd"] = floatOf(l.Value)
	}
	return h.gql(`mutation($c: ID!, $t: ID!, $asset: ID!, $amount: Float, $usd: Float, $from: ID, $to: ID, $s: String, $src: String) {
		createTransfer(clientId: $c, transactionId: $t, assetId: $asset, amount: $amount, fiatValue: $usd, fromAccountId: $from, toAccountId: $to, sessionId: $s, source: $src) {
		transfers { id } } }`, v)
}

// sendImport uploads the operation's file and imports it: into a new file account (createAccount
// FILE_UPLOAD) or an existing one (uploadManualTransactions).
func (h *harness) sendImport(i int) (gqlAnswer, error) {
	op := h.ops[i]
	file := ""
	acc := op.Acc
	switch op.Kind {
	case "reimport":
		file = h.files[op.FileOp]
		src := h.ops[op.FileOp]
		acc = src.Acc
		if src.Kind == "importNew" {
			acc = accRef(op.FileOp)
		}
	default:
		file = csvFile(op.Rows)
	}
	var u uploadURL
	if err := h.must("createUploadUrl", `mutation($c: ID!) { createUploadUrl(clientId: $c, fileName: "model.csv") { url fileObjectKey maxBytes } }`,
		map[string]any{"c": h.client}, &u); err != nil {
		return gqlAnswer{}, err
	}
	if status, err := putRaw(h.e, u.URL, file); err != nil || status != http.StatusCreated {
		return gqlAnswer{}, fmt.Errorf("upload: %d %v", status, err)
	}
	h.files[i] = file
	if op.Kind == "importNew" {
		return h.gql(`mutation($c: String, $k: String, $n: String) { createAccount(clientId: $c, type: FILE, importType: FILE_UPLOAD, provider: "generic",
			fileObjectKey: $k, label: $n, skipRecalculate: true) { id } }`, map[string]any{"c": h.client, "k": u.FileObjectKey, "n": op.Name})
	}
	return h.gql(`mutation($c: String, $a: ID, $k: String!) { uploadManualTransactions(clientId: $c, accountId: $a, fileObjectKey: $k, importType: TEMPLATE_CSV) }`,
		map[string]any{"c": h.client, "a": h.id(acc), "k": u.FileObjectKey})
}

// ---- applying an operation to the model ----

type listedTx struct {
	ID        string
	CreatedAt time.Time
	Transfers []struct {
		ID            string
		AssetID       string
		FromAccountID *string
		ToAccountID   *string
		IsFee         bool
	}
}

func (h *harness) apply(i int, ans gqlAnswer) error {
	op, m := h.ops[i], h.m
	ids := func(refs []ref) []string {
		out := make([]string, len(refs))
		for j, r := range refs {
			out[j] = h.id(r)
		}
		return out
	}
	newTx := func(id string, k int, account string, at time.Time) *mTx {
		t := &mTx{ID: id, H: ref{i, k}, Account: account, At: at}
		m.txs[id], m.handles[t.H] = t, id
		return t
	}
	nextPos := func(txID string) int {
		p := -1
		for _, tr := range m.transfersOf(txID) {
			p = max(p, tr.Pos)
		}
		return p + 1
	}
	addLeg := func(txID, account string, l legSpec, trID string, k int) {
		tr := &mTransfer{ID: trID, H: trRef(i, k), Tx: txID, Pos: nextPos(txID), Asset: l.Asset, Qty: decimal.RequireFromString(l.Amount)}
		switch l.Dir {
		case "in":
			tr.To = account
		case "out":
			tr.From = account
		case "move":
			tr.From, tr.To = account, h.id(l.To)
		}
		if l.Value != "" {
			v := decimal.RequireFromString(l.Value)
			tr.Value, tr.Orig = &v, &v
		}
		m.trs[trID], m.handles[tr.H] = tr, trID
	}
	newTransferID := func(raw json.RawMessage, txID string) (string, error) {
		var out struct{ Transfers []struct{ ID string } }
		if err := json.Unmarshal(raw, &out); err != nil {
			return "", err
		}
		for _, tr := range out.Transfers {
			if _, ok := m.trs[tr.ID]; !ok {
				return tr.ID, nil
			}
		}
		return "", fmt.Errorf("createTransfer on %s answered no new transfer: %s", txID, raw)
	}
	switch op.Kind {
	case "importNew", "importInto", "reimport":
		return h.applyImport(i, ans)
	case "create":
		var id string
		_ = json.Unmarshal(ans.Data["id"], &id)
		t := newTx(id, 0, h.id(op.Acc), op.At)
		_ = t
		for k, l := range op.Legs {
			trID, err := newTransferID(ans.Data[fmt.Sprint(k)], id)
			if err != nil {
				return err
			}
			addLeg(id, h.id(op.Acc), l, trID, k)
		}
	case "addTransfer":
		t := h.tx(op.Tx)
		trID, err := newTransferID(ans.Data["createTransfer"], t.ID)
		if err != nil {
			return err
		}
		addLeg(t.ID, t.Account, op.Legs[0], trID, 0)
	case "updateTx":
		t := h.tx(op.Tx)
		switch op.Field {
		case "label":
			l := op.Label
			t.Label = &l
		case "wipeLabel":
			t.Label = nil
		case "notes":
			t.Notes = nonEmptyPtr(*op.Notes)
		case "isReviewed":
			t.Reviewed = op.Bool
		case "isHidden":
			t.Hidden = op.Bool
		case "createdAt":
			t.At = op.At
		}
	case "label":
		for _, id := range ids(op.Txs) {
			t := m.txs[id]
			if op.Wipe {
				t.Label = nil
			} else {
				l := op.Label
				t.Label = &l
			}
			if op.Notes != nil {
				t.Notes = nonEmptyPtr(*op.Notes)
			}
		}
	case "hideMany", "unhideMany":
		for _, id := range ids(op.Txs) {
			m.txs[id].Hidden = op.Kind == "hideMany"
		}
	case "hideOne":
		h.tx(op.Tx).Hidden = op.Bool
	case "updateTransfer":
		tr := m.trs[h.id(op.Tr)]
		switch op.Field {
		case "amount":
			tr.Qty = decimal.RequireFromString(op.Amount)
		case "assetId":
			tr.Asset = op.Label
		case "fiatValue":
			v := decimal.RequireFromString(op.Value)
			tr.Value = &v
		case "basisFiatValue":
			v := decimal.RequireFromString(op.Value)
			tr.Basis = &v
		case "isHidden":
			tr.Hidden = op.Bool
		case "purchaseDateOverride":
			at := op.At
			tr.Acquired = &at
		case "resetFiatValue":
			tr.Value, tr.Basis = tr.Orig, nil
		case "label":
			l := op.Label
			tr.Label = &l
		case "wipeLabel":
			tr.Label = nil
		case "toAccountId":
			tr.To = ""
			if op.Acc != noRef {
				tr.To = h.id(op.Acc)
			}
		}
	case "receivePrice":
		price := decimal.RequireFromString(op.Value)
		for _, id := range ids(op.Txs) {
			for _, tr := range m.transfersOf(id) {
				if tr.From != "" || tr.To == "" || tr.IsFee {
					continue
				}
				if op.Label != "" && tr.Asset == op.Label || op.Label == "" && tr.Value == nil {
					v := tr.Qty.Mul(price)
					tr.Value = &v
				}
			}
		}
	case "costBasis":
		for _, id := range ids(op.Txs) {
			t := m.txs[id]
			t.MissingOverride = nil
			if !op.Wipe {
				b := op.Bool
				t.MissingOverride = &b
			}
		}
	case "pair":
		m.pairs[h.id(op.Tx)] = &mPair{From: h.id(op.Tx), To: h.id(op.Tx2), Kind: orDefault(op.Field, "INTERNAL_TRANSFER")}
	case "unpair":
		delete(m.pairs, h.id(op.Tx))
	case "split":
		var out []struct{ ID string }
		if err := json.Unmarshal(ans.Data["splitTransactionIntoMany"], &out); err != nil {
			return err
		}
		base := h.tx(op.Tx)
		if len(out) != len(op.Groups)+1 || out[0].ID != base.ID {
			h.diverge("answer split", "op %d: splitTransactionIntoMany answered %+v, want the base then %d children", i, out, len(op.Groups))
			return nil
		}
		next := base.Ordinal
		for _, c := range m.txs {
			if c.Parent == base.ID && !c.Deleted {
				next = max(next, c.Ordinal)
			}
		}
		for k, g := range op.Groups {
			c := newTx(out[k+1].ID, k, base.Account, base.At)
			c.Parent, c.Ordinal, c.Label = base.ID, next+1+k, base.Label
			if k == 0 && op.Label != "" {
				l := op.Label
				c.Label = &l
			}
			for pos, r := range g {
				tr := m.trs[h.id(r)]
				tr.Tx, tr.Pos = c.ID, pos
			}
		}
	case "merge":
		to := h.tx(op.Tx)
		pos := nextPos(to.ID)
		for _, id := range ids(op.Txs) {
			for _, tr := range m.transfersOf(id) {
				tr.Tx, tr.Pos = to.ID, pos
				pos++
			}
			m.txs[id].Deleted = true
		}
	case "duplicate":
		var out struct {
			ID        string
			Transfers []struct{ ID string }
		}
		if err := json.Unmarshal(ans.Data["duplicateTransaction"], &out); err != nil {
			return err
		}
		src := h.tx(op.Tx)
		c := newTx(out.ID, 0, src.Account, src.At)
		c.Ordinal, c.Label, c.Notes = src.Ordinal, src.Label, src.Notes
		trs := m.visibleTransfersOf(src.ID)
		if len(out.Transfers) != len(trs) {
			h.diverge("answer duplicate", "op %d: the copy has %d transfers, the original %d visible", i, len(out.Transfers), len(trs))
			return nil
		}
		for k, tr := range trs {
			x := *tr
			x.ID, x.H, x.Tx, x.Pos = out.Transfers[k].ID, trRef(i, k), c.ID, k
			x.Orig = x.Value // a person's copy: its values are its own
			m.trs[x.ID], m.handles[x.H] = &x, x.ID
		}
	case "undo":
		ks := append([]int(nil), op.UndoOps...)
		sort.Sort(sort.Reverse(sort.IntSlice(ks)))
		for _, k := range ks {
			m.restore(h.before[k], h.changed[k])
			h.undone[k] = true
		}
	case "deleteAccount":
		acc := h.id(op.Acc)
		for _, t := range h.m.sortedTxs() {
			if t.Account != acc {
				continue
			}
			other := ""
			for _, tr := range m.transfersOf(t.ID) {
				for _, side := range []string{tr.From, tr.To} {
					if side != "" && side != acc && m.own(side) && (tr.From == acc || tr.To == acc) && (other == "" || side < other) {
						other = side
					}
				}
			}
			if other == "" {
				t.Deleted = true
				if p := m.pairOf(t.ID); p != nil {
					delete(m.pairs, p.From) // its link goes: the other side counts as it is
				}
				continue
			}
			t.Account = other // a move with another own account stays, as that account's
			for _, tr := range m.transfersOf(t.ID) {
				if (tr.From == "" || tr.From == acc) && (tr.To == "" || tr.To == acc) {
					delete(m.trs, tr.ID) // its legs touching only the deleted account go
				}
			}
		}
		for _, tr := range m.trs {
			if tr.From == acc {
				tr.From = ""
			}
			if tr.To == acc {
				tr.To = ""
			}
		}
		m.accounts[acc].Deleted = true
	case "retireAccount":
		h.account(op.Acc).Retired = true
	case "renameAccount":
		h.account(op.Acc).Name = op.Name
	case "method":
		m.settings.Method = op.Method
	case "taxSettings":
		if op.Field == "changes" {
			m.settings.Changes = append([]methodChange(nil), op.Changes...)
		} else {
			m.settings.Basis = op.Basis
			if op.Basis == "UNIVERSAL_THEN_PER_WALLET" {
				m.settings.Switch = time.Date(op.Switch.Year(), op.Switch.Month(), op.Switch.Day(), 0, 0, 0, 0, time.UTC)
			}
		}
	case "timezone":
		m.settings.Timezone = op.Timezone
	case "fiscalYear":
		m.settings.Fiscal = op.Field
	case "spam":
		m.setSpam(op.Label, op.Bool)
	}
	return nil
}

func nonEmptyPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// applyImport adds the file's rows to the model with the ids the service gave them: the
// transactions of the account at the rows' times, their transfers matched by asset and side.
func (h *harness) applyImport(i int, ans gqlAnswer) error {
	if err := h.waitImports(); err != nil {
		return err
	}
	op, m := h.ops[i], h.m
	rows := op.Rows
	acc := op.Acc
	switch op.Kind {
	case "importNew":
		var accs []struct{ ID string }
		if err := json.Unmarshal(ans.Data["createAccount"], &accs); err != nil || len(accs) != 1 {
			return fmt.Errorf("createAccount answered %s (%v)", ans.Data["createAccount"], err)
		}
		a := &mAccount{ID: accs[0].ID, Name: op.Name, H: accRef(i)}
		m.accounts[a.ID], m.handles[a.H] = a, a.ID
		acc = a.H
	case "reimport":
		return h.learnAssets() // the same file again: nothing is imported twice
	}
	if err := h.learnAssets(); err != nil {
		return err
	}
	accountID := h.id(acc)
	byTime := map[int64]listedTx{}
	var list struct{ Transactions []listedTx }
	if err := h.must("getClientTransactions", `query($c: ID!, $a: [ID!]) { getClientTransactions(clientId: $c, accountIds: $a, includeHidden: true, includeSpam: true, limit: 500) {
		transactions { id createdAt transfers { id assetId fromAccountId toAccountId isFee } } } }`, map[string]any{"c": h.client, "a": []string{accountID}}, &list); err != nil {
		return err
	}
	for _, t := range list.Transactions {
		if _, known := m.txs[t.ID]; !known {
			byTime[t.CreatedAt.Unix()] = t
		}
	}
	symbolOf := map[string]string{}
	for s, id := range m.assets {
		symbolOf[id] = s
	}
	for k, r := range rows {
		lt, ok := byTime[r.At.Unix()]
		if !ok {
			h.diverge("import", "op %d: the row at %s was not imported as a transaction of the account", i, r.At.Format(time.RFC3339))
			return nil
		}
		label, trs := rowTransfers(r, accountID)
		t := &mTx{ID: lt.ID, H: ref{i, k}, Account: accountID, At: r.At, Label: label, Notes: nonEmptyPtr(r.Notes)}
		m.txs[t.ID], m.handles[t.H] = t, t.ID
		used := map[string]bool{}
		for j, tr := range trs {
			tr.Tx, tr.H, tr.FromImport = t.ID, trRef(i, 100*k+j), true
			for _, x := range lt.Transfers {
				if used[x.ID] || symbolOf[x.AssetID] != tr.Asset || x.IsFee != tr.IsFee || (x.FromAccountID != nil) != (tr.From != "") {
					continue
				}
				tr.ID, used[x.ID] = x.ID, true
				break
			}
			if tr.ID == "" {
				if !isFiatAsset(tr.Asset) {
					h.diverge("import", "op %d: the row at %s has no %s transfer %s -> %s", i, r.At.Format(time.RFC3339), tr.Asset, tr.From, tr.To)
					return nil
				}
				// a fiat leg the service did not store: the model keeps it and the comparison names it
				tr.ID = uuid.NewString()
			}
			m.trs[tr.ID], m.handles[tr.H] = tr, tr.ID
		}
	}
	return nil
}

// waitImports polls getTransactionImportJobs until no file import is queued or running (a worker
// may import the file after the mutation answered) and fails when the latest one did not succeed.
func (h *harness) waitImports() error {
	return testwait.Within("the file imports to finish", 90*time.Second, func() (bool, error) {
		var out struct {
			HasActiveJobs bool
			Jobs          []struct {
				Status string
				Error  *string
			}
		}
		if err := h.must("getTransactionImportJobs", `query($c: ID!) { getTransactionImportJobs(clientId: $c) { hasActiveJobs jobs { status error } } }`,
			map[string]any{"c": h.client}, &out); err != nil {
			return false, err
		}
		if !out.HasActiveJobs && len(out.Jobs) > 0 && out.Jobs[0].Status == "FAILED" {
			return false, fmt.Errorf("the file import failed: %s", strp(out.Jobs[0].Error))
		}
		return !out.HasActiveJobs, nil
	})
}

// learnAssets reads the client's asset ids (imports create the assets of their symbols).
func (h *harness) learnAssets() error {
	var out struct {
		Assets []struct{ ID, Symbol string }
	}
	if err := h.must("getClientAssets", `query($c: ID!) { getClientAssets(clientId: $c) { assets { id symbol } } }`, map[string]any{"c": h.client}, &out); err != nil {
		return err
	}
	for _, a := range out.Assets {
		h.m.assets[strings.ToUpper(a.Symbol)] = a.ID
	}
	return nil
}
