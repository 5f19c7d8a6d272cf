package tax

import "fmt"

func (e *Engine) processTx(tx *Transaction, t int64) {
	trs := tx.Transfers
	if len(trs) > 1 && hasWrap(trs) {
		trs = e.pairWraps(trs)
	}
	n := len(trs)
	if n == 1 { // most transactions: no swap or fee attribution to prepare
		var c tcls
		e.tr = &trs[0]
		e.classify(&c, &trs[0], t)
		e.exec(&c, &trs[0], t)
		return
	}
	if cap(e.cls) < n {
		e.cls = make([]tcls, n, n+4)
	}
	cls := e.cls[:n]
	for i := range trs {
		e.tr = &trs[i]
		e.classify(&cls[i], &trs[i], t)
	}
	e.attribute(cls, trs)
	for i := range trs {
		e.tr = &trs[i]
		e.exec(&cls[i], &trs[i], t)
		if e.err != nil {
			return
		}
	}
}

// exec applies one classified transfer.
func (e *Engine) exec(c *tcls, tr *Transfer, t int64) {
	switch c.op {
	case opSkip:
	case opAcquire:
		basis := e.add(tr.FeeFiat, c.adj)
		if c.hasValue && !c.missing {
			basis = e.add(basis, c.value)
		}
		missing := c.missing || !c.hasValue
		if !c.hasValue && !c.missing {
			e.warnTransfer(WarnMissingPrice, tr, t, c.asset, c.to, tr.Quantity)
		}
		if c.adj.Sign() != 0 || (c.hasValue && (!tr.HasFiatValue || c.value.Cmp(tr.FiatValue) != 0)) { // rare: a swap leg valued, a crypto fee added
			e.res.Derived = append(growSlab(e.res.Derived), Derived{TransferID: tr.ID, Value: c.value, HasValue: c.hasValue, Basis: basis})
		}
		acq := t
		if !tr.AcquiredAt.IsZero() {
			if tr.AcquiredAt.Before(minTime) || tr.AcquiredAt.After(maxTime) {
				e.fail(fmt.Errorf("%w: AcquiredAt outside 1900-2200", ErrInvalid))
				return
			}
			acq = tr.AcquiredAt.UnixNano()
		}
		e.acquire(c.to, c.asset, tr.Quantity, basis, acq, missing, tr.ID)
	case opIncome, opFuturesIn:
		var v Dec
		if c.hasValue {
			v = c.value
		} else {
			e.warnTransfer(WarnMissingPrice, tr, t, c.asset, c.to, tr.Quantity)
		}
		basis := v
		if c.op == opIncome {
			e.income(tr, c.to, c.asset, tr.Quantity, v, tr.Label, !c.hasValue, t)
			// The income is the market value; a fiat fee paid to receive it is a cost of the
			// coins, as on a purchase.
			basis = e.add(basis, tr.FeeFiat)
		} else {
			e.cur.FuturesPnL = e.add(e.cur.FuturesPnL, v)
		}
		e.acquire(c.to, c.asset, tr.Quantity, basis, t, !c.hasValue, tr.ID)
	case opDispose, opFee, opFuturesOut:
		var proceeds Dec
		if c.hasValue {
			proceeds = c.value
		} else {
			e.warnTransfer(WarnMissingPrice, tr, t, c.asset, c.from, tr.Quantity)
		}
		switch c.op {
		case opDispose:
			// Fees reduce a known value, never below zero (Form 8949 column (d)); a missing value
			// stays missing: its fees count once the value is set.
			if c.hasValue {
				proceeds = e.sub(e.sub(proceeds, tr.FeeFiat), c.adj)
				if proceeds.Sign() < 0 {
					proceeds = Dec{}
				}
			}
		case opFuturesOut:
			if c.hasValue {
				e.cur.FuturesPnL = e.sub(e.cur.FuturesPnL, c.value)
			}
		}
		e.dispose(c, tr, t, proceeds, !c.hasValue)
	case opRemove:
		e.dispose(c, tr, t, Dec{}, false)
	case opMove:
		e.move(c, tr, t)
	}
}

