package recalc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/store"
	"taxd/internal/tax"
	"taxd/internal/taxsettings"
)

// snapshot is the ledger as one consistent read saw it: all of it for a full run, the part from
// the base checkpoint on for an incremental one.
type snapshot struct {
	clientID  uuid.UUID
	input     tax.Input
	transfers int
	// the dirty marks this snapshot saw, as ranges of consecutive seqs [dirtyLows[i], dirtyHighs[i]]
	dirtyLows, dirtyHighs []int64
	dirtyMarks            int
	// info is beside input.Transactions: the transactions' own columns for their result rows
	info        []txInfo
	feesInexact bool // see ledgerPart
	hasSpam     bool // the client has spam assets, whose transfers the run leaves out
	settingsSeq *int64
	settingsKey string
	// txPerYear counts the ledger's shown transactions per tax year (Settings.TaxYearOf: the fiscal
	// year, or GB's from 6 April; for the summaries' transaction count; joinLedger says which are
	// shown), the part before the base checkpoint included.
	txPerYear map[int]int
	// shownAside are the times of the shown transactions read that the engine gets no transfer of
	// (in order; the shown ones among input.Transactions are those not failed)
	shownAside []time.Time
	// base is set for an incremental run: the checkpoint of the current result set it resumes from.
	base *baseCheckpoint
	// filled holds the values a link gave transfers without one (a cross-chain swap), by transfer
	filled map[tax.ID]tax.Dec
}

// baseCheckpoint is a stored checkpoint of the client's current result set.
type baseCheckpoint struct {
	resultSet   uuid.UUID
	cp          tax.Checkpoint
	disposalSeq int // tax_disposals.seq and tax_income.seq written before it
	incomeSeq   int
	// dirtyFrom is the earliest instant the dirty marks affect (at or after cp.At): the ledger
	// before it is the one the current results were computed from.
	dirtyFrom time.Time
	// monthToDate: the figures of cp.At's month before it (nil for a checkpoint at a month start)
	monthToDate *monthToDate
}

// load reads settings and the ledger of a client in one REPEATABLE READ snapshot, streaming the
// rows (one query, no N+1) and parsing numerics from text straight into the engine's decimal.
// With incremental set it reads only the ledger from the latest checkpoint of the current results
// before every dirty mark, when there is one and the results were computed under the same
// settings (see planIncremental); otherwise the whole ledger.
func load(ctx context.Context, pool *pgxpool.Pool, clientID uuid.UUID, incremental bool) (*snapshot, error) {
	s := &snapshot{clientID: clientID, txPerYear: map[int]int{}}
	err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if err := db.New(tx).SetLedgerReadSettings(ctx); err != nil {
			return err
		}
		c, err := db.New(tx).LoadRecalcClient(ctx, clientID)
		if err != nil {
			return err
		}
		s.settingsSeq = c.SettingsDirtySeq
		current, currentKey, currentColumns, currentRemovals := c.CurrentResultSetID, c.SettingsKey, c.TransactionColumns, c.RemovalsWritten
		// The client's tax settings (per-year methods, per-wallet switch) reach the engine here.
		ts, err := taxsettings.Parse(c.CostBasisAlgorithm, c.PerWalletFrom, c.Timezone, c.FiscalYearStart, c.Country, c.LockTaxesUntil, c.Settings)
		if err != nil {
			return err
		}
		// AsOf applies the per-wallet switch to the lots still held now when the ledger ends before it.
		if s.input.Settings, err = ts.Engine(time.Now()); err != nil {
			return err
		}
		s.settingsKey = ts.Key()
		dirtyFrom, err := s.loadDirty(ctx, tx)
		if err != nil {
			return err
		}
		// A set written before its rows carried their transactions' columns (migration 00020), or
		// before its removals were kept, is written again in full, so that its kept rows have them too.
		if incremental && s.settingsSeq == nil && current != nil && currentKey != nil && *currentKey == s.settingsKey && dirtyFrom != nil &&
			currentColumns != nil && *currentColumns != "none" && currentRemovals != nil && *currentRemovals {
			if err := s.loadBase(ctx, tx, *current, *dirtyFrom, s.input.Settings.Lookahead()); err != nil {
				return err
			}
		}
		if err := s.loadLedger(ctx, pool, tx); err != nil {
			return err
		}
		return s.applyLinks(ctx, tx) // pairs.go
	})
	return s, err
}

