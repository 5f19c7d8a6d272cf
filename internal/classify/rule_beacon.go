package classify

import (
	"encoding/binary"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// ruleBeaconDeposit: ETH sent to the beacon-chain deposit contract, which logs a DepositEvent per
// validator deposit. Each deposit moves its amount into the validator's staking position
// ("eth2:0x<pubkey>"): staking_deposit, an internal move that keeps basis and dates.
func (r *Rules) ruleBeaconDeposit(c *txContext) (outcome, bool) {
	if c.data.BeaconDeposit == "" {
		return outcome{}, false
	}
	type dep struct {
		pubkey string
		amount decimal.Decimal
	}
	var deps []dep
	sum := decimal.Zero
	for _, l := range c.logs(r.data.BeaconDeposit) {
		if !strings.EqualFold(l.Address, c.data.BeaconDeposit) {
			continue
		}
		pub, amount, ok := decodeDepositEvent(l.Data)
		if !ok {
			continue
		}
		deps = append(deps, dep{pub, amount})
		sum = sum.Add(amount)
	}
	outs := c.outs()
	if len(deps) == 0 || len(outs) != 1 || outs[0].Asset.Contract != "" || len(c.ins()) > 0 {
		return outcome{}, false
	}
	sent := outs[0]
	if !sum.Equal(sent.Quantity) {
		// A batch contract or a deposit of another's: one leg into the first validator's position.
		sent.Position = "eth2:" + deps[0].pubkey
		o := label("staking_deposit", imports.ConfidenceMedium, "%s ETH sent with %d beacon deposits of %s ETH in all",
			sent.Quantity, len(deps), sum)
		o.legs = []imports.Transfer{sent}
		return o, true
	}
	legs := make([]imports.Transfer, 0, len(deps))
	for _, d := range deps {
		leg := sent
		leg.Quantity, leg.To, leg.Position = d.amount, c.data.BeaconDeposit, "eth2:"+d.pubkey
		legs = append(legs, leg)
	}
	o := label("staking_deposit", imports.ConfidenceHigh, "beacon-chain deposit of %s ETH into %d validator(s), first %s",
		sum, len(deps), legs[0].Position)
	o.legs = legs
	return o, true
}

// decodeDepositEvent reads the validator's public key and the amount (little-endian gwei) of a
// DepositEvent(bytes pubkey, bytes withdrawal_credentials, bytes amount, bytes signature, bytes index).
func decodeDepositEvent(data string) (string, decimal.Decimal, bool) {
	raw, err := hex.DecodeString(strings.TrimPrefix(data, "0x"))
	if err != nil {
		return "", decimal.Zero, false
	}
	field := func(i int) ([]byte, bool) {
		if len(raw) < (i+1)*32 {
			return nil, false
		}
		off, err := strconv.ParseUint(hex.EncodeToString(raw[i*32+24:(i+1)*32]), 16, 64)
		if err != nil || off+32 > uint64(len(raw)) {
			return nil, false
		}
		n, err := strconv.ParseUint(hex.EncodeToString(raw[off+24:off+32]), 16, 64)
		if err != nil || off+32+n > uint64(len(raw)) {
			return nil, false
		}
		return raw[off+32 : off+32+n], true
	}
	pub, ok1 := field(0)
	amt, ok2 := field(2)
	if !ok1 || !ok2 || len(pub) != 48 || len(amt) != 8 {
		return "", decimal.Zero, false
	}
	gwei := binary.LittleEndian.Uint64(amt)
	return "0x" + hex.EncodeToString(pub), decimal.NewFromUint64(gwei).Shift(-9), true
}
