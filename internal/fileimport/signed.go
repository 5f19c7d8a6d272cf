package fileimport

// Signed upload URLs: how a file reaches the bucket before uploadManualTransactions imports it.
// CreateUploadURL gives an authorised writer a URL that accepts one PUT of at most MaxBytes into a
// fresh key under uploads/<clientId>/ until it expires; VerifyUpload checks the signature, the
// expiry and the declared size before any of the body is read, and Receive streams the body into
// the bucket. taxd serves the PUT itself (route
// PUT /uploads/..., internal/rest/uploads.go), so every bucket kind (a local folder in development,
// S3, GCS) works the same and the size limit is enforced while the body streams.

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"gocloud.dev/blob"

	"taxd/internal/apperr"
	"taxd/internal/auth"
)

// DefaultUploadMaxBytes is the default size limit of one uploaded file (25 MiB: a CSV of about
// 150,000 transactions).
const DefaultUploadMaxBytes = 25 << 20

// UploadReadTimeout is how long the PUT of one file may take to arrive.
const UploadReadTimeout = 5 * time.Minute

// UploadURLLifetime is how long a signed upload URL accepts its PUT.
const UploadURLLifetime = 15 * time.Minute

// maxClockSkew is how far the clocks of two API nodes may differ (one signs, another receives).
const maxClockSkew = time.Minute

// UploadSettings configure signed uploads.
type UploadSettings struct {
	Secret   []byte // HMAC key of the signatures
	BaseURL  string // this server's public base URL; the PUT goes to BaseURL + "/uploads/..."
	MaxBytes int64  // <= 0: DefaultUploadMaxBytes
	Now      func() time.Time
}

// WithUploads turns signed uploads on.
func (s *Service) WithUploads(u UploadSettings) *Service {
	if u.MaxBytes <= 0 {
		u.MaxBytes = DefaultUploadMaxBytes
	}
	if u.Now == nil {
		u.Now = time.Now
	}
	u.BaseURL = strings.TrimRight(u.BaseURL, "/")
	s.uploads = &u
	return s
}

// UploadURL is a signed upload URL.
type UploadURL struct {
	URL       string // PUT the file's bytes here (no credentials needed)
	Method    string // "PUT"
	Key       string // the fileObjectKey to give uploadManualTransactions
	ExpiresAt time.Time
	MaxBytes  int64
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// CreateUploadURL returns a signed URL for one file of the scope's client. size, when known (> 0),
// is checked against the limit now (TooLarge). fileName only names the object.
func (s *Service) CreateUploadURL(ctx context.Context, scope auth.ClientScope, fileName string, size int64) (UploadURL, error) {
	if err := scope.CheckWrite(); err != nil {
		return UploadURL{}, err
	}
	u := s.uploads
	if u == nil || s.bucket == nil {
		return UploadURL{}, apperr.NotImplementedOp("upload URLs (no upload bucket configured)")
	}
	if size < 0 {
		return UploadURL{}, apperr.InvalidField("size", "must not be negative")
	}
	if size > u.MaxBytes {
		return UploadURL{}, apperr.New(apperr.TooLarge, "the file is %d bytes; uploads are limited to %d bytes", size, u.MaxBytes)
	}
	name := strings.Trim(unsafeName.ReplaceAllString(fileName, "_"), "._")
	if len(name) > 100 {
		name = name[len(name)-100:]
	}
	if name == "" {
		name = "upload.csv"
	}
	key := "uploads/" + scope.ClientID().String() + "/" + uuid.Must(uuid.NewV7()).String() + "-" + name
	exp := u.Now().Add(UploadURLLifetime).Truncate(time.Second)
	q := url.Values{"expires": {strconv.FormatInt(exp.Unix(), 10)}, "signature": {signUpload(u.Secret, key, exp.Unix())}}
	return UploadURL{URL: u.BaseURL + "/" + key + "?" + q.Encode(), Method: "PUT", Key: key, ExpiresAt: exp.UTC(), MaxBytes: u.MaxBytes}, nil
}

// signUpload is hex(HMAC-SHA256(secret, "upload\n" + key + "\n" + expires)).
func signUpload(secret []byte, key string, expires int64) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("upload\n" + key + "\n" + strconv.FormatInt(expires, 10)))
	return hex.EncodeToString(m.Sum(nil))
}

