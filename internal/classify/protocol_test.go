package classify_test

// The protocol rule on real recorded transactions (internal/etherscanfake: fetched by the EVM
// provider from the Etherscan-compatible test server), one per protocol and shape. Each expectation
// is written by hand from the recorded chain data (the transaction, its receipt's events and the
// token transfers) and the policy of docs/onchain.md: the label, rule and confidence, and every leg
// with its own label and position.

import (
	"net/http/httptest"
	"strings"
	"testing"

	"taxd/internal/classify"
	"taxd/internal/etherscanfake"
	"taxd/internal/imports"
)

// pleg is an expected leg: asset (chain:contract, chain:native, chain:contract:id), quantity, the
// label the engine reads for it (its own, else the transaction's) and its position.
type pleg struct{ asset, qty, label, position string }

type pwant struct {
	label string
	conf  imports.Confidence
	legs  []pleg
}

const (
	usdcKey = "ethereum:" + usdcEth
	usdtKey = "ethereum:" + usdtEth
	daiKey  = "ethereum:0x6b175474e89094c44da98b954eedeac495271d0f"
	wethKey = "ethereum:" + weth
	ethNat  = "ethereum:native"
)

// wantProtocol is keyed by the hash's first 18 characters. The fee leg (label fee) is listed last
// when the wallet sent the transaction.
var wantProtocol = map[string]pwant{
	// Uniswap v2 addLiquidity: 25 USDC and 24.99 DAI into the USDC/DAI pair (its Mint and Sync);
	// the UNI-V2 minted to the wallet is the receipt.
	"0x1bab8a89a6a3f8cb": {"lp_deposit", imports.ConfidenceHigh, []pleg{
		{usdcKey, "25", "lp_deposit", "uniswap-v2:ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5"},
		{daiKey, "24.994824629555601269", "lp_deposit", "uniswap-v2:ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5"},
		{"ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5", "0.000022187913295974", "receipt", ""},
		{ethNat, "0.002931805211106758", "fee", ""}}},
	// Uniswap v2 removeLiquidityETH: UNI-V2 back to the WETH/USDC pair (Burn), ETH (through the
	// router) and USDC out of the position.
	"0x0936a16e1d3655e8": {"lp_withdrawal", imports.ConfidenceHigh, []pleg{
		{ethNat, "0.005839327781368506", "lp_withdrawal", "uniswap-v2:ethereum:0xb4e16d0168e52d35cacd2c6185b44281ec28c9dc"},
		{usdcKey, "7.073493", "lp_withdrawal", "uniswap-v2:ethereum:0xb4e16d0168e52d35cacd2c6185b44281ec28c9dc"},
		{"ethereum:0xb4e16d0168e52d35cacd2c6185b44281ec28c9dc", "0.000000096176228659", "receipt", ""},
		{ethNat, "0.00468942", "fee", ""}}},
	// Uniswap v3: DAI and USDC into the position NFT #401357 (IncreaseLiquidity); the NFT is the receipt.
	"0x6bf3588f669a784a": {"lp_deposit", imports.ConfidenceHigh, []pleg{
		{daiKey, "11257.999999195502514358", "lp_deposit", "uniswap-v3:ethereum:401357"},
		{usdcKey, "13732.357062", "lp_deposit", "uniswap-v3:ethereum:401357"},
		{"ethereum:0xc36442b4a4522e871399cd717abdd847ab11fe88:401357", "1", "receipt", ""},
		{ethNat, "0.005657780314871785", "fee", ""}}},
	// Uniswap v3: DecreaseLiquidity and Collect of #389043: ETH (unwrapped by the manager) and USDC out.
	"0x76c312fe1c8604de": {"lp_withdrawal", imports.ConfidenceHigh, []pleg{
		{ethNat, "1000.374356073654694973", "lp_withdrawal", "uniswap-v3:ethereum:389043"},
		{usdcKey, "198401.464386", "lp_withdrawal", "uniswap-v3:ethereum:389043"},
		{ethNat, "0.004505819651212348", "fee", ""}}},
	// Curve: USDT into the 3pool and its USD metapool through a zap; the metapool's LP token, minted
	// to the wallet, is the receipt and names the position.
	"0xf7c6764b83206978": {"lp_deposit", imports.ConfidenceHigh, []pleg{
		{usdtKey, "200000", "lp_deposit", "curve:ethereum:0xc270b3b858c335b6ba5d5b10e2da8a09976005ad"},
		{"ethereum:0xc270b3b858c335b6ba5d5b10e2da8a09976005ad", "195463032550265720355345", "receipt", ""},
		{ethNat, "0.006158572854866488", "fee", ""}}},
	// Curve tricrypto (USDC/WBTC/WETH): WBTC in, the pool's LP token minted to the wallet is the
	// emitter of AddLiquidity (the crypto pools' form) and the receipt.
	"0xa221cd73fe9adbda": {"lp_deposit", imports.ConfidenceHigh, []pleg{
		{"ethereum:" + wbtcEth, "0.00056854", "lp_deposit", "curve:ethereum:0x7f86bf177dd4f3494b841a37e810a34dd56c829b"},
		{"ethereum:0x7f86bf177dd4f3494b841a37e810a34dd56c829b", "0.02528250834719302", "receipt", ""},
		{ethNat, "0.00011523890061032", "fee", ""}}},
	// Curve on Arbitrum (a stableswap-ng crvUSD/USDC pool): RemoveLiquidityOne, USDC out, the LP
	// token burnt.
	"0x047c4283007fb778": {"lp_withdrawal", imports.ConfidenceHigh, []pleg{
		{"arbitrum:" + usdcArb, "886.525625", "lp_withdrawal", "curve:arbitrum:0xec090cf6dd891d2d014bea6edada6e05e025d93d"},
		{"arbitrum:0xec090cf6dd891d2d014bea6edada6e05e025d93d", "870.17551855514354715", "receipt", ""},
		{"arbitrum:native", "0.00000229125", "fee", ""}}},
	// Aave v3 supply of LDO (Supply names the wallet); aEthLDO is the receipt.
	"0x062bb6b01d4ac5fa": {"lending_deposit", imports.ConfidenceHigh, []pleg{
		{"ethereum:0x5a98fcbea516cf06857215779fd812ca3bef1b32", "71657.177259074315114745", "lending_deposit", "aave-v3:ethereum:0x5a98fcbea516cf06857215779fd812ca3bef1b32"},
		{"ethereum:0x9a44fd41566876a39655f74971a3a6ea0a17a454", "71657.177259074315114745", "receipt", ""},
		{ethNat, "0.009902467860617334", "fee", ""}}},
	// Aave v2 through the WETH gateway: 0.1 ETH wrapped on the way into the WETH market, so the
	// position holds WETH whichever form the wallet used.
	"0xefc9040c100829a3": {"lending_deposit", imports.ConfidenceHigh, []pleg{
		{ethNat, "0.1", "wrap", ""},
		{wethKey, "0.1", "wrap", ""},
		{wethKey, "0.1", "lending_deposit", "aave-v2:ethereum:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"},
		{"ethereum:0x030ba81f1c18d280636f32af80b9aad02cf0854e", "0.1", "receipt", ""},
		{ethNat, "0.0104361555519052", "fee", ""}}},
	// Aave v3 withdrawal of USDT with accrued interest: 20000 USDT out of the position; the aToken's
	// net movement (interest minted beyond what was burnt) is the receipt's.
	"0x8ed7c1ed348212c6": {"lending_withdrawal", imports.ConfidenceHigh, []pleg{
		{usdtKey, "20000", "lending_withdrawal", "aave-v3:ethereum:0xdac17f958d2ee523a2206206994597c13d831ec7"},
		{"ethereum:0x23878914efe38d27c4d67ab83ed1b93a74d4086a", "13086.007538", "receipt", ""},
		{ethNat, "0.000395645857253556", "fee", ""}}},
	// Aave v3 borrow of USDC: a loan's proceeds; the variable debt token minted is the receipt.
	"0x44367976e841cde4": {"borrow", imports.ConfidenceHigh, []pleg{
		{usdcKey, "79931.500229", "borrow", ""},
		{"ethereum:0x72e95b8931767c79ba4eee721354d6e99a61d004", "79931.500229", "receipt", ""},
		{ethNat, "0.011111128567338506", "fee", ""}}},
	// Aave v3 repay of USDC: the repaid USDC is disposed of; the debt token burnt is the receipt.
	"0x440dddaad9f8d9c6": {"repay", imports.ConfidenceHigh, []pleg{
		{usdcKey, "123961.452987", "repay", ""},
		{"ethereum:0x72e95b8931767c79ba4eee721354d6e99a61d004", "123942.602894", "receipt", ""},
		{ethNat, "0.00646693553105336", "fee", ""}}},
	// Aave v3 liquidation (LiquidationCall names the wallet as the user, collateral WETH, debt USDC):
	// the aEthWETH that left the wallet is WETH seized out of the WETH position.
	"0xc1a03e87f1c0446d": {"liquidation", imports.ConfidenceHigh, []pleg{
		{wethKey, "0.018962830314502965", "liquidation", "aave-v3:ethereum:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"},
		{"ethereum:0x72e95b8931767c79ba4eee721354d6e99a61d004", "23.378156", "receipt", ""},
		{"ethereum:0x4d5f47fa6a74757f35c14fd3a6ef8e3c9bc514e8", "0.018962830314502965", "receipt", ""}}},
	// Aave v2 liquidation: aWETH burnt, WETH seized out of the position.
	"0x2077a54ecae4a06c": {"liquidation", imports.ConfidenceHigh, []pleg{
		{wethKey, "0.956418919660594328", "liquidation", "aave-v2:ethereum:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"},
		{"ethereum:0xf63b34710400cad3e044cffdcab00a0f32e33ecf", "0.910875161581518408", "receipt", ""},
		{"ethereum:0x030ba81f1c18d280636f32af80b9aad02cf0854e", "0.956418919660594328", "receipt", ""}}},
	// Compound v2: 0.5 ETH into cETH (Mint names the wallet), and taken back with interest (Redeem).
	"0x06a8b9f758b04718": {"lending_deposit", imports.ConfidenceHigh, []pleg{
		{ethNat, "0.5", "lending_deposit", "compound-v2:ethereum:0x4ddc2d193948926d02f9b1fe9e1daa0718270ed5"},
		{"ethereum:0x4ddc2d193948926d02f9b1fe9e1daa0718270ed5", "24.97649991", "receipt", ""},
		{ethNat, "0.014122318", "fee", ""}}},
	"0x024bd402420c3ba2": {"lending_withdrawal", imports.ConfidenceHigh, []pleg{
		{ethNat, "0.500003923413507454", "lending_withdrawal", "compound-v2:ethereum:0x4ddc2d193948926d02f9b1fe9e1daa0718270ed5"},
		{"ethereum:0x4ddc2d193948926d02f9b1fe9e1daa0718270ed5", "24.97649991", "receipt", ""},
		{ethNat, "0.02858544", "fee", ""}}},
	// Compound v2 borrow of USDC from cUSDC (Borrow names the wallet): no debt token.
	"0x036338316a076590": {"borrow", imports.ConfidenceHigh, []pleg{
		{usdcKey, "1500000", "borrow", ""},
		{ethNat, "0.002977007", "fee", ""}}},
	// Compound v2 repayment of USDC, with the COMP the Comptroller distributed to the borrower.
	"0x000da925508a1a2f": {"repay", imports.ConfidenceHigh, []pleg{
		{usdcKey, "11637.762191", "repay", ""},
		{"ethereum:0xc00e94cb662c3520282e6f5717214004a7f26888", "1.209128558800877907", "reward", ""},
		{ethNat, "0.0037086", "fee", ""}}},
	// Compound v2 liquidation: cUSDC seized; how much USDC that is the transaction does not say.
	"0x160c0e6db0df5ea0": {"liquidation", imports.ConfidenceLow, []pleg{
		{"ethereum:0x39aa39c021dfbae8fac545936693ac917d5e7563", "13.06078395", "receipt", ""}}},
	// Compound v2 COMP claim (the Comptroller's Distributed*Comp name the wallet).
	"0xbd2dcb1121bf230a": {"reward", imports.ConfidenceHigh, []pleg{
		{"ethereum:0xc00e94cb662c3520282e6f5717214004a7f26888", "12.817402848098541218", "reward", ""},
		{ethNat, "0.0041468661739364", "fee", ""}}},
	// Compound v3: USDC supplied to the cUSDCv3 market (cUSDCv3 minted: a deposit) and withdrawn.
	"0xcac67d0ca139b941": {"lending_deposit", imports.ConfidenceHigh, []pleg{
		{usdcKey, "15000", "lending_deposit", "compound-v3:ethereum:0xc3d688b66703497daa19211eedff47f25384cdc3"},
		{"ethereum:0xc3d688b66703497daa19211eedff47f25384cdc3", "14999.999998", "receipt", ""},
		{ethNat, "0.003305489949685846", "fee", ""}}},
	"0xd8ba70d3e993cae4": {"lending_withdrawal", imports.ConfidenceHigh, []pleg{
		{usdcKey, "8158.266856", "lending_withdrawal", "compound-v3:ethereum:0xc3d688b66703497daa19211eedff47f25384cdc3"},
		{"ethereum:0xc3d688b66703497daa19211eedff47f25384cdc3", "8158.266856", "receipt", ""},
		{ethNat, "0.002760840922152728", "fee", ""}}},
	// Compound v3 on Arbitrum: a Withdraw that burns no cToken is a borrow of the base asset.
	"0xaabe8666d515f5fa": {"borrow", imports.ConfidenceHigh, []pleg{
		{"arbitrum:0xff970a61a04b1ca14834a43f5de4533ebddb5cc8", "600", "borrow", ""},
		{"arbitrum:native", "0.0000019956", "fee", ""}}},
	// Compound v3 on Base: a Supply that mints no cToken repays the loan.
	"0x455761ce3e1076eb": {"repay", imports.ConfidenceHigh, []pleg{
		{"base:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", "100.000919", "repay", ""},
		{"base:native", "0.00000528542843901", "fee", ""}}},
	// Compound v3 rewards claimed from CometRewards.
	"0x89b189f36989aba5": {"reward", imports.ConfidenceHigh, []pleg{
		{"ethereum:0xc00e94cb662c3520282e6f5717214004a7f26888", "2.368215", "reward", ""},
		{ethNat, "0.002927949668742244", "fee", ""}}},
	// Lido: ETH submitted (Submitted names the wallet); stETH minted is the receipt.
	"0x23a3ee601475424e": {"staking_deposit", imports.ConfidenceHigh, []pleg{
		{ethNat, "1.12137397", "staking_deposit", "lido:ethereum:steth"},
		{"ethereum:0xae7ab96520de3a18e5e111b5eaab095312d7fe84", "1.121373969999999999", "receipt", ""},
		{ethNat, "0.002846110430778206", "fee", ""}}},
	// stETH wrapped into wstETH and back: receipts of the Lido position both.
	"0x21e291c980e6ca90": {"receipt", imports.ConfidenceHigh, []pleg{
		{"ethereum:0xae7ab96520de3a18e5e111b5eaab095312d7fe84", "26.235763844022460916", "receipt", ""},
		{"ethereum:0x7f39c581f595b53c5cb19bd0b3f8da6c935e2ca0", "22.101307407211190709", "receipt", ""},
		{ethNat, "0.00117399752663733", "fee", ""}}},
	"0x104e9b227fb672dd": {"receipt", imports.ConfidenceHigh, []pleg{
		{"ethereum:0x7f39c581f595b53c5cb19bd0b3f8da6c935e2ca0", "22.593785199529477044", "receipt", ""},
		{"ethereum:0xae7ab96520de3a18e5e111b5eaab095312d7fe84", "27.451978417858478677", "receipt", ""},
		{ethNat, "0.000030746884486906", "fee", ""}}},
	// stkAAVE: AAVE staked (Staked), redeemed (Redeem), and its AAVE rewards claimed.
	"0xfaf96358784483a9": {"staking_deposit", imports.ConfidenceHigh, []pleg{
		{"ethereum:0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9", "5.126267078394001645", "staking_deposit", "stkaave:ethereum:aave"},
		{"ethereum:0x4da27a545c0c5b758a6ba100e3a049001de870f5", "5.126267078394001645", "receipt", ""},
		{ethNat, "0.000367527", "fee", ""}}},
	"0xaaef5990d08a0f4c": {"staking_withdrawal", imports.ConfidenceHigh, []pleg{
		{"ethereum:0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9", "2.71357", "staking_withdrawal", "stkaave:ethereum:aave"},
		{"ethereum:0x4da27a545c0c5b758a6ba100e3a049001de870f5", "2.71357", "receipt", ""},
		{ethNat, "0.001456740929488432", "fee", ""}}},
	"0xc8ed217572a15a81": {"reward", imports.ConfidenceHigh, []pleg{
		{"ethereum:0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9", "0.724507060516081735", "reward", ""},
		{ethNat, "0.002299167729873168", "fee", ""}}},
	// Curve gauge: the sUSD pool's LP token staked and unstaked (the gauge's Deposit / Withdraw name
	// the wallet): the LP token stays the wallet's; CRV minted by the Minter is income.
	"0x5ae70d68241d85fe": {"staking_deposit", imports.ConfidenceHigh, []pleg{
		{"ethereum:0xc25a3a3b969415c80451098fa907ec722572917f", "7985.261401730774426743", "receipt", ""},
		{ethNat, "0.007333038632457846", "fee", ""}}},
	"0x055fc6cafcdae6b3": {"staking_withdrawal", imports.ConfidenceHigh, []pleg{
		{"ethereum:0xc25a3a3b969415c80451098fa907ec722572917f", "37939.72737243936267785", "receipt", ""},
		{ethNat, "0.01157725763881742", "fee", ""}}},
	"0x05b5da4f6f0def60": {"reward", imports.ConfidenceHigh, []pleg{
		{"ethereum:0xd533a949740bb3306d119cc777fa900ba034cd52", "86.51016103664373998", "reward", ""},
		{ethNat, "0.000161308740471675", "fee", ""}}},
	// EigenLayer: swETH deposited into its strategy (the StrategyManager's Deposit names the wallet)
	// and EIGEN back from a completed withdrawal: the tokens stay the wallet's.
	"0x716b15f5088ff469": {"staking_deposit", imports.ConfidenceHigh, []pleg{
		{"ethereum:0xf951e335afb289353dc249e82926178eac7ded78", "5.740516176725108094", "receipt", ""},
		{ethNat, "0.049006058268043653", "fee", ""}}},
	"0x9340fb42391c734c": {"staking_withdrawal", imports.ConfidenceHigh, []pleg{
		{"ethereum:0xec53bf9167f50cdeb3ae105f56099aaab9061f83", "60", "receipt", ""},
		{ethNat, "0.000206362625778015", "fee", ""}}},
}

