package store

import (
	pgxdecimal "github.com/jackc/pgx-shopspring-decimal"
	"github.com/jackc/pgx/v5/pgtype"
)

// RegisterDecimal makes m send and read decimal.Decimal and decimal.NullDecimal values (every
// amount of the schema) as Postgres' numeric, reading the binary value straight into the decimal.
// pgxdecimal.Register alone leaves the reading to the decimal's sql.Scanner, which pgx prefers to
// the package's wrapped plans: each value decoded to a big integer, formatted as text, then parsed
// back (a third of the CPU of a chart of a few thousand rows). NULL, NaN and infinities read into
// a decimal.Decimal are errors, as they are through its sql.Scanner.
func RegisterDecimal(m *pgtype.Map) {
	pgxdecimal.Register(m)
	m.RegisterType(&pgtype.Type{Name: "numeric", OID: pgtype.NumericOID, Codec: decimalCodec{}})
}

// decimalCodec is pgxdecimal's codec with binary plans of its own for decimal.Decimal and
// decimal.NullDecimal: the package's wrapped plans, which read pgx's binary numeric into them.
type decimalCodec struct{ pgxdecimal.NumericCodec }

func (c decimalCodec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	if format == pgtype.BinaryFormatCode {
		if wrap, next, ok := pgxdecimal.TryWrapNumericScanPlan(target); ok {
			if plan := c.NumericCodec.PlanScan(m, oid, format, next); plan != nil {
				wrap.SetNext(plan)
				return wrap
			}
		}
	}
	return c.NumericCodec.PlanScan(m, oid, format, target)
}