// loadBase finds the latest checkpoint of result set rs at or before from (the earliest dirty
// instant) less lookahead; without one the run stays full. Under GB and CA (lookahead: the
// window after a disposal) the disposals still waiting for their window at the checkpoint then
// come out of the resumed run as they were stored.
func (s *snapshot) loadBase(ctx context.Context, tx pgx.Tx, rs uuid.UUID, from time.Time, lookahead time.Duration) error {
	var b baseCheckpoint
	row, err := db.New(tx).LatestCheckpointAtOrBefore(ctx, db.LatestCheckpointAtOrBeforeParams{ResultSetID: rs, AtTime: from.Add(-lookahead)})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	b.disposalSeq, b.incomeSeq = int(row.DisposalSeq), int(row.IncomeSeq)
	years, state := row.YearTransactions, row.State
	if err := b.cp.UnmarshalBinary(state); err != nil {
		return nil // written by another version of the engine: recompute in full
	}
	var counts yearCounts
	if err := json.Unmarshal(years, &counts); err != nil {
		return err
	}
	if counts.TaxYears == nil || counts.Counted != countedShown {
		return nil // counted by calendar year, or not the shown transactions: recompute in full
	}
	if counts.MonthToDate == nil && !b.cp.At.Equal(monthStart(monthOf(b.cp.At.UTC()))) {
		return nil // its month's figures before it are unknown: recompute in full
	}
	b.monthToDate = counts.MonthToDate
	for y, n := range counts.TaxYears {
		yi, err := strconv.Atoi(y)
		if err != nil {
			return err
		}
		s.txPerYear[yi] += n
	}
	b.resultSet, b.dirtyFrom = rs, from
	s.base = &b
	return nil
}

// loadDirty reads the client's dirty marks and returns the earliest instant they affect (nil when
// there is none, or a mark without an instant: then only a full run is safe).
func (s *snapshot) loadDirty(ctx context.Context, tx pgx.Tx) (*time.Time, error) {
	span, err := db.New(tx).DirtyMarkSpan(ctx, s.clientID)
	if err != nil || span.Marks == 0 {
		return nil, err
	}
	s.dirtyMarks = int(span.Marks)
	if span.High-span.Low+1 == span.Marks { // every seq between: one range (seqs are unique)
		s.dirtyLows, s.dirtyHighs = []int64{span.Low}, []int64{span.High}
		if span.Unknown {
			return nil, nil
		}
		earliest, err := s.linkedDirtyFrom(ctx, tx, span.Earliest) // pairs.go
		return &earliest, err
	}
	marks, err := db.New(tx).ListDirtyMarks(ctx, s.clientID)
	if err != nil {
		return nil, err
	}
	var from *time.Time
	unknown := false
	seqs := make([]int64, 0, len(marks))
	for _, m := range marks {
		seq, at := m.Seq, m.OccurredAt
		seqs = append(seqs, seq)
		switch {
		case at == nil:
			unknown = true
		case from == nil || at.Before(*from):
			from = at
		}
	}
	s.dirtyLows, s.dirtyHighs = dirtyRanges(seqs)
	if unknown {
		from = nil
	}
	if from == nil {
		return nil, nil
	}
	earliest, err := s.linkedDirtyFrom(ctx, tx, *from) // pairs.go
	return &earliest, err
}

