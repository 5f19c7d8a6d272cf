package classify_test

import (
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/classify"
	"taxd/internal/imports"
)

// The transactions below are real mainnet and L2 transactions; their facts (hashes, addresses,
// amounts, logs, gas) are copied from recorded Etherscan answers (rotki/test-caching cassettes).
// Expected legs are written by hand: amounts are the raw integers divided by 10^decimals.

const (
	weth        = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"
	baseWETH    = "0x4200000000000000000000000000000000000006"
	usdtEth     = "0xdac17f958d2ee523a2206206994597c13d831ec7"
	usdcEth     = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"
	wbtcEth     = "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599"
	usdcArb     = "0xaf88d065e77c8cc2239327c5edb3a432268e5831"
	arbToken    = "0x912ce59144191c1204e64559fe8253a0e49e6548"
	acrossEth   = "0x5c7bcd6e7de5423a257d81b442095a1a6ced35c5"
	cowSettle   = "0x9008d19f58aabd9ed0d60971565aa8510560ab41"
	beacon      = "0x00000000219ab540356cbb839cbe05303d7705fa"
	zero        = "0x0000000000000000000000000000000000000000"
	topicTransf = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// addrTopic is an address as an indexed topic.
func addrTopic(a string) string { return "0x000000000000000000000000" + strings.TrimPrefix(a, "0x") }

func erc20(contract, sym string, dec int32, from, to, qty string) imports.TokenMove {
	return imports.TokenMove{Standard: imports.ERC20, Contract: contract, Symbol: sym, Decimals: dec, From: from, To: to, Quantity: d(qty)}
}

type leg struct {
	asset, qty, from, to, position string
	fee                            bool
}

type want struct {
	label, rule string
	conf        imports.Confidence
	legs        []leg
}

func check(t *testing.T, got imports.Tx, w want) {
	t.Helper()
	if got.Classification == nil {
		t.Fatal("no classification")
	}
	if got.Label != w.label || got.Classification.Rule != w.rule || got.Classification.Confidence != w.conf {
		t.Errorf("label %q rule %q confidence %q (%s), want %q %q %q", got.Label, got.Classification.Rule,
			got.Classification.Confidence, got.Classification.Explanation, w.label, w.rule, w.conf)
	}
	if got.Classification.Explanation == "" {
		t.Error("no explanation")
	}
	var legs []leg
	for _, tr := range got.Transfers {
		legs = append(legs, leg{asset: tr.Asset.Key(), qty: tr.Quantity.String(), from: strings.ToLower(tr.From),
			to: strings.ToLower(tr.To), position: tr.Position, fee: tr.IsFee})
	}
	if len(legs) != len(w.legs) {
		t.Fatalf("legs:\n got %+v\nwant %+v", legs, w.legs)
	}
	for i := range legs {
		if legs[i] != w.legs[i] {
			t.Errorf("leg %d:\n got %+v\nwant %+v", i, legs[i], w.legs[i])
		}
	}
}

func classifyAs(tx imports.ChainTx, wallet string, others ...classify.Address) imports.Tx {
	return classify.Default().Classify(tx, classify.NewOwn(tx.Chain, wallet, others))
}

var at = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

// A direct wrap: 0.06 ETH into WETH; WETH logs Deposit and no Transfer.
func TestWrapDirect(t *testing.T) {
	const w = "0x4b078a6a7026c32d2d6aff763e2f37336cf552dd"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x5bb623b365def9650816dcbaf1babde8fd0ebed737db36d3a033d7cf63792daf", Time: at,
		From: w, To: weth, Value: d("0.06"), MethodID: "0xd0e30db0", Fee: d("0.00057313513694104"),
		Logs: []imports.Log{{Address: weth, Topics: []string{classify.Topic("Deposit(address,uint256)"), addrTopic(w)},
			Data: "0x00000000000000000000000000000000000000000000000000d529ae9e860000"}}}
	check(t, classifyAs(tx, w), want{"wrap", classify.RuleWrap, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:native", qty: "0.06", from: w, to: weth},
		{asset: "ethereum:" + weth, qty: "0.06", from: weth, to: w},
		{asset: "ethereum:native", qty: "0.00057313513694104", from: w, fee: true},
	}})
}

