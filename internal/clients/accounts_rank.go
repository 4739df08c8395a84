package clients

import (
	"container/heap"
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/accounts"
)

// The accounts list's order (docs/performance.md, budget "accounts
// list"): building every account of a client with 100,000 leads takes
// seconds, so the list ranks the client's companies from a summary each
// instance keeps in memory, each company's signals as the score reads
// them (type, date, strength, whether pending), and builds in full only
// the page it answers (buildAccounts). The summary is checked against the
// database on every read: migration 00037's triggers raise a company's
// stamp whenever a write changes what its rank depends on, by any path on
// any instance, and a read reloads the companies whose stamp moved. The
// score decays with time, so it is computed at each read from the
// signals, as the full build does: the order is the one sorting every
// built account would give.

// rankSig is a signal as the score reads it.
type rankSig struct {
	accounts.Signal
	pending bool
}

// clientRank is one client's summary.
type clientRank struct {
	mu sync.Mutex
	// count and sum are the number of the client's companies and the sum
	// of their stamps when the summary was last brought up to date: while
	// both stay, no company's stamp moved (stamps only grow; companies go
	// only with their client).
	count, sum int64
	loaded     bool
	stamps     map[string]int64
	entries    map[string]*rankEntry // live (not merged) companies with a linked lead
	// gen counts the reloads; last is each view's (approved, with
	// pending) latest order, at generation lastGen: the next read of the
	// view sorts it again, nearly sorted already, when no reload came
	// between.
	gen     int
	last    [2][]rankedAccount
	lastGen [2]int
	lastAt  [2]int64           // the time (Unix nanoseconds) at which last's scores are exact or upper bounds
	spare   [2][]rankedAccount // the list before last, reused by the next rerank
}

// rankEntry is a company's signals ready to score: its approved leads',
// and its approved and pending leads'.
type rankEntry struct {
	approved, all accounts.Prepared
}

// rankCache holds the summaries of one Store's clients.
type rankCache struct {
	mu      sync.Mutex
	clients map[string]*clientRank
}

// maxRankClients bounds how many clients' summaries an instance keeps
// (about 5 MB for 100,000 leads); past it one is dropped and rebuilt when
// next read.
const maxRankClients = 64

// rankCaches are the Stores' summaries (a map, so Store's definition
// stays as it is).
var rankCaches sync.Map // *Store → *rankCache

func (s *Store) rankOf(clientID string) *clientRank {
	v, _ := rankCaches.LoadOrStore(s, &rankCache{clients: map[string]*clientRank{}})
	rc := v.(*rankCache)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	cr := rc.clients[clientID]
	if cr == nil {
		if len(rc.clients) >= maxRankClients {
			for id := range rc.clients {
				delete(rc.clients, id)
				break
			}
		}
		cr = &clientRank{}
		rc.clients[clientID] = cr
	}
	return cr
}

// rankedAccount is an account's place in the list.
type rankedAccount struct {
	id    string
	p     *accounts.Prepared
	score int
	last  int64 // the latest signal, Unix nanoseconds
}

// rankAccounts returns the ids of the client's listed accounts from
// offset (at most limit), best first as of now, and how many are listed:
// approved leads count, and pending ones too when withPending.
func (s *Store) rankAccounts(ctx context.Context, clientID string, withPending bool, now time.Time, offset, limit int) ([]string, int, error) {
	var (
		ids   []string
		total int
	)
	err := s.ranked(ctx, clientID, withPending, now, offset+limit, func(ranked []rankedAccount) {
		total = len(ranked)
		if offset >= len(ranked) {
			return
		}
		page := ranked[offset:min(len(ranked), offset+limit)]
		ids = make([]string, len(page))
		for i, r := range page {
			ids[i] = r.id
		}
	})
	return ids, total, err
}

// accountScores returns the score of each listed account of the client at
// now, from approved leads (what the client sees).
func (s *Store) accountScores(ctx context.Context, clientID string, now time.Time) (map[string]int, error) {
	var out map[string]int
	err := s.ranked(ctx, clientID, false, now, -1, func(ranked []rankedAccount) {
		out = make(map[string]int, len(ranked))
		for _, r := range ranked {
			out[r.id] = r.score
		}
	})
	return out, err
}

