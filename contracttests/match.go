// Package contracttests replays every example of spec/openapi.yaml and spec/graphql/examples
// against the real server on a real Postgres (see rest_test.go and graphql_test.go).
package contracttests

import (
	"fmt"
	"reflect"
	"regexp"
	"time"
)

// Values that the server generates (new ids, timestamps, tokens, signed URLs, random codes) cannot
// equal an example's; they are compared by JSON type only. Everything else must be equal.
var volatileKeys = map[string]bool{
	"createdAt": true, "updatedAt": true, "startedAt": true, "finishedAt": true, "completedAt": true,
	"expiresAt": true, "lastSyncedAt": true, "calculatedAt": true, "requestId": true,
	"accessToken": true, "token": true, "portalUrl": true, "url": true, "downloadUrl": true,
	"rawKey": true, "apiKey": true, "secret": true, "fileObjectKey": true, "next_cursor": true,
}

// volatileInObject marks keys that are volatile only inside objects that have a given sibling key
// (a discount code's "code" is random; an error's "code" is not).
var volatileInObject = map[string]string{
	"code": "percentOff",  // a new discount code
	"data": "contentType", // base64 of a rendered file
}

var uuidRe = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// match lists the differences between an expected example and an actual body. Objects: every key
// of the example must be present. Arrays: same length, element by element. UUIDs that the fixture
// does not know (newly created records), volatile keys and the given volatile paths ("$.a.0.b")
// are compared by type only.
func match(want, got any, path string, known, volatilePaths map[string]bool) []string {
	if volatilePaths[path] {
		return sameType(want, got, path)
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: want an object, got %s", path, describe(got))}
		}
		var diffs []string
		for k, wv := range w {
			gv, present := g[k]
			if !present {
				diffs = append(diffs, fmt.Sprintf("%s.%s: missing", path, k))
				continue
			}
			if volatileKeys[k] {
				diffs = append(diffs, sameType(wv, gv, path+"."+k)...)
				continue
			}
			if sib, ok := volatileInObject[k]; ok {
				if _, has := w[sib]; has {
					diffs = append(diffs, sameType(wv, gv, path+"."+k)...)
					continue
				}
			}
			diffs = append(diffs, match(wv, gv, path+"."+k, known, volatilePaths)...)
		}
		return diffs
	case []any:
		g, ok := got.([]any)
		if !ok {
			return []string{fmt.Sprintf("%s: want an array, got %s", path, describe(got))}
		}
		if len(g) != len(w) {
			return []string{fmt.Sprintf("%s: want %d items, got %d", path, len(w), len(g))}
		}
		var diffs []string
		for i := range w {
			diffs = append(diffs, match(w[i], g[i], fmt.Sprintf("%s.%d", path, i), known, volatilePaths)...)
		}
		return diffs
	case string:
		if uuidRe.MatchString(w) && !known[w] {
			return sameType(want, got, path)
		}
		if _, err := time.Parse(time.RFC3339Nano, w); err == nil {
			return sameType(want, got, path)
		}
	}
	if !reflect.DeepEqual(want, got) {
		return []string{fmt.Sprintf("%s: want %v, got %v", path, describe(want), describe(got))}
	}
	return nil
}

func sameType(want, got any, path string) []string {
	if want == nil || got == nil {
		if (want == nil) != (got == nil) {
			return []string{fmt.Sprintf("%s: want %s, got %s", path, describe(want), describe(got))}
		}
		return nil
	}
	if reflect.TypeOf(want) != reflect.TypeOf(got) {
		return []string{fmt.Sprintf("%s: want a %T, got %s", path, want, describe(got))}
	}
	return nil
}

func describe(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return fmt.Sprintf("%q", v)
	}
	return fmt.Sprintf("%v", v)
}
