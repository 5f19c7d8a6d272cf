package auth

import (
	"net/http"
	"net/netip"
	"testing"
)

// The address the login throttle counts: the TCP peer, unless the peer is a trusted proxy; then
// the last hop of X-Forwarded-For that is not a trusted proxy (a client cannot choose its address
// by sending the header itself).
func TestClientAddress(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.7/32")}
	for _, c := range []struct {
		peer, xff, want string
	}{
		{"198.51.100.1:4000", "", "198.51.100.1"},
		{"198.51.100.1:4000", "203.0.113.9", "198.51.100.1"},            // not from a proxy: the header is ignored
		{"10.1.2.3:4000", "203.0.113.9", "203.0.113.9"},                 // from a proxy
		{"10.1.2.3:4000", "6.6.6.6, 203.0.113.9", "203.0.113.9"},        // the client's own prefix is not believed
		{"10.1.2.3:4000", "203.0.113.9, 192.0.2.7", "203.0.113.9"},      // two proxies
		{"10.1.2.3:4000", "", "10.1.2.3"},                               // a proxy without the header
		{"10.1.2.3:4000", "junk, 203.0.113.9", "203.0.113.9"},           // junk before the last hop is never reached
		{"10.1.2.3:4000", "203.0.113.9, junk", "10.1.2.3"},              // junk appended: nothing behind it is trusted
		{"[::ffff:10.1.2.3]:4000", "::ffff:203.0.113.9", "203.0.113.9"}, // IPv4-mapped addresses
		{"[2001:db8::1]:4000", "203.0.113.9", "2001:db8::1"},
	} {
		r := &http.Request{RemoteAddr: c.peer, Header: http.Header{}}
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := ClientAddress(r, proxies); got != c.want {
			t.Errorf("peer %s, X-Forwarded-For %q: %q, want %q", c.peer, c.xff, got, c.want)
		}
	}
}