func TestProtocolRecorded(t *testing.T) {
	fx := etherscanfake.MustFixtures()
	srv := httptest.NewServer(etherscanfake.New(fx))
	defer srv.Close()
	seen := map[string]bool{}
	for _, f := range fx {
		w, ok := wantProtocol[f.Tx.Hash[:18]]
		if !ok {
			continue
		}
		seen[f.Tx.Hash[:18]] = true
		found := fetchRecorded(t, srv.URL, f)
		if found == nil {
			continue
		}
		got := classify.Default().Classify(*found, classify.NewOwn(f.Chain, f.Wallet, nil))
		c := got.Classification
		if got.Label != w.label || c.Rule != classify.RuleProtocol || c.Confidence != w.conf {
			t.Errorf("%s (%s): %q by %s, %s (%s); want %q by protocol, %s", f.Tx.Hash, f.Shape, got.Label, c.Rule, c.Confidence,
				c.Explanation, w.label, w.conf)
			continue
		}
		var legs []pleg
		for _, tr := range got.Transfers {
			label := tr.Label // a leg without its own label takes the transaction's (ledger.LegLabel)
			if label == "" {
				label = got.Label
			}
			legs = append(legs, pleg{tr.Asset.Key(), tr.Quantity.String(), label, tr.Position})
		}
		if len(legs) != len(w.legs) {
			t.Errorf("%s (%s): legs\n got %+v\nwant %+v", f.Tx.Hash, f.Shape, legs, w.legs)
			continue
		}
		for i := range legs {
			if legs[i] != w.legs[i] {
				t.Errorf("%s (%s) leg %d:\n got %+v\nwant %+v", f.Tx.Hash, f.Shape, i, legs[i], w.legs[i])
			}
		}
	}
	for h := range wantProtocol {
		if !seen[h] {
			t.Errorf("%s: no recorded transaction", h)
		}
	}
}

