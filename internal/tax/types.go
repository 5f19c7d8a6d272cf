package tax

import (
	"encoding/hex"
	"fmt"
	"time"
)

// ID identifies a transaction or a transfer: the 16 bytes of the database UUID
// (uuid.UUID converts directly: tax.ID(u)).
type ID [16]byte

// String formats the ID as a canonical UUID.
func (id ID) String() string { return string(id.AppendUUID(nil)) }

// AppendUUID appends the canonical UUID form (36 bytes) to b without allocating.
func (id ID) AppendUUID(b []byte) []byte {
	var buf [36]byte
	hex.Encode(buf[0:8], id[0:4])
	buf[8] = '-'
	hex.Encode(buf[9:13], id[4:6])
	buf[13] = '-'
	hex.Encode(buf[14:18], id[6:8])
	buf[18] = '-'
	hex.Encode(buf[19:23], id[8:10])
	buf[23] = '-'
	hex.Encode(buf[24:], id[10:])
	return append(b, buf[:]...)
}

// MarshalText formats the ID as a UUID.
func (id ID) MarshalText() ([]byte, error) { return id.AppendUUID(nil), nil }

// LotID numbers lots in creation order, from 1; 0 means "no lot" (an uncovered piece).
// When part of a lot moves to another pool the moving part gets a new LotID; the rest keeps its own.
type LotID uint64

// Method is a lot-selection (cost-basis) method.
type Method uint8

// Lot-selection methods.
const (
	FIFO        Method = iota // first in, first out: earliest acquisition first
	LIFO                      // last in, first out: latest acquisition first
	HIFO                      // highest unit cost first (ties: earliest acquisition, then lot id)
	LOFO                      // lowest unit cost first (ties: earliest acquisition, then lot id)
	AverageCost               // pooled average cost per unit; lots consumed FIFO for dates and terms
)

var methodNames = [...]string{"fifo", "lifo", "hifo", "lofo", "average"}

func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("method(%d)", m)
}

// MarshalText implements encoding.TextMarshaler.
func (m Method) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// ParseMethod parses "fifo", "lifo", "hifo", "lofo" or "average" ("avg", "average_cost" accepted).
func ParseMethod(s string) (Method, error) {
	switch s {
	case "fifo", "FIFO":
		return FIFO, nil
	case "lifo", "LIFO":
		return LIFO, nil
	case "hifo", "HIFO":
		return HIFO, nil
	case "lofo", "LOFO":
		return LOFO, nil
	case "average", "avg", "average_cost", "AVERAGE", "AVERAGE_COST", "ACB":
		return AverageCost, nil
	}
	return 0, fmt.Errorf("tax: unknown method %q (want fifo, lifo, hifo, lofo or average)", s)
}

// MethodChange selects Method for tax years FromYear and later (until the next change).
type MethodChange struct {
	FromYear int    `json:"fromYear"`
	Method   Method `json:"method"`
}

// Settings are the client's tax settings.
type Settings struct {
	// Jurisdiction picks the rule set (zero: US). Under rules without ClientLots (every one but
	// US), Methods, PerWalletFrom, AsOf and the fiscal-year start are not used: the rules fix the
	// tax year (GB 6 April, AU 1 July, CA and DE 1 January) and how costs are matched.
	Jurisdiction Jurisdiction
	// Methods lists the method by tax year, ascending FromYear. Years before the first entry use the
	// first entry's method; an empty list means FIFO throughout.
	Methods []MethodChange
	// PerWalletFrom is the instant from which every own account keeps its own lot queues
	// (US: 2025-01-01 local time). Before it, one universal pool per asset. Zero: never. The switch
	// happens before the first transaction at or after it, or at the end when AsOf reaches it.
	PerWalletFrom time.Time
	// AsOf, when set, is the instant the remaining lots describe (e.g. now): if the ledger ends before
	// PerWalletFrom but AsOf is at or after it, the per-wallet allocation is still applied at the end.
	AsOf time.Time
	// Location is the client's timezone for tax-year boundaries and holding periods (nil: UTC).
	Location *time.Location
	// FiscalYearStartMonth/Day start the tax year (zero: January 1). A tax year is named by the
	// calendar year in which it starts.
	FiscalYearStartMonth time.Month
	FiscalYearStartDay   int
}

