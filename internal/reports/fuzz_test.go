package reports

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// FuzzVerifySigned: a signed-download request with any report id, expiry and signature is refused
// unless the signature is the HMAC (which the fuzzer cannot forge); nothing panics and no database
// is touched before the signature holds.
func FuzzVerifySigned(f *testing.F) {
	secret := []byte("fuzz-signing-secret")
	id := uuid.MustParse("0190a1b2-0000-7000-8000-000000000201")
	good := Sign(secret, id, 4102444800)
	f.Add(id.String(), int64(4102444800), good[:63]+"0")
	f.Add(id.String(), int64(4102444801), good)
	f.Add("00000000-0000-0000-0000-000000000000", int64(-1), "")
	f.Add(id.String(), int64(0), "ZZ")
	s := NewService(Deps{SigningSecret: string(secret), Now: func() time.Time { return time.Unix(1700000000, 0) }})
	f.Fuzz(func(t *testing.T, rid string, expires int64, sig string) {
		u, err := uuid.Parse(rid)
		if err != nil {
			return // the REST gate refuses non-UUID ids before this
		}
		if strings.EqualFold(sig, Sign(secret, u, expires)) {
			return // a real signature: would reach the database
		}
		if _, err := s.verifySigned(context.Background(), u, expires, sig, nil); err == nil {
			t.Fatalf("%s %d %q verified", rid, expires, sig)
		}
	})
}
