package rest

import "testing"

func TestJSONDepth(t *testing.T) {
	for body, want := range map[string]int{`{}`: 1, `{"a":[1,{"b":"[[[["}]}`: 3, `"\"[["`: 0, `[[[`: 3, `{"a":"\\"}`: 1} {
		if got := jsonDepth([]byte(body)); got != want {
			t.Errorf("%s: depth %d, want %d", body, got, want)
		}
	}
}
