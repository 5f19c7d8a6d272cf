package demo

import (
	"time"

	"github.com/shopspring/decimal"
)

// monthly are approximate USD prices on the first day of each month from January 2023 (rounded
// market prices of the time), enough to give the sample ledger realistic values. A day between
// two month starts is interpolated; a day after the table takes its last price.
var monthly = map[string][]float64{
	"bitcoin": {
		16600, 23100, 23600, 28500, 29200, 27200, 30600, 29200, 26000, 27000, 34600, 37700, // 2023
		42500, 42600, 61200, 71300, 58200, 67600, 62700, 64600, 59000, 63300, 70200, 96400, // 2024
		94400, 100600, 86000, 82500, 94200, 104600, 107100, 115700, 108200, 114000, 110100, 91000, // 2025
	},
	"ethereum": {
		1200, 1585, 1650, 1820, 1870, 1870, 1935, 1855, 1645, 1670, 1815, 2080, // 2023
		2280, 2300, 3400, 3600, 3000, 3800, 3430, 3200, 2510, 2600, 2510, 3700, // 2024
		3350, 3300, 2200, 1820, 1840, 2530, 2490, 3700, 4400, 4150, 3850, 3000, // 2025
	},
	"solana": {
		10, 24, 22.5, 21, 22, 20, 19, 24, 20, 21, 40, 60, // 2023
		101, 100, 126, 202, 130, 166, 146, 182, 131, 153, 166, 235, // 2024
		190, 233, 146, 125, 148, 156, 152, 180, 201, 210, 185, 128, // 2025
	},
	"avalanche-2": {
		11, 19, 17.5, 17, 15, 14, 12.5, 12.8, 10.2, 9, 11.5, 21, // 2023
		37, 35, 50, 55, 34, 35, 27, 26, 23, 26, 26, 45, // 2024
		38, 34, 21, 19, 21, 21, 18, 21, 25, 29, 21, 15, // 2025
	},
}

// firstMonth is the month of monthly[..][0].
var firstMonth = time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)

// Coins are the price-feed coin ids of the sample ledger's priced assets, by symbol.
var Coins = map[string]string{"BTC": "bitcoin", "ETH": "ethereum", "SOL": "solana", "AVAX": "avalanche-2"}

// Price is the sample USD price of a coin (a price-feed coin id, see Coins) on a day, rounded to
// cents; false for a coin the sample does not know.
func Price(coin string, day time.Time) (decimal.Decimal, bool) {
	table, ok := monthly[coin]
	if !ok {
		return decimal.Zero, false
	}
	day = day.UTC()
	m := (day.Year()-firstMonth.Year())*12 + int(day.Month()) - 1
	if m < 0 {
		return decimal.NewFromFloat(table[0]), true
	}
	if m >= len(table)-1 {
		return decimal.NewFromFloat(table[len(table)-1]), true
	}
	start := time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, time.UTC)
	next := start.AddDate(0, 1, 0)
	f := day.Sub(start).Hours() / next.Sub(start).Hours()
	p := table[m] + (table[m+1]-table[m])*f
	return decimal.NewFromFloat(p).Round(2), true
}
