package recalc

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"taxd/internal/pgcopy"
)

// copyRows takes the same rows however the stream is cut into parts (a part may end anywhere:
// inside the header, a field's length or a value), and refuses a stream that is not binary COPY,
// ends inside a row or has bytes after its trailer.
func TestCopyRowsTakesRowsAcrossAnyCut(t *testing.T) {
	stream := append([]byte{}, pgcopy.Header...)
	want := map[string][]byte{}
	for i := range 40 {
		start := len(stream)
		stream = pgcopy.Fields(stream, 3)
		stream = pgcopy.Int4(stream, int32(1000+i))
		stream = pgcopy.Text(stream, fmt.Sprintf("key-%d", i))
		if i%3 == 0 {
			stream = pgcopy.Null(stream)
		} else {
			stream = pgcopy.Text(stream, strings.Repeat("v", i*7))
		}
		want[fmt.Sprintf("key-%d", i)] = stream[start:]
	}
	stream = append(stream, pgcopy.Trailer...)
	take := func(parts ...[]byte) (*copyRows, error) {
		c := &copyRows{key: 1, rows: map[string][]byte{}}
		for _, p := range parts {
			if _, err := c.Write(p); err != nil {
				return c, err
			}
		}
		return c, nil
	}
	for cut := 0; cut <= len(stream); cut++ {
		for _, step := range []int{1, 7, len(stream)} { // after the cut, parts of this size
			parts := [][]byte{stream[:cut]}
			for rest := stream[cut:]; len(rest) > 0; rest = rest[min(step, len(rest)):] {
				parts = append(parts, rest[:min(step, len(rest))])
			}
			c, err := take(parts...)
			if err != nil {
				t.Fatalf("cut at %d, parts of %d: %v", cut, step, err)
			}
			if !c.ended || !reflect.DeepEqual(c.rows, want) {
				t.Fatalf("cut at %d, parts of %d: ended %v, %d rows of %d", cut, step, c.ended, len(c.rows), len(want))
			}
		}
	}
	if c, err := take(stream[:len(stream)-5]); err != nil || c.ended {
		t.Fatalf("a stream ending inside a row: ended %v, %v", c.ended, err)
	}
	if _, err := take(append(bytes.Clone(stream), 0, 1)); err == nil {
		t.Fatal("bytes after the trailer were taken")
	}
	if _, err := take([]byte("COPY 1\n\xff\r\n\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")); err == nil {
		t.Fatal("a stream without the binary COPY signature was taken")
	}
}
