package imports

import (
	"strings"

	"github.com/shopspring/decimal"
)

// Legs are the unlabelled movements of one account in a ChainTx: what a provider hands to the
// ledger when no classification stage labels them.
//
//   - The fee (Fee, which includes an OP-stack chain's L1 data fee) when the account sent the
//     transaction; a failed transaction moves nothing else.
//   - The native coin: the value the account sent, net of what came back to it from contracts
//     in the same transaction (a router's or a registrar's refund is not an income); a value
//     sent to the account; native moves by contracts to or from the account.
//   - Every token transfer to or from the account (ERC-20, and ERC-721/1155 with their token id
//     in the asset), zero amounts left out.
//
// ok is false when nothing of the account moved (someone else's zero-value call, an approval
// sent by someone else). Addresses equal to account are returned as account (its spelling as
// stored); the others lower case.
func Legs(ct ChainTx, account string) (Tx, bool) {
	me := strings.ToLower(account)
	self := func(a string) string {
		if strings.EqualFold(a, me) {
			return account
		}
		return a
	}
	native, _ := NativeAsset(ct.Chain)
	tx := Tx{ExternalID: ct.Hash, Hash: ct.Hash, Time: ct.Time, Failed: ct.Failed}
	if !ct.Failed {
		sent := decimal.Zero
		if ct.From == me {
			sent = ct.Value
		}
		refund := decimal.Zero
		refundFrom := ""
		var inner []Transfer
		for _, m := range ct.Internal {
			switch {
			case m.To == me && m.From != me && sent.Sign() > 0:
				refund = refund.Add(m.Quantity)
				if refundFrom == "" {
					refundFrom = m.From
				}
			case m.To == me || m.From == me:
				inner = append(inner, Transfer{Asset: native, Quantity: m.Quantity, From: self(m.From), To: self(m.To)})
			}
		}
		switch net := sent.Sub(refund); {
		case net.Sign() > 0:
			tx.Transfers = append(tx.Transfers, Transfer{Asset: native, Quantity: net, From: account, To: self(ct.To)})
		case net.Sign() < 0:
			tx.Transfers = append(tx.Transfers, Transfer{Asset: native, Quantity: net.Neg(), From: self(refundFrom), To: account})
		}
		if ct.From != me && ct.To == me && ct.Value.Sign() > 0 {
			tx.Transfers = append(tx.Transfers, Transfer{Asset: native, Quantity: ct.Value, From: self(ct.From), To: account})
		}
		tx.Transfers = append(tx.Transfers, inner...)
		for _, m := range ct.Tokens {
			if (m.From != me && m.To != me) || m.Quantity.Sign() <= 0 {
				continue
			}
			tx.Transfers = append(tx.Transfers, Transfer{Asset: m.Asset(ct.Chain), Quantity: m.Quantity, From: self(m.From), To: self(m.To)})
		}
	}
	if ct.From == me && ct.Fee.Sign() > 0 {
		tx.Transfers = append(tx.Transfers, Transfer{Asset: native, Quantity: ct.Fee, From: account, IsFee: true})
	}
	return tx, len(tx.Transfers) > 0
}