// A direct unwrap on Base: WETH logs Withdrawal, the ETH comes back as an internal movement; the
// fee includes the receipt's L1 data fee.
func TestUnwrapDirectBase(t *testing.T) {
	const w = "0x44f29ebe386c409376c66ad268f9ae595c8c3e76"
	tx := imports.ChainTx{Chain: "base", Hash: "0x8d54608c2f684d880ad40a16cf9b82525c51520798ae8875d543d3338327ddad", Time: at,
		From: w, To: baseWETH, MethodID: "0x2e1a7d4d", Fee: d("0.000000533995613184"),
		Internal: []imports.NativeMove{{From: baseWETH, To: w, Quantity: d("0.00022448658511341")}},
		Logs: []imports.Log{{Address: baseWETH, Topics: []string{classify.Topic("Withdrawal(address,uint256)"), addrTopic(w)},
			Data: "0x0000000000000000000000000000000000000000000000000000cc2b5b299b42"}}}
	check(t, classifyAs(tx, w), want{"wrap", classify.RuleWrap, imports.ConfidenceHigh, []leg{
		{asset: "base:" + baseWETH, qty: "0.00022448658511341", from: w, to: baseWETH},
		{asset: "base:native", qty: "0.00022448658511341", from: baseWETH, to: w},
		{asset: "base:native", qty: "0.000000533995613184", from: w, fee: true},
	}})
}

// ETH to WETH through the 1inch router: the router wraps and sends the WETH on.
func TestWrapThroughRouter(t *testing.T) {
	const w, router = "0xdcb02829f91533ab757b1b0e8b595d7c950afbb8", "0x1111111254fb6c44bac0bed2854e76f90643097d"
	const pool = "0x92f3f71cef740ed5784874b8c70ff87ecdf33588"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x6446f928148dc9f7e1ad719730d661d6d3409a9c62293ca8e8c259d06c6bd004", Time: at,
		From: w, To: router, Value: d("0.014763948338176106"), MethodID: "0x7c025200", Fee: d("0.002694727747581802"),
		Tokens: []imports.TokenMove{
			erc20(weth, "WETH", 18, pool, router, "0.014763948338176106"),
			erc20(weth, "WETH", 18, router, w, "0.014763948338176106"),
		}}
	check(t, classifyAs(tx, w), want{"wrap", classify.RuleWrap, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:native", qty: "0.014763948338176106", from: w, to: router},
		{asset: "ethereum:" + weth, qty: "0.014763948338176106", from: router, to: w},
		{asset: "ethereum:native", qty: "0.002694727747581802", from: w, fee: true},
	}})
}

// A beacon-chain deposit of 32 ETH: staking_deposit into the validator's position.
func TestBeaconDeposit(t *testing.T) {
	const w = "0xc66962ff943449c90b457856d448aa19d60cb033"
	data := "0x00000000000000000000000000000000000000000000000000000000000000a000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000140000000000000000000000000000000000000000000000000000000000000018000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000030a685b19738ac8d7ee301f434f77fdbca50f7a2b8d287f4ab6f75cae251aa821576262b79ae9d58d9b458ba748968dfda00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002000c5af874f28011e2f559e1214131da5f11b12845921b0d8e436f0cd37d683a800000000000000000000000000000000000000000000000000000000000000080040597307000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000006089c6b241f8c39aa0769165d191dfe58e7ae1b123194534eb47f6fbafcbfcc4b3817bcd10260b0c142a35d217aad221e717b41a4395e54144a563e1899b0d0b57289aee859ed20ddbee54260314c375a8de973becd5e63ce75123657517f619bc000000000000000000000000000000000000000000000000000000000000000828ed070000000000000000000000000000000000000000000000000000000000"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0xb3658f940cab23f95273bb7c199eec5c71424a8bf2f111201f5cc2a1491d3471", Time: at,
		From: w, To: beacon, Value: d("32"), MethodID: "0x22895118", Fee: d("0.000788637337054068"),
		Logs: []imports.Log{{Address: beacon, Topics: []string{"0x649bbc62d0e31342afea4e5cd82d4049e7e1ee912fc0889aa790803be39038c5"}, Data: data}}}
	check(t, classifyAs(tx, w), want{"staking_deposit", classify.RuleBeaconDeposit, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:native", qty: "32", from: w, to: beacon,
			position: "eth2:0xa685b19738ac8d7ee301f434f77fdbca50f7a2b8d287f4ab6f75cae251aa821576262b79ae9d58d9b458ba748968dfda"},
		{asset: "ethereum:native", qty: "0.000788637337054068", from: w, fee: true},
	}})
}

