package ledger_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/classify"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/testfactory"
)

// A wallet tracked on two EVM chains is two accounts: a transaction synced into the Ethereum
// account books the wallet's legs to the Ethereum account, never to the Arbitrum one (the own
// addresses are keyed by chain and address).
func TestOwnAddressesAreKeyedByChain(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const w = "0x4E7DF0FDA2D203F5DFBAA34B9FB64DDE5133196E"
	eth, arb := uuid.New(), uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO accounts (id, client_id, type, provider, address, name, created_at) VALUES
		($1, $3, 'wallet', 'ethereum', $4, 'eth', now() - interval '1 minute'), ($2, $3, 'wallet', 'arbitrum', $4, 'arb', now())`,
		eth, arb, b.client, w)
	tx := imports.Tx{ExternalID: "0xbe5b", Hash: "0xbe5b", Time: time.Date(2023, 7, 31, 0, 0, 0, 0, time.UTC), Transfers: []imports.Transfer{
		{Asset: imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}, Quantity: dec("0.5"), From: "0x5f8ef0fda2d203f5dfbaa34b9fb64dde51332a7f", To: w},
	}}
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "sync"), ledger.Meta{Actor: "system:sync"}, func(e *ledger.Editor) error {
		_, err := e.Import(eth, []imports.Tx{tx}, nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var to uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT tr.to_account_id FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
		WHERE t.client_id = $1 AND t.external_id = '0xbe5b'`, b.client).Scan(&to); err != nil {
		t.Fatal(err)
	}
	if to != eth {
		t.Fatalf("the Ethereum leg went to account %s, want the Ethereum account %s (Arbitrum is %s)", to, eth, arb)
	}
}

// chainTx is the recorded CCTP burn of 1839.726596 USDC on Ethereum (facts from the recorded
// receipt of 0xac7bb457...a511), optionally with the receipt's logs.
func cctpOut(w string, withLogs bool) imports.ChainTx {
	const messenger, usdc, burner = "0xbd3fa81b58ba92a82136038b25adec7066af3155", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", "0xc4922d64a24675e16e1586e3e3aa56c06fabe907"
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0xac7bb45701a4311a2c662377a4764ac694a8f6438270c1ee8a4100d4a000a511",
		Time: time.Date(2024, 5, 24, 10, 0, 0, 0, time.UTC), From: w, To: messenger, MethodID: "0x6fd3504e", Fee: dec("0.000649402467435812"),
		Tokens: []imports.TokenMove{{Standard: imports.ERC20, Contract: usdc, Symbol: "USDC", Decimals: 6, From: w, To: burner, Quantity: dec("1839.726596")}}}
	if withLogs {
		tx.Logs = []imports.Log{{Address: messenger, Topics: []string{"0x2fa9ca894982930190727e75500a97d8dc500233a5065e0f3126c48fbe0343c0"}}}
	}
	return tx
}

func cctpIn(w string) imports.ChainTx {
	const usdc, minter = "0xaf88d065e77c8cc2239327c5edb3a432268e5831", "0x19330d10d9cc8751218eaf51e8885d058642e08a"
	return imports.ChainTx{Chain: "arbitrum", Hash: "0x9da8beb8e9ad2428ad2de132d920d27c2d6c7e0604d2977669aab219e51fd323",
		Time: time.Date(2024, 5, 24, 10, 20, 0, 0, time.UTC), From: w, To: "0xc30362313fbba5cf9163f0bb16a0e01f01a896ca", Fee: dec("0.00000196702"),
		Tokens: []imports.TokenMove{{Standard: imports.ERC20, Contract: usdc, Symbol: "USDC", Decimals: 6, From: "0x0000000000000000000000000000000000000000", To: w, Quantity: dec("1839.726596")}},
		Logs:   []imports.Log{{Address: minter, Topics: []string{"0x1b2a7ff080b8cb6ff436ce0372e399692bbfb6d4ae5766fd8d58a7b8cc6142e6"}}}}
}

