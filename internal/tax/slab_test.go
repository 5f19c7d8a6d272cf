package tax

import (
	"reflect"
	"testing"
	"unsafe"
)

// TestSlabTypesHoldNoPointers: makeSlab carves big slabs out of byte allocations the garbage
// collector never scans, so the records it holds must not point anywhere.
func TestSlabTypesHoldNoPointers(t *testing.T) {
	for _, v := range []any{Disposal{}, Income{}, Derived{}, lotRec{}} {
		if typ := reflect.TypeOf(v); hasPointers(typ) {
			t.Errorf("%s holds pointers: it cannot live in a slab", typ)
		}
	}
}

func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Pointer, reflect.UnsafePointer, reflect.Slice, reflect.Map, reflect.String,
		reflect.Interface, reflect.Chan, reflect.Func:
		return true
	}
	return false
}

// TestMakeSlab: a big slab has the capacity asked for, is aligned for its records, and grows by
// copying into another slab.
func TestMakeSlab(t *testing.T) {
	const n = 100_000 // 12 MB of disposals: over the 8 MB threshold
	s := makeSlab[Disposal](n)
	if len(s) != 0 || cap(s) != n {
		t.Fatalf("len %d cap %d", len(s), cap(s))
	}
	if p := uintptr(unsafe.Pointer(unsafe.SliceData(s))); p%unsafe.Alignof(Disposal{}) != 0 {
		t.Errorf("slab at %#x is not aligned for a Disposal", p)
	}
	s = s[:n]
	for i := range s {
		s[i].LotID = LotID(i)
	}
	g := growSlab(s)
	if len(g) != n || cap(g) <= n || g[n-1].LotID != n-1 {
		t.Fatalf("grown: len %d cap %d last %d", len(g), cap(g), g[n-1].LotID)
	}
	small := makeSlab[Income](10)
	if cap(small) != 10 {
		t.Errorf("small slab cap %d", cap(small))
	}
}