// The ARB airdrop claim: the distributor logs HasClaimed(recipient, amount).
func TestAirdropClaim(t *testing.T) {
	const w, distributor = "0x0c5b7a89b3689d86ed473cae4e7cb00381949861", "0x67a24ce4321ab3af51c2d0a4801c3e111d88c9d9"
	tx := imports.ChainTx{Chain: "arbitrum", Hash: "0xa230fc4d5e61db1d9be044215b00cb6ad1775b413a240ea23a98117153f6264e", Time: at,
		From: w, To: distributor, MethodID: "0x4e71d92d", FunctionName: "claim()", Fee: d("0.000032717"),
		Tokens: []imports.TokenMove{erc20(arbToken, "ARB", 18, distributor, w, "625")},
		Logs: []imports.Log{{Address: distributor, Topics: []string{"0x8629b200ebe43db58ad688b85131d53251f3f3be4c14933b4641aeebacf1c08c", addrTopic(w)},
			Data: "0x000000000000000000000000000000000000000000000021e19e0c9bab240000"}}}
	check(t, classifyAs(tx, w), want{"airdrop", classify.RuleAirdrop, imports.ConfidenceHigh, []leg{
		{asset: "arbitrum:" + arbToken, qty: "625", from: distributor, to: w},
		{asset: "arbitrum:native", qty: "0.000032717", from: w, fee: true},
	}})
}

// A governance vote on Arbitrum: only the fee.
func TestGasOnlyVote(t *testing.T) {
	const w, governor = "0xc37b40abdb939635068d3c5f13e7faf686f03b65", "0xf07ded9dc292157749b6fd268e37df6ea38395b9"
	tx := imports.ChainTx{Chain: "arbitrum", Hash: "0x10b9c5adb845151365bf6977d76b728fad60b64372ce0bde6ae52602b01c282b", Time: at,
		From: w, To: governor, MethodID: "0x56781388", Fee: d("0.0000821946"),
		Logs: []imports.Log{{Address: governor, Topics: []string{"0xb8e138887d0aa13bab447e82de9d5c1777041ecd21ca36ba824ff1e6c07ddda4", addrTopic(w)}}}}
	check(t, classifyAs(tx, w), want{"fee", classify.RuleGasOnly, imports.ConfidenceHigh, []leg{
		{asset: "arbitrum:native", qty: "0.0000821946", from: w, fee: true},
	}})
}

// The same vote had it failed: only the fee, by the failed rule.
func TestFailedPaysTheFee(t *testing.T) {
	const w, governor = "0xc37b40abdb939635068d3c5f13e7faf686f03b65", "0xf07ded9dc292157749b6fd268e37df6ea38395b9"
	tx := imports.ChainTx{Chain: "arbitrum", Hash: "0x10b9c5adb845151365bf6977d76b728fad60b64372ce0bde6ae52602b01c282b", Time: at,
		From: w, To: governor, MethodID: "0x56781388", Fee: d("0.0000821946"), Failed: true}
	got := classifyAs(tx, w)
	check(t, got, want{"fee", classify.RuleFailed, imports.ConfidenceHigh, []leg{
		{asset: "arbitrum:native", qty: "0.0000821946", from: w, fee: true},
	}})
	if !got.Failed {
		t.Error("not marked failed")
	}
}

// Address poisoning: someone else's call moves zero USDT "from" the wallet.
func TestSpamZeroTransferFrom(t *testing.T) {
	const w, victimTo = "0xdb0bec8cf89bfb97c55184fa16a26960b8e467a2", "0xe3fe2a21f55ce386a98cb5c71ca3434dffe267e3"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0xb45ef1a202a8d9e983cf59129d28f79057969bb822f62e4b7d9f1ac8853d23ed", Time: at,
		From: "0xf6a4211461eac532574eba5277a0546399a99ed1", To: "0x734160dae3ad1a6c81a474e6ed7f4d05e57af809", MethodID: "0xcac40eb0",
		Fee:    d("0.00528232489652584"),
		Tokens: []imports.TokenMove{erc20(usdtEth, "USDT", 6, w, victimTo, "0")}}
	got := classifyAs(tx, w)
	check(t, got, want{"spam", classify.RuleSpam, imports.ConfidenceHigh, nil})
	// The receiving side of the same zero transfer is merely touched.
	check(t, classifyAs(tx, victimTo), want{"", classify.RuleUntouched, imports.ConfidenceHigh, nil})
}