func (b *bundle) twoChainWallet(t *testing.T, w string) (eth, arb uuid.UUID) {
	eth, arb = uuid.New(), uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO accounts (id, client_id, type, provider, address, name) VALUES
		($1, $3, 'wallet', 'ethereum', $4, 'eth'), ($2, $3, 'wallet', 'arbitrum', $4, 'arb')`, eth, arb, b.client, w)
	return eth, arb
}

func (b *bundle) system(t *testing.T, fn func(e *ledger.Editor) error) {
	t.Helper()
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "sync"), ledger.Meta{Actor: "system:classify"}, fn); err != nil {
		t.Fatal(err)
	}
}

// A re-classification rewrites what the rules now say in place and never touches a transaction
// a person edited; run again, it changes nothing.
func TestReclassifyLeavesEditedTransactionsAlone(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const w = "0xd0adc5d079cc486b58f1b9a28b973355c4ec9e6f"
	eth, _ := b.twoChainWallet(t, w)
	own := classify.NewOwn("ethereum", w, []classify.Address{{Chain: "arbitrum", Address: w}})
	rules := classify.Default()
	// Synced without the receipt's logs, the burn is recognised by the contract it calls only
	// (medium confidence); a second transaction, a copy under another hash, is the one a person
	// edits.
	first, second := cctpOut(w, false), cctpOut(w, false)
	second.Hash = "0x9e0c5d1c6a7f0e6b3b3cfd1a1d1f9c9a4ad2c1b5e0f9d4a3c2b1a0f9e8d7c6b5"
	b.system(t, func(e *ledger.Editor) error {
		_, err := e.Import(eth, []imports.Tx{rules.Classify(first, own), rules.Classify(second, own)}, nil)
		return err
	})
	ids := map[string]uuid.UUID{}
	rows, err := b.pool.Query(b.ctx, `SELECT external_id, id FROM transactions WHERE client_id = $1`, b.client)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var ext string
		var id uuid.UUID
		if err := rows.Scan(&ext, &id); err != nil {
			t.Fatal(err)
		}
		ids[ext] = id
	}
	if rows.Err() != nil || len(ids) != 2 {
		t.Fatalf("imported %v (%v)", ids, rows.Err())
	}
	cls, err := b.led.Classifications(b.ctx, auth.JobScope(b.client, "test"), []uuid.UUID{ids[first.Hash], ids[second.Hash]})
	if err != nil {
		t.Fatal(err)
	}
	if c := cls[ids[first.Hash]]; c.Rule != classify.RuleBridgeOut || c.Confidence != "medium" {
		t.Fatalf("imported as %+v, want a bridge departure of medium confidence", c)
	}
	// A person labels the second one a gift.
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "user"), meta, func(e *ledger.Editor) error {
		return e.LabelTransactions([]uuid.UUID{ids[second.Hash]}, ledger.LabelEdit{Label: ptr("gift_sent")})
	}); err != nil {
		t.Fatal(err)
	}
	b.settle(t)
	// With the receipt's logs the rule is sure (the burn's DepositForBurn event).
	withLogs, secondWithLogs := cctpOut(w, true), cctpOut(w, true)
	secondWithLogs.Hash = second.Hash
	again := []imports.Tx{rules.Classify(withLogs, own), rules.Classify(secondWithLogs, own)}
	for run, want := range []ledger.ReclassifyCounts{{Replaced: 1, Kept: 1}, {Unchanged: 1, Kept: 1}} {
		var got ledger.ReclassifyCounts
		b.system(t, func(e *ledger.Editor) error {
			var err error
			got, err = e.Reclassify(eth, again, nil)
			return err
		})
		if got != want {
			t.Fatalf("run %d: %+v, want %+v", run+1, got, want)
		}
		if run == 0 && b.dirty(t) != 1 {
			t.Fatalf("run 1 marked %d transactions dirty, want the rewritten one", b.dirty(t))
		}
		b.settle(t)
	}
	var label1, label2 *string
	var n1 int
	if err := b.pool.QueryRow(b.ctx, `SELECT (SELECT label FROM transactions WHERE id = $1), (SELECT label FROM transactions WHERE id = $2),
		(SELECT count(*) FROM transfers WHERE transaction_id = $1)`, ids[first.Hash], ids[second.Hash]).Scan(&label1, &label2, &n1); err != nil {
		t.Fatal(err)
	}
	if label1 == nil || *label1 != "internal" || n1 != 2 {
		t.Errorf("rewritten transaction: label %v, %d transfers; want internal with 2", label1, n1)
	}
	if label2 == nil || *label2 != "gift_sent" {
		t.Errorf("edited transaction's label is %v, want the person's gift_sent", label2)
	}
	cls, err = b.led.Classifications(b.ctx, auth.JobScope(b.client, "test"), []uuid.UUID{ids[first.Hash], ids[second.Hash]})
	if err != nil {
		t.Fatal(err)
	}
	if cls[ids[first.Hash]].Confidence != "high" || cls[ids[second.Hash]].Confidence != "medium" {
		t.Errorf("classifications %+v", cls)
	}
}

// A bridge departure on Ethereum and its arrival on Arbitrum are linked automatically, once.
func TestLinkBridges(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const w = "0xd0adc5d079cc486b58f1b9a28b973355c4ec9e6f"
	eth, arb := b.twoChainWallet(t, w)
	all := []classify.Address{{Chain: "ethereum", Address: w}, {Chain: "arbitrum", Address: w}}
	rules := classify.Default()
	b.system(t, func(e *ledger.Editor) error {
		if _, err := e.Import(eth, []imports.Tx{rules.Classify(cctpOut(w, true), classify.NewOwn("ethereum", w, all))}, nil); err != nil {
			return err
		}
		_, err := e.Import(arb, []imports.Tx{rules.Classify(cctpIn(w), classify.NewOwn("arbitrum", w, all))}, nil)
		return err
	})
	for run, want := range []int{1, 0} {
		var n int
		b.system(t, func(e *ledger.Editor) error {
			var err error
			n, err = e.LinkBridges()
			return err
		})
		if n != want {
			t.Fatalf("run %d linked %d, want %d", run+1, n, want)
		}
	}
	var kind, from, to string
	if err := b.pool.QueryRow(b.ctx, `SELECT p.link_type, f.txn_hash, t.txn_hash FROM internal_transfer_pairs p
		JOIN transactions f ON f.id = p.from_transaction_id JOIN transactions t ON t.id = p.to_transaction_id WHERE p.client_id = $1`, b.client).Scan(&kind, &from, &to); err != nil {
		t.Fatal(err)
	}
	if kind != "BRIDGE" || from != cctpOut(w, true).Hash || to != cctpIn(w).Hash {
		t.Fatalf("link %s %s -> %s", kind, from, to)
	}
	var edited bool
	if err := b.pool.QueryRow(b.ctx, `SELECT bool_or(transaction_is_edited(client_id, id)) FROM transactions WHERE client_id = $1`, b.client).Scan(&edited); err != nil {
		t.Fatal(err)
	}
	if edited {
		t.Error("the automatic link counts as a person's edit")
	}
}

// A classified beacon-chain deposit is stored with its label, its leg's position (the
// stakingAccountIdentifier the engine keys the validator's pool by) and its classification.
func TestImportStoresPositionAndClassification(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const w = "0xc66962ff943449c90b457856d448aa19d60cb033"
	acct := uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO accounts (id, client_id, type, provider, address, name) VALUES ($1, $2, 'wallet', 'ethereum', $3, 'v')`, acct, b.client, w)
	const pubkey = "0xa685b19738ac8d7ee301f434f77fdbca50f7a2b8d287f4ab6f75cae251aa821576262b79ae9d58d9b458ba748968dfda"
	tx := imports.Tx{ExternalID: "0xb3658f94", Hash: "0xb3658f94", Time: time.Date(2023, 1, 24, 0, 0, 0, 0, time.UTC), Label: "staking_deposit",
		Transfers: []imports.Transfer{
			{Asset: imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}, Quantity: dec("32"), From: w, To: "0x00000000219ab540356cbb839cbe05303d7705fa", Position: "eth2:" + pubkey},
			{Asset: imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}, Quantity: dec("0.000788637337054068"), From: w, IsFee: true, Label: "fee"},
		},
		Classification: &imports.Classification{Rule: classify.RuleBeaconDeposit, Confidence: imports.ConfidenceHigh, Explanation: "beacon-chain deposit", Digest: "x"}}
	b.system(t, func(e *ledger.Editor) error { _, err := e.Import(acct, []imports.Tx{tx}, nil); return err })
	var label, position, rule, confidence string
	if err := b.pool.QueryRow(b.ctx, `SELECT t.label, tr.staking_account_identifier, c.rule, c.confidence FROM transactions t
		JOIN transfers tr ON tr.transaction_id = t.id AND NOT tr.is_fee
		JOIN transaction_classifications c ON c.transaction_id = t.id WHERE t.client_id = $1`, b.client).Scan(&label, &position, &rule, &confidence); err != nil {
		t.Fatal(err)
	}
	if label != "staking_deposit" || position != "eth2:"+pubkey || rule != "beacon_deposit" || confidence != "high" {
		t.Fatalf("stored %s %s %s %s", label, position, rule, confidence)
	}
}
