package imports

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// fmtCSVTx renders a CSV transaction: label | transfers (Self is "self", external "?").
func fmtCSVTx(tx Tx) string {
	var parts []string
	for _, tr := range tx.Transfers {
		who := func(a string) string {
			if a == "" {
				return "?"
			}
			return a
		}
		s := fmt.Sprintf("%s %s %s->%s", tr.Quantity.String(), tr.Asset.Key(), who(tr.From), who(tr.To))
		if tr.IsFee {
			s = "fee " + s
		}
		if tr.FiatValue != nil {
			s += " fv=" + tr.FiatValue.String()
		}
		if tr.FeeFiat != nil {
			s += " feefiat=" + tr.FeeFiat.String()
		}
		if tr.Label != tx.Label {
			s += " label=" + tr.Label
		}
		parts = append(parts, s)
	}
	return tx.Time.UTC().Format("2006-01-02T15:04:05Z") + " " + tx.Label + " | " + strings.Join(parts, "; ")
}

func parseFile(t *testing.T, name, format string) ([]Tx, error) {
	t.Helper()
	f, err := os.Open("testdata/csv/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return ParseCSV(f, format)
}

func checkCSV(t *testing.T, name, format string, want []string) []Tx {
	t.Helper()
	txs, err := parseFile(t, name, format)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got := make([]string, len(txs))
	for i, tx := range txs {
		got[i] = fmtCSVTx(tx)
	}
	diffLines(t, name, got, want)
	checkUniqueIDs(t, txs)
	// Stable ids: parsing the same file again gives the same ids (re-upload deduplicates).
	again, _ := parseFile(t, name, format)
	for i := range again {
		if again[i].ExternalID != txs[i].ExternalID {
			t.Errorf("ExternalID of tx %d changed between parses", i)
		}
	}
	return txs
}

func checkCSVErrors(t *testing.T, name, format string, want []string) {
	t.Helper()
	txs, err := parseFile(t, name, format)
	if txs != nil {
		t.Errorf("%s: %d transactions returned with errors", name, len(txs))
	}
	var ce *CSVError
	if !errors.As(err, &ce) {
		t.Fatalf("%s: error %v, want *CSVError", name, err)
	}
	got := make([]string, len(ce.Rows))
	for i, r := range ce.Rows {
		got[i] = fmt.Sprintf("%d %s", r.Line, r.Column)
		if r.Message == "" {
			t.Errorf("row error without message: %+v", r)
		}
	}
	diffLines(t, name+" errors", got, want)
	if t.Failed() {
		for _, r := range ce.Rows {
			t.Logf("  %s", r)
		}
	}
}

func TestCSVGeneric(t *testing.T) {
	t.Parallel()
	const usdc = "ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"
	txs := checkCSV(t, "generic_good.csv", "generic", []string{
		"2024-01-05T10:00:00Z buy | 1000 fiat:USD self->? fv=1000; 0.025 symbol:BTC ?->self fv=1000 feefiat=4.99",
		"2024-01-10T12:30:00Z buy | 2 symbol:ETH ?->self fv=4400",
		"2024-02-01T09:15:00Z sell | 0.01 symbol:BTC self->? fv=430.5 feefiat=2.15; 430.5 fiat:USD ?->self fv=430.5",
		"2024-02-03T09:15:00Z sell | 1 symbol:ETH self->? fv=2300; fee 0.0005 symbol:ETH self->? fv=1.15",
		"2024-02-09T23:00:00Z trade | 0.5 symbol:ETH self->? fv=1150.25; 1150.25 " + usdc + " ?->self fv=1150.25; fee 1.2 symbol:USDC self->? fv=1.2",
		"2024-03-01T00:00:00Z staking_reward | 0.0031 symbol:ETH ?->self fv=10.85",
		"2024-03-02T00:00:00Z income | 150 symbol:USDC ?->self fv=150",
		"2024-03-03T00:00:00Z airdrop | 500 symbol:ARB ?->self",
		"2024-03-04T00:00:00Z mining | 0.0005 symbol:BTC ?->self",
		"2024-03-05T00:00:00Z interest | 1.25 symbol:USDC ?->self fv=1.25",
		"2024-03-06T00:00:00Z gift_received | 0.1 symbol:ETH ?->self fv=350",
		"2024-03-07T00:00:00Z gift_sent | 0.05 symbol:ETH self->?",
		"2024-03-08T00:00:00Z donation | 0.001 symbol:BTC self->bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
		"2024-03-09T00:00:00Z lost | 10 symbol:SOL self->?",
		"2024-03-10T00:00:00Z transfer | 0.5 symbol:BTC self->bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq; fee 0.0001 symbol:BTC self->?",
		"2024-03-11T00:00:00Z transfer | 1 symbol:ETH 0x71C7656EC7ab88b098defB751B7401B5f6d8976F->self",
		"2024-03-12T00:00:00Z airdrop | 25 symbol:DOT ?->self",
		"2024-03-13T00:00:00Z  | 0.2 symbol:ETH self->?; fee 0.001 symbol:ETH self->?",
		"2024-03-14T00:00:00Z fee | fee 5 fiat:USD self->? fv=5",
		"2024-03-15T00:00:00Z buy | 50 fiat:EUR self->? fv=55; 0.001 symbol:BTC ?->self fv=55 feefiat=1.1",
		"2024-03-15T00:00:00Z buy | 50 fiat:EUR self->? fv=55; 0.001 symbol:BTC ?->self fv=55 feefiat=1.1",
	})
	if len(txs) < 21 {
		return
	}
	if txs[0].Notes != "Card buy, first one" || txs[4].Hash != "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060" {
		t.Errorf("notes/hash not kept: %q %q", txs[0].Notes, txs[4].Hash)
	}
	if a := txs[4].Transfers[1].Asset; a.Chain != "ethereum" || a.Contract != "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" {
		t.Errorf("asset key cell: %+v", a)
	}
	if !strings.HasPrefix(txs[0].ExternalID, "csv:") || txs[20].ExternalID != txs[19].ExternalID+"-2" {
		t.Errorf("ids %q %q", txs[19].ExternalID, txs[20].ExternalID)
	}
}

func TestCSVGenericBad(t *testing.T) {
	t.Parallel()
	checkCSVErrors(t, "generic_bad.csv", "generic", []string{
		"3 date",
		"4 type",
		"5 received_quantity",
		"6 sent_quantity",
		"9 received_asset",
		"10 received_asset",
		"11 label",
		"12 ",
		"13 date",
		"13 fee_fiat_usd",
		"14 sent_quantity",
		"14 fee_asset",
	})
}

func TestCSVGenericHeaderErrors(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, in, want string }{
		{"empty", "", "1 "},
		{"no type", "date,sent_quantity\n2024-01-01,1\n", "1 type"},
		{"unknown column", "date,type,amount\n2024-01-01,buy,1\n", "1 amount"},
		{"bad quoting", "date,type,received_quantity,received_asset\n2024-01-01,income,1,ETH\n2024-01-02,\"income,1,ETH\n", "3 "},
	}
	for _, c := range cases {
		_, err := ParseCSV(strings.NewReader(c.in), "generic")
		var ce *CSVError
		if !errors.As(err, &ce) || len(ce.Rows) == 0 {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := fmt.Sprintf("%d %s", ce.Rows[0].Line, ce.Rows[0].Column); got != c.want {
			t.Errorf("%s: first error %q (%s), want %q", c.name, got, ce.Rows[0], c.want)
		}
	}
	if _, err := ParseCSV(strings.NewReader("a,b\n"), "binance"); !errors.Is(err, ErrUnknownCSVFormat) {
		t.Errorf("unknown format: %v", err)
	}
	// A header-only file is valid and empty; a BOM and CRLF line ends are fine.
	txs, err := ParseCSV(strings.NewReader("\ufeffdate,type,received_quantity,received_asset\r\n2024-01-01,income,1,ETH\r\n"), "generic")
	if err != nil || len(txs) != 1 || txs[0].Label != "income" {
		t.Errorf("BOM/CRLF: %v %v", txs, err)
	}
}

func TestCSVCoinbase(t *testing.T) {
	t.Parallel()
	checkCSV(t, "coinbase_good.csv", "coinbase", []string{
		"2023-01-14T16:31:11Z buy | 195 fiat:USD self->? fv=195; 0.01 symbol:BTC ?->self fv=195 feefiat=2.99",
		"2023-02-02T09:00:00Z  | 0.5 symbol:ETH ?->self fv=825.06",
		"2023-03-15T12:00:00Z trade | 0.1 symbol:ETH self->? fv=168.5 feefiat=1.5; 168.5 symbol:USDC ?->self fv=168.5",
		"2023-04-01T00:00:00Z income | 0.00012 symbol:ETH ?->self fv=0.22",
		"2023-05-05T15:45:00Z sell | 0.005 symbol:BTC self->? fv=145 feefiat=2.16; 145 fiat:USD ?->self fv=145",
		"2023-06-06T06:06:06Z  | 0.002 symbol:BTC self->3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy fv=52",
		"2023-07-07T07:07:07Z income | 12.5 symbol:GRT ?->self fv=1.63",
		"2023-08-08T08:08:08Z staking_reward | 0.05 symbol:SOL ?->self fv=1.2",
		"2023-09-09T09:09:09Z transfer | 500 fiat:USD ?->self fv=500",
	})
	txs := checkCSV(t, "coinbase_2024.csv", "coinbase", []string{
		"2024-01-12T10:11:12Z sell | 0.25 symbol:ETH self->? fv=650 feefiat=3.9; 650 fiat:USD ?->self fv=650",
		"2024-02-12T10:11:12Z buy | 1300 fiat:USD self->? fv=1300; 3 symbol:SOL ?->self fv=1300 feefiat=4.49",
		"2024-03-12T10:11:12Z  | 20 symbol:USDC self->0x71C7656EC7ab88b098defB751B7401B5f6d8976F fv=20",
	})
	if len(txs) == 3 && txs[0].ExternalID != "coinbase:65a1b2c3d4e5f60718293a4b" {
		t.Errorf("ExternalID %q, want the export's ID", txs[0].ExternalID)
	}
}

func TestCSVCoinbaseBad(t *testing.T) {
	t.Parallel()
	checkCSVErrors(t, "coinbase_bad.csv", "coinbase", []string{
		"7 Transaction Type",
		"8 Quantity Transacted",
		"9 Notes",
		"10 Timestamp",
		"11 Subtotal",
	})
	_, err := ParseCSV(strings.NewReader("a,b,c\n1,2,3\n"), "coinbase")
	var ce *CSVError
	if !errors.As(err, &ce) || ce.Rows[0].Line != 1 {
		t.Errorf("not a Coinbase file: %v", err)
	}
}

func TestCSVKraken(t *testing.T) {
	t.Parallel()
	txs := checkCSV(t, "kraken_good.csv", "kraken", []string{
		"2024-01-02T10:05:00Z transfer | 1000 fiat:USD ?->self fv=1000",
		"2024-01-03T14:20:01Z buy | 500 fiat:USD self->? fv=500; 0.0112 symbol:BTC ?->self fv=500 feefiat=0.8",
		"2024-01-10T09:00:00Z trade | 0.005 symbol:BTC self->?; 0.09 symbol:ETH ?->self; fee 0.00001 symbol:BTC self->?",
		"2024-01-15T00:00:00Z staking_reward | 0.0412345678 symbol:DOT ?->self",
		"2024-01-20T18:00:00Z  | 0.005 symbol:BTC self->?; fee 0.00005 symbol:BTC self->?",
		"2024-01-25T12:00:00Z sell | 0.04 symbol:ETH self->? fv=90 feefiat=0.24; 90 fiat:USD ?->self fv=90",
		"2024-01-26T00:00:00Z staking_reward | 0.51 symbol:USDC ?->self",
	})
	if len(txs) > 1 && txs[1].ExternalID != "kraken:TJKLXX-PESRG-VPH6SS" {
		t.Errorf("ExternalID %q, want kraken:<refid>", txs[1].ExternalID)
	}
	if len(txs) > 1 && txs[1].Time.Nanosecond() != 123400000 {
		t.Errorf("fractional seconds lost: %v", txs[1].Time)
	}
}

func TestCSVKrakenBad(t *testing.T) {
	t.Parallel()
	checkCSVErrors(t, "kraken_bad.csv", "kraken", []string{
		"3 amount",
		"4 type",
		"5 amount",
		"6 amount",
		"7 time",
		"8 fee",
	})
}

func TestCSVErrorMessage(t *testing.T) {
	t.Parallel()
	_, err := parseFile(t, "generic_bad.csv", "generic")
	msg := err.Error()
	if !strings.Contains(msg, "12 error(s)") || !strings.Contains(msg, "line 3: date:") {
		t.Errorf("message %q", msg)
	}
}

// ReadCSV hands over the rows before the first bad one and no later ones, reads on to list the
// bad rows (the first MaxCSVErrors, then a count of the others), and stops on an error of fn.
func TestReadCSVStreams(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("date,type,received_quantity,received_asset\n")
	for i := range 3 {
		fmt.Fprintf(&b, "2024-01-0%dT00:00:00Z,income,1,ETH\n", i+1)
	}
	for range 1500 {
		b.WriteString("not-a-date,income,1,ETH\n2024-02-01T00:00:00Z,income,1,ETH\n")
	}
	got := 0
	n, err := ReadCSV(strings.NewReader(b.String()), "generic", func(*Tx) error { got++; return nil })
	var csvErr *CSVError
	if !errors.As(err, &csvErr) || n != 0 {
		t.Fatalf("ReadCSV: %d, %v; want a CSVError", n, err)
	}
	if got != 3 {
		t.Errorf("fn got %d transactions, want the 3 before the first bad row", got)
	}
	rows := csvErr.Rows
	if len(rows) != MaxCSVErrors+1 || rows[0].Line != 5 || rows[len(rows)-1].Message != "500 more errors left out" {
		t.Errorf("%d row errors, first %+v, last %+v", len(rows), rows[0], rows[len(rows)-1])
	}

	stop := errors.New("stop")
	got = 0
	_, err = ReadCSV(strings.NewReader("date,type,received_quantity,received_asset\n2024-01-01,income,1,ETH\n2024-01-02,income,1,ETH\n"), "generic",
		func(*Tx) error { got++; return stop })
	if !errors.Is(err, stop) || got != 1 {
		t.Errorf("fn error: %v after %d calls, want stop after 1", err, got)
	}
}

// A date before any blockchain existed (year 0000, a century typed wrong) is refused with its row
// and column; the genesis day itself is a date.
func TestCSVRefusesDatesBeforeTheFirstBlock(t *testing.T) {
	t.Parallel()
	file := "date,type,received_quantity,received_asset\n" +
		"0000-01-01T00:00:00Z,deposit,1,BTC\n" +
		"1924-03-01,deposit,1,BTC\n" +
		"2009-01-03,deposit,1,BTC\n"
	_, err := ParseCSV(strings.NewReader(file), "generic")
	var ce *CSVError
	if !errors.As(err, &ce) || len(ce.Rows) != 2 || ce.Rows[0].Line != 2 || ce.Rows[1].Line != 3 || ce.Rows[0].Column != "date" ||
		!strings.Contains(ce.Rows[0].Message, "before the first blockchain block") {
		t.Fatalf("%v; want lines 2 and 3 refused in column date", err)
	}
}