// A listed look-alike token pushed in a poisoning batch.
func TestSpamListedToken(t *testing.T) {
	const w, fake = "0x9c2a8df52ea471fdbeb92930dedc8f5ff052d173", "0x7ea0aa8f5e765290157b42af6e76a1c038f00f1e"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0xaaa20e8ab6dc3f16a0518c4f3c9fadf61264a321d65cd5af68869f5f47828934", Time: at,
		From: "0x6cbb0d52982ba425aa188048dcf4949ba7af73e4", To: "0x49577cc09508d88b6bd5eaa63c02ed916d030034", MethodID: "0x8aaa8f3b",
		Fee:    d("0.000102936328265945"),
		Tokens: []imports.TokenMove{erc20(fake, "USDT", 6, "0x0d7e354e9536bdc3c89928abb30bc50cc9b89b7f", w, "1000")}}
	check(t, classifyAs(tx, w), want{"spam", classify.RuleSpam, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:" + fake, qty: "1000", from: "0x0d7e354e9536bdc3c89928abb30bc50cc9b89b7f", to: w},
	}})
}

// A look-alike: in the same recorded poisoning batch, an unlisted contract pushes 140000 units to a
// wallet. The recording has no token metadata; the test gives the token the symbol USDC (decimals 6)
// that such look-alikes carry, so the rule sees a listed symbol from another contract.
func TestSpamLookAlike(t *testing.T) {
	const w, fake = "0x8f0c3c4f324dd1160b55e77b6f059c8b32d5b059", "0xb7667fbe7d5d5b452c5eed592327d4cec0e47289"
	const from = "0x84c0e85a8aeb537c5b12cc5d9cd168bfe3390673"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0xaaa20e8ab6dc3f16a0518c4f3c9fadf61264a321d65cd5af68869f5f47828934", Time: at,
		From: "0x6cbb0d52982ba425aa188048dcf4949ba7af73e4", To: "0x49577cc09508d88b6bd5eaa63c02ed916d030034", MethodID: "0x8aaa8f3b",
		Fee: d("0.000102936328265945"),
		Tokens: []imports.TokenMove{
			erc20(fake, "USDC", 6, from, w, "140000"),
			erc20("0x7ea0aa8f5e765290157b42af6e76a1c038f00f1e", "", 6, "0x0d7e354e9536bdc3c89928abb30bc50cc9b89b7f", "0x9c2a8df52ea471fdbeb92930dedc8f5ff052d173", "1000"),
		}}
	check(t, classifyAs(tx, w), want{"spam", classify.RuleSpam, imports.ConfidenceMedium, []leg{
		{asset: "ethereum:" + fake, qty: "140000", from: from, to: w},
	}})
}

// An Across deposit on Ethereum: USDT leaves for Arbitrum.
func TestBridgeOutAcross(t *testing.T) {
	const w = "0x6b21bb0d79c543b13dee153700788d2c008633e5"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x01456be6d500a21b91941e569df54ec4760868d4b51ba9ef2ddab59d33d3c21f", Time: at,
		From: w, To: acrossEth, MethodID: "0xad5425c6", Fee: d("0.000078206217311286"),
		Tokens: []imports.TokenMove{erc20(usdtEth, "USDT", 6, w, acrossEth, "422.866751")},
		Logs: []imports.Log{{Address: acrossEth, Topics: []string{"0x32ed1a409ef04c7b0227189c3a103dc5ac10e775a15b785dcc510201f7c25ad3",
			"0x000000000000000000000000000000000000000000000000000000000000a4b1", "0x00000000000000000000000000000000000000000000000000000000003d67f8", addrTopic(w)}}}}
	check(t, classifyAs(tx, w), want{"internal", classify.RuleBridgeOut, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:" + usdtEth, qty: "422.866751", from: w, to: acrossEth},
		{asset: "ethereum:native", qty: "0.000078206217311286", from: w, fee: true},
	}})
}

