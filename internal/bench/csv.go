// Package bench generates the synthetic inputs that `make bench` measures taxd on.
package bench

import (
	"bufio"
	"io"
	"math/rand/v2"
	"strconv"
	"time"
)

// GenericCSVHeader is the header row GenericCSV writes (the generic format, internal/imports/CSV.md).
const GenericCSVHeader = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value_usd,fee_fiat_usd,tx_hash,notes\n"

// GenericCSV writes a generic-format CSV of rows transactions of one trader: buys of BTC and ETH
// for USD with a fiat fee, sells for USD with a fiat fee, trades between BTC and ETH with a fee in
// ETH, staking rewards (income) and network fees; quantities never exceed what was bought, so the
// ledger has no uncovered disposals to speak of. It is deterministic: the same seed writes the same
// bytes. Rows are one minute apart from 2020-01-01. The trades carry a short hash; with txHashes
// every row carries a distinct 66-character 0x hash instead, as a wallet's or an explorer's export
// does (the other columns are the same bytes either way).
func GenericCSV(w io.Writer, rows int, seed uint64, txHashes bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	start := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	assets := [2]string{"BTC", "ETH"}
	price := [2]float64{30000, 2000}
	held := [2]float64{}
	b := make([]byte, 0, 256)
	if _, err := bw.WriteString(GenericCSVHeader); err != nil {
		return err
	}
	for i := range rows {
		b = b[:0]
		at := start.Add(time.Duration(i) * time.Minute)
		var notes string
		var shortHash *uint64 // a trade's hash, written when the rows carry no long ones
		b = at.AppendFormat(b, time.RFC3339)
		for a := range price { // a slow random walk of both prices
			price[a] *= 1 + (r.Float64()-0.5)*0.002
		}
		a := r.IntN(2)
		q := func(v float64) { b = strconv.AppendFloat(b, v, 'f', 8, 64) }
		usd := func(v float64) { b = strconv.AppendFloat(b, v, 'f', 2, 64) }
		switch k := r.IntN(100); {
		case k < 40 || held[a] < 1e-4: // buy
			qty := 0.001 + r.Float64()*0.05*30000/price[a]
			held[a] += qty
			v := qty * price[a]
			b = append(b, ",buy,"...)
			usd(v)
			b = append(b, ",USD,"...)
			q(qty)
			b = append(b, ',')
			b = append(b, assets[a]...)
			b = append(b, ",1.50,USD,"...)
			usd(v)
			b = append(b, ",1.50"...)
		case k < 65: // sell part of the holding
			qty := held[a] * (0.05 + r.Float64()*0.3)
			held[a] -= qty
			v := qty * price[a]
			b = append(b, ",sell,"...)
			q(qty)
			b = append(b, ',')
			b = append(b, assets[a]...)
			b = append(b, ',')
			usd(v)
			b = append(b, ",USD,0.99,USD,"...)
			usd(v)
			b = append(b, ",0.99"...)
		case k < 80: // trade part of one asset for the other, fee in ETH
			o := 1 - a
			qty := held[a] * (0.05 + r.Float64()*0.3)
			v := qty * price[a]
			got := v / price[o]
			fee := 0.0005
			held[a] -= qty
			held[o] += got
			if held[1] >= fee {
				held[1] -= fee
			} else {
				fee = 0
			}
			b = append(b, ",trade,"...)
			q(qty)
			b = append(b, ',')
			b = append(b, assets[a]...)
			b = append(b, ',')
			q(got)
			b = append(b, ',')
			b = append(b, assets[o]...)
			b = append(b, ',')
			if fee > 0 {
				q(fee)
				b = append(b, ",ETH,"...)
			} else {
				b = append(b, ",,"...)
			}
			usd(v)
			b = append(b, ',')
			if fee > 0 {
				usd(fee * price[1])
			}
			h := r.Uint64()
			shortHash = &h
		case k < 95: // staking reward
			qty := 0.0001 + r.Float64()*0.01
			held[1] += qty
			b = append(b, ",staking_reward,,,"...)
			q(qty)
			b = append(b, ",ETH,,,"...)
			usd(qty * price[1])
			b = append(b, ',')
			notes = "staking"
		default: // a network fee in ETH
			fee := min(0.001, held[1]/10)
			if fee <= 0 {
				fee = 0.0001
			}
			held[1] -= fee
			b = append(b, ",fee,,,,,"...)
			q(fee)
			b = append(b, ",ETH,,"...)
			usd(fee * price[1])
		}
		b = append(b, ',')
		if txHashes {
			b = appendTxHash(b, seed, uint64(i))
		} else if shortHash != nil {
			b = append(b, "0x"...)
			b = strconv.AppendUint(b, *shortHash, 16)
		}
		b = append(b, ',')
		b = append(b, notes...)
		b = append(b, '\n')
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// appendTxHash appends row i's 66-character hash: "0x" and four 64-bit words in hex, the first a
// bijection of i (so no two rows share one), the others mixed from it.
func appendTxHash(b []byte, seed, i uint64) []byte {
	b = append(b, "0x"...)
	w := mix64(i ^ seed)
	for k := range 4 {
		if k > 0 {
			w = mix64(w + uint64(k))
		}
		for shift := 60; shift >= 0; shift -= 4 {
			b = append(b, "0123456789abcdef"[w>>uint(shift)&0xf])
		}
	}
	return b
}

// mix64 is SplitMix64's finalizer, a bijection of the 64-bit words.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
