package taxfile

import "taxd/internal/tax"

// appendInstant appends t as time.RFC3339Nano in UTC ("2006-01-02T15:04:05.999999999Z": trailing
// zeros of the fraction dropped, no fraction for a whole second), as time.Time.AppendFormat does,
// without building a time.Time: two of these per output row were 5% of a run.
func appendInstant(b []byte, t tax.Instant) []byte {
	ns := int64(t)
	secs := ns / 1e9
	frac := ns % 1e9
	if frac < 0 {
		frac += 1e9
		secs--
	}
	days := secs / 86400
	sod := secs % 86400
	if sod < 0 {
		sod += 86400
		days--
	}
	// civil date from days since 1970-01-01 (H. Hinnant's days_from_civil inverse)
	z := days + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	if y < 0 || y > 9999 {
		return tax.Instant(t).Time().AppendFormat(b, "2006-01-02T15:04:05.999999999Z07:00")
	}
	var buf [30]byte
	put4(buf[0:], int(y))
	buf[4] = '-'
	put2(buf[5:], int(m))
	buf[7] = '-'
	put2(buf[8:], int(d))
	buf[10] = 'T'
	put2(buf[11:], int(sod/3600))
	buf[13] = ':'
	put2(buf[14:], int(sod/60%60))
	buf[16] = ':'
	put2(buf[17:], int(sod%60))
	n := 19
	if frac != 0 {
		buf[19] = '.'
		digits := 9
		for frac%10 == 0 {
			frac /= 10
			digits--
		}
		for i := digits; i > 0; i-- {
			buf[19+i] = byte('0' + frac%10)
			frac /= 10
		}
		n = 20 + digits
	}
	buf[n] = 'Z'
	return append(b, buf[:n+1]...)
}

func put2(b []byte, v int) { b[0], b[1] = byte('0'+v/10), byte('0'+v%10) }

func put4(b []byte, v int) { put2(b, v/100); put2(b[2:], v%100) }