// classify resolves accounts and the operation of one transfer (see the package doc's table).
func (e *Engine) classify(c *tcls, tr *Transfer, t int64) {
	*c = tcls{}
	if s := tr.Quantity.Sign(); s <= 0 {
		if s < 0 {
			e.fail(fmt.Errorf("%w: negative quantity %s", ErrInvalid, tr.Quantity))
			return
		}
		e.warnTransfer(WarnZeroQuantity, tr, t, e.assetID(tr.Asset), -1, Dec{})
		return
	}
	if (tr.HasFiatValue && tr.FiatValue.Sign() < 0) || tr.FeeFiat.Sign() < 0 {
		e.fail(fmt.Errorf("%w: negative fiat value or fee", ErrInvalid))
		return
	}
	lbl := tr.Label
	if lbl >= numLabels {
		e.fail(fmt.Errorf("%w: unknown label %d", ErrInvalid, lbl))
		return
	}
	if lbl == LabelSpam || lbl == LabelReceipt {
		return
	}
	from, to := e.accountID(tr.From), e.accountID(tr.To)
	if tr.StakingAccountIdentifier != "" && lbl.honoursStaking() {
		v := e.stakeID(tr.StakingAccountIdentifier)
		if lbl == LabelLiquidation {
			from = v // the seized collateral is the position's, whichever wallet the leg names
		} else if lbl.positionSends() {
			if from < 0 {
				from = v
			}
		} else if to < 0 {
			to = v
		}
	}
	c.from, c.to = from, to
	c.asset = e.assetID(tr.Asset)
	c.toAsset = c.asset
	if tr.ToAsset != "" {
		c.toAsset = e.assetID(tr.ToAsset)
	}
	c.value, c.hasValue = tr.FiatValue, tr.HasFiatValue
	if tr.Rounded {
		acc := to
		if acc < 0 {
			acc = from
		}
		e.warnTransfer(WarnRounded, tr, t, c.asset, acc, Dec{})
	}
	isFee := tr.IsFee || lbl == LabelFee
	switch {
	case from >= 0 && from == to && c.toAsset == c.asset:
		// to itself: nothing happens
	case from >= 0 && to >= 0:
		c.op = opMove
	case from < 0 && to < 0:
		e.warnTransfer(WarnNotOwn, tr, t, c.asset, -1, tr.Quantity)
	case to >= 0: // inbound
		switch {
		case lbl.IsIncome():
			c.op = opIncome
		case lbl == LabelFuturesPnL:
			c.op = opFuturesIn
		case lbl == LabelInternal:
			c.op, c.missing = opAcquire, true
			e.warnTransfer(WarnUntrackedTransfer, tr, t, c.asset, to, tr.Quantity)
		case lbl == LabelGiftReceived || lbl == LabelBorrow || isFee:
			c.op = opAcquire
		default:
			c.op, c.regular = opAcquire, true
		}
	default: // outbound
		switch {
		case isFee:
			c.op, c.kind = opFee, KindFee
		case lbl == LabelGiftSent && e.rules.GiftIsDisposal, lbl == LabelDonation && e.rules.DonationIsDisposal:
			// a disposal at market value under these rules
			c.op, c.kind = opDispose, KindSale
		case lbl == LabelGiftSent:
			c.op, c.kind = opRemove, KindGift
		case lbl == LabelDonation:
			c.op, c.kind = opRemove, KindDonation
		case lbl == LabelLost:
			c.op, c.kind = opRemove, KindLost
		case lbl == LabelInternal:
			c.op, c.kind = opRemove, KindTransferOut
			e.warnTransfer(WarnUntrackedTransfer, tr, t, c.asset, from, tr.Quantity)
		case lbl == LabelFuturesPnL:
			c.op, c.kind = opFuturesOut, KindFutures
		default:
			c.op, c.kind, c.regular = opDispose, KindSale, true
		}
	}
}