// An Across arrival on Ethereum relayed by someone else: ETH arrives from the SpokePool.
func TestBridgeInAcrossRelayed(t *testing.T) {
	const w = "0xf5d90ac6747cb3352f05bf61f48b991aceae28eb"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x742fbbe405ea7a547e30895719e3de09b852f5540a67b6bbd0cc8546131c6318", Time: at,
		From: "0x8b5606469e21c75edd7c74d1c7a65824675d9aff", To: "0x9ccc2f3ecde026230e11a5c8799ac7524f2bb294", MethodID: "0x1bc74526",
		Fee: d("0.000005056983634595"),
		Internal: []imports.NativeMove{
			{From: weth, To: acrossEth, Quantity: d("0.041982585504559745")},
			{From: acrossEth, To: w, Quantity: d("0.041982585504559745")},
		},
		Logs: []imports.Log{
			{Address: acrossEth, Topics: []string{"0x44b559f101f8fbcc8a0ea43fa91a05a729a5ea6e14a7c75aa750374690137208",
				"0x000000000000000000000000000000000000000000000000000000000000a4b1", "0x00000000000000000000000000000000000000000000000000000000004032ba",
				"0x000000000000000000000000cad97616f91872c02ba3553db315db4015cbe850"}},
			{Address: weth, Topics: []string{topicTransf, addrTopic("0xcad97616f91872c02ba3553db315db4015cbe850"), addrTopic(acrossEth)}},
		}}
	check(t, classifyAs(tx, w), want{"internal", classify.RuleBridgeIn, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:native", qty: "0.041982585504559745", from: acrossEth, to: w},
	}})
}

// CCTP: USDC burnt on Ethereum, minted on Arbitrum to the same owner.
func TestBridgeCCTP(t *testing.T) {
	const w = "0xd0adc5d079cc486b58f1b9a28b973355c4ec9e6f"
	const messenger, transmitterArb, minterArb = "0xbd3fa81b58ba92a82136038b25adec7066af3155", "0xc30362313fbba5cf9163f0bb16a0e01f01a896ca", "0x19330d10d9cc8751218eaf51e8885d058642e08a"
	out := imports.ChainTx{Chain: "ethereum", Hash: "0xac7bb45701a4311a2c662377a4764ac694a8f6438270c1ee8a4100d4a000a511", Time: at,
		From: w, To: messenger, MethodID: "0x6fd3504e", Fee: d("0.000649402467435812"),
		Tokens: []imports.TokenMove{
			erc20(usdcEth, "USDC", 6, w, "0xc4922d64a24675e16e1586e3e3aa56c06fabe907", "1839.726596"),
			erc20(usdcEth, "USDC", 6, "0xc4922d64a24675e16e1586e3e3aa56c06fabe907", zero, "1839.726596"),
		},
		Logs: []imports.Log{{Address: messenger, Topics: []string{"0x2fa9ca894982930190727e75500a97d8dc500233a5065e0f3126c48fbe0343c0",
			"0x000000000000000000000000000000000000000000000000000000000000f5a3", addrTopic(usdcEth), addrTopic(w)}}}}
	check(t, classifyAs(out, w, classify.Address{Chain: "arbitrum", Address: w}), want{"internal", classify.RuleBridgeOut, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:" + usdcEth, qty: "1839.726596", from: w, to: "0xc4922d64a24675e16e1586e3e3aa56c06fabe907"},
		{asset: "ethereum:native", qty: "0.000649402467435812", from: w, fee: true},
	}})
	in := imports.ChainTx{Chain: "arbitrum", Hash: "0x9da8beb8e9ad2428ad2de132d920d27c2d6c7e0604d2977669aab219e51fd323", Time: at.Add(20 * time.Minute),
		From: w, To: transmitterArb, MethodID: "0x57ecfd28", Fee: d("0.00000196702"),
		Tokens: []imports.TokenMove{erc20(usdcArb, "USDC", 6, zero, w, "1839.726596")},
		Logs: []imports.Log{{Address: minterArb, Topics: []string{"0x1b2a7ff080b8cb6ff436ce0372e399692bbfb6d4ae5766fd8d58a7b8cc6142e6", addrTopic(w), addrTopic(usdcArb)},
			Data: "0x000000000000000000000000000000000000000000000000000000006da80004"}}}
	check(t, classifyAs(in, w, classify.Address{Chain: "ethereum", Address: w}), want{"internal", classify.RuleBridgeIn, imports.ConfidenceHigh, []leg{
		{asset: "arbitrum:" + usdcArb, qty: "1839.726596", from: zero, to: w},
		{asset: "arbitrum:native", qty: "0.00000196702", from: w, fee: true},
	}})
}

