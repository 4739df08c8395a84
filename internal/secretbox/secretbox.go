package secretbox

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// KeySize is the key length AES-256 takes.
const KeySize = 32

// version prefixes every sealed value, so a later scheme can tell its own.
const version byte = 1

// ErrOpen means a sealed value could not be opened: another key sealed it,
// it was changed, or it was sealed for another purpose (additional data).
var ErrOpen = errors.New("secretbox: cannot open (wrong key, or the value was altered)")

// Box seals and opens values with one key.
type Box struct{ aead cipher.AEAD }

// New returns a box over a 32-byte key.
func New(key []byte) (*Box, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("secretbox: key must be %d bytes, got %d", KeySize, len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("secretbox: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("secretbox: %w", err)
	}
	return &Box{aead: aead}, nil
}

// ParseKey decodes a key written as standard or URL-safe base64 (with or
// without padding), as SECRETS_KEY holds it (`openssl rand -base64 32`).
func ParseKey(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			if len(b) != KeySize {
				return nil, fmt.Errorf("must be base64 of %d bytes, got %d bytes", KeySize, len(b))
			}
			return b, nil
		}
	}
	return nil, fmt.Errorf("must be base64 of %d bytes (e.g. openssl rand -base64 32)", KeySize)
}

// Seal encrypts plaintext bound to aad (what the value is for, e.g. the
// row it belongs to: opened with other aad it fails). The result is
// version, a random nonce and the ciphertext, in base64 for a TEXT column.
func (b *Box) Seal(plaintext, aad []byte) (string, error) {
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("secretbox: nonce: %w", err)
	}
	out := append([]byte{version}, nonce...)
	out = b.aead.Seal(out, nonce, plaintext, aad)
	return base64.StdEncoding.EncodeToString(out), nil
}

// Open decrypts what Seal returned for the same aad; ErrOpen when the key
// or aad differ or the value was altered.
func (b *Box) Open(sealed string, aad []byte) ([]byte, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	n := b.aead.NonceSize()
	if err != nil || len(raw) < 1+n+b.aead.Overhead() || raw[0] != version {
		return nil, ErrOpen
	}
	plain, err := b.aead.Open(nil, raw[1:1+n], raw[1+n:], aad)
	if err != nil {
		return nil, ErrOpen
	}
	return plain, nil
}
