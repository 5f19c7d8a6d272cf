// Package pgcopy encodes rows for COPY ... FROM STDIN (FORMAT binary): a header, per row the
// number of fields, then each field as its length (-1 for NULL) and its bytes in the type's
// binary form, then a trailer. Postgres then parses no text for the ids, numbers and flags, and
// nothing needs escaping. The functions append to a buffer so a caller encodes a row without
// allocating.
package pgcopy

import "encoding/binary"

var (
	// Header starts a binary COPY stream (signature, flags, header extension length).
	Header = []byte("PGCOPY\n\xff\r\n\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	// Trailer ends it (a field count of -1).
	Trailer = []byte{0xff, 0xff}
)

// Fields starts a row of n fields.
func Fields(b []byte, n int) []byte { return binary.BigEndian.AppendUint16(b, uint16(n)) }

// Len starts a field of n bytes.
func Len(b []byte, n int) []byte { return binary.BigEndian.AppendUint32(b, uint32(n)) }

// Null is a NULL field.
func Null(b []byte) []byte { return binary.BigEndian.AppendUint32(b, 0xffffffff) }

// UUID is a uuid field.
func UUID(b []byte, id [16]byte) []byte { return append(Len(b, 16), id[:]...) }

// Text is a text field (s must hold no NUL: Postgres text cannot).
func Text(b []byte, s string) []byte { return append(Len(b, len(s)), s...) }

// Int4 is an integer field.
func Int4(b []byte, v int32) []byte { return binary.BigEndian.AppendUint32(Len(b, 4), uint32(v)) }

// Bool is a boolean field.
func Bool(b []byte, v bool) []byte {
	if v {
		return append(Len(b, 1), 1)
	}
	return append(Len(b, 1), 0)
}
