package remote

import "time"

// Budget is a connector's own request budget: at most perMinute requests
// in any sliding minute, and none before a pause (a Retry-After, a
// rate-limit reset) ends. It is not safe for concurrent use: the
// connector guards it with its own mutex.
type Budget struct {
	sent  []time.Time // requests of the last minute, oldest first
	until time.Time   // no request before then
}

// Take claims a request slot at now, or says when one frees up.
func (b *Budget) Take(now time.Time, perMinute int) (time.Time, bool) {
	if now.Before(b.until) {
		return b.until, false
	}
	i := 0
	for i < len(b.sent) && now.Sub(b.sent[i]) >= time.Minute {
		i++
	}
	b.sent = b.sent[i:]
	if len(b.sent) >= max(1, perMinute) {
		return b.sent[0].Add(time.Minute), false
	}
	b.sent = append(b.sent, now)
	return time.Time{}, true
}

// Pause refuses every request before t (an earlier pause is kept when it
// ends later).
func (b *Budget) Pause(t time.Time) {
	if t.After(b.until) {
		b.until = t
	}
}
