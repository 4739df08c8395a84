package db

import (
	"crypto/rand"
	"encoding/binary"
	"sync"
	"time"
)

// crockford is Crockford's base32 alphabet, whose order matches byte order.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

var (
	idMu   sync.Mutex
	lastID [16]byte
)

// NewID returns a 26-character, time-sortable random id in the ULID layout:
// 48 bits of Unix milliseconds, then 80 random bits, in Crockford base32.
// Within one process ids are strictly increasing: in the same millisecond
// the random part of the previous id is incremented (monotonic ULID).
func NewID() string {
	idMu.Lock()
	b := nextID(uint64(time.Now().UnixMilli()))
	idMu.Unlock()
	return encodeID(b)
}

func nextID(ms uint64) [16]byte {
	prevMS := binary.BigEndian.Uint64(lastID[0:8]) >> 16
	var b [16]byte
	if ms <= prevMS {
		b = lastID
		for i := 15; i >= 6; i-- { // add one to the 80-bit random part
			b[i]++
			if b[i] != 0 {
				break
			}
		}
	} else {
		binary.BigEndian.PutUint64(b[0:8], ms<<16)
		_, _ = rand.Read(b[6:])
		b[6] &= 0x7f // leave room to increment within the millisecond
	}
	lastID = b
	return b
}

// encodeID writes 128 bits as 26 base32 digits: a leading 3-bit digit,
// then 25 of 5 bits.
func encodeID(b [16]byte) string {
	hi, lo := binary.BigEndian.Uint64(b[0:8]), binary.BigEndian.Uint64(b[8:16])
	var out [26]byte
	for i := 25; i >= 0; i-- {
		out[i] = crockford[lo&31]
		lo = lo>>5 | hi<<59
		hi >>= 5
	}
	return string(out[:])
}