// ReceiveUpload stores body at key when signature and expires are the ones CreateUploadURL made
// for key and the time has not passed (Forbidden otherwise); a body over the limit is refused
// (TooLarge) and nothing is stored; a key already uploaded is a Conflict. It is VerifyUpload, then
// Receive.
func (s *Service) ReceiveUpload(ctx context.Context, key, expires, signature string, contentLength int64, body io.Reader) (int64, error) {
	up, err := s.VerifyUpload(ctx, key, expires, signature, contentLength)
	if err != nil {
		return 0, err
	}
	return up.Receive(ctx, body)
}

// VerifiedUpload is a PUT whose URL VerifyUpload accepted: its body may be received.
type VerifiedUpload struct {
	s   *Service
	key string
}

// VerifyUpload checks everything about an upload that does not need its body: the signature and
// expiry of the URL (Forbidden), the declared size (TooLarge) and that nothing was uploaded at key
// yet (Conflict). The server checks it before it reads a byte of the body or gives the request the
// long read timeout of a file.
func (s *Service) VerifyUpload(ctx context.Context, key, expires, signature string, contentLength int64) (*VerifiedUpload, error) {
	u := s.uploads
	if u == nil || s.bucket == nil {
		return nil, apperr.NotImplementedOp("uploads (no upload bucket configured)")
	}
	exp, err := strconv.ParseInt(expires, 10, 64)
	if err != nil || !strings.HasPrefix(key, "uploads/") ||
		!hmac.Equal([]byte(signature), []byte(signUpload(u.Secret, key, exp))) {
		return nil, apperr.New(apperr.Forbidden, "the upload URL's signature is not valid")
	}
	if !u.Now().Before(time.Unix(exp, 0)) {
		return nil, apperr.New(apperr.Forbidden, "the upload URL has expired; ask for a new one")
	}
	// No URL this server made lives longer than UploadURLLifetime: a later expiry was signed
	// elsewhere (a leaked secret) and is refused, so a leak cannot mint URLs that never expire.
	if time.Unix(exp, 0).After(u.Now().Add(UploadURLLifetime + maxClockSkew)) {
		return nil, apperr.New(apperr.Forbidden, "the upload URL's expiry is later than any upload URL lives; ask for a new one")
	}
	if contentLength > u.MaxBytes {
		return nil, s.tooLarge()
	}
	if ok, err := s.bucket.Exists(ctx, key); err != nil {
		return nil, err
	} else if ok {
		return nil, apperr.New(apperr.Conflict, "a file was already uploaded with this URL; ask for a new one")
	}
	return &VerifiedUpload{s: s, key: key}, nil
}

func (s *Service) tooLarge() error {
	return apperr.New(apperr.TooLarge, "uploads are limited to %d bytes", s.uploads.MaxBytes)
}

// Receive streams body into the bucket at the upload's key and returns its size. A body over the
// limit is refused (TooLarge) and nothing is stored.
func (v *VerifiedUpload) Receive(ctx context.Context, body io.Reader) (int64, error) {
	max := v.s.uploads.MaxBytes
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := v.s.bucket.NewWriter(wctx, v.key, &blob.WriterOptions{ContentType: "application/octet-stream"})
	if err != nil {
		return 0, err
	}
	in := &bodyReader{r: io.LimitReader(body, max+1)}
	n, err := io.Copy(w, in)
	switch {
	case in.err != nil:
		err = apperr.New(apperr.Invalid, "the upload's body could not be read: %v", in.err)
	case err == nil && n > max:
		err = v.s.tooLarge()
	}
	if err != nil {
		cancel() // a cancelled writer discards what it had
		_ = w.Close()
		return 0, err
	}
	return n, w.Close()
}

// bodyReader remembers a read error of the request body (the caller's fault, not the bucket's).
type bodyReader struct {
	r   io.Reader
	err error
}

func (b *bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF {
		b.err = err
	}
	return n, err
}
