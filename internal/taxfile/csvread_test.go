package taxfile

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// records reads all records with r's reader or encoding/csv configured as parseCSV used it; the
// result is a printable transcript (records, then the error).
func csvTranscript(in string, std bool) string {
	var b strings.Builder
	if std {
		cr := csv.NewReader(strings.NewReader(in))
		cr.ReuseRecord = true
		cr.FieldsPerRecord = -1
		cr.Comment = '#'
		for {
			rec, err := cr.Read()
			if err != nil {
				if err != io.EOF {
					fmt.Fprintf(&b, "error %v\n", err)
				}
				return b.String()
			}
			fmt.Fprintf(&b, "%q\n", rec)
		}
	}
	cr := newCSVReader(bufio.NewReaderSize(strings.NewReader(in), 16))
	for {
		rec, err := cr.read()
		if err != nil {
			if err != io.EOF {
				fmt.Fprintf(&b, "error %v\n", err)
			}
			return b.String()
		}
		fmt.Fprintf(&b, "%q\n", rec)
		cr.keepLast()
	}
}

var csvCases = []string{
	"a,b,c\n1,2,3\n",
	"a,b\r\n1,2\r\n\r\n3,4",
	"# comment\na,b\n\n\n#x,y\n1,2\n",
	"a,\"b,c\",d\n\"multi\nline\",2\n",
	"a,\"x\"\"y\",z\n",
	"a,b\"c,d\n",
	"a,\"b\"c,d\n",
	"a,\"open\n1,2\n",
	"a,b\r",
	"  ,  \n,\n,,,\n",
	"x," + strings.Repeat("long", 40) + ",y\n" + strings.Repeat("z", 100),
	"\"q\"\r\n\"r\"\r\n",
	"a,\"b\r\nc\",d\r\n",
	"1,2\n\"\n",
	"#only\n",
	"",
	"\ufeffa,b\n1,2\n",
}

// TestCSVReaderMatchesEncodingCSV: records and errors (with their line numbers) as encoding/csv.
func TestCSVReaderMatchesEncodingCSV(t *testing.T) {
	for _, in := range csvCases {
		if got, want := csvTranscript(in, false), csvTranscript(in, true); got != want {
			t.Errorf("%q:\ngot\n%s\nwant\n%s", in, got, want)
		}
	}
}

// TestCSVReaderSplitsEveryPosition: lines of every length up to 40 with commas and quotes at
// random places (the reader looks at eight bytes at a time) read as encoding/csv reads them.
func TestCSVReaderSplitsEveryPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "ab,,,,\"x\t é"
	var in strings.Builder
	for i := 0; i < 5000; i++ {
		n := r.IntN(41)
		for j := 0; j < n; j++ {
			c := alphabet[r.IntN(len(alphabet))]
			if c == '"' && r.IntN(4) != 0 {
				c = ','
			}
			in.WriteByte(c)
		}
		in.WriteString("\n")
		if r.IntN(50) == 0 {
			if got, want := csvTranscript(in.String(), false), csvTranscript(in.String(), true); got != want {
				t.Fatalf("%q:\ngot\n%s\nwant\n%s", in.String(), got, want)
			}
			in.Reset()
		}
	}
}

func FuzzCSVReader(f *testing.F) {
	for _, in := range csvCases {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if got, want := csvTranscript(in, false), csvTranscript(in, true); got != want {
			t.Errorf("%q:\ngot\n%s\nwant\n%s", in, got, want)
		}
	})
}
