package accounts

import (
	"taxd/internal/ledger"
	"taxd/internal/syncs"
)

// Stored account statuses (accounts.status).
const (
	StatusQueued  = "queued"
	StatusSyncing = "syncing"
	StatusSynced  = "synced"
	StatusFailed  = "failed"
	StatusRetired = "retired"
)

// PartnerStatus is the status the partner REST API shows: its enum has no "retired", and a
// retired account keeps its synced history, so it reads as synced.
func PartnerStatus(stored string) string {
	if stored == StatusRetired {
		return StatusSynced
	}
	return stored
}

// ClientStatus is the status the GraphQL API shows (AccountStatusEnum): queued and syncing
// accounts are SYNCING, synced ones ACTIVE, failed ones ERROR; deleted accounts are DELETING.
func ClientStatus(stored string, deleted bool) string {
	switch {
	case deleted:
		return "DELETING"
	case stored == StatusQueued || stored == StatusSyncing:
		return "SYNCING"
	case stored == StatusSynced:
		return "ACTIVE"
	case stored == StatusFailed:
		return "ERROR"
	case stored == StatusRetired:
		return "RETIRED"
	}
	return "ERROR"
}

// ClientType is the GraphQL AccountTypeEnum of a stored type, and ImportType how it imports.
func ClientType(stored string) (accountType, importType string) {
	switch stored {
	case "wallet":
		return "WALLET", "ADDRESS"
	case "exchange":
		return "EXCHANGE", "API_KEY"
	case "file":
		return "FILE", "FILE_UPLOAD"
	}
	return "VIRTUAL", "MANUAL"
}

// IsOffChain reports whether transactions of an account of this type happen off chain
// (exchanges, files); transactions without an account are manual entries, off chain too.
func IsOffChain(stored *string) bool {
	return stored == nil || *stored == "exchange" || *stored == "file"
}

// ClientStatusOf is the GraphQL status of an account: ClientStatus, and NEEDS_REAUTHENTICATION
// for an exchange account whose credentials the exchange rejected.
func ClientStatusOf(a ledger.Account) string {
	if a.DeletedAt == nil && a.Status == StatusFailed && a.StatusMessage != nil && *a.StatusMessage == syncs.ReasonCredentials {
		return "NEEDS_REAUTHENTICATION"
	}
	return ClientStatus(a.Status, a.DeletedAt != nil)
}
