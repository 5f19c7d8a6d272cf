package tax

// The section 104 matcher (HMRC, Rules.Matcher == MatcherSection104): a token's disposals of one
// local day are one disposal, matched first with the same day's acquisitions, then with those of
// the following 30 days (earliest first, an earlier disposal's match first), then with the
// section 104 pool at its average cost; what no rule covers is uncovered (zero cost, flagged).
//
// Invariants:
//   - a day's acquisitions are matched once: assetDay.unmatchedQty only decreases, and what is
//     left when the day settles joins the pool;
//   - the parts of a day (matchPart) add up to the day's disposed quantity; each disposal of the
//     day takes its share of every part by quantity, the day's last disposal what is left, so the
//     pieces add up to the parts exactly.

// matchSameDay makes day d's same-day match: all of the day's taxable disposals with all of its
// acquisitions, as one disposal and one acquisition.
func (e *Engine) matchSameDay(d *assetDay) {
	if d.sameDayMatched {
		return
	}
	d.sameDayMatched = true
	m := minDec(d.disposedQty, d.unmatchedQty)
	if m.Sign() <= 0 {
		return
	}
	d.sameDayQty = m
	d.sameDayCost = e.part(d.unmatchedCost, m, d.unmatchedQty)
	d.unmatchedQty = e.sub(d.unmatchedQty, m)
	d.unmatchedCost = e.sub(d.unmatchedCost, d.sameDayCost)
}

// settleSection104Day settles one asset-day under GB: its disposals are matched with the same day's
// acquisitions, then with those of the following 30 days (earliest first; an earlier disposal
// matched first), then with the section 104 pool at its average cost; the day's acquisitions that
// no disposal took join the pool.
func (e *Engine) settleSection104Day(asset int32, h *holding, d *assetDay) {
	e.matchSameDay(d)
	parts := e.pooledState.parts[:0]
	if d.sameDayQty.Sign() > 0 {
		parts = append(parts, matchPart{q: d.sameDayQty, c: d.sameDayCost, src: d.firstAcquisition, match: MatchSameDay, missing: d.unmatchedMissing})
	}
	rest := e.sub(d.disposedQty, d.sameDayQty)
	for j := h.dayHead + 1; j < len(h.days) && rest.Sign() > 0; j++ {
		d2 := &h.days[j]
		if d2.day > d.day+matchWindowDays {
			break
		}
		e.matchSameDay(d2)
		if d2.unmatchedQty.Sign() <= 0 {
			continue
		}
		m := minDec(rest, d2.unmatchedQty)
		c := e.part(d2.unmatchedCost, m, d2.unmatchedQty)
		d2.unmatchedQty = e.sub(d2.unmatchedQty, m)
		d2.unmatchedCost = e.sub(d2.unmatchedCost, c)
		rest = e.sub(rest, m)
		parts = append(parts, matchPart{q: m, c: c, acq: d2.firstAcquiredAt, src: d2.firstAcquisition, match: MatchThirtyDay, missing: d2.unmatchedMissing})
	}
	if d.unmatchedQty.Sign() > 0 || !d.unmatchedCost.IsZero() {
		e.addToHolding(h, d.unmatchedQty, d.unmatchedCost, d.unmatchedMissing, d.firstAcquiredAt)
	}
	if rest.Sign() > 0 {
		covered := minDec(rest, h.qty)
		if covered.Sign() > 0 {
			c := e.takeFromHolding(h, covered)
			parts = append(parts, matchPart{q: covered, c: c, match: MatchPool, missing: h.missing})
		}
		if uncovered := e.sub(rest, covered); uncovered.Sign() > 0 {
			parts = append(parts, matchPart{q: uncovered, match: MatchUncovered, missing: true})
		}
	}
	for i := range parts {
		parts[i].leftQty, parts[i].leftCost = parts[i].q, parts[i].c
	}
	e.pooledState.parts = parts
	// each disposal of the day takes its share of every part, by quantity (the last the rest)
	left := d.disposedQty
	for i := range d.ev {
		ev := &d.ev[i]
		switch ev.op {
		case evDispose:
			left = e.sub(left, ev.qty)
			last := left.Sign() <= 0
			pieces := e.pooledState.pieces[:0]
			var uncovered Dec
			shares := e.shareOfParts(parts, ev.qty, d.disposedQty, last)
			for k := range parts {
				part := &parts[k]
				q, c := shares[k], part.leftCost
				if !last {
					c = minDec(e.mulDiv(part.c, ev.qty, d.disposedQty), part.leftCost)
				}
				if q.IsZero() && c.IsZero() {
					continue
				}
				part.leftQty = e.sub(part.leftQty, q)
				part.leftCost = e.sub(part.leftCost, c)
				p := Disposal{TransferID: ev.id, Quantity: q, Basis: c, MissingBasis: part.missing}
				switch part.match {
				case MatchSameDay:
					p.LotSource, p.AcquiredAt = part.src, Instant(ev.t)
				case MatchThirtyDay:
					p.LotSource, p.AcquiredAt = part.src, Instant(part.acq)
				case MatchUncovered:
					p.Uncovered = true
					uncovered = e.add(uncovered, q)
				}
				pieces = append(pieces, p)
			}
			e.pooledState.pieces = pieces
			e.emitSharedProceeds(asset, ev, pieces)
			if uncovered.Sign() > 0 {
				e.warnInYear(Warning{Code: WarnUncovered, TransferID: ev.id, At: Instant(ev.t), Asset: Ref(asset), Account: Ref(ev.acc + 1), Quantity: uncovered}, ev.year)
			}
		case evRemove:
			e.removeAtAverageCost(asset, h, ev)
		}
	}
	e.countSettledGain()
}

// shareOfParts splits a disposal of q (of the day's total) across the day's parts: by quantity, each
// part at most what it has left, the shares adding up to q exactly (the day's last disposal takes
// what is left of every part).
func (e *Engine) shareOfParts(parts []matchPart, q, total Dec, last bool) []Dec {
	shares := e.pooledState.shares[:0]
	rest := q
	for k := range parts {
		s := parts[k].leftQty
		if !last {
			s = minDec(minDec(e.mulDiv(parts[k].q, q, total), s), rest)
		}
		shares = append(shares, s)
		rest = e.sub(rest, s)
	}
	for k := range parts { // rounding left a little: from the parts that still have some
		if rest.Sign() <= 0 || last {
			break
		}
		if more := minDec(e.sub(parts[k].leftQty, shares[k]), rest); more.Sign() > 0 {
			shares[k] = e.add(shares[k], more)
			rest = e.sub(rest, more)
		}
	}
	e.pooledState.shares = shares
	return shares
}

// emitSharedProceeds gives out the pieces of one disposal: its proceeds are shared by quantity, the last piece
// taking the rest.
func (e *Engine) emitSharedProceeds(asset int32, ev *pendingEvent, pieces []Disposal) {
	rest := ev.amount
	for i := range pieces {
		p := &pieces[i]
		if i == len(pieces)-1 {
			p.Proceeds = rest
		} else {
			p.Proceeds = e.part(ev.amount, p.Quantity, ev.qty)
			rest = e.sub(rest, p.Proceeds)
		}
		e.emitPiece(asset, ev, p, Dec{})
	}
}