// Transaction is one ledger transaction; its transfers are processed in slice order.
type Transaction struct {
	ID        ID
	Time      time.Time
	Transfers []Transfer
}

// Transfer moves Quantity of Asset from From to To. An empty account is external (not the client's).
// (Fields are ordered for size: 176 bytes.)
type Transfer struct {
	ID       ID
	Asset    string
	From, To string
	// StakingAccountIdentifier keys a virtual staking/LP account; honoured only for staking and LP labels.
	StakingAccountIdentifier string
	// ToAsset, on a move between own accounts, is the asset the units become at the destination (a
	// bridge: ETH on one chain arrives as bridged ETH on another); the lots move to it keeping basis and
	// acquisition date, unit for unit. Empty: Asset. Ignored on other transfers.
	ToAsset  string
	Quantity Dec // > 0
	// FiatValue is the fair market value of the whole Quantity; HasFiatValue=false means unknown.
	FiatValue Dec
	// FeeFiat is a fiat fee paid on this transfer: added to basis on an acquisition, deducted from
	// proceeds on a disposal, ignored elsewhere.
	FeeFiat Dec
	// AcquiredAt, when set on an inbound transfer, overrides the lot's acquisition date
	// (e.g. a gift received keeps the donor's holding period).
	AcquiredAt   time.Time
	HasFiatValue bool
	Label        Label
	// IsFee marks a crypto fee transfer (same as Label == LabelFee).
	IsFee bool
	// ReportedOn1099DA: the disposal was reported to the IRS on a 1099-DA (a 1099-B before 2025);
	// BasisReported: with its basis. They choose the Form 8949 box.
	ReportedOn1099DA bool
	BasisReported    bool
	// Rounded marks a transfer whose quantity or values were rounded to 18 fractional digits at the
	// boundary (see ParseDecRound); the engine then emits a "rounded" warning.
	Rounded bool
}

// Input is everything Compute needs.
type Input struct {
	Settings     Settings
	Transactions []Transaction // in settlement order: non-decreasing Time, then a stable tiebreak
}

// Term is a holding-period class.
type Term uint8

// Terms.
const (
	ShortTerm Term = iota
	LongTerm
)

func (t Term) String() string {
	if t == LongTerm {
		return "long"
	}
	return "short"
}

// MarshalText implements encoding.TextMarshaler.
func (t Term) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// Box is a Form 8949 checkbox letter ('A'..'L'), or 0 for a non-reportable piece.
type Box byte

func (b Box) String() string {
	if b == 0 {
		return ""
	}
	return string(rune(b))
}

// MarshalText implements encoding.TextMarshaler.
func (b Box) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// Part returns the Form 8949 part: 1 (short-term boxes A-C, G-I) or 2 (long-term D-F, J-L), 0 for none.
func (b Box) Part() int {
	switch b {
	case 'A', 'B', 'C', 'G', 'H', 'I':
		return 1
	case 'D', 'E', 'F', 'J', 'K', 'L':
		return 2
	}
	return 0
}

// DisposalKind says why units left the client's pools.
type DisposalKind uint8

// Disposal kinds. Gift, Donation, Lost and TransferOut are non-taxable (zero proceeds and gain, no box).
const (
	KindSale        DisposalKind = iota // taxable: sale, swap leg, payment
	KindFee                             // taxable: crypto spent on a fee
	KindFutures                         // taxable: crypto paid to settle a futures loss
	KindGift                            // non-taxable: gift sent
	KindDonation                        // non-taxable: charitable donation
	KindLost                            // non-taxable: lost or stolen
	KindTransferOut                     // non-taxable: "internal" label to an untracked account
)

var kindNames = [...]string{"sale", "fee", "futures", "gift", "donation", "lost", "transfer_out"}

