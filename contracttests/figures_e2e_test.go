package contracttests

import "testing"

// TestTransferShowsTheFiguresTheEngineUsed: a gift sent and lost coins show the basis of the lots
// that left; the receiving side of a cross-chain swap imported without a value shows the value and
// basis the engine gave it (the sent side's value); a purchase with a crypto fee shows the basis
// with the fee added.
func TestTransferShowsTheFiguresTheEngineUsed(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	src := e.importFile(t, "Source chain", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2024-01-02T00:00:00Z,buy,,,4,SOL,400\n"+
		"2024-02-02T00:00:00Z,gift_sent,1,SOL,,,\n"+
		"2024-03-02T00:00:00Z,lost,0.5,SOL,,,\n"+
		"2024-04-02T00:00:00Z,withdrawal,2,SOL,,,260\n")
	dst := e.importFile(t, "Destination chain", "date,type,received_quantity,received_asset\n"+
		"2024-04-02T00:03:00Z,deposit,250,USDT\n")
	s, d := e.accountTxs(t, src), e.accountTxs(t, dst)
	mustGQL(t, e, "crossChainSwap", `mutation($c: ID!, $f: ID!, $t: ID!) { crossChainSwap(clientId: $c, fromTransactionId: $f, toTransactionId: $t) { id } }`,
		map[string]any{"c": c, "f": s[3].ID, "t": d[0].ID}, nil)
	e.recalculate(t)
	if b := i64(e.tx(t, s[1].ID).Transfers[0].BasisFiatValueCents); b != 10000 {
		t.Errorf("gift sent: basis %d cents, want 10000", b)
	}
	if b := i64(e.tx(t, s[2].ID).Transfers[0].BasisFiatValueCents); b != 5000 {
		t.Errorf("lost: basis %d cents, want 5000", b)
	}
	recv := e.tx(t, d[0].ID)
	if tr := recv.Transfers[0]; i64(tr.FiatValueCents) != 26000 || i64(tr.BasisFiatValueCents) != 26000 || recv.FiatValueCents != 26000 {
		t.Errorf("receiving side of the swap: value %d basis %d (transaction %d), want 26000", i64(tr.FiatValueCents), i64(tr.BasisFiatValueCents), recv.FiatValueCents)
	}
	if got := e.year(t, "2024").CapGainsSumSigned; got != "6000" { // 260 - 2 x 100
		t.Errorf("2024 gains %s, want 6000", got)
	}

	// A crypto fee is a cost of the purchase: the lot's basis is the value plus the fee's value.
	buyer := e.importFile(t, "Fee buyer", "date,type,received_quantity,received_asset,fiat_value_usd,fee_quantity,fee_asset,fee_fiat_usd\n"+
		"2024-05-05T00:00:00Z,buy,1,ETH9,100,0.01,ETH9,1\n")
	e.recalculate(t)
	if tr := e.accountTxs(t, buyer)[0].Transfers[0]; i64(tr.FiatValueCents) != 10000 || i64(tr.BasisFiatValueCents) != 10100 {
		t.Errorf("a purchase with a crypto fee: value %d basis %d, want 10000 and 10100", i64(tr.FiatValueCents), i64(tr.BasisFiatValueCents))
	}
}
