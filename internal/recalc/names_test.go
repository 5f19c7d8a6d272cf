package recalc

import (
	"slices"
	"testing"
)

// TestUniqueNames: each item keeps its most readable name unless another item has it too; then
// both move to their next candidate (the chain), and then to the last (a key), which tells them
// apart.
func TestUniqueNames(t *testing.T) {
	got, err := uniqueNames([][]string{
		{"ETH", "ETH (ethereum)", "ethereum:native"},
		{"ETH", "ETH (base)", "base:native"},
		{"USDC", "USDC (base)", "base:0xusdc"},
		{"SPAM", "SPAM (base)", "base:0xa"},
		{"SPAM", "SPAM (base)", "base:0xb"},
	})
	want := []string{"ETH (ethereum)", "ETH (base)", "USDC", "base:0xa", "base:0xb"}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %q, %v; want %q", got, err, want)
	}
	if _, err := uniqueNames([][]string{{"x", "y"}, {"x", "y"}}); err == nil {
		t.Fatal("two items left with one name: no error")
	}
}
