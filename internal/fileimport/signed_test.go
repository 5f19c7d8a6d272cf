package fileimport_test

import (
	"context"
	"io"
	"net/url"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/uuid"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/fileimport"
)

type uploadRig struct {
	svc    *fileimport.Service
	bucket *blob.Bucket
	scope  auth.ClientScope
	now    time.Time
}

func newUploadRig(t *testing.T) *uploadRig {
	t.Helper()
	ctx := context.Background()
	bucket, err := blob.OpenBucket(ctx, "file://"+t.TempDir()+"?create_dir=true&no_tmp_dir=true")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bucket.Close() })
	partner := uuid.New()
	scope, err := auth.PartnerUserScope(&auth.Partner{PartnerID: partner, Method: auth.MethodAPIKey}, uuid.New(), &partner)
	if err != nil {
		t.Fatal(err)
	}
	r := &uploadRig{bucket: bucket, scope: scope, now: time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)}
	r.svc = fileimport.NewService(nil, bucket).WithUploads(fileimport.UploadSettings{
		Secret: []byte("test-secret"), BaseURL: "https://taxd.example/", MaxBytes: 64, Now: func() time.Time { return r.now },
	})
	return r
}

// put sends body to the signed URL u as the PUT route would, with query changes applied.
func (r *uploadRig) put(t *testing.T, u fileimport.UploadURL, body io.Reader, length int64, change func(q url.Values)) error {
	t.Helper()
	parsed, err := url.Parse(u.URL)
	if err != nil {
		t.Fatal(err)
	}
	q := parsed.Query()
	if change != nil {
		change(q)
	}
	_, err = r.svc.ReceiveUpload(context.Background(), strings.TrimPrefix(parsed.Path, "/"), q.Get("expires"), q.Get("signature"), length, body)
	return err
}

func kindOf(err error) apperr.Kind {
	if e, ok := apperr.As(err); ok {
		return e.Kind
	}
	return apperr.Internal
}

// TestSignedUpload: a signed URL accepts one upload of at most MaxBytes into the client's upload
// folder before it expires; a tampered signature or expiry, an expired URL, an oversize body
// (declared or streamed) and a second upload are refused and leave nothing new in the bucket.
func TestSignedUpload(t *testing.T) {
	r := newUploadRig(t)
	ctx := context.Background()
	u, err := r.svc.CreateUploadURL(ctx, r.scope, "../Kraken export (2025).csv", 10)
	if err != nil {
		t.Fatal(err)
	}
	wantPrefix := "uploads/" + r.scope.ClientID().String() + "/"
	if !strings.HasPrefix(u.Key, wantPrefix) || !strings.HasSuffix(u.Key, "-Kraken_export_2025_.csv") || u.Method != "PUT" ||
		!strings.HasPrefix(u.URL, "https://taxd.example/"+u.Key+"?") || !u.ExpiresAt.Equal(r.now.Add(fileimport.UploadURLLifetime)) || u.MaxBytes != 64 {
		t.Fatalf("upload URL %+v", u)
	}
	if _, err := r.svc.CreateUploadURL(ctx, r.scope, "big.csv", 65); kindOf(err) != apperr.TooLarge {
		t.Fatalf("declared size over the limit: %v", err)
	}

	refused := []struct {
		name   string
		body   io.Reader
		length int64
		change func(url.Values)
		want   apperr.Kind
	}{
		{"tampered signature", strings.NewReader("a,b\n"), 4, func(q url.Values) {
			s := []byte(q.Get("signature"))
			s[0] ^= 1
			q.Set("signature", string(s))
		}, apperr.Forbidden},
		{"extended expiry", strings.NewReader("a,b\n"), 4, func(q url.Values) { q.Set("expires", "4102444800") }, apperr.Forbidden},
		{"no signature", strings.NewReader("a,b\n"), 4, func(q url.Values) { q.Del("signature") }, apperr.Forbidden},
		{"declared oversize", strings.NewReader(strings.Repeat("x", 65)), 65, nil, apperr.TooLarge},
		{"streamed oversize", strings.NewReader(strings.Repeat("x", 1000)), -1, nil, apperr.TooLarge},
		{"broken body", iotest.ErrReader(io.ErrUnexpectedEOF), -1, nil, apperr.Invalid},
	}
	for _, c := range refused {
		if err := r.put(t, u, c.body, c.length, c.change); kindOf(err) != c.want {
			t.Errorf("%s: %v, want kind %v", c.name, err, c.want)
		}
		if ok, _ := r.bucket.Exists(ctx, u.Key); ok {
			t.Fatalf("%s left a file", c.name)
		}
	}

	csv := "date,type\n2025-01-01,buy\n"
	if err := r.put(t, u, strings.NewReader(csv), int64(len(csv)), nil); err != nil {
		t.Fatal(err)
	}
	got, err := r.bucket.ReadAll(ctx, u.Key)
	if err != nil || string(got) != csv {
		t.Fatalf("stored %q, %v", got, err)
	}
	if err := r.put(t, u, strings.NewReader("other"), 5, nil); kindOf(err) != apperr.Conflict {
		t.Fatalf("second upload: %v", err)
	}

	u2, err := r.svc.CreateUploadURL(ctx, r.scope, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	r.now = u2.ExpiresAt // the URL's last instant has passed
	if err := r.put(t, u2, strings.NewReader("a"), 1, nil); kindOf(err) != apperr.Forbidden {
		t.Fatalf("expired URL: %v", err)
	}

	// A correctly signed URL whose expiry is later than any URL lives (signed a year ahead, as a
	// leaked secret could) is refused.
	now := r.now
	r.now = now.AddDate(1, 0, 0)
	u3, err := r.svc.CreateUploadURL(ctx, r.scope, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	r.now = now
	if err := r.put(t, u3, strings.NewReader("a"), 1, nil); kindOf(err) != apperr.Forbidden {
		t.Fatalf("a URL that expires in a year: %v", err)
	}
}

// TestUploadURLNeedsWrite: a Read scope gets no upload URL.
func TestUploadURLNeedsWrite(t *testing.T) {
	r := newUploadRig(t)
	if _, err := r.svc.CreateUploadURL(context.Background(), auth.JobScope(uuid.New(), "test"), "a.csv", 1); kindOf(err) != apperr.Forbidden {
		t.Fatalf("read scope: %v", err)
	}
}