// loadLedger reads the ledger in settlement order, all of it for a full run and from the base
// checkpoint on for an incremental one, as two scans on two connections at once (transactions and
// transfers), joined here (ledgerjoin.go; the second connection joins this transaction's snapshot,
// store.WithSharedSnapshot, so both read the same ledger); on a pool too small for that, the two
// scans one after the other on this transaction.
func (s *snapshot) loadLedger(ctx context.Context, pool *pgxpool.Pool, tx pgx.Tx) error {
	names, err := loadNames(ctx, tx, s.clientID)
	if err != nil {
		return err
	}
	spam, err := spamAssets(ctx, tx, s.clientID)
	if err != nil {
		return err
	}
	s.hasSpam = len(spam) > 0
	var spamOnly map[uuid.UUID]bool // (without spam assets no transaction moves only spam)
	if s.hasSpam {
		ids, err := db.New(tx).SpamOnlyTransactionIDs(ctx, s.clientID)
		if err != nil {
			return err
		}
		spamOnly = make(map[uuid.UUID]bool, len(ids))
		for _, id := range ids {
			spamOnly[id] = true
		}
	}
	// The slices are allocated once, sized from the previous results' transaction count (no count
	// of the ledger first): growing a slab by doubling copies it and faults it in again.
	counted, err := db.New(tx).CurrentResultTransactionCount(ctx, s.clientID)
	if err != nil {
		return err
	}
	// Without results yet (the first run after an import) the dirty marks, one or more per new
	// transaction, are the better estimate.
	n := max(int(counted), s.dirtyMarks)
	reads := wholeLedger(s.clientID)
	if s.base != nil {
		// the tail: the previous results' transactions less those before the checkpoint (its
		// count per year), and the new ones
		n = max(int(counted)-s.ledgerLength()+s.dirtyMarks, 1024)
		reads = ledgerFrom(s.clientID, s.base.cp.At)
	}
	return store.WithSharedSnapshot(ctx, pool, tx, func(second pgx.Tx) error {
		part, err := readLedgerJoined(ctx, tx, second, reads, spam, spamOnly, n, names, s.input.Settings.TaxYearOf) // bulksql.go
		if err != nil {
			return err
		}
		s.add(part)
		return nil
	})
}

func spamAssets(ctx context.Context, tx pgx.Tx, clientID uuid.UUID) ([]uuid.UUID, error) {
	ids, err := db.New(tx).SpamAssetIDs(ctx, clientID)
	if ids == nil {
		ids = []uuid.UUID{}
	}
	return ids, err
}

// ledgerPart is the ledger, or a stretch of it, as read.
type ledgerPart struct {
	txs       []tax.Transaction
	info      []txInfo // beside txs
	transfers int
	years     map[int]int // shown transactions per tax year (joinLedger)
	// shownAside are the times of the shown transactions the engine gets no transfer of (in order)
	shownAside []time.Time
	// feesInexact: a fee did not fit tax.Dec exactly (more than 18 fractional digits), so the
	// fees of txInfo may differ from the ledger's
	feesInexact bool
}

// txInfo is what the transaction list's filters and totals read of a transaction, as the snapshot
// saw it; the recalculation copies it onto the transaction's result row (migration 00020).
type txInfo struct {
	account    uuid.UUID
	hasAccount bool
	reviewed   bool
	failed     bool
	label      *string
	fees       tax.Dec // fee transfers' fiat values plus fiat fees, of the transfers read
	// missingBasis is a person's missing-basis override (transactions.is_missing_basis_override:
	// updateMultiTransactionsCostBasis): overrideNone, or the flag the result row keeps whatever the
	// engine found
	missingBasis override
}

// override is a person's setting of a flag the engine computes.
type override int8

const (
	overrideNone override = iota
	overrideFalse
	overrideTrue
)

// decodeOverride decodes a nullable boolean column (binary format).
func decodeOverride(v []byte) (override, error) {
	if v == nil {
		return overrideNone, nil
	}
	b, err := rawBool(v)
	if b {
		return overrideTrue, err
	}
	return overrideFalse, err
}

