package exchanges

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
)

// DevelopmentKey is the publicly known credentials key used in development when
// TAXD_CREDENTIALS_KEY is unset (base64 of 32 bytes). Production refuses to start without a key.
const DevelopmentKey = "ZGV2ZWxvcG1lbnQtb25seS1jcmVkZW50aWFscy1rZXk=" // config.DevelopmentCredentialsKey

// Sealer encrypts exchange credentials at rest with AES-256-GCM. The account id is the
// additional data, so a sealed blob copied onto another account does not open.
type Sealer struct {
	aead cipher.AEAD
}

// NewSealer takes the key as base64 (standard or URL alphabet) of exactly 32 bytes.
func NewSealer(keyB64 string) (*Sealer, error) {
	key, err := base64.StdEncoding.DecodeString(keyB64)
	if err != nil {
		key, err = base64.URLEncoding.DecodeString(keyB64)
	}
	if err != nil || len(key) != 32 {
		return nil, errors.New("credentials key: must be base64 of 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts creds for account: nonce || ciphertext.
func (s *Sealer) Seal(account uuid.UUID, creds Credentials) ([]byte, error) {
	plain, err := json.Marshal(creds)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return s.aead.Seal(nonce, nonce, plain, account[:]), nil
}

// Open decrypts what Seal gave for the same account.
func (s *Sealer) Open(account uuid.UUID, sealed []byte) (Credentials, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return Credentials{}, errors.New("credentials: sealed value too short")
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], account[:])
	if err != nil {
		return Credentials{}, fmt.Errorf("credentials: cannot open (wrong key or account): %w", err)
	}
	var c Credentials
	if err := json.Unmarshal(plain, &c); err != nil {
		return Credentials{}, err
	}
	return c, nil
}
