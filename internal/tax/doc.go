// Package tax is taxd's cost-basis engine: a pure function from a client's ledger to lots, disposals,
// income, per-year summaries and warnings. It does no I/O and reads no clock; the same Input always
// gives the same Result (byte-identical when marshalled). Its one piece of process-wide state is the
// memory of released Engines (release.go): an Engine's buffers handed to the next fresh Engine, and
// a timer that gives them back to the runtime when idle. It holds no data of a run that a later run
// could see (a taken-over Engine is reset like a reused one).
//
// # Entry points
//
//	res, err := tax.Compute(in)          // one-shot
//	var eng tax.Engine; eng.Compute(in)  // reusable: keeps its buffers, Result valid until the next call
//
// # Numbers and time
//
// Every quantity and fiat amount is a Dec: an exact signed 128-bit integer scaled by 10^18 (18
// fractional digits, |x| < 1.7e20). Arithmetic never wraps: an overflow aborts Compute with
// ErrOverflow naming the transfer. Conversions: ParseDec / DecFromDecimal are strict and reject more
// than 18 fractional digits with ErrPrecision; ParseDecRound / DecFromDecimalRound round half-even and
// report inexact, and a caller that rounds sets Transfer.Rounded so the engine emits a "rounded"
// warning (taxd's boundaries round: a 24-decimal token amount must not fail a whole recalculation).
// Products and quotients (apportioning) use a 256-bit intermediate and round half-even; whenever a
// total is split into pieces the last piece takes the remainder, so pieces always sum to the total.
//
// Times are instants; the client's Location and fiscal-year start define tax years (a tax year is
// named by the calendar year in which it starts) and holding periods.
//
// # Accounts
//
// A transfer moves Quantity of Asset from From to To. A non-empty account is one of the client's own;
// "" is external. Own → own is an internal move; external → own is inbound; own → external outbound.
//
// Staking positions: for the labels staking_deposit, staking_withdrawal, staking_reward, lp_deposit,
// lp_withdrawal, lending_deposit, lending_withdrawal and liquidation (and only those) a non-empty
// StakingAccountIdentifier names a virtual own account "staking:<identifier>" holding one pooled queue
// per asset. On deposits and rewards it replaces an external To; on withdrawals and liquidations it
// replaces an external From. Deposits and withdrawals are therefore internal moves (lots keep date and
// basis); the part of a withdrawal the position cannot cover is income at market value (type
// staking_reward; reward for lp_withdrawal; interest for lending_withdrawal) with a new lot at that
// value. A staking_reward into the position is income whose lot sits in the position. A liquidation
// is a disposal of the position's lots at market value (the collateral the lender seized).
// A receipt leg (the LP token, aToken, stETH or position NFT a deposit returns, a loan's debt token)
// is ignored like spam: the value it stands for is already in the position.
//
// # What each label means
//
//	direction  label                                  effect
//	own→own    any (except spam)                      internal move; lots keep acquisition date and basis
//	                                                  (with ToAsset: a bridge, the lots become lots of ToAsset)
//	in         "" trade/swap buy sell payment          acquisition: lot basis = FiatValue + FeeFiat (+ fee rule)
//	           repay liquidation
//	           staking_* lp_* lending_* (without identifier)
//	in         staking_reward mining airdrop           income of that type at FiatValue; lot basis = FiatValue + FeeFiat
//	           interest reward income
//	in         borrow                                 acquisition at FiatValue, not income (a loan's proceeds)
//	in         gift_received                          lot basis = FiatValue (give the donor's basis) + FeeFiat;
//	                                                  Transfer.AcquiredAt keeps the donor's date
//	in         internal                               units from an untracked own account: lot with missing
//	                                                  basis (value ignored), warning untracked_transfer
//	in         futures_pnl                            realised futures profit: FuturesPnL += value; lot at value
//	out        "" trade/swap sell buy payment          taxable disposal: proceeds = FiatValue − FeeFiat (− fee rule)
//	           repay liquidation
//	           staking_* lp_* lending_* (without identifier)
//	out        fee (or IsFee)                         taxable disposal of the fee coins at FiatValue (kind fee)
//	out        futures_pnl                            coins paid for a futures loss: taxable disposal at value
//	                                                  (kind futures) and FuturesPnL −= value
//	out        gift_sent donation lost                non-taxable removal (kinds gift, donation, lost): pieces
//	                                                  carry quantity and the basis that left, zero proceeds/gain
//	out        internal                               non-taxable removal (kind transfer_out) + warning
//	any        spam receipt                           ignored entirely (no lot, no removal, no balance change)
//
// Swaps: a transaction with both purchase legs (in, regular labels) and sale legs (out, regular labels)
// is a swap; when exactly one leg lacks a FiatValue it gets the other side's total minus its own side's
// known values ("a disposal plus an acquisition at the same value"). Under the pooled rules (GB, CA)
// the sale legs are disposed of for the value received; where Rules.CostIsValueGiven (GB: TCGA 1992
// s.38, HMRC's CRYPTO22257) the purchase legs cost the value given, so each side of a swap whose two
// values differ takes the other side's value.
//
// Fees. Fiat fees (Transfer.FeeFiat) are added to the basis of an acquisition, income receipts
// included (the income stays the market value), and deducted from the proceeds of a disposal;
// elsewhere they are ignored. Crypto fees are transfers labelled fee (or
// IsFee): the fee coins are always a taxable disposal at market value. Their value is then a cost of
// the transaction: it reduces the proceeds of the transaction's first sale leg when it has one,
// otherwise it is added to the basis of its first purchase leg, otherwise (an internal move, a fee
// alone) it has no further effect. This mirrors the fiat rule: sale first, then purchase. Proceeds
// are never below zero: fees larger than the value are deducted down to zero. A disposal without a
// value has no proceeds and MissingProceeds; its fees are deducted once the value is known, so a
// missing value never becomes a loss. An outbound transfer with no label and no counterpart (for
// example a move between own accounts that is no longer marked as one) is a disposal like any other
// unlabelled outflow: a sale, flagged for its missing value until the person labels or values it.
//
// # Lot selection
//
// Settings.Methods gives the method per tax year (FIFO, LIFO, HIFO, LOFO, AverageCost). HIFO/LOFO
// order by the lot's unit cost basis/quantity (truncated to 18 decimals), computed once per lot; parts
// split off a lot keep its unit cost (ties: earliest acquisition, then lot id); missing-basis lots count
// as cost 0. AverageCost pools the basis of each queue: a disposal
// of q takes basis·q/quantity (everything when it empties the queue) and consumes lots FIFO for the
// acquisition dates; remaining lots show their share of the pooled basis. When the method changes at a
// tax-year start, queues are re-ordered (leaving AverageCost first gives each lot its share); the
// change is made when the first transaction of that year (or a later one) enters it, so a ledger that
// ends before it leaves its lots under the earlier method.
//
// Before Settings.PerWalletFrom there is one universal queue per asset for all own accounts (staking
// positions always have their own); from then on each account has its own queues. At the switch the
// universal queue's remaining lots are allocated to wallets (Rev. Proc. 2024-28 safe harbor, global
// allocation rule): the lots, oldest acquisition first (then lot id), fill the wallets holding a
// positive balance of the asset in the order the ledger first names them (the earliest transfer, in
// settlement order, from or to the wallet; the sender before the receiver within a transfer;
// spam-labelled and zero-quantity transfers aside), each wallet exactly up to the units it holds per
// the ledger. The order depends on the ledger only, not on how a caller names its accounts (ids in
// the service, names in taxd compute), so both allocate the same ledger alike. A lot straddling two
// wallets is split by quantity with its basis apportioned (the later part takes the remainder). A wallet left short gets a safe_harbor_shortfall warning (its
// extra units have no basis: later disposals are flagged uncovered); lots left over after every wallet
// is full are dropped with an unallocated_basis warning. The switch happens before the first transaction
// at or after PerWalletFrom; a ledger that ends earlier keeps its universal queue (remaining lots with
// account Ref 0) unless Settings.AsOf is at or after PerWalletFrom, in which case the allocation is
// applied at the end.
//
// # Holding period and Form 8949
//
// A piece is long-term when disposed of more than one year after acquisition, counted by calendar
// dates in the client's timezone: acquired 2024-03-01 → long-term from 2025-03-02 00:00 local; the
// anniversary of Feb 29 is Feb 28. Internal moves and staking positions keep acquisition dates.
// Boxes: tax years before 2025 use A/B/C (short) and D/E/F (long); from 2025 G/H/I and J/K/L.
// ReportedOn1099DA && BasisReported → A/D or G/J; ReportedOn1099DA only → B/E or H/K; otherwise
// (the default, no 1099-DA data yet) C/F or I/L. Part I is short-term, part II long-term.
//
// # Rules that fix the lots, exempt or discount, and thresholds
//
// Under rules without ClientLots (DE, AU) Settings.Methods, PerWalletFrom, AsOf and the fiscal-year
// start are not used: lots are taken first in, first out, and under WalletLots each own account
// keeps its own queues from the first transaction (a move between own accounts carries its lots'
// dates and bases). Pieces keep their economic gain and their term (the holding period above);
// boxes are only filled under USForms. Each year's taxable figures are Rules.Taxable of the year's
// sums: under HoldingExempt long-term pieces count in LongGain but not in Gains, Losses or
// TaxableGain; under DiscountPercent the year's losses, then those brought forward from the year
// before (YearSummary.LossesBroughtForward, kept in checkpoints), reduce short-term gains first and
// long-term gains after, and the discount applies to what is left; GainThresholds and
// IncomeThresholds zero a figure below the threshold of its year and keep it whole at or above it.
//
// # Missing data is flagged, never hidden
//
// A disposal the queue cannot cover yields an extra piece with the uncovered quantity, LotID 0, zero
// basis, Uncovered and MissingBasis set, and an "uncovered" warning with that quantity. An acquisition or income
// without FiatValue makes a lot flagged MissingBasis (income value 0, MissingValue) and a missing_price
// warning; a disposal without FiatValue has MissingProceeds. An internal move the source cannot cover
// delivers the shortfall as a missing-basis lot (and an "uncovered" warning). An account whose own balance
// goes below zero while its queue still covers the outflow (universal mode, or a wallet whose earlier
// uncovered outflows were never made up) gets one negative_balance warning when it crosses zero.
package tax
