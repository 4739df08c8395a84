package secretbox

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

func key(b byte) []byte { return bytes.Repeat([]byte{b}, KeySize) }

func TestSealOpenRoundTrip(t *testing.T) {
	box, err := New(key(1))
	if err != nil {
		t.Fatal(err)
	}
	secret := []byte(`{"EXA_API_KEY":"exa-0123456789"}`)
	a, err := box.Seal(secret, []byte("exa"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := box.Seal(secret, []byte("exa"))
	if a == b {
		t.Fatal("two seals of one value are equal: the nonce is not random")
	}
	if strings.Contains(a, "exa-0123456789") || bytes.Contains(mustDecode(t, a), []byte("0123456789")) {
		t.Fatal("the sealed value shows the plaintext")
	}
	got, err := box.Open(a, []byte("exa"))
	if err != nil || !bytes.Equal(got, secret) {
		t.Fatalf("open: %q, %v", got, err)
	}
}

func TestOpenFails(t *testing.T) {
	box, _ := New(key(1))
	other, _ := New(key(2))
	sealed, _ := box.Seal([]byte("app-password"), []byte("bluesky"))
	if _, err := other.Open(sealed, []byte("bluesky")); !errors.Is(err, ErrOpen) {
		t.Fatalf("wrong key: %v", err)
	}
	if _, err := box.Open(sealed, []byte("reddit")); !errors.Is(err, ErrOpen) {
		t.Fatalf("another row's aad: %v", err)
	}
	raw := mustDecode(t, sealed)
	raw[len(raw)-1] ^= 1
	if _, err := box.Open(base64.StdEncoding.EncodeToString(raw), []byte("bluesky")); !errors.Is(err, ErrOpen) {
		t.Fatalf("altered: %v", err)
	}
	for _, bad := range []string{"", "not base64!", base64.StdEncoding.EncodeToString([]byte{1, 2, 3})} {
		if _, err := box.Open(bad, nil); !errors.Is(err, ErrOpen) {
			t.Fatalf("%q: %v", bad, err)
		}
	}
}

func TestParseKey(t *testing.T) {
	k := key(7)
	for _, s := range []string{base64.StdEncoding.EncodeToString(k), base64.RawURLEncoding.EncodeToString(k) + "\n"} {
		if got, err := ParseKey(s); err != nil || !bytes.Equal(got, k) {
			t.Fatalf("%q: %v", s, err)
		}
	}
	for _, s := range []string{"", "short", base64.StdEncoding.EncodeToString(key(1)[:16])} {
		if _, err := ParseKey(s); err == nil {
			t.Fatalf("%q accepted", s)
		}
	}
	if _, err := New(key(1)[:16]); err == nil {
		t.Fatal("a 16-byte key makes a box")
	}
}

func mustDecode(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