// The Arbitrum native bridge: ETH deposited into the Inbox on Ethereum arrives on Arbitrum from
// the aliased L1 address.
func TestBridgeArbitrumNative(t *testing.T) {
	const w, inbox = "0x4e7df0fda2d203f5dfbaa34b9fb64dde5133196e", "0x4dbd4fc535ac27206064b68ffcf827b0a60bab3f"
	out := imports.ChainTx{Chain: "ethereum", Hash: "0xbe5b747193c68a7d1844053996e1a27a1279a4f1743f4b9a00e5a14152ee8641", Time: at,
		From: w, To: inbox, Value: d("0.008374552015335015"), MethodID: "0x439370b1", FunctionName: "depositEth()", Fee: d("0.001207084037700187"),
		Logs: []imports.Log{{Address: inbox, Topics: []string{"0xff64905f73a67fb594e0f940a8075a860db489ad991e032f48c81123eb52d60b",
			"0x00000000000000000000000000000000000000000000000000000000000f4d30"}}}}
	check(t, classifyAs(out, w), want{"internal", classify.RuleBridgeOut, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:native", qty: "0.008374552015335015", from: w, to: inbox},
		{asset: "ethereum:native", qty: "0.001207084037700187", from: w, fee: true},
	}})
	in := imports.ChainTx{Chain: "arbitrum", Hash: "0x30505174f2f82a6513f21eb5177e59935a6da95d057e4c1972e65da90ea1c547", Time: at.Add(10 * time.Minute),
		From: "0x5f8ef0fda2d203f5dfbaa34b9fb64dde51332a7f", To: w, Value: d("0.008374552015335015")}
	check(t, classifyAs(in, w), want{"internal", classify.RuleBridgeIn, imports.ConfidenceHigh, []leg{
		{asset: "arbitrum:native", qty: "0.008374552015335015", from: "0x5f8ef0fda2d203f5dfbaa34b9fb64dde51332a7f", to: w},
	}})
}

// An ENS registration: ETH paid (part refunded) for an ERC-1155 name token minted to the wallet.
func TestNFTMintENS(t *testing.T) {
	const w, controller, wrapper = "0x706a70067be19bdadbea3600db0626859ff25d74", "0x253553366da8546fc250f225fe3d25d0c782303b", "0xd4416b13d2b3a9abae7acd5d6c2bbdbe25686401"
	const id = "91679817133015463989818223905685161406090906080535943646748616991772960098948"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x0aa66c2ca8d917c7b18a0ba022abcacdca6e50d10a941e6f57c58e329f448ee6", Time: at,
		From: w, To: controller, Value: d("0.003927431387104229"), MethodID: "0x74694a2b", Fee: d("0.001694738163794328"),
		Internal: []imports.NativeMove{{From: controller, To: w, Quantity: d("0.000077008458570671")}},
		Tokens: []imports.TokenMove{
			{Standard: imports.ERC721, Contract: "0x57f1887a8bf19b14fc0df6fd9b2acc9af147ea85", Symbol: "ENS", TokenID: "7076054802227430624839498064547097405930707478424003556373427094489744717548", From: zero, To: wrapper, Quantity: d("1")},
			{Standard: imports.ERC1155, Contract: wrapper, Symbol: "NameWrapper", TokenID: id, From: zero, To: w, Quantity: d("1")},
		}}
	check(t, classifyAs(tx, w), want{"trade", classify.RuleNFT, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:native", qty: "0.003850422928533558", from: w, to: controller},
		{asset: "ethereum:" + wrapper + ":" + id, qty: "1", from: zero, to: w},
		{asset: "ethereum:native", qty: "0.001694738163794328", from: w, fee: true},
	}})
}

// A CoW Protocol settlement: a solver sent the transaction; the trader sold WBTC for USDC and
// pays no gas.
func TestSwapSettledBySolver(t *testing.T) {
	const w, solver = "0x31b6020cef40b72d1e53562229c1f9200d00cc12", "0x149d0f9282333681ee41d30589824b2798e9fb47"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0xd4d16ea74bbf806715f5f0e799fd5e8befbf369a9e5461fa9c0ed88d72bd06e4", Time: at,
		From: solver, To: cowSettle, MethodID: "0x13d79a0b", Fee: d("0.022911782611543074"),
		Tokens: []imports.TokenMove{
			erc20(wbtcEth, "WBTC", 8, w, cowSettle, "0.15463537"),
			erc20(wbtcEth, "WBTC", 8, cowSettle, "0x99ac8ca7087fa4a2a1fb6357269965a2014abc35", "0.15414302"),
			erc20(usdcEth, "USDC", 6, cowSettle, w, "3800"),
		}}
	check(t, classifyAs(tx, w), want{"trade", classify.RuleSwap, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:" + wbtcEth, qty: "0.15463537", from: w, to: cowSettle},
		{asset: "ethereum:" + usdcEth, qty: "3800", from: cowSettle, to: w},
	}})
}