func (k DisposalKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// MarshalText implements encoding.TextMarshaler.
func (k DisposalKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Taxable reports whether pieces of this kind are capital-gain events.
func (k DisposalKind) Taxable() bool { return k <= KindFutures }

// Instant is a UTC instant in Unix nanoseconds. Result records use it instead of time.Time so that
// they hold no pointers (the garbage collector never scans millions of disposals).
type Instant int64

// InstantOf converts a time.Time.
func InstantOf(t time.Time) Instant { return Instant(t.UnixNano()) }

// Time converts to a UTC time.Time.
func (t Instant) Time() time.Time { return time.Unix(0, int64(t)).UTC() }

// String formats as RFC 3339 with nanoseconds, UTC.
func (t Instant) String() string { return t.Time().Format(time.RFC3339Nano) }

// MarshalText implements encoding.TextMarshaler.
func (t Instant) MarshalText() ([]byte, error) {
	return t.Time().AppendFormat(nil, time.RFC3339Nano), nil
}

// Ref indexes Result.Assets or Result.Accounts. Accounts[0] is "": the universal pool (for lots) or
// an external party.
type Ref int32

// Lot is a remaining lot at the end of the ledger.
type Lot struct {
	ID             LotID   `json:"id"`
	SourceTransfer ID      `json:"sourceTransfer"` // the inbound transfer that created the lot
	Quantity       Dec     `json:"quantity"`
	Basis          Dec     `json:"basis"`
	AcquiredAt     Instant `json:"acquiredAt"`
	Account        Ref     `json:"account"` // 0 = the universal pool (before the per-wallet switch); "staking:<id>" = a staking position
	Asset          Ref     `json:"asset"`
	MissingBasis   bool    `json:"missingBasis"`
}

// Disposal is one piece of a disposal: the part of one outbound transfer served by one lot
// (or the uncovered remainder, LotID 0). A big ledger has more pieces than transactions, and on a
// fresh engine every byte of them is memory the process touches for the first time, so the record is
// kept small (120 bytes): the gain is derived (Gain), the tax year is an int16, and the fields are
// ordered so that nothing pads.
type Disposal struct {
	TransferID      ID           `json:"transfer"`
	LotSource       ID           `json:"lotSource"` // the transfer that created the lot (zero if uncovered)
	Quantity        Dec          `json:"quantity"`
	Proceeds        Dec          `json:"proceeds"`
	Basis           Dec          `json:"basis"`
	LotID           LotID        `json:"lot"`
	AcquiredAt      Instant      `json:"acquiredAt"` // zero if uncovered
	DisposedAt      Instant      `json:"disposedAt"`
	Asset           Ref          `json:"asset"`
	Account         Ref          `json:"account"`
	TaxYear         int16        `json:"taxYear"`
	Kind            DisposalKind `json:"kind"`
	Term            Term         `json:"term"`
	Box             Box          `json:"box"`
	Uncovered       bool         `json:"uncovered"`
	MissingBasis    bool         `json:"missingBasis"`
	MissingProceeds bool         `json:"missingProceeds"`
}

// Gain is Proceeds - Basis for a taxable piece and zero for a non-taxable one (a gift, donation,
// loss or transfer out has no proceeds but keeps its basis). The engine checked, when it made the
// piece, that the difference fits a Dec.
func (d Disposal) Gain() Dec {
	if !d.Kind.Taxable() {
		return Dec{}
	}
	g, _ := sub(d.Proceeds, d.Basis)
	return g
}

// Income is one income event (also the uncovered part of a staking withdrawal).
type Income struct {
	TransferID   ID      `json:"transfer"`
	Quantity     Dec     `json:"quantity"`
	Value        Dec     `json:"value"`
	At           Instant `json:"at"`
	Asset        Ref     `json:"asset"`
	Account      Ref     `json:"account"`
	TaxYear      int32   `json:"taxYear"`
	Type         Label   `json:"type"`
	MissingValue bool    `json:"missingValue"`
}

// IncomeTotal sums one income type within a tax year.
type IncomeTotal struct {
	Type  Label `json:"type"`
	Value Dec   `json:"value"`
	Count int   `json:"count"`
}

// YearSummary totals one tax year. Gains are over taxable pieces only.
type YearSummary struct {
	Year          int           `json:"year"`
	Method        Method        `json:"method"`
	ShortProceeds Dec           `json:"shortProceeds"`
	ShortBasis    Dec           `json:"shortBasis"`
	ShortGain     Dec           `json:"shortGain"`
	LongProceeds  Dec           `json:"longProceeds"`
	LongBasis     Dec           `json:"longBasis"`
	LongGain      Dec           `json:"longGain"`
	Income        []IncomeTotal `json:"income"`
	IncomeTotal   Dec           `json:"incomeTotal"`
	FuturesPnL    Dec           `json:"futuresPnl"` // zero unless futures_pnl transfers exist
	// Under GB and CA every piece is counted in the Short* fields (there is no holding period);
	// Gains and Losses split the year's gain by piece sign, Denied is CA's superficial losses
	// (added back to the cost of the units still held). Zero and left out of JSON under US.
	// Under rules with a taxable gain of their own (Rules.TaxableGain) Gains and Losses also split
	// the gains of the pieces that count towards it (not HoldingExempt long-term ones) by sign.
	Gains  Dec `json:"gains,omitzero"`
	Losses Dec `json:"losses,omitzero"` // a negative amount
	Denied Dec `json:"denied,omitzero"`
	// LongGains are the long-term pieces' gains among Gains (under a DiscountPercent).
	LongGains Dec `json:"longGains,omitzero"`
	// TaxableGain is the year's taxable gain under the rules (Rules.TaxableGain; zero otherwise):
	// the counted pieces' net gain less the holding exemption, losses, discount or inclusion, and
	// zero when a gain threshold is not reached. A net loss is negative unless the rules carry it.
	TaxableGain Dec `json:"taxableGain,omitzero"`
	// LossesBroughtForward and LossesCarriedForward are the net capital losses (positive amounts)
	// the year starts with and hands to the next (Rules.CarryLosses); Discount is the part of the
	// long-term gains left after losses that is not taxed (Rules.DiscountPercent).
	LossesBroughtForward Dec `json:"lossesBroughtForward,omitzero"`
	LossesCarriedForward Dec `json:"lossesCarriedForward,omitzero"`
	Discount             Dec `json:"discount,omitzero"`
	// TaxableIncome is IncomeTotal, or zero while it stays below the rules' income threshold
	// (Rules.IncomeThresholds; zero without one).
	TaxableIncome Dec `json:"taxableIncome,omitzero"`
	Disposals     int `json:"disposals"`  // taxable pieces
	NonTaxable    int `json:"nonTaxable"` // gift/donation/lost/transfer_out pieces
	IncomeEvents  int `json:"incomeEvents"`
	Warnings      int `json:"warnings"`
}

// WarningCode classifies a warning.
type WarningCode uint8

// Warning codes.
const (
	WarnUncovered           WarningCode = iota // an outflow exceeded its queue: Quantity is the uncovered part
	WarnNegativeBalance                        // an account's balance went below zero although its queue covered the outflow (universal mode)
	WarnMissingPrice                           // a transfer that needed a fiat value has none
	WarnRounded                                // the caller rounded a value to 18 fractional digits
	WarnUnallocatedBasis                       // per-wallet switch: pool lots left over after every wallet was filled
	WarnSafeHarborShortfall                    // per-wallet switch: a wallet holds more units than the pool could give it
	WarnUntrackedTransfer                      // "internal" label with one side external
	WarnNotOwn                                 // neither side is an own account: ignored
	WarnZeroQuantity                           // quantity zero: ignored
)

var warnNames = [...]string{"uncovered", "negative_balance", "missing_price", "rounded", "unallocated_basis",
	"safe_harbor_shortfall", "untracked_transfer", "not_own", "zero_quantity"}

func (c WarningCode) String() string {
	if int(c) < len(warnNames) {
		return warnNames[c]
	}
	return fmt.Sprintf("warning(%d)", c)
}

// MarshalText implements encoding.TextMarshaler.
func (c WarningCode) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Warning flags something a person should look at; nothing is silently zeroed.
type Warning struct {
	Code       WarningCode `json:"code"`
	TransferID ID          `json:"transfer"` // zero for warnings not tied to a transfer
	At         Instant     `json:"at"`
	Asset      Ref         `json:"asset"`
	Account    Ref         `json:"account"`
	Quantity   Dec         `json:"quantity"` // the uncovered / unallocated / short quantity, if any
	Value      Dec         `json:"value"`    // unallocated basis, if any
}

// Result is the engine's output. Slices are in deterministic order: disposals and income in processing
// order, lots by account, asset, acquisition time and lot id, years ascending.
// Disposals, Income and Derived may have capacity beyond their length; what lies there is
// unspecified (the engine does not clear memory it has not written: see makeSlab).
type Result struct {
	Assets    []string      `json:"assets"`   // names for Ref fields, in first-seen order
	Accounts  []string      `json:"accounts"` // names for Ref fields; [0] is ""
	Lots      []Lot         `json:"lots"`
	Disposals []Disposal    `json:"disposals"`
	Income    []Income      `json:"income"`
	Years     []YearSummary `json:"years"`
	Warnings  []Warning     `json:"warnings"`
	// Derived lists, in processing order, the acquisitions whose value or lot basis the engine worked
	// out rather than read: a swap leg without a value valued at the other side's, a crypto fee added
	// to a purchase's basis (see Derived). Other acquisitions' lots have FiatValue + FeeFiat as basis.
	Derived []Derived `json:"derived,omitempty"`
	// Adjustments lists, under CA, the pieces whose loss was denied as superficial (empty under US
	// and GB).
	Adjustments []Adjustment `json:"adjustments,omitempty"`
}

// Derived is an acquisition whose figures are not its transfer's own: Value is the value the engine
// used (HasValue false: none), Basis the basis of the lot it made.
type Derived struct {
	TransferID ID   `json:"transfer"`
	Value      Dec  `json:"value"`
	Basis      Dec  `json:"basis"`
	HasValue   bool `json:"hasValue"`
}

// Adjustment is a superficial loss denied on one disposal piece (CA). The piece's Basis is already
// reduced by Denied, so its Gain is the allowed part; the denied amount was added to the adjusted
// cost base of the units still held. The piece's adjusted cost base is Basis + Denied.
type Adjustment struct {
	// Piece indexes Result.Disposals; with a DisposalSink, it counts the pieces given to the sink
	// in this run (from 0).
	Piece      int `json:"piece"`
	TransferID ID  `json:"transfer"`
	Denied     Dec `json:"denied"`
}

// Match says which rule matched a disposal piece with its cost.
type Match uint8

// Matches.
const (
	MatchLot       Match = iota // US: a lot chosen by the method
	MatchSameDay                // GB: acquisitions of the same day
	MatchThirtyDay              // GB: acquisitions of the following 30 days ("bed and breakfast")
	MatchPool                   // GB: the section 104 pool
	MatchACB                    // CA: the adjusted cost base of the property
	MatchUncovered              // no units to match: zero cost, flagged
)

var matchNames = [...]string{"lot", "same_day", "thirty_day", "pool", "acb", "uncovered"}

func (m Match) String() string {
	if int(m) < len(matchNames) {
		return matchNames[m]
	}
	return fmt.Sprintf("match(%d)", m)
}

// MarshalText implements encoding.TextMarshaler.
func (m Match) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// MatchOf is the rule that matched piece d under jurisdiction j. Under GB a same-day piece carries
// AcquiredAt == DisposedAt, a 30-day piece the later acquisition's time and a pool piece none.
func MatchOf(j Jurisdiction, d *Disposal) Match {
	switch {
	case d.Uncovered:
		return MatchUncovered
	case RulesFor(j).Matcher == MatcherAdjustedCostBase:
		return MatchACB
	case RulesFor(j).Matcher == MatcherLots:
		return MatchLot
	case d.AcquiredAt == 0:
		return MatchPool
	case d.AcquiredAt == d.DisposedAt:
		return MatchSameDay
	}
	return MatchThirtyDay
}
