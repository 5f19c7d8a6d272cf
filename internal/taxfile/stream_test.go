package taxfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"taxd/internal/tax"
)

// wholeFile is the reference for RunCompute's streaming: the whole file parsed, one Compute, the
// result written afterwards.
// method "" keeps the file's settings.
func wholeFile(t *testing.T, in string, method string, format string) string {
	t.Helper()
	f, err := Parse(strings.NewReader(in), "")
	if err != nil {
		t.Fatal(err)
	}
	s := f.Settings
	if method != "" {
		s.Method, s.MethodChanges = method, nil
	}
	settings, err := ResolveSettings(s)
	if err != nil {
		t.Fatal(err)
	}
	f.Input.Settings = settings
	res, err := tax.Compute(f.Input)
	if err != nil {
		t.Fatal(err)
	}
	o := &Output{File: f, Settings: settings, Result: res}
	var b bytes.Buffer
	if format == "csv" {
		err = WriteCSV(&b, o)
	} else {
		err = WriteJSON(&b, o)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestStreamingMatchesWholeFile: a ledger of several parser batches (computeBatch transactions
// each, their memory reused) prints the bytes of a whole-file run, in both output formats.
func TestStreamingMatchesWholeFile(t *testing.T) {
	var buf bytes.Buffer
	if err := Generate(&buf, 3*computeBatch+17, 6, 4, 11); err != nil {
		t.Fatal(err)
	}
	for _, method := range []string{"fifo", "hifo", "average"} {
		for _, format := range []string{"json", "csv"} {
			got, _, err := run(t, buf.String(), "--input", "-", "--method", method, "--format", format)
			if err != nil {
				t.Fatal(err)
			}
			want := wholeFile(t, buf.String(), method, format)
			if got != want {
				t.Errorf("%s %s: streamed output differs from the whole-file run (%d vs %d bytes)", method, format, len(got), len(want))
			}
		}
	}
}

// TestStreamingJSONSettingsLast: a JSON file whose settings follow its transactions is computed
// with those settings (the transactions are held until the settings are known).
func TestStreamingJSONSettingsLast(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"transactions":[`)
	n := computeBatch + 100
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		day := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Minute).Format(time.RFC3339)
		if i%2 == 0 {
			fmt.Fprintf(&b, `{"id":"t%d","time":"%s","transfers":[{"label":"buy","asset":"BTC","quantity":"1","to":"w","value":"%d"}]}`, i, day, 100+i%7)
		} else {
			fmt.Fprintf(&b, `{"id":"t%d","time":"%s","transfers":[{"label":"sell","asset":"BTC","quantity":"0.5","from":"w","value":"150"}]}`, i, day)
		}
	}
	b.WriteString(`],"settings":{"method":"hifo","perWalletFrom":"never","timezone":"Asia/Tokyo"}}`)
	in := b.String()
	got, _, err := run(t, in, "--input", "-", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, `"methods":[{"fromYear":0,"method":"hifo"}]`) || !strings.Contains(got, `"timezone":"Asia/Tokyo"`) {
		t.Fatalf("settings after the transactions were not applied:\n%.300s", got)
	}
	if want := wholeFile(t, in, "", "json"); got != want {
		t.Errorf("streamed output differs from the whole-file run (%d vs %d bytes)", len(got), len(want))
	}
}

// TestStreamingErrorsInOrder: the engine computes batches while the parser reads on, and a run
// reports the first error in the ledger's order: an engine error in an early batch before a parse
// error further on, and a parse error after batches the engine took without complaint.
func TestStreamingErrorsInOrder(t *testing.T) {
	ledger := func(engineError bool) string {
		var b strings.Builder
		b.WriteString("tx,time,label,asset,quantity,from,to,value\n")
		for i := range 2 * computeBatch {
			fmt.Fprintf(&b, "b%d,2020-01-01T00:00:00Z,buy,BTC,1,,w,100\n", i)
		}
		year := 2021
		if engineError {
			year = 2300 // outside the engine's 1900-2200
		}
		for i := range 3 * computeBatch {
			fmt.Fprintf(&b, "c%d,%d-01-01T00:00:00Z,buy,BTC,1,,w,100\n", i, year)
		}
		fmt.Fprintf(&b, "bad,%d-01-01T00:00:00Z,buy,BTC,one,,w,100\n", year)
		return b.String()
	}
	for _, format := range []string{"csv", "json"} {
		_, _, err := run(t, ledger(true), "--input", "-", "--format", format)
		if !errors.Is(err, tax.ErrInvalid) || !strings.Contains(err.Error(), "outside 1900-2200") {
			t.Errorf("%s: engine error first: got %v", format, err)
		}
		_, _, err = run(t, ledger(false), "--input", "-", "--format", format)
		if err == nil || !strings.Contains(err.Error(), "bad#1: quantity") {
			t.Errorf("%s: parse error after good batches: got %v", format, err)
		}
	}
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct {
	n       int
	written bytes.Buffer
}

var errOutputFull = errors.New("output full")

func (w *failAfter) Write(p []byte) (int, error) {
	if w.written.Len()+len(p) > w.n {
		return 0, errOutputFull
	}
	return w.written.Write(p)
}

// TestStreamingWriteError: when the output fails part way through a ledger of many batches, the
// run stops with the output's error, having written only whole buffers of what a successful run
// writes.
func TestStreamingWriteError(t *testing.T) {
	var buf bytes.Buffer
	if err := Generate(&buf, 4*computeBatch, 6, 4, 12); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"csv", "json"} {
		full := wholeFile(t, buf.String(), "fifo", format)
		out := &failAfter{n: len(full) / 3}
		err := RunCompute([]string{"--input", "-", "--method", "fifo", "--format", format}, strings.NewReader(buf.String()), out, io.Discard)
		if !errors.Is(err, errOutputFull) {
			t.Fatalf("%s: got %v, want the output's error", format, err)
		}
		if got := out.written.String(); len(got) == 0 || !strings.HasPrefix(full, got) {
			t.Errorf("%s: wrote %d bytes, not a start of the %d a successful run writes", format, len(got), len(full))
		}
	}
}
