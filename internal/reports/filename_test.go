package reports

import "testing"

// A report's file names its tax year as the client's rules name it (2024/25 under GB), fit for a
// file name.
func TestFileNameNamesTheTaxYear(t *testing.T) {
	for j, want := range map[string]string{
		"US": "taxd-" + TypeCapitalGainsCSV + "-2024-ref-1.csv",
		"GB": "taxd-" + TypeCapitalGainsCSV + "-2024-25-ref-1.csv",
		"CA": "taxd-" + TypeCapitalGainsCSV + "-2024-ref-1.csv",
	} {
		f, err := Render(TypeCapitalGainsCSV, Data{Year: 2024, Jurisdiction: j, ReferenceID: "ref-1", Currency: "USD"})
		if err != nil {
			t.Fatalf("%s: %v", j, err)
		}
		if f.Name != want {
			t.Errorf("%s: file %q, want %q", j, f.Name, want)
		}
	}
}