// attribute values swap legs without a price and attributes crypto-fee value inside one transaction.
func (e *Engine) attribute(cls []tcls, trs []Transfer) {
	var inN, outN, inMissing, outMissing int
	inMi, outMi := -1, -1
	var inSum, outSum, fee Dec
	hasFee := false
	for i := range cls {
		c := &cls[i]
		switch {
		case c.op == opFee && c.hasValue:
			fee = e.add(fee, c.value)
			hasFee = true
		case !c.regular:
		case c.op == opAcquire:
			inN++
			if c.hasValue {
				inSum = e.add(inSum, c.value)
			} else {
				inMissing++
				inMi = i
			}
		case c.op == opDispose:
			outN++
			if c.hasValue {
				outSum = e.add(outSum, c.value)
			} else {
				outMissing++
				outMi = i
			}
		}
	}
	if inN > 0 && outN > 0 {
		// a swap: the acquired side is worth what the disposed side was, and vice versa
		if inMissing == 1 && outMissing == 0 {
			if v := e.sub(outSum, inSum); v.Sign() >= 0 {
				cls[inMi].value, cls[inMi].hasValue = v, true
			}
		} else if outMissing == 1 && inMissing == 0 {
			if v := e.sub(inSum, outSum); v.Sign() >= 0 {
				cls[outMi].value, cls[outMi].hasValue = v, true
			}
		}
	}
	if e.pooled && inN > 0 && outN > 0 && inMissing == 0 && outMissing == 0 {
		e.receivedValue(cls, trs, inSum, outSum)
	}
	if !hasFee || fee.IsZero() {
		return
	}
	// fee rule: a cost of the transaction's first sale leg if it has one, else of its first purchase leg
	for i := range cls {
		if cls[i].regular && cls[i].op == opDispose {
			cls[i].adj = fee
			return
		}
	}
	for i := range cls {
		if cls[i].regular && cls[i].op == opAcquire {
			cls[i].adj = fee
			return
		}
	}
}

// receivedValue makes the proceeds of a swap's sale legs the value received (GB and CA: a
// crypto-to-crypto trade is a disposal for the sterling or dollar value of what comes in), shared
// by the legs' own values (by quantity when those are all zero), the last leg taking the rest.
func (e *Engine) receivedValue(cls []tcls, trs []Transfer, inSum, outSum Dec) {
	last := -1
	for i := range cls {
		if cls[i].regular && cls[i].op == opDispose {
			last = i
		}
	}
	var outQ Dec
	if outSum.IsZero() {
		for i := range cls {
			if cls[i].regular && cls[i].op == opDispose {
				outQ = e.add(outQ, trs[i].Quantity)
			}
		}
	}
	if e.rules.CostIsValueGiven {
		e.givenValue(cls, trs, inSum, outSum)
	}
	rest := inSum
	for i := range cls {
		c := &cls[i]
		if !c.regular || c.op != opDispose {
			continue
		}
		if i == last {
			c.value = rest
			break
		}
		if outSum.IsZero() {
			c.value = e.mulDiv(inSum, trs[i].Quantity, outQ)
		} else {
			c.value = e.mulDiv(inSum, c.value, outSum)
		}
		rest = e.sub(rest, c.value)
	}
}

// givenValue makes the cost of a swap's purchase legs the value given (the sale legs' own values,
// outSum), shared by the purchase legs' own values (by quantity when those are all zero), the last
// leg taking the rest. It runs before receivedValue replaces the sale legs' values.
func (e *Engine) givenValue(cls []tcls, trs []Transfer, inSum, outSum Dec) {
	last := -1
	var inQ Dec
	for i := range cls {
		if cls[i].regular && cls[i].op == opAcquire {
			last = i
			inQ = e.add(inQ, trs[i].Quantity)
		}
	}
	rest := outSum
	for i := range cls {
		c := &cls[i]
		if !c.regular || c.op != opAcquire {
			continue
		}
		if i == last {
			c.value = rest
			break
		}
		if inSum.IsZero() {
			c.value = e.mulDiv(outSum, trs[i].Quantity, inQ)
		} else {
			c.value = e.mulDiv(outSum, c.value, inSum)
		}
		rest = e.sub(rest, c.value)
	}
}

