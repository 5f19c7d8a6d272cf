package recalc

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/tax"
)

// The two writers of a full run take the pieces in chunks from one cursor, each chunk its own
// COPY: whichever writer takes which chunk, the chunks cover every piece once, in order, and their
// rows, in chunk order, are byte for byte the rows one COPY of all pieces writes (the seqs of the
// taxable pieces run on across chunks; under CA a denied loss stays on its piece).
func TestPieceChunksWriteTheRowsOfOneCopy(t *testing.T) {
	for _, j := range []tax.Jurisdiction{tax.US, tax.GB, tax.CA} {
		for _, n := range []int{0, 1, 31, 33, 1000, 5003} {
			res := randomPieces(n, int64(n)+int64(j))
			rk := resultKey{uuid.New(), uuid.New()}
			all := rowsOf(disposalRows(rk, res, 0, len(res.Disposals), 0, j))

			c := newPieceCursor(res, rk, j)
			type chunk struct {
				from, to int
				rows     []byte
				taxable  int
			}
			var mu sync.Mutex
			var chunks []chunk
			var wg sync.WaitGroup
			for range 2 { // two writers taking chunks at once
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						from, to, seq, taxable, ok := c.take()
						if !ok {
							return
						}
						rows := rowsOf(disposalRows(rk, res, from, to, seq, j))
						mu.Lock()
						chunks = append(chunks, chunk{from, to, rows, taxable})
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			slices.SortFunc(chunks, func(a, b chunk) int { return a.from - b.from })
			var joined []byte
			next, taxable := 0, 0
			for _, ch := range chunks {
				if ch.from != next || ch.to <= ch.from {
					t.Fatalf("%s, %d pieces: chunk [%d, %d) after %d", j, n, ch.from, ch.to, next)
				}
				next = ch.to
				taxable += ch.taxable
				joined = append(joined, ch.rows...)
			}
			if next != n {
				t.Fatalf("%s, %d pieces: the chunks end at %d", j, n, next)
			}
			if want := taxablePieces(res); taxable != want {
				t.Fatalf("%s, %d pieces: chunks count %d taxable pieces, not %d", j, n, taxable, want)
			}
			if n > minPieceChunk && len(chunks) < 2 {
				t.Fatalf("%s, %d pieces: one chunk", j, n)
			}
			if !bytes.Equal(joined, all) {
				t.Fatalf("%s, %d pieces: the chunks' rows (%d bytes) differ from one COPY's (%d bytes)", j, n, len(joined), len(all))
			}
		}
	}
}

// rowsOf runs a copyBinary row generator to its end and returns the rows' bytes.
func rowsOf(_ []string, rows func(b []byte) ([]byte, bool)) []byte {
	var b []byte
	for more := true; more; {
		b, more = rows(b)
	}
	return b
}

// randomPieces is a result of n disposal pieces of every kind (some taxable, some not, some
// without a lot) and, on about one in seven pieces, a denied loss.
func randomPieces(n int, seed int64) *tax.Result {
	r := rand.New(rand.NewPCG(uint64(seed), 7))
	res := &tax.Result{Assets: []string{"BTC", "ETH", "SOL"}, Accounts: []string{"", "a", "b"}}
	at := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		at = at.Add(time.Duration(r.IntN(100_000)) * time.Second)
		d := tax.Disposal{
			TransferID: tax.ID(uuid.New()), LotSource: tax.ID(uuid.New()),
			Quantity: tax.DecFromInt(int64(r.IntN(1000) + 1)), Proceeds: tax.DecFromInt(int64(r.IntN(50_000))),
			Basis: tax.DecFromInt(int64(r.IntN(50_000))), AcquiredAt: tax.InstantOf(at.Add(-time.Duration(r.IntN(1000)) * time.Hour)),
			DisposedAt: tax.InstantOf(at), Asset: tax.Ref(r.IntN(3)), Account: tax.Ref(r.IntN(3)), TaxYear: int16(at.Year()),
			Kind: tax.DisposalKind(r.IntN(7)), Uncovered: r.IntN(9) == 0,
		}
		if !d.Kind.Taxable() {
			d.Proceeds = tax.Dec{}
		}
		if r.IntN(5) != 0 {
			d.LotID = tax.LotID(r.IntN(1_000_000) + 1)
		}
		res.Disposals = append(res.Disposals, d)
		if d.Kind.Taxable() && r.IntN(7) == 0 {
			res.Adjustments = append(res.Adjustments, tax.Adjustment{Piece: i, TransferID: d.TransferID, Denied: tax.DecFromInt(int64(r.IntN(100) + 1))})
		}
	}
	return res
}
