package ledger

// Ledger writes that concern a whole account: removing an account's transactions (deleteAccount),
// clearing them for a re-import (hardRefreshAccount), and saving/re-applying the client's edits
// around that re-import. Each is a few set-wise statements in the Editor's transaction, with dirty
// marks and audit entries like any other edit.

import (
	"github.com/google/uuid"

	"taxd/gen/db"
)

// RemoveAccount takes an account's transactions out of the ledger, touching no other account's
// data:
//
//   - a transaction of the account that moved assets to or from another of the client's accounts
//     stays, as that account's transaction: its legs touching only the removed account (a network
//     fee it paid) go, and the removed account becomes an outside party on the others (from_address
//     or to_address keeps the address), so the other account keeps its deposit or withdrawal;
//   - transfers of other accounts' transactions that named the removed account name an outside
//     party instead;
//   - every other transaction of the account is deleted (soft, with its external id released), and
//     the links it took part in (internal transfers, bridges, cross-chain swaps) are removed, audited
//     like unmarkInternalTransfer: the other side counts as it is, no longer paired with a deleted
//     transaction. Undo does not bring any of it back (see Editor.Undo: CONFLICT naming the account).
//
// It returns how many transactions were deleted. The caller marks the account itself deleted.
func (e *Editor) RemoveAccount(accountID uuid.UUID) (int, error) {
	// 1. Moves to or from other own accounts are re-homed to the (first) other account.
	if err := e.q.RehomeAccountMoves(e.ctx, db.RehomeAccountMovesParams{ClientID: e.client, AccountID: accountID,
		SessionID: e.meta.SessionID, Source: e.meta.Source, Actor: e.meta.Actor}); err != nil {
		return 0, err
	}
	// 2. The account becomes an outside party wherever it is still named.
	if err := e.q.UnnameRemovedAccount(e.ctx, db.UnnameRemovedAccountParams{ClientID: e.client, AccountID: accountID}); err != nil {
		return 0, err
	}
	return e.deleteAccountTransactions(accountID, "delete")
}

// ClearAccount deletes (soft) every transaction of the account so that it can be imported again
// from scratch: their external ids are released, so the re-import adds them as new rows. Their
// links go (see deleteAccountTransactions): the re-imported rows are new transactions.
func (e *Editor) ClearAccount(accountID uuid.UUID) (int, error) {
	return e.deleteAccountTransactions(accountID, "delete")
}

// deleteAccountTransactions soft-deletes the account's transactions, and first removes the links
// they take part in (internal transfers, bridges, cross-chain swaps), audited like
// unmarkInternalTransfer: a link never outlives a side, and the other side counts as it is.
func (e *Editor) deleteAccountTransactions(accountID uuid.UUID, action string) (int, error) {
	if err := e.q.RemoveAccountLinks(e.ctx, db.RemoveAccountLinksParams{ClientID: e.client, AccountID: accountID,
		SessionID: e.meta.SessionID, Source: e.meta.Source, Actor: e.meta.Actor, LinkTypes: linkTypes(), LinkFields: linkFields()}); err != nil {
		return 0, err
	}
	n, err := e.q.DeleteAccountTransactions(e.ctx, db.DeleteAccountTransactionsParams{ClientID: e.client, AccountID: accountID,
		Action: action, SessionID: e.meta.SessionID, Source: e.meta.Source, Actor: e.meta.Actor})
	return int(n), err
}

// SaveAccountEdits keeps the current label, notes, hidden and reviewed state of the account's
// transactions that the client edited (an audit entry other than their creation), by external id,
// for ApplyAccountEdits to put back on the re-imported rows.
func (e *Editor) SaveAccountEdits(accountID uuid.UUID) (int, error) {
	n, err := e.q.SaveAccountEdits(e.ctx, db.SaveAccountEditsParams{ClientID: e.client, AccountID: accountID})
	return int(n), err
}

// ApplyAccountEdits puts saved edits back on the account's transactions imported since (same
// external id), with an audit entry each, and forgets the applied ones. It returns how many
// transactions it changed.
func (e *Editor) ApplyAccountEdits(accountID uuid.UUID) (int, error) {
	n, err := e.q.ApplyAccountEdits(e.ctx, db.ApplyAccountEditsParams{ClientID: e.client, AccountID: accountID,
		SessionID: e.meta.SessionID, Source: e.meta.Source, Actor: e.meta.Actor})
	return int(n), err
}