func (e *Engine) acquire(acc, asset int32, q, basis Dec, acq int64, missing bool, src ID) {
	if e.pooled {
		e.pooledAcquire(acc, asset, q, basis, missing, src)
		return
	}
	pi, s := e.poolAndSlot(acc, asset)
	s.bal = e.add(s.bal, q)
	e.addLot(pi, lotRec{qty: q, basis: basis, acq: acq, longFrom: e.longFrom(acq), src: src, missing: missing})
}

func (e *Engine) income(tr *Transfer, acc, asset int32, q, v Dec, typ Label, missing bool, t int64) {
	e.res.Income = append(growSlab(e.res.Income), Income{TransferID: tr.ID, Asset: Ref(asset), Account: Ref(acc + 1),
		Type: typ, Quantity: q, Value: v, At: Instant(t), TaxYear: int32(e.year), MissingValue: missing})
	it := &e.incomeByType[typ]
	it.Value = e.add(it.Value, v)
	it.Count++
	e.cur.IncomeEvents++
}

func (e *Engine) warnTransfer(code WarningCode, tr *Transfer, t int64, asset, acc int32, q Dec) {
	e.warn(Warning{Code: code, TransferID: tr.ID, At: Instant(t), Quantity: q, Asset: Ref(asset), Account: Ref(acc + 1)})
}

// dispose removes tr.Quantity from the source pool and records one piece per lot consumed plus an
// uncovered piece for any shortfall. Proceeds are apportioned by quantity, the last piece taking the rest;
// so is the pooled basis under AverageCost. Pieces are written straight into the result.
func (e *Engine) dispose(c *tcls, tr *Transfer, t int64, proceeds Dec, missingProceeds bool) {
	if e.pooled {
		e.pooledDispose(c, tr, t, proceeds, missingProceeds)
		return
	}
	q := tr.Quantity
	pi, sl := e.poolAndSlot(c.from, c.asset)
	wasNonNeg := sl.bal.Sign() >= 0
	sl.bal = e.sub(sl.bal, q)
	bal := sl.bal
	p := &e.pools[pi]
	covered := q
	if p.qty.Cmp(q) < 0 {
		covered = p.qty
	}
	uncovered, _ := sub(q, covered)
	avg := e.method == AverageCost
	var avgTotal, avgRest Dec
	if avg && covered.Sign() > 0 {
		if covered == p.qty {
			avgTotal = p.basis
		} else {
			avgTotal = e.mulDiv(p.basis, covered, p.qty)
		}
		avgRest = avgTotal
	}
	taxable := c.kind.Taxable()
	rest := proceeds
	base := Disposal{TransferID: tr.ID, Kind: c.kind, Asset: Ref(c.asset), Account: Ref(c.from + 1),
		DisposedAt: Instant(t), TaxYear: int16(e.year), MissingProceeds: missingProceeds}
	var box [2]Box
	if taxable && e.rules.USForms {
		box[0] = boxFor(e.year, false, tr.ReportedOn1099DA, tr.BasisReported)
		box[1] = boxFor(e.year, true, tr.ReportedOn1099DA, tr.BasisReported)
	}
	need := covered
	var sumBasis Dec
	for need.Sign() > 0 && p.size() > 0 {
		idx := p.top().idx
		l := &e.lots[idx]
		var pq, pb Dec
		whole := l.qty.Cmp(need) <= 0
		if whole {
			pq, pb = l.qty, l.basis
		} else {
			pq = need
			if !avg && !l.basis.IsZero() {
				pb = e.mulDiv(l.basis, need, l.qty)
			}
		}
		need, _ = sub(need, pq)
		if avg {
			if need.IsZero() {
				pb = avgRest
			} else {
				pb = e.mulDiv(avgTotal, pq, covered)
				avgRest = e.sub(avgRest, pb)
			}
		}
		d := e.nextDisposal()
		term := ShortTerm
		if t >= l.longFrom {
			term = LongTerm
		}
		// cleared, then filled field by field: a literal is built on the stack and copied, and
		// the copy's wide loads stall on the narrow stores of its small fields
		*d = Disposal{}
		d.TransferID, d.LotSource, d.LotID, d.Quantity, d.Basis = tr.ID, l.src, l.id, pq, pb
		d.AcquiredAt, d.DisposedAt, d.Asset, d.Account = Instant(l.acq), Instant(t), Ref(c.asset), Ref(c.from+1)
		d.TaxYear, d.Kind, d.Term, d.MissingBasis, d.MissingProceeds = int16(e.year), c.kind, term, l.missing, missingProceeds
		if taxable {
			if need.IsZero() && uncovered.IsZero() {
				d.Proceeds = rest
			} else {
				d.Proceeds = e.mulDiv(proceeds, pq, q)
				rest = e.sub(rest, d.Proceeds)
			}
			d.Box = box[d.Term]
		}
		e.tally(d, taxable)
		e.done(d)
		sumBasis = e.add(sumBasis, pb)
		if whole {
			p.popTop()
			e.free = append(grow(e.free), idx)
		} else {
			l.qty, _ = sub(l.qty, pq)
			if !avg {
				l.basis = e.sub(l.basis, pb)
			}
		}
	}
	p.qty = e.sub(p.qty, covered)
	p.basis = e.sub(p.basis, sumBasis)

	if uncovered.Sign() > 0 {
		d := e.nextDisposal()
		*d = base
		d.Quantity, d.Uncovered, d.MissingBasis = uncovered, true, true
		if taxable {
			d.Proceeds = rest
			d.Box = box[0]
		}
		e.tally(d, taxable)
		e.done(d)
		e.warnTransfer(WarnUncovered, tr, t, c.asset, c.from, uncovered)
	} else if wasNonNeg && bal.Sign() < 0 {
		e.warnNegative(tr, t, c.asset, c.from, q, bal)
	}
}