// A move between two of the client's wallets on the same chain; the same receipt from the client's
// address tracked on another chain only; and from a stranger, which no rule recognises (the
// fallback, low confidence).
func TestOwnTransferAndFallback(t *testing.T) {
	const w, other = "0x4e7df0fda2d203f5dfbaa34b9fb64dde5133196e", "0x0c5b7a89b3689d86ed473cae4e7cb00381949861"
	tx := imports.ChainTx{Chain: "arbitrum", Hash: "0x30505174f2f82a6513f21eb5177e59935a6da95d057e4c1972e65da90ea1c547", Time: at,
		From: other, To: w, Value: d("0.008374552015335015")}
	check(t, classifyAs(tx, w, classify.Address{Chain: "arbitrum", Address: other}), want{"", classify.RuleOwnTransfer, imports.ConfidenceHigh, []leg{
		{asset: "arbitrum:native", qty: "0.008374552015335015", from: other, to: w},
	}})
	// The same address tracked on another chain only: the client's key, a wallet not followed here.
	check(t, classifyAs(tx, w, classify.Address{Chain: "base", Address: other}), want{"internal", classify.RuleOwnTransfer, imports.ConfidenceMedium, []leg{
		{asset: "arbitrum:native", qty: "0.008374552015335015", from: other, to: w},
	}})
	// A stranger's address: the fallback.
	check(t, classifyAs(tx, w), want{"", classify.RuleTransfer, imports.ConfidenceLow, []leg{
		{asset: "arbitrum:native", qty: "0.008374552015335015", from: other, to: w},
	}})
}

func TestOrderIsDocumented(t *testing.T) {
	got := strings.Join(classify.Order(), ",")
	const want = "failed,spam,untouched,gas_only,beacon_deposit,wrap,protocol,bridge_out,bridge_in,airdrop_claim,nft,swap,own_transfer,transfer"
	if got != want {
		t.Fatalf("order %s, want %s", got, want)
	}
}

// An Aave V3 deposit of LDO: the receipt token (aEthLDO) is minted to the wallet. Read as a swap of
// medium confidence until a protocol rule knows the position.
func TestSwapWithAMintedReceiptIsNotSure(t *testing.T) {
	const w, pool = "0x08c14b32c8a48894e4b933090ebcc9ce33b21135", "0x87870bca3f3fd6335c3f4ce8392d69350b4fa4e2"
	const ldo, aLDO = "0x5a98fcbea516cf06857215779fd812ca3bef1b32", "0x9a44fd41566876a39655f74971a3a6ea0a17a454"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x062bb6b01d4ac5fabd7b7783965d22589d289e44bb0227bb2fc0adaad7eb563b", Time: at,
		From: w, To: pool, MethodID: "0x617ba037", Fee: d("0.009902467860617334"),
		Tokens: []imports.TokenMove{
			erc20(ldo, "LDO", 18, w, aLDO, "71657.177259074315114745"),
			erc20(aLDO, "aEthLDO", 18, zero, w, "71657.177259074315114745"),
		}}
	check(t, classifyAs(tx, w), want{"trade", classify.RuleSwap, imports.ConfidenceMedium, []leg{
		{asset: "ethereum:" + ldo, qty: "71657.177259074315114745", from: w, to: aLDO},
		{asset: "ethereum:" + aLDO, qty: "71657.177259074315114745", from: zero, to: w},
		{asset: "ethereum:native", qty: "0.009902467860617334", from: w, fee: true},
	}})
}

// 200 ETH deposited into Base through its OptimismPortal on Ethereum (TransactionDeposited).
func TestBridgeOutBasePortal(t *testing.T) {
	const w, portal = "0xc91fc9dd7f1bb6ec429eddb577b9ace6236b2147", "0x49048044d57e1c92a77f79988d21fa8faf74e97e"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0xbd58a2802a40659da35ff838017a00ba0e251dd0c96ae0c802bd41b5a999f366", Time: at,
		From: w, To: portal, Value: d("200"), MethodID: "0xe9e05c42", Fee: d("0.0008732662"),
		Logs: []imports.Log{{Address: portal, Topics: []string{"0xb3813568d9991fc951961fcb4c784893574240a28925604d09fc577c55bb7c32",
			addrTopic(w), addrTopic(w), "0x0000000000000000000000000000000000000000000000000000000000000000"}}}}
	check(t, classifyAs(tx, w), want{"internal", classify.RuleBridgeOut, imports.ConfidenceHigh, []leg{
		{asset: "ethereum:native", qty: "200", from: w, to: portal},
		{asset: "ethereum:native", qty: "0.0008732662", from: w, fee: true},
	}})
}

