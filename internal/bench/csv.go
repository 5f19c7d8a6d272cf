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
// bytes. Rows are one minute apart from 2020-01-01.
func GenericCSV(w io.Writer, rows int, seed uint64) error {
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
			b = append(b, ",1.50,,\n"...)
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
			b = append(b, ",0.99,,\n"...)
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
			b = append(b, ",0x"...)
			b = strconv.AppendUint(b, r.Uint64(), 16)
			b = append(b, ",\n"...)
		case k < 95: // staking reward
			qty := 0.0001 + r.Float64()*0.01
			held[1] += qty
			b = append(b, ",staking_reward,,,"...)
			q(qty)
			b = append(b, ",ETH,,,"...)
			usd(qty * price[1])
			b = append(b, ",,,staking\n"...)
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
			b = append(b, ",,\n"...)
		}
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}
