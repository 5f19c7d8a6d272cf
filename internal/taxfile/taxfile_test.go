package taxfile

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
)

// blocks returns the fenced code blocks of the doc in order, with their info strings.
func blocks(t *testing.T) (infos, bodies []string) {
	raw, err := os.ReadFile("../../docs/taxd-compute.md")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?ms)^```([a-z]*)\n(.*?)^```\n")
	for _, m := range re.FindAllStringSubmatch(string(raw), -1) {
		infos = append(infos, m[1])
		bodies = append(bodies, m[2])
	}
	return
}

func run(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := RunCompute(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), err
}

// TestDocExample runs the README's example and checks it prints the disposals the README shows.
func TestDocExample(t *testing.T) {
	infos, bodies := blocks(t)
	var csvs, jsons []string
	var stderrBlock string
	for i, info := range infos {
		switch {
		case info == "csv":
			csvs = append(csvs, bodies[i])
		case info == "json":
			jsons = append(jsons, bodies[i])
		case info == "" && strings.HasPrefix(bodies[i], "tax year 2024"):
			stderrBlock = bodies[i]
		}
	}
	if len(csvs) != 2 || len(jsons) != 1 || stderrBlock == "" {
		t.Fatalf("doc blocks: %d csv, %d json, stderr %q", len(csvs), len(jsons), stderrBlock)
	}
	testdata, err := os.ReadFile("../tax/testdata/example.csv")
	if err != nil {
		t.Fatal(err)
	}
	if string(testdata) != csvs[0] {
		t.Fatal("the doc's example.csv differs from internal/tax/testdata/example.csv")
	}
	out, errOut, err := run(t, csvs[0], "--input", "-", "--method", "fifo", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if out != csvs[1] {
		t.Errorf("disposals differ from the doc\n--- got\n%s--- doc\n%s", out, csvs[1])
	}
	if errOut != stderrBlock {
		t.Errorf("summary differs from the doc\n--- got\n%s--- doc\n%s", errOut, stderrBlock)
	}
	outJ, _, err := run(t, jsons[0], "--input", "-", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if outJ != csvs[1] {
		t.Errorf("JSON example gives different disposals\n%s", outJ)
	}
	// full JSON output: valid, deterministic, same from CSV and JSON input
	j1, _, err := run(t, csvs[0], "--input", "-", "--method", "fifo")
	if err != nil {
		t.Fatal(err)
	}
	j2, _, _ := run(t, jsons[0], "--input", "-")
	j3, _, _ := run(t, csvs[0], "--input", "-", "--method", "fifo")
	if !json.Valid([]byte(j1)) {
		t.Fatalf("invalid JSON:\n%s", j1)
	}
	if j1 != j2 || j1 != j3 {
		t.Fatalf("JSON output differs between runs or formats")
	}
	var doc struct {
		Disposals []map[string]any `json:"disposals"`
		Lots      []map[string]any `json:"lots"`
		Years     []map[string]any `json:"years"`
	}
	if err := json.Unmarshal([]byte(j1), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Disposals) != 11 || len(doc.Lots) != 8 || len(doc.Years) != 2 || doc.Years[0]["shortGain"] != "11902.5" {
		t.Fatalf("unexpected JSON content: %d disposals, %d lots, years %v", len(doc.Disposals), len(doc.Lots), doc.Years)
	}
}

func TestFileInput(t *testing.T) {
	dir := t.TempDir()
	p := dir + "/l.csv"
	if err := os.WriteFile(p, []byte("time,asset,quantity,to,from,value\n2024-01-01,BTC,1,w,,100\n2024-02-01,BTC,1,,w,150\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "", "--input", p, "--method", "hifo", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	want := CSVHeader + "row3#1,sale,BTC,w,1,row2#1,2024-01-01T00:00:00Z,2024-02-01T00:00:00Z,1,150,100,50,short,I,C,2024,\n"
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

// TestCSVFieldsTrimmed: fields padded with spaces, tabs or Unicode spaces, and records shorter
// than the header, compute as the plain ledger does.
func TestCSVFieldsTrimmed(t *testing.T) {
	plain := "tx,time,label,asset,quantity,from,to,value,fee_fiat\n" +
		"b,2024-01-01T00:00:00Z,buy,BTC,1,,w,100,\n" +
		"s,2024-02-01T00:00:00Z,sell,BTC,0.5,w,,80,2\n"
	padded := "tx,time,label,asset,quantity,from,to,value,fee_fiat\n" +
		" b ,2024-01-01T00:00:00Z\t,\u00a0buy, BTC\u2003,1 ,,w,100\n" +
		"s,\t2024-02-01T00:00:00Z,SELL ,BTC,\u00a00.5,w\u00a0, ,80 ,2\u3000\n"
	want, _, err := run(t, plain, "--input", "-", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := run(t, padded, "--input", "-", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("padded ledger:\n%s\nplain ledger:\n%s", got, want)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"--method", "fifo"}, "--input is required"},
		{"time,asset,quantity,to\n2024-01-01,BTC,1,w\n", []string{"--input", "-", "--method", "nope"}, "unknown method"},
		{"time,asset,quantity,to\n2024-01-01,BTC,1,w\n", []string{"--input", "-", "--format", "xml"}, "--format"},
		{"time,asset,quantity,to\n2024-02-01,BTC,1,w\n2024-01-01,BTC,1,w\n", []string{"--input", "-"}, "time order"},
		{"time,asset,quantity,to\n2024-01-01,BTC,1e3,w\n", []string{"--input", "-"}, "invalid decimal"},
		{"time,asset,quantity,to\n2024-01-01,BTC,-1,w\n", []string{"--input", "-"}, "negative quantity"},
		{"time,asset,quantity,to,label\n2024-01-01,BTC,1,w,bogus\n", []string{"--input", "-"}, "unknown label"},
		{"time,asset,quantity,to,colour\n", []string{"--input", "-"}, "unknown CSV column"},
		{"time,asset,quantity,to\n2024-01-01,BTC,1,w\n", []string{"--input", "-", "--per-wallet-from", "soon"}, "per-wallet-from"},
		{"time,asset,quantity,to\n2024-01-01,BTC,1,w\n", []string{"--input", "-", "--timezone", "Mars/Base"}, "timezone"},
		{"time,asset,quantity,to\n2024-01-01,BTC,1,w\n", []string{"--input", "-", "extra"}, "unexpected argument"},
		{`{"transactions":[{"time":"2024-01-01","transfers":[{"asset":"BTC","quantity":"1","to":"w","value":"x"}]}]}`, []string{"--input", "-"}, "invalid decimal"},
		{"time,asset,quantity,to\n2024-01-01,BTC,300000000000000000000,w\n", []string{"--input", "-"}, "overflow"},
	}
	for _, c := range cases {
		_, _, err := run(t, c.stdin, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want an error containing %q", c.args, err, c.want)
		}
	}
	_, _, err := run(t, "", "--method", "fifo")
	if !errors.Is(err, ErrUsage) {
		t.Errorf("usage errors should wrap ErrUsage: %v", err)
	}
}

func TestRoundingWarning(t *testing.T) {
	in := "time,asset,quantity,to,from,value\n2024-01-01,NEAR,1.000000000000000000000001,w,,1.0000000000000000000004\n"
	out, _, err := run(t, in, "--input", "-")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"code":"rounded"`) || !strings.Contains(out, `"quantity":"1","basis":"1"`) {
		t.Fatalf("want a rounded warning and a lot of 1 @1:\n%s", out)
	}
}

func TestGenerateRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := Generate(&buf, 2000, 5, 3, 7); err != nil {
		t.Fatal(err)
	}
	out1, _, err := run(t, buf.String(), "--input", "-", "--method", "hifo", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out1, "\n"); n < 1000 {
		t.Fatalf("only %d disposal rows", n)
	}
	out2, _, _ := run(t, buf.String(), "--input", "-", "--method", "hifo", "--format", "csv")
	if out1 != out2 {
		t.Fatal("not deterministic")
	}
}

func TestJSONSettingsAndIDs(t *testing.T) {
	in := `{"settings":{"method":"fifo","methodChanges":[{"fromYear":2024,"method":"lifo"}],"perWalletFrom":"never","fiscalYearStart":"01-01"},
"extra":{"ignored":true},
"transactions":[
 {"id":"a","time":"2023-01-01T00:00:00Z","transfers":[{"id":"buy-1","label":"buy","asset":"BTC","quantity":1,"to":"w","value":"100"}]},
 {"id":"b","time":"2023-06-01T00:00:00Z","transfers":[{"id":"buy-2","label":"buy","asset":"BTC","quantity":"1","to":"w","value":"200"}]},
 {"id":"c","time":"2024-02-01T00:00:00Z","transfers":[{"id":"sell,1","label":"sell","asset":"BTC","quantity":"1","from":"w","value":"300",
   "fee":{"asset":"BTC","quantity":"0.1","value":"30"}}]}
]}`
	out, _, err := run(t, in, "--input", "-", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	// 2024 is LIFO: the sale takes lot 2 (200); proceeds 300 - 30 fee. The fee coins then come from lot 1 (long).
	want := CSVHeader +
		`"sell,1",sale,BTC,w,2,buy-2,2023-06-01T00:00:00Z,2024-02-01T00:00:00Z,1,270,200,70,short,I,C,2024,` + "\n" +
		`"sell,1.fee",fee,BTC,w,1,buy-1,2023-01-01T00:00:00Z,2024-02-01T00:00:00Z,0.1,30,10,20,long,II,F,2024,` + "\n"
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

// TestDocJurisdictionExamples: the GB, CA, DE and AU rows the doc shows are what taxd compute prints for
// the golden ledgers they come from, and the US-only flags are ignored with a note.
func TestDocJurisdictionExamples(t *testing.T) {
	infos, bodies := blocks(t)
	runs := map[string]string{}
	for j, file := range map[string]string{"GB": "../tax/testdata/gb_hmrc.csv", "CA": "../tax/testdata/ca_acb.csv",
		"DE": "../tax/testdata/de_rules.csv", "AU": "../tax/testdata/au_ato.csv"} {
		in, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		out, errOut, err := run(t, string(in), "--input", "-", "--jurisdiction", j, "--method", "hifo", "--per-wallet-from", "never", "--format", "csv")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(errOut, "note: --method is ignored under "+j) || !strings.Contains(errOut, "note: --per-wallet-from is ignored") {
			t.Errorf("%s: no note on the ignored flags: %s", j, errOut)
		}
		header := CSVJurisHeader
		if j == "DE" || j == "AU" { // lots: the US columns
			header = CSVHeader
		}
		if !strings.HasPrefix(out, header) {
			t.Errorf("%s: header %q", j, strings.SplitN(out, "\n", 2)[0])
		}
		runs[j] = out
	}
	checked := 0
	for i, info := range infos {
		if info != "text" || !strings.HasPrefix(bodies[i], "transfer,kind") {
			continue
		}
		for _, line := range strings.Split(strings.TrimSpace(bodies[i]), "\n")[1:] {
			found := false
			for _, out := range runs {
				found = found || strings.Contains(out, line+"\n")
			}
			if !found {
				t.Errorf("the doc's row %q is in no country's output", line)
			}
			checked++
		}
	}
	if checked != 13 {
		t.Fatalf("checked %d GB/CA/DE/AU rows of the doc, want 13", checked)
	}
}

// TestCSVOutputQuotesNames: transaction and transfer ids that need CSV quoting (a comma, a quote)
// read back from the disposals CSV, by encoding/csv, as the ledger named them; ids in a ledger
// without any such id print unquoted.
func TestCSVOutputQuotesNames(t *testing.T) {
	for _, c := range []struct {
		ledger              string
		transfer, lotSource string
	}{
		{"tx,time,label,asset,quantity,from,to,value\n\"a,1\",2020-01-01T00:00:00Z,buy,BTC,1,,cb,100\n\"s\"\"q\",2020-01-02T00:00:00Z,sell,BTC,1,cb,,150\n",
			`s"q#1`, "a,1#1"},
		{"id,tx,time,label,asset,quantity,from,to,value\n\"x,y\",a,2020-01-01T00:00:00Z,buy,BTC,1,,cb,100\nz,s,2020-01-02T00:00:00Z,sell,BTC,1,cb,,150\n",
			"z", "x,y"},
		{"tx,time,label,asset,quantity,from,to,value\na,2020-01-01T00:00:00Z,buy,BTC,1,,cb,100\ns,2020-01-02T00:00:00Z,sell,BTC,1,cb,,150\n",
			"s#1", "a#1"},
	} {
		out, _, err := run(t, c.ledger, "--input", "-", "--format", "csv")
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if len(recs) != 2 || recs[1][0] != c.transfer || recs[1][5] != c.lotSource {
			t.Fatalf("got %q, want transfer %q from lot %q", recs, c.transfer, c.lotSource)
		}
		if plain := !strings.ContainsAny(c.transfer+c.lotSource, `,"`); plain && strings.Contains(out, `"`) {
			t.Fatalf("quotes in %s", out)
		}
	}
}