func (e *Engine) nextDisposal() *Disposal {
	if e.DisposalSink != nil {
		return &e.sinkBuf
	}
	n := len(e.res.Disposals)
	if n == cap(e.res.Disposals) {
		e.res.Disposals = growSlab(e.res.Disposals)
	}
	e.res.Disposals = e.res.Disposals[:n+1]
	return &e.res.Disposals[n]
}

func (e *Engine) warnNegative(tr *Transfer, t int64, asset, acc int32, q, bal Dec) {
	short, _ := bal.Neg()
	if short.Cmp(q) > 0 {
		short = q
	}
	e.warnTransfer(WarnNegativeBalance, tr, t, asset, acc, short)
}

func (e *Engine) done(d *Disposal) {
	if e.DisposalSink != nil {
		e.DisposalSink(d)
	}
}

// tally computes the gain and adds a finished piece to the year's summary. (Package-level add/sub
// inline; one overflow check at the end keeps this call cheap.)
func (e *Engine) tally(d *Disposal, taxable bool) {
	ys := e.cur
	if !taxable {
		ys.NonTaxable++
		return
	}
	g, ok := sub(d.Proceeds, d.Basis) // not stored: Disposal.Gain derives it
	var ok1, ok2, ok3 bool
	if d.Term == LongTerm {
		ys.LongProceeds, ok1 = add(ys.LongProceeds, d.Proceeds)
		ys.LongBasis, ok2 = add(ys.LongBasis, d.Basis)
		ys.LongGain, ok3 = add(ys.LongGain, g)
	} else {
		ys.ShortProceeds, ok1 = add(ys.ShortProceeds, d.Proceeds)
		ys.ShortBasis, ok2 = add(ys.ShortBasis, d.Basis)
		ys.ShortGain, ok3 = add(ys.ShortGain, g)
	}
	if !(ok && ok1 && ok2 && ok3) {
		e.overflow()
	}
	ys.Disposals++
	if e.countsGains && !(e.rules.HoldingExempt && d.Term == LongTerm) {
		switch {
		case g.Sign() < 0:
			ys.Losses = e.add(ys.Losses, g)
		case d.Term == LongTerm:
			ys.Gains = e.add(ys.Gains, g)
			ys.LongGains = e.add(ys.LongGains, g)
		default:
			ys.Gains = e.add(ys.Gains, g)
		}
	}
}

