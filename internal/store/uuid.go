package store

import (
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// RegisterUUID makes m send and read uuid.UUID values (every id of the schema) as Postgres'
// 16-byte binary uuid, alone and in uuid[]. pgx does not know the type: it would send a
// *uuid.UUID through its driver.Valuer (a string formatted, a binary encoding of it tried and
// failed with an error formatted, the string parsed back, then sent as text) and read every uuid
// column through its sql.Scanner (the binary value formatted as text, then parsed). Other types
// (pgtype.UUID, [16]byte, strings) keep pgx's own plans; NULL read into a uuid.UUID leaves it as
// it was, as its sql.Scanner does.
func RegisterUUID(m *pgtype.Map) {
	t := &pgtype.Type{Name: "uuid", OID: pgtype.UUIDOID, Codec: uuidCodec{}}
	m.RegisterType(t)
	m.RegisterType(&pgtype.Type{Name: "_uuid", OID: pgtype.UUIDArrayOID, Codec: &pgtype.ArrayCodec{ElementType: t}})
}

// uuidCodec is pgx's UUIDCodec with binary plans of its own for uuid.UUID.
type uuidCodec struct{ pgtype.UUIDCodec }

func (c uuidCodec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	switch value.(type) {
	case uuid.UUID, *uuid.UUID:
		if format == pgtype.BinaryFormatCode {
			return encodeUUIDBinary{}
		}
	}
	return c.UUIDCodec.PlanEncode(m, oid, format, value)
}

func (c uuidCodec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	if _, ok := target.(*uuid.UUID); ok && format == pgtype.BinaryFormatCode {
		return scanUUIDBinary{}
	}
	return c.UUIDCodec.PlanScan(m, oid, format, target)
}

type encodeUUIDBinary struct{}

func (encodeUUIDBinary) Encode(value any, buf []byte) ([]byte, error) {
	switch u := value.(type) {
	case uuid.UUID:
		return append(buf, u[:]...), nil
	case *uuid.UUID:
		if u == nil {
			return nil, nil // NULL
		}
		return append(buf, u[:]...), nil
	}
	return nil, fmt.Errorf("store: cannot encode %T as a uuid", value)
}

type scanUUIDBinary struct{}

func (scanUUIDBinary) Scan(src []byte, dst any) error {
	if src == nil {
		return nil // NULL
	}
	if len(src) != 16 {
		return fmt.Errorf("store: a binary uuid is 16 bytes, not %d", len(src))
	}
	copy(dst.(*uuid.UUID)[:], src)
	return nil
}