// Without the receipt, the direct wrap is plain movements: the fallback says what is missing.
func TestFallbackNamesMissingData(t *testing.T) {
	const w = "0x4b078a6a7026c32d2d6aff763e2f37336cf552dd"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x5bb623b365def9650816dcbaf1babde8fd0ebed737db36d3a033d7cf63792daf", Time: at,
		From: w, To: weth, Value: d("0.06"), MethodID: "0xd0e30db0", Fee: d("0.00057313513694104"), Missing: []string{"receipt"}}
	got := classifyAs(tx, w)
	check(t, got, want{"", classify.RuleTransfer, imports.ConfidenceLow, []leg{
		{asset: "ethereum:native", qty: "0.06", from: w, to: weth},
		{asset: "ethereum:native", qty: "0.00057313513694104", from: w, fee: true},
	}})
	if !strings.Contains(got.Classification.Explanation, "lacks receipt") {
		t.Errorf("explanation %q does not name the missing receipt", got.Classification.Explanation)
	}
}

// A Hop arrival on Base: a bonder's transaction (WithdrawalBonded on Hop's L2 bridge) ends in ETH
// paid to the wallet by Hop's AMM wrapper.
func TestBridgeInHopBonded(t *testing.T) {
	const w, hopBridge, wrapper = "0xc0b263b8315faabc27bc0479a5a547281c049c1c", "0x3666f603cc164936c1b87e207f36beba4ac5f18a", "0x10541b07d8ad2647dc6cd67abd4c03575dade261"
	tx := imports.ChainTx{Chain: "base", Hash: "0xd78eb0f79fa4af1e140641ef260499a6e138b6398d2c4cdcd2e7c488ee8cb20e", Time: at,
		From: "0x710bda329b2a6224e4b44833de30f38e7f81d564", To: hopBridge, MethodID: "0x3d12a85a", Fee: d("0.000034270334223138"),
		Internal: []imports.NativeMove{
			{From: baseWETH, To: wrapper, Quantity: d("0.895370313537560075")},
			{From: wrapper, To: w, Quantity: d("0.895370313537560075")},
		},
		Logs: []imports.Log{{Address: hopBridge, Topics: []string{"0x0c3d250c7831051e78aa6a56679e590374c7c424415ffe4aa474491def2fe705",
			"0x2cfeadf0125c65dc1e019a8dc5cbc6fb10e256d229debb16e487e72f77808d2c"}, Data: "0x0000000000000000000000000000000000000000000000000c6d50e7e519b4b2"}}}
	check(t, classifyAs(tx, w), want{"internal", classify.RuleBridgeIn, imports.ConfidenceHigh, []leg{
		{asset: "base:native", qty: "0.895370313537560075", from: wrapper, to: w},
	}})
}

// An ENS name sent to the wallet by its previous owner (one ERC-721 transfer, no batch): an
// acquisition for a person to confirm, not spam.
func TestNFTReceivedFromSomeoneElse(t *testing.T) {
	const w, sender, ens = "0x34207c538e39f2600fe672bb84a90eff190ae4c7", "0x4bba290826c253bd854121346c370a9886d1bc26", "0x57f1887a8bf19b14fc0df6fd9b2acc9af147ea85"
	const id = "73552724610198397480670284492690114609730214421511097849210414928326607694469"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x03f148c39b347c2d9ab87d31d61a7115156220f8641b7bed838ff62542f3eebe", Time: at, From: sender, To: ens, MethodID: "0x42842e0e", Fee: d("0.000742571017054667"),
		Tokens: []imports.TokenMove{{Standard: imports.ERC721, Contract: ens, TokenID: id, From: sender, To: w, Quantity: d("1")}}}
	check(t, classifyAs(tx, w), want{"", classify.RuleNFT, imports.ConfidenceLow, []leg{
		{asset: "ethereum:" + ens + ":" + id, qty: "1", from: sender, to: w},
	}})
	// The sender's side: sent for nothing.
	check(t, classifyAs(tx, sender), want{"", classify.RuleNFT, imports.ConfidenceMedium, []leg{
		{asset: "ethereum:" + ens + ":" + id, qty: "1", from: sender, to: w},
		{asset: "ethereum:native", qty: "0.000742571017054667", from: sender, fee: true},
	}})
}
