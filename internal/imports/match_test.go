package imports

import (
	"regexp"
	"strings"
	"testing"
)

// The hand-written matchers accept exactly what the regexps they replace accepted.
func TestMatchersAgreeWithTheirRegexps(t *testing.T) {
	dec := regexp.MustCompile(`^([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$`)
	sym := regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._\-$]{0,19}$`)
	alphabet := []byte("09.eE+-$_aZ ")
	var walk func(prefix []byte, depth int)
	walk = func(prefix []byte, depth int) {
		s := string(prefix)
		if got, want := isPlainDecimal(s), dec.MatchString(s); got != want {
			t.Errorf("isPlainDecimal(%q) = %v, regexp says %v", s, got, want)
		}
		if got, want := isSymbol(s), sym.MatchString(s); got != want {
			t.Errorf("isSymbol(%q) = %v, regexp says %v", s, got, want)
		}
		if depth == 0 {
			return
		}
		for _, c := range alphabet {
			walk(append(prefix, c), depth-1)
		}
	}
	walk(nil, 5)
	for _, s := range []string{"ABCDEFGHIJ0123456789", "ABCDEFGHIJ01234567890", "A$$$$$$$$$$$$$$$$$$$", "1.5e+10", "1e", ".e1", "é", "1\n"} {
		if isSymbol(s) != sym.MatchString(s) || isPlainDecimal(s) != dec.MatchString(s) {
			t.Errorf("%q: matchers disagree with the regexps", s)
		}
	}
}

// External ids are what a re-import deduplicates on: they must not change from one version to
// the next (these were computed before the parser's rewrite without regexps and maps).
func TestGenericExternalIDsAreStable(t *testing.T) {
	const file = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value_usd,fee_fiat_usd,tx_hash,notes\n" +
		"2020-01-01T00:00:00Z,buy,1471.87,USD,0.73660942,ETH,1.50,USD,1471.87,1.50,,\n" +
		"2020-01-01T00:00:00Z,buy,1471.87,USD,0.73660942,ETH,1.50,USD,1471.87,1.50,,\n" +
		"2020-01-01T00:04:00Z, trade ,0.00557946,BTC,0.08396511,ETH,0.00050000,ETH,167.62,1.00,0x1b988662354b3f21,hi\n"
	var ids []string
	if _, err := ReadCSV(strings.NewReader(file), CSVGeneric, func(tx *Tx) error {
		ids = append(ids, tx.ExternalID)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{"csv:2d8ba864f60762ab205bb566", "csv:2d8ba864f60762ab205bb566-2", "csv:d85c820b6bb3d2c2143ceeb9"}
	if strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Fatalf("external ids %q, want %q", ids, want)
	}
	for i, c := range []string{"date", "type", "sent_quantity", "sent_asset", "received_quantity", "received_asset", "fee_quantity",
		"fee_asset", "fiat_value_usd", "fee_fiat_usd", "label", "tx_hash", "notes", "from_address", "to_address"} {
		if genericColumns[i] != c {
			t.Errorf("genericColumns[%d] = %q, want %q (the g* constants follow this order)", i, genericColumns[i], c)
		}
	}
	if gColumns != len(genericColumns) {
		t.Errorf("gColumns %d, %d columns", gColumns, len(genericColumns))
	}
}