// cmpRanked orders accounts best first: score, then the latest signal,
// then id.
func cmpRanked(x, y rankedAccount) int {
	if x.score != y.score {
		return y.score - x.score
	}
	if x.last != y.last {
		if y.last < x.last {
			return -1
		}
		return 1
	}
	return strings.Compare(x.id, y.id)
}

// ranked hands fn the client's listed accounts in order at now, the
// first need of them (every one when need < 0) with their exact score at
// now, best first; fn must not keep the slice.
//
// An account's score only falls as time passes (every signal decays or
// leaves the window; accounts.Score), so a score computed earlier is an
// upper bound of the score now. The view's last order is kept with those
// bounds: a read computes exact scores down that order only until the
// next bound falls below the need-th best exact score (about need
// accounts for a first page), and nothing below can rank higher. The
// rest keep their bounds, and the list stays sorted by what it holds.
func (s *Store) ranked(ctx context.Context, clientID string, withPending bool, now time.Time, need int, fn func([]rankedAccount)) error {
	if err := s.linkUnlinked(ctx, clientID); err != nil {
		return err
	}
	cr := s.rankOf(clientID)
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if err := s.syncRank(ctx, clientID, cr); err != nil {
		return err
	}
	view := 0
	if withPending {
		view = 1
	}
	nowN := now.UnixNano()
	prev := cr.last[view]
	var buf []float64
	if prev != nil && cr.lastGen[view] == cr.gen && nowN >= cr.lastAt[view] && need >= 0 && need < len(prev) {
		merged := rerank(prev, need, now, buf, cr.spare[view][:0])
		cr.last[view], cr.spare[view], cr.lastAt[view] = merged, prev, nowN
		fn(merged)
		return nil
	}
	ranked := prev[:0]
	if prev == nil || cr.lastGen[view] != cr.gen {
		ranked = make([]rankedAccount, 0, len(cr.entries))
		for id, e := range cr.entries {
			p := &e.approved
			if withPending {
				p = &e.all
			}
			if p.Len() > 0 {
				ranked = append(ranked, rankedAccount{id: id, p: p, last: p.Last.UnixNano()})
			}
		}
	} else {
		ranked = prev
	}
	for i := range ranked {
		ranked[i].score, buf = ranked[i].p.Score(now, buf)
	}
	slices.SortFunc(ranked, cmpRanked)
	cr.last[view], cr.lastGen[view], cr.lastAt[view] = ranked, cr.gen, nowN
	fn(ranked)
	return nil
}

// rerank scores list (sorted by scores that are upper bounds at now)
// exactly at now down to where no further account can reach the first
// need, and returns the list sorted again (appended to out, which must
// not share list's array): those first, exact.
func rerank(list []rankedAccount, need int, now time.Time, buf []float64, out []rankedAccount) []rankedAccount {
	worst := &worstHeap{}
	i := 0
	for ; i < len(list); i++ {
		if worst.Len() == need && cmpRanked(list[i], worst.items[0]) > 0 {
			break // its bound ranks below the need-th exact score, and so does every one after it
		}
		list[i].score, buf = list[i].p.Score(now, buf)
		switch {
		case worst.Len() < need:
			heap.Push(worst, list[i])
		case cmpRanked(list[i], worst.items[0]) < 0:
			worst.items[0] = list[i]
			heap.Fix(worst, 0)
		}
	}
	head := list[:i]
	slices.SortFunc(head, cmpRanked)
	rest := list[i:]
	for len(head) > 0 && len(rest) > 0 {
		if cmpRanked(head[0], rest[0]) <= 0 {
			out, head = append(out, head[0]), head[1:]
		} else {
			out, rest = append(out, rest[0]), rest[1:]
		}
	}
	return append(append(out, head...), rest...)
}

// worstHeap holds the best accounts seen, the worst of them on top.
type worstHeap struct{ items []rankedAccount }

func (h *worstHeap) Len() int           { return len(h.items) }
func (h *worstHeap) Less(i, j int) bool { return cmpRanked(h.items[i], h.items[j]) > 0 }
func (h *worstHeap) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *worstHeap) Push(x any)         { h.items = append(h.items, x.(rankedAccount)) }
func (h *worstHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}
