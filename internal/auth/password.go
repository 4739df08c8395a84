package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// argon2id parameters for new hashes (OWASP's 19 MiB, 2 passes, 1 lane
// profile). They are stored in each hash, so raising them later keeps old
// hashes verifiable.
const (
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// argonMemory (KiB) and argonTime are variables only so that tests can make
// hashing cheap; production never changes them.
var (
	argonMemory uint32 = defaultArgonMemory
	argonTime   uint32 = defaultArgonTime
)

const (
	defaultArgonMemory = 19 * 1024
	defaultArgonTime   = 2
)

var errBadHash = errors.New("malformed password hash")

// HashPassword returns an argon2id hash of password in the PHC string format
// $argon2id$v=19$m=...,t=...,p=...$salt$key.
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version,
		argonMemory, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches hash, comparing in
// constant time.
func VerifyPassword(hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	var memory, iterations uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &iterations, &threads); err != nil ||
		memory == 0 || iterations == 0 || threads == 0 || memory > 1<<22 {
		return false, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(password), salt, iterations, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is verified against when the email is unknown, so that an
// unknown email takes as long to refuse as a wrong password.
// It is made on first use, with the parameters in force then.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword("signalpipe-timing-equaliser")
	if err != nil {
		panic(err)
	}
	return h
})
