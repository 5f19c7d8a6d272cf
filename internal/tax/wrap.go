package tax

// A wrap turns one form of an asset into another inside one transaction (ETH into WETH and back,
// a chain's native coin and its wrapped token): not a disposal, the in-transaction twin of a
// bridge link. The transaction's legs labelled wrap pair up, the k-th leaving one with the k-th
// arriving one, and each pair becomes one move from the sending account to the receiving one into
// the arriving asset (Transfer.ToAsset) of min(sent, received) units: the lots keep their basis
// and acquisition date, unit for unit. Units sent beyond those received are a fee (a disposal at
// their share of the sent value); units received beyond those sent are an acquisition at their
// share of the received value. A wrap leg without a partner is an ordinary leg (a disposal or an
// acquisition). Jurisdictions whose bridge moves are disposals (the pooled rules) treat a wrap's
// move the same way (pooledMove).

// hasWrap reports whether a transaction has a leg labelled wrap.
func hasWrap(trs []Transfer) bool {
	for i := range trs {
		if trs[i].Label == LabelWrap {
			return true
		}
	}
	return false
}

func wrapLeaves(t *Transfer) bool {
	return t.Label == LabelWrap && !t.IsFee && t.From != "" && t.To == ""
}

func wrapArrives(t *Transfer) bool {
	return t.Label == LabelWrap && !t.IsFee && t.From == "" && t.To != ""
}

// pairWraps returns the transaction's transfers with its wrap legs paired into moves (see the file
// comment), in the engine's scratch buffer: the input is not changed.
func (e *Engine) pairWraps(trs []Transfer) []Transfer {
	out := e.wrapBuf[:0]
	var ins []int
	for i := range trs {
		if wrapArrives(&trs[i]) {
			ins = append(ins, i)
		}
	}
	used := make([]bool, len(trs))
	next := 0
	var rest []Transfer
	for i := range trs {
		o := trs[i]
		if !wrapLeaves(&o) || next >= len(ins) {
			if !wrapArrives(&o) {
				out = append(out, o)
			}
			continue
		}
		j := ins[next]
		next++
		used[j] = true
		in := trs[j]
		moved := o.Quantity
		if in.Quantity.Cmp(moved) < 0 {
			moved = in.Quantity
		}
		mv := o
		mv.To, mv.Label, mv.StakingAccountIdentifier, mv.FeeFiat = in.To, LabelInternal, "", Dec{}
		mv.Quantity, mv.FiatValue = moved, e.shareOf(o.FiatValue, moved, o.Quantity)
		if in.Asset != o.Asset {
			mv.ToAsset = in.Asset
		}
		out = append(out, mv)
		if lost, _ := sub(o.Quantity, moved); lost.Sign() > 0 {
			fee := o
			fee.IsFee, fee.Label, fee.FeeFiat = true, LabelFee, Dec{}
			fee.Quantity, fee.FiatValue = lost, e.shareOf(o.FiatValue, lost, o.Quantity)
			out = append(out, fee)
		}
		if extra, _ := sub(in.Quantity, moved); extra.Sign() > 0 {
			in.Label, in.FeeFiat = LabelNone, Dec{}
			in.Quantity, in.FiatValue = extra, e.shareOf(in.FiatValue, extra, trs[j].Quantity)
			rest = append(rest, in)
		}
	}
	for _, j := range ins {
		if !used[j] {
			out = append(out, trs[j]) // unpaired: an ordinary acquisition
		}
	}
	out = append(out, rest...)
	e.wrapBuf = out
	return out
}

// shareOf is v * part / whole (v when part is whole).
func (e *Engine) shareOf(v, part, whole Dec) Dec {
	if part.Cmp(whole) == 0 || v.IsZero() {
		return v
	}
	return e.mulDiv(v, part, whole)
}
