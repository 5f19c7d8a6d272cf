package tax

// The adjusted cost base matcher (CRA, Rules.Matcher == MatcherAdjustedCostBase): one average
// cost per property across accounts; a disposal takes units × ACB per unit. With
// Rules.SuperficialLosses a loss is denied in the proportion of the units bought back in the 61
// days around it and still held at their end, and the denied part joins the ACB of the units held.
//
// Invariants:
//   - a piece's Basis plus its denied loss is the ACB it took; the denied loss is added back to
//     the holding's cost, so the total cost is conserved;
//   - holding.recent[recentHead:] holds the settled acquisitions of the last 30 days only.

// settleAdjustedCostBaseDay settles one asset-day under CA, event by event: acquisitions add to the adjusted cost
// base, a disposal takes units × ACB per unit, and a loss is superficial, in the proportion
// min(sold, acquired in the window, held at its end) / sold, when the property was acquired in the
// 61 days from 30 days before to 30 days after the disposal and is held at the end of them; the
// denied part is added to the ACB of the units still held.
func (e *Engine) settleAdjustedCostBaseDay(asset int32, h *holding, d *assetDay) {
	for i := range d.ev {
		ev := &d.ev[i]
		switch ev.op {
		case evAcquire:
			e.addToHolding(h, ev.qty, ev.amount, ev.missing, ev.t)
			h.recent = append(h.recent, recentAcquisition{day: d.day, qty: ev.qty})
		case evRemove:
			e.removeAtAverageCost(asset, h, ev)
		case evDispose:
			covered := minDec(ev.qty, h.qty)
			uncovered := e.sub(ev.qty, covered)
			coveredProceeds := ev.amount
			if uncovered.Sign() > 0 {
				coveredProceeds = e.part(ev.amount, covered, ev.qty)
			}
			if covered.Sign() > 0 {
				missing := h.missing
				c := e.takeFromHolding(h, covered)
				var denied Dec
				if g := e.sub(coveredProceeds, c); g.Sign() < 0 && !ev.missing && !missing {
					denied = e.superficialLoss(h, d, i, covered, g)
				}
				if denied.Sign() > 0 {
					c = e.sub(c, denied)
					h.cost = e.add(h.cost, denied)
				}
				e.emitPiece(asset, ev, &Disposal{Quantity: covered, Proceeds: coveredProceeds, Basis: c, MissingBasis: missing}, denied)
			}
			if uncovered.Sign() > 0 {
				e.emitPiece(asset, ev, &Disposal{Quantity: uncovered, Proceeds: e.sub(ev.amount, coveredProceeds), Uncovered: true, MissingBasis: true}, Dec{})
				e.warnInYear(Warning{Code: WarnUncovered, TransferID: ev.id, At: Instant(ev.t), Asset: Ref(asset), Account: Ref(ev.acc + 1), Quantity: uncovered}, ev.year)
			}
			e.countSettledGain()
		}
	}
	// keep the acquisitions of the last 30 days
	for h.recentHead < len(h.recent) && h.recent[h.recentHead].day < d.day-matchWindowDays {
		h.recentHead++
	}
	if h.recentHead == len(h.recent) {
		h.recent, h.recentHead = h.recent[:0], 0
	} else if h.recentHead >= 64 && h.recentHead*2 >= len(h.recent) {
		n := copy(h.recent, h.recent[h.recentHead:])
		h.recent, h.recentHead = h.recent[:n], 0
	}
}

// superficialLoss is the superficial part of the loss (gain < 0) of disposing of sold units, the i-th event
// of day d, the holding already reduced by it.
func (e *Engine) superficialLoss(h *holding, d *assetDay, i int, sold, gain Dec) Dec {
	var acquired Dec
	for _, a := range h.recent[h.recentHead:] {
		if a.day >= d.day-matchWindowDays {
			acquired = e.add(acquired, a.qty)
		}
	}
	held := h.qty
	count := func(ev *pendingEvent) {
		switch ev.op {
		case evAcquire:
			acquired = e.add(acquired, ev.qty)
			held = e.add(held, ev.qty)
		default:
			held = e.sub(held, ev.qty)
		}
	}
	for k := i + 1; k < len(d.ev); k++ {
		count(&d.ev[k])
	}
	for j := h.dayHead + 1; j < len(h.days) && h.days[j].day <= d.day+matchWindowDays; j++ {
		for k := range h.days[j].ev {
			count(&h.days[j].ev[k])
		}
	}
	if acquired.Sign() <= 0 || held.Sign() <= 0 {
		return Dec{}
	}
	loss, _ := gain.Neg()
	return e.part(loss, minDec(sold, minDec(acquired, held)), sold)
}

// Inclusion is the taxable part of a Canadian capital gain or allowable part of a loss: one half
// (the inclusion rate), rounded half-even at 18 decimals.
func Inclusion(gain Dec) Dec {
	h, _ := mulDiv(gain, DecFromInt(1), DecFromInt(2))
	return h
}