// apply is the flag a result row keeps: the override when set, else the computed one.
func (o override) apply(computed bool) bool {
	if o == overrideNone {
		return computed
	}
	return o == overrideTrue
}

func (s *snapshot) add(p ledgerPart) {
	if s.input.Transactions == nil {
		s.input.Transactions = p.txs
		s.info = p.info
	} else {
		s.input.Transactions = append(s.input.Transactions, p.txs...)
		s.info = append(s.info, p.info...)
	}
	s.feesInexact = s.feesInexact || p.feesInexact
	s.transfers += p.transfers
	for y, n := range p.years {
		s.txPerYear[y] += n
	}
	s.shownAside = append(s.shownAside, p.shownAside...)
}

// loadNames interns the client's account and asset ids before the ledger is read, so that parallel
// readers share one string per id without locking.
func loadNames(ctx context.Context, tx pgx.Tx, clientID uuid.UUID) (interner, error) {
	ids, err := db.New(tx).AccountAndAssetIDs(ctx, clientID)
	if err != nil {
		return nil, err
	}
	names := make(interner, len(ids))
	for _, id := range ids {
		names[id] = id.String()
	}
	return names, nil
}

// transferChunk is how many transfers one arena chunk holds.
const transferChunk = 1 << 14

// decodeLedgerRow decodes one row of ledgerQuery (binary format) into the engine's transfer.
func decodeLedgerRow(v [][]byte, names interner) (t tax.Transfer, txID tax.ID, at time.Time, err error) {
	if len(v) != 19 {
		return t, txID, at, fmt.Errorf("ledger row of %d columns", len(v))
	}
	bad := func(col string, err error) error { return fmt.Errorf("ledger %s: %w", col, err) }
	id, err := rawUUID(v[0])
	if err != nil {
		return t, txID, at, bad("transaction id", err)
	}
	txID = tax.ID(id)
	if at, err = rawTime(v[1]); err != nil {
		return t, txID, at, bad("occurred_at", err)
	}
	t, err = decodeTransfer(v, names, v[15])
	return t, txID, at, err
}

// decodeTransfer decodes columns 2 to 13 of a ledger row (binary format): the transfer itself, labelled
// fallback when its own label is NULL.
func decodeTransfer(v [][]byte, names interner, fallback []byte) (t tax.Transfer, err error) {
	bad := func(col string, err error) error { return fmt.Errorf("ledger %s: %w", col, err) }
	trID, err := rawUUID(v[2])
	if err != nil {
		return t, bad("transfer id", err)
	}
	asset, err := rawUUID(v[3])
	if err != nil {
		return t, bad("asset", err)
	}
	t = tax.Transfer{ID: tax.ID(trID), Asset: names.of(asset), StakingAccountIdentifier: string(v[12])}
	if t.IsFee, err = rawBool(v[11]); err != nil {
		return t, bad("is_fee", err)
	}
	if v[5] != nil {
		from, err := rawUUID(v[5])
		if err != nil {
			return t, bad("from account", err)
		}
		t.From = names.of(from)
	}
	if v[6] != nil {
		to, err := rawUUID(v[6])
		if err != nil {
			return t, bad("to account", err)
		}
		t.To = names.of(to)
	}
	// An amount beyond what the engine holds (imports and edits refuse them; one stored before or
	// by another path) never fails the run: a quantity is left out (the engine warns zero_quantity),
	// a value is missing (missing_price), a fee is none.
	if t.Quantity, t.Rounded, err = rawDec(v[4], "quantity", trID); errors.Is(err, tax.ErrOverflow) {
		t.Quantity, t.Rounded, err = tax.Dec{}, false, nil
	}
	if err != nil {
		return t, err
	}
	// A basis override on an inbound transfer is its acquisition value.
	value := v[7]
	if v[8] != nil && v[5] == nil {
		value = v[8]
	}
	if value != nil {
		var rounded bool
		switch t.FiatValue, rounded, err = rawDec(value, "fiat value", trID); {
		case errors.Is(err, tax.ErrOverflow):
			t.FiatValue = tax.Dec{}
		case err != nil:
			return t, err
		default:
			t.HasFiatValue, t.Rounded = true, t.Rounded || rounded
		}
	}
	if v[9] != nil {
		if t.FeeFiat, _, err = rawDec(v[9], "fee", trID); errors.Is(err, tax.ErrOverflow) {
			t.FeeFiat, err = tax.Dec{}, nil
		}
		if err != nil {
			return t, err
		}
	}
	// The transfer's label, else its transaction's (fallback: a column of its own rather than a
	// coalesce, as the transaction's is read for its result row anyway and the sorted rows stay
	// narrower; the joined read passes none and falls back after the join).
	label := v[10]
	if label == nil {
		label = fallback
	}
	if len(label) > 0 {
		if t.Label, err = tax.ParseLabel(string(label)); err != nil {
			return t, fmt.Errorf("transfer %s: %w", trID, err)
		}
	}
	if v[13] != nil {
		if t.AcquiredAt, err = rawTime(v[13]); err != nil {
			return t, bad("purchase date", err)
		}
	}
	return t, nil
}

