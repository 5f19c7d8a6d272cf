package imports

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseCSV: any file in any format is either a list of transactions or an error; never a
// panic, and errors are bounded (MaxCSVErrors).
func FuzzParseCSV(f *testing.F) {
	files, _ := filepath.Glob("testdata/csv/*.csv")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for i := range CSVFormats() {
			f.Add(b, uint8(i))
		}
	}
	f.Add([]byte("\"unterminated\n"), uint8(0))
	f.Add([]byte("a,b\n\x00,\xff\n"), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, format uint8) {
		formats := CSVFormats()
		txs, err := ParseCSV(bytes.NewReader(data), formats[int(format)%len(formats)])
		if err != nil && len(txs) > 0 {
			t.Fatalf("both transactions and an error: %v", err)
		}
		if ce, ok := err.(*CSVError); ok && len(ce.Rows) > MaxCSVErrors+1 {
			t.Fatalf("%d row errors, above the cap", len(ce.Rows))
		}
	})
}

// FuzzValidateAddress: a valid address normalises to a fixed point (validating the normal form
// gives the normal form), and the chain detection agrees with validation.
func FuzzValidateAddress(f *testing.F) {
	for _, c := range []struct{ chain, addr string }{
		{"ethereum", "0x71C7656EC7ab88b098defB751B7401B5f6d8976F"},
		{"ethereum", "0x71c7656ec7ab88b098defb751b7401b5f6d8976f"},
		{"base", "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B"},
		{"bitcoin", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"},
		{"bitcoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"},
		{"bitcoin", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"},
		{"bitcoin", "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297"},
		{"solana", "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"},
		{"solana", "0"},
		{"dogecoin", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"},
		{"ethereum", "0x\x00"},
	} {
		f.Add(c.chain, c.addr)
	}
	f.Fuzz(func(t *testing.T, chain, addr string) {
		norm, err := ValidateAddress(chain, addr)
		if err != nil {
			return
		}
		again, err := ValidateAddress(chain, norm)
		if err != nil || again != norm {
			t.Fatalf("%s %q normalised to %q, which validates to %q (%v)", chain, addr, norm, again, err)
		}
		found := false
		for _, c := range DetectChains(norm) {
			found = found || c == chain
		}
		if !found {
			t.Fatalf("%s %q is valid but DetectChains(%q) = %v", chain, addr, norm, DetectChains(norm))
		}
	})
}