// A listed receipt token sold outside its protocol (stETH for ETH through a router) is never a
// zero-basis sale: its leg is a receipt and a person reviews the position's side.
func TestReceiptSoldIsReviewed(t *testing.T) {
	const w, router = "0x4c49d4bd6a571827b4a556a0e1e3071da6231b9d", "0x1111111254eeb25477b68fb85ed929f73a960582"
	const steth = "0xae7ab96520de3a18e5e111b5eaab095312d7fe84"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x01", Time: at, From: w, To: router, Fee: d("0.001"),
		Internal: []imports.NativeMove{{From: router, To: w, Quantity: d("0.99")}},
		Tokens:   []imports.TokenMove{erc20(steth, "stETH", 18, w, router, "1")}}
	got := classifyAs(tx, w)
	if got.Classification.Confidence != imports.ConfidenceLow || got.Label != "trade" {
		t.Fatalf("%q %s: %s", got.Label, got.Classification.Confidence, got.Classification.Explanation)
	}
	for _, tr := range got.Transfers {
		if strings.EqualFold(tr.Asset.Contract, steth) && tr.Label != "receipt" {
			t.Errorf("stETH leg labelled %q, want receipt", tr.Label)
		}
	}
}

// A Compound v3 Withdraw that takes more USDC than the cUSDCv3 it burns withdraws the supply and
// borrows the rest at once: read as a withdrawal of medium confidence, for a person to split. (A
// constructed transaction: the recorded ones withdraw or borrow, not both.)
func TestCometWithdrawAndBorrowIsNotSure(t *testing.T) {
	const w, comet = "0xd7ca0e0238e3fdab2a33646348207ab945d55df7", "0xc3d688b66703497daa19211eedff47f25384cdc3"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0x02", Time: at, From: w, To: comet, Fee: d("0.001"),
		Tokens: []imports.TokenMove{
			erc20(comet, "cUSDCv3", 6, w, zero, "100"),
			erc20(usdcEth, "USDC", 6, comet, w, "150"),
		},
		Logs: []imports.Log{{Address: comet, Topics: []string{classify.Topic("Withdraw(address,address,uint256)"), addrTopic(w), addrTopic(w)},
			Data: "0x0000000000000000000000000000000000000000000000000000000008f0d180"}}}
	got := classifyAs(tx, w)
	c := got.Classification
	if got.Label != "lending_withdrawal" || c.Rule != classify.RuleProtocol || c.Confidence != imports.ConfidenceMedium {
		t.Fatalf("%q by %s, %s: %s", got.Label, c.Rule, c.Confidence, c.Explanation)
	}
}
