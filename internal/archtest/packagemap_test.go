package archtest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/architecture.md's package map names every package under internal/ and cmd/, so a newcomer
// finds each one there; a new package without its line fails here.
func TestPackageMapNamesEveryPackage(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, top := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() || d.Name() == "testdata" {
				if d != nil && d.IsDir() && d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return err
			}
			entries, err := os.ReadDir(path)
			if err != nil {
				return err
			}
			hasGo := false
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
					hasGo = true
					break
				}
			}
			rel, _ := filepath.Rel(root, path)
			if hasGo && !strings.Contains(string(doc), "`"+filepath.ToSlash(rel)+"`") {
				t.Errorf("docs/architecture.md's package map has no line for %s", filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