// move is an internal move between two pools: lots keep acquisition date and basis. A bridge moves
// them to another asset (c.toAsset), unit for unit.
func (e *Engine) move(c *tcls, tr *Transfer, t int64) {
	if e.pooled {
		e.pooledMove(c, tr, t)
		return
	}
	q := tr.Quantity
	sb := e.slot(c.from, c.asset)
	wasNonNeg := sb.bal.Sign() >= 0
	sb.bal = e.sub(sb.bal, q)
	bal := sb.bal
	db := e.slot(c.to, c.toAsset)
	db.bal = e.add(db.bal, q)
	sp := e.poolIdx(c.from, c.asset)
	dp := e.poolIdx(c.to, c.toAsset)
	if sp == dp {
		if wasNonNeg && bal.Sign() < 0 {
			e.warnNegative(tr, t, c.asset, c.from, q, bal)
		}
		return
	}
	covered := e.take(sp, q)
	for i := range e.pieces {
		pc := &e.pieces[i]
		if pc.whole {
			if e.method == AverageCost {
				e.lots[pc.idx].basis = pc.basis
				e.lots[pc.idx].costOK = false
			}
			e.pushLot(dp, pc.idx)
			p := &e.pools[dp]
			p.qty = e.add(p.qty, pc.qty)
			p.basis = e.add(p.basis, pc.basis)
		} else {
			e.addLot(dp, lotRec{qty: pc.qty, basis: pc.basis, acq: pc.acq, longFrom: pc.longFrom, src: pc.src, missing: pc.missing,
				costHi: pc.costHi, costLo: pc.costLo, costOK: pc.costOK})
		}
	}
	uncovered, _ := sub(q, covered)
	if uncovered.Sign() <= 0 {
		if wasNonNeg && bal.Sign() < 0 {
			e.warnNegative(tr, t, c.asset, c.from, q, bal)
		}
		return
	}
	if e.accs[c.from].virtual {
		v := e.stakingExcess(c, tr, t, c.toAsset, uncovered)
		e.addLot(dp, lotRec{qty: uncovered, basis: v, acq: t, longFrom: e.longFrom(t), src: tr.ID, missing: !c.hasValue})
		return
	}
	e.warnTransfer(WarnUncovered, tr, t, c.asset, c.from, uncovered)
	e.addLot(dp, lotRec{qty: uncovered, acq: t, longFrom: e.longFrom(t), src: tr.ID, missing: true})
}

// stakingExcess records the part of a withdrawal that its position cannot cover as income
// (positionExcessIncome: staking_reward, reward for lp_withdrawal, interest for lending_withdrawal)
// at its share of the transfer's value, and returns that value.
func (e *Engine) stakingExcess(c *tcls, tr *Transfer, t int64, asset int32, extra Dec) Dec {
	var v Dec
	if c.hasValue {
		v = c.value
		if extra != tr.Quantity {
			v = e.mulDiv(c.value, extra, tr.Quantity)
		}
	} else {
		e.warnTransfer(WarnMissingPrice, tr, t, asset, c.to, extra)
	}
	typ, ok := positionExcessIncome[tr.Label]
	if !ok {
		typ = LabelStakingReward
	}
	e.income(tr, c.to, asset, extra, v, typ, !c.hasValue, t)
	return v
}
