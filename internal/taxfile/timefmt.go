package taxfile

import (
	"slices"
	"time"

	"taxd/internal/tax"
)

// appendInstant appends t as time.RFC3339Nano in UTC ("2006-01-02T15:04:05.999999999Z": trailing
// zeros of the fraction dropped, no fraction for a whole second), as time.Time.AppendFormat does,
// without building a time.Time: two of these per output row were 5% of a run.
func appendInstant(b []byte, t tax.Instant) []byte {
	var c instantText
	return c.append(b, t)
}

// instantText is appendInstant that remembers the date of the last instant it wrote: the
// instants of consecutive output rows mostly fall on the same day.
type instantText struct {
	days  int64    // the day of date, from 1970-01-01
	date  [11]byte // "2006-01-02T"
	valid bool
}

func (c *instantText) append(b []byte, t tax.Instant) []byte {
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
	if !c.valid || days != c.days {
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
		put4(c.date[0:], uint(y))
		c.date[4] = '-'
		put2(c.date[5:], uint(m))
		c.date[7] = '-'
		put2(c.date[8:], uint(d))
		c.date[10] = 'T'
		c.days, c.valid = days, true
	}
	l := len(b)
	b = slices.Grow(b, 30)[:l+30] // written in place, then cut to its length
	buf := b[l:]
	copy(buf, c.date[:])
	s := uint(sod) // 0 <= sod < 86400
	put2(buf[11:], s/3600)
	buf[13] = ':'
	put2(buf[14:], s/60%60)
	buf[16] = ':'
	put2(buf[17:], s%60)
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
	return b[:l+n+1]
}

// put2 writes v (0-99) in two digits; put4 v (0-9999) in four. (Unsigned: a signed division by a
// constant needs a sign correction.)
func put2(b []byte, v uint) { b[0], b[1] = byte('0'+v/10), byte('0'+v%10) }

func put4(b []byte, v uint) { put2(b, v/100); put2(b[2:], v%100) }

// parseWholeSecondUTC parses the form ledgers mostly use, "2006-01-02T15:04:05Z", to the
// time.Time time.Parse(time.RFC3339Nano, s) returns, without time.Parse's generality (5% of a
// run). ok is false for anything else, out-of-range fields included: ParseTime's layouts decide.
func parseWholeSecondUTC(s string) (t time.Time, ok bool) {
	var p timeParser
	return p.wholeSecondUTC(s)
}

// timeParser is parseWholeSecondUTC that remembers the date of the last time it parsed: a
// ledger's consecutive rows mostly fall on the same day.
type timeParser struct {
	date  [10]byte // "2006-01-02"
	days  int64    // date's day from 1970-01-01
	valid bool
}

func (p *timeParser) wholeSecondUTC(s string) (t time.Time, ok bool) {
	if len(s) != 20 || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z' {
		return time.Time{}, false
	}
	num := func(i, j int) int {
		n := 0
		for ; i < j; i++ {
			c := s[i] - '0'
			if c > 9 {
				return -1
			}
			n = n*10 + int(c)
		}
		return n
	}
	hour, minute, sec := num(11, 13), num(14, 16), num(17, 19)
	if hour < 0 || hour > 23 || minute < 0 || minute > 59 || sec < 0 || sec > 59 {
		return time.Time{}, false
	}
	if !p.valid || s[:10] != string(p.date[:]) {
		if s[4] != '-' || s[7] != '-' {
			return time.Time{}, false
		}
		year, month, day := num(0, 4), num(5, 7), num(8, 10)
		if year < 0 || month < 1 || month > 12 || day < 1 || day > daysIn(time.Month(month), year) {
			return time.Time{}, false
		}
		copy(p.date[:], s)
		p.days, p.valid = daysFromCivil(year, month, day), true
	}
	return time.Unix(p.days*86400+int64(hour*3600+minute*60+sec), 0).UTC(), true
}

// daysFromCivil is the number of days from 1970-01-01 to year-month-day (proleptic Gregorian, year
// >= 0; H. Hinnant's days_from_civil): time.Date's arithmetic without its normalisation of
// out-of-range fields and its time zone lookup.
func daysFromCivil(year, month, day int) int64 {
	y := int64(year)
	if month <= 2 {
		y--
	}
	era := y / 400
	if y < 0 {
		era = (y - 399) / 400
	}
	yoe := y - era*400
	m := int64(month)
	if m > 2 {
		m -= 3
	} else {
		m += 9
	}
	doy := (153*m+2)/5 + int64(day) - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// daysIn is the number of days of month m of year y (proleptic Gregorian).
func daysIn(m time.Month, y int) int {
	if m == time.February {
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	}
	return 30 + int((m+m/8)%2)
}
