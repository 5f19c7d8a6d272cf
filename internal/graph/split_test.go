package graph

import (
	"strings"
	"testing"

	"github.com/google/uuid"

	"taxd/gen/graph/model"
	"taxd/internal/ledger"
)

// An oversized split entry is reported by its own index, not as the first entry.
func TestSplitGroupsNamesTheOversizedEntry(t *testing.T) {
	ids := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = uuid.NewString()
		}
		return out
	}
	for k := range 3 {
		splits := []model.TransactionSplitInput{{TransferIds: ids(1)}, {TransferIds: ids(2)}, {TransferIds: ids(1)}}
		splits[k].TransferIds = ids(ledger.MaxSplitTransfers + 1)
		_, err := splitGroups(splits)
		want := "entry " + string(rune('0'+k)) + " lists"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("oversized entry %d: got %v, want an error naming %q", k, err, want)
		}
	}
}