func parseDec(b []byte, what string, id uuid.UUID) (tax.Dec, bool, error) {
	d, inexact, err := tax.ParseDecRound(string(b))
	if err != nil {
		return tax.Dec{}, false, fmt.Errorf("transfer %s: %s %q: %w", id, what, b, err)
	}
	return d, inexact, nil
}

// interner gives each account or asset id one string: no allocation per transfer, and the engine's
// interning caches (which compare string pointers) hit every time.
type interner map[uuid.UUID]string

// of is safe for concurrent use: the map is filled before reading starts and never written after.
func (in interner) of(id uuid.UUID) string {
	if s, ok := in[id]; ok {
		return s
	}
	return id.String() // not the client's (cannot happen with the foreign keys): no sharing
}

// decodeTxInfo decodes the transaction's own columns of a ledger row (account, label, reviewed,
// failed, missing-basis override).
func decodeTxInfo(v [][]byte, labels map[string]*string) (ti txInfo, err error) {
	if v[14] != nil {
		if ti.account, err = rawUUID(v[14]); err != nil {
			return ti, fmt.Errorf("ledger account: %w", err)
		}
		ti.hasAccount = true
	}
	if v[15] != nil {
		l, ok := labels[string(v[15])]
		if !ok {
			s := string(v[15])
			l = &s
			labels[s] = l
		}
		ti.label = l
	}
	if ti.reviewed, err = rawBool(v[16]); err != nil {
		return ti, fmt.Errorf("ledger is_reviewed: %w", err)
	}
	if ti.failed, err = rawBool(v[17]); err != nil {
		return ti, fmt.Errorf("ledger is_failed: %w", err)
	}
	if ti.missingBasis, err = decodeOverride(v[18]); err != nil {
		return ti, fmt.Errorf("ledger is_missing_basis_override: %w", err)
	}
	return ti, nil
}

// addFees adds a transfer's share of its transaction's fees to sum, as the transaction list sums
// them (a fee transfer's fiat value, plus a fiat fee given on any transfer); false when a value
// does not fit tax.Dec exactly.
func addFees(sum *tax.Dec, v [][]byte, isFee bool, id tax.ID) bool {
	exact := true
	add := func(raw []byte, what string) {
		d, rounded, err := rawDec(raw, what, uuid.UUID(id))
		if err != nil || rounded {
			exact = false
			return
		}
		if *sum, err = sum.Add(d); err != nil {
			exact = false
		}
	}
	if isFee && v[7] != nil {
		add(v[7], "fiat value")
	}
	if v[9] != nil {
		add(v[9], "fee")
	}
	return exact
}
