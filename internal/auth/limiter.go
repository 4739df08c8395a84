package auth

import (
	"sync"
	"time"
)

// Login rate limits: failed sign-ins allowed per window for one IP and
// email together, and for one IP across all emails.
const (
	loginWindow         = 15 * time.Minute
	maxFailuresPerEmail = 5
	maxFailuresPerIP    = 20
)

// loginLimiter counts failed sign-ins in memory (per instance, as
// DECISIONS.md allows for rate limits).
type loginLimiter struct {
	now func() time.Time

	mu       sync.Mutex
	failures map[string][]time.Time
	sweepAt  time.Time
}

func newLoginLimiter() *loginLimiter {
	return &loginLimiter{now: time.Now, failures: map[string][]time.Time{}}
}

func ipKey(ip string) string             { return "ip\x00" + ip }
func ipEmailKey(ip, email string) string { return "ip+email\x00" + ip + "\x00" + email }

// blocked reports how long the client must wait before trying again, or 0.
func (l *loginLimiter) blocked(ip, email string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	wait := l.wait(ipEmailKey(ip, email), maxFailuresPerEmail, now)
	return max(wait, l.wait(ipKey(ip), maxFailuresPerIP, now))
}

// wait is the time until key has fewer than limit failures in the window.
func (l *loginLimiter) wait(key string, limit int, now time.Time) time.Duration {
	fs := l.recent(key, now)
	if len(fs) < limit {
		return 0
	}
	return fs[len(fs)-limit].Add(loginWindow).Sub(now)
}

// recent drops failures older than the window and returns the rest.
func (l *loginLimiter) recent(key string, now time.Time) []time.Time {
	fs := l.failures[key]
	i := 0
	for i < len(fs) && now.Sub(fs[i]) >= loginWindow {
		i++
	}
	fs = fs[i:]
	if len(fs) == 0 {
		delete(l.failures, key)
		return nil
	}
	l.failures[key] = fs
	return fs
}

// fail records a failed sign-in.
func (l *loginLimiter) fail(ip, email string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	for _, k := range []string{ipEmailKey(ip, email), ipKey(ip)} {
		l.failures[k] = append(l.recent(k, now), now)
	}
}

// succeed forgets the failures of this IP and email.
func (l *loginLimiter) succeed(ip, email string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.failures, ipEmailKey(ip, email))
}

// sweep drops stale keys now and then so memory stays bounded.
func (l *loginLimiter) sweep(now time.Time) {
	if now.Before(l.sweepAt) {
		return
	}
	l.sweepAt = now.Add(loginWindow)
	for k := range l.failures {
		l.recent(k, now)
	}
}
