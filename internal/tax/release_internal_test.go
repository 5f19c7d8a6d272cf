package tax

import "testing"

// TestReleasedEnginesKeepTheLargest: of more released Engines than are kept, the largest stay, and
// a fresh Engine takes the largest of them.
func TestReleasedEnginesKeepTheLargest(t *testing.T) {
	dropReleased()
	defer dropReleased()
	release := func(pieces int) {
		e := Engine{ran: true}
		e.res.Disposals = make([]Disposal, 0, pieces)
		e.Release()
	}
	release(10)
	release(3000)
	release(20) // replaces the Engine of 10
	release(5)  // kept out
	if n := releasedEngines(); n != releasedMax {
		t.Fatalf("%d released Engines kept, want %d", n, releasedMax)
	}
	for _, want := range []int{3000, 20} {
		var e Engine
		e.adoptReleased()
		if got := cap(e.res.Disposals); got != want {
			t.Errorf("a fresh Engine took over an Engine with room for %d pieces, want %d", got, want)
		}
	}
	var e Engine
	if e.adoptReleased(); cap(e.res.Disposals) != 0 || releasedEngines() != 0 {
		t.Errorf("an Engine was taken over twice")
	}
}
