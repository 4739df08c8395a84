package enrich

import (
	"container/list"
	"sync"
	"time"
)

// failTTL is how long a failed lookup (SERVFAIL, a timeout) is remembered:
// long enough that one search does not ask a broken server again for every
// address, short enough that the next search tries again.
const failTTL = 30 * time.Second

// domainResult is the outcome of one domain's DNS lookups.
type domainResult struct {
	status, detail string
	at             time.Time // when the answer came
}

// domainEntry is a cached or in-flight lookup; done closes when res is set.
type domainEntry struct {
	res     domainResult
	expires time.Time
	done    chan struct{}
	elem    *list.Element
}

// domainCache remembers each domain's answer, shared by every search, so a
// domain is asked once per TTL however many addresses use it. Concurrent
// checks of one domain share a single lookup. Entries leave in insertion
// order once size is reached.
type domainCache struct {
	mu    sync.Mutex
	size  int
	items map[string]*domainEntry
	order *list.List // of domain names, oldest first
}

func newDomainCache(size int) *domainCache {
	return &domainCache{size: size, items: map[string]*domainEntry{}, order: list.New()}
}

// claim returns the live entry for domain, or a new in-flight entry that
// the caller must complete with fill or drop (owner true).
func (c *domainCache) claim(domain string, now time.Time) (e *domainEntry, owner bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[domain]; ok {
		select {
		case <-e.done:
			if now.Before(e.expires) {
				return e, false
			}
			c.remove(domain, e)
		default:
			return e, false // in flight
		}
	}
	for len(c.items) >= c.size {
		oldest := c.order.Front().Value.(string)
		c.remove(oldest, c.items[oldest])
	}
	e = &domainEntry{done: make(chan struct{})}
	e.elem = c.order.PushBack(domain)
	c.items[domain] = e
	return e, true
}

// fill publishes an owner's answer, kept for ttl.
func (c *domainCache) fill(e *domainEntry, res domainResult, ttl time.Duration) {
	c.mu.Lock()
	e.res, e.expires = res, res.at.Add(ttl)
	c.mu.Unlock()
	close(e.done)
}

// drop publishes an answer to those waiting but forgets the domain, for a
// lookup cut short by its caller's deadline rather than by the domain.
func (c *domainCache) drop(domain string, e *domainEntry, res domainResult) {
	c.mu.Lock()
	e.res = res
	if c.items[domain] == e {
		c.remove(domain, e)
	}
	c.mu.Unlock()
	close(e.done)
}

func (c *domainCache) remove(domain string, e *domainEntry) {
	c.order.Remove(e.elem)
	delete(c.items, domain)
}

// len reports how many domains are cached or in flight.
func (c *domainCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}
