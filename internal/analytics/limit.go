package analytics

import (
	"slices"
	"sync"
)

// Bounds that keep one address from inflating the visitor count (a script
// rotating its user agent makes a new visitor hash with every request).
const (
	// MaxVisitorsPerAddress is how many distinct visitors (user agents) one
	// address counts as in a UTC day, on one instance; its views past that
	// are counted under one more visitor, the address's own.
	MaxVisitorsPerAddress = 10
	// maxTrackedAddresses bounds the addresses remembered per day (about
	// 10 MB at most); views from addresses past it count as one visitor
	// per address.
	maxTrackedAddresses = 20_000
)

// visitorCap remembers, for the current UTC day, the visitor hashes each
// address has been counted as. Addresses are keyed by their own salted
// hash (the address with no user agent), so no address is held in memory
// either; the map is dropped when the day (and the salt) changes.
type visitorCap struct {
	mu    sync.Mutex
	day   string
	seen  map[string][]string // address hash -> visitor hashes counted
	limit int
}

func newVisitorCap() *visitorCap {
	return &visitorCap{seen: map[string][]string{}, limit: MaxVisitorsPerAddress}
}

// visitor is the id a view from ip with user agent ua counts under on day:
// its own hash while the address has fewer than the limit, else the
// address's hash.
func (c *visitorCap) visitor(day string, salt []byte, ip, ua string) string {
	own, addr := VisitorHash(salt, ip, ua), VisitorHash(salt, ip, "")
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.day != day {
		c.day, c.seen = day, map[string][]string{}
	}
	ids, tracked := c.seen[addr]
	switch {
	case slices.Contains(ids, own):
		return own
	case !tracked && len(c.seen) >= maxTrackedAddresses:
		return addr
	case len(ids) >= c.limit:
		return addr
	}
	c.seen[addr] = append(ids, own)
	return own
}
