package recalc

import (
	"slices"
	"testing"
)

func TestDirtyRangesCoverExactlyTheSeqs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		seqs        []int64
		lows, highs []int64
	}{
		{nil, nil, nil},
		{[]int64{5}, []int64{5}, []int64{5}},
		{[]int64{3, 1, 2, 7, 9, 8, 11}, []int64{1, 7, 11}, []int64{3, 9, 11}},
		{[]int64{4, 4, 5}, []int64{4}, []int64{5}},
	} {
		lows, highs := dirtyRanges(slices.Clone(c.seqs))
		if !slices.Equal(lows, c.lows) || !slices.Equal(highs, c.highs) {
			t.Errorf("dirtyRanges(%v) = %v %v, want %v %v", c.seqs, lows, highs, c.lows, c.highs)
		}
	}
}
