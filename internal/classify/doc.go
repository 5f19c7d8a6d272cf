// Package classify is the stage between a chain provider's fetch and the ledger: it turns what an
// EVM chain says about a transaction (imports.ChainTx: the call, its native value, internal
// movements, token transfers and receipt logs) into the wallet's transaction (imports.Tx): its
// legs, its label, the position a leg moves into or out of, and the rule that decided with how
// sure it is (imports.Classification).
//
// Contract:
//
//   - Rules are pure functions of the transaction, its logs, its internal movements and the
//     client's own addresses on every chain (Own). No I/O, no clock, no prices.
//   - Rules are tried in a fixed order (Order, documented in docs/onchain.md) and the first that
//     matches decides; the fallback (RuleTransfer) books the wallet's plain movements unlabelled at
//     low confidence, which the ledger reports as needing review.
//   - The wallet's legs are its movements netted per asset: a hop through the wallet cancels out, a
//     native refund reduces what was sent. The fee is a leg of its own when the wallet sent the
//     transaction (labelled fee).
//   - Protocol knowledge (wrapped natives, bridges' contracts and events, claim events, well-known
//     tokens, the spam list, the DeFi protocols' contracts, receipts and events with what each
//     means) is data: data/chains.json, data/spam.json and data/protocols.json, embedded.
//   - A DeFi reading follows one policy (docs/onchain.md, "DeFi: wraps, positions and loans"): a
//     deposit moves into the position's virtual account (Transfer.Position), its receipt is a
//     receipt leg (no acquisition), a withdrawal moves out; a reading the rules cannot complete is
//     never of high confidence.
//   - A transaction in which nothing of the wallet moved and it paid nothing has no transfers; the
//     caller drops it.
package classify
