package auth

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// tryLogin posts a sign-in from ip to h.
func tryLogin(h http.Handler, email, password, ip string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", "/api/admin/login", strings.NewReader(loginBody(email, password)))
	req.RemoteAddr = ip + ":5555"
	for k, v := range sameOrigin {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// handlerOf mounts svc's routes, as a second instance or a restart would.
func handlerOf(svc *Service) http.Handler {
	mux := http.NewServeMux()
	httpx.MountMux(mux, svc.Guards(), svc.Routes()...)
	return mux
}

func TestLoginRateLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, testOrigin)
		try := func(email, password, ip string) *httptest.ResponseRecorder { return tryLogin(f.h, email, password, ip) }
		for i := range 5 {
			if rec := try(testEmail, "wrong password!", "10.0.0.1"); rec.Code != 401 {
				t.Fatalf("failure %d: %d", i+1, rec.Code)
			}
		}
		rec := try(testEmail, testPassword, "10.0.0.1")
		if rec.Code != 429 || rec.Header().Get("Retry-After") != "900" {
			t.Fatalf("6th attempt: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
		}
		if rec := try(testEmail, testPassword, "10.0.0.2"); rec.Code != 200 {
			t.Fatalf("another IP is blocked too: %d", rec.Code)
		}
		f.clock.add(15 * time.Minute)
		if rec := try(testEmail, testPassword, "10.0.0.1"); rec.Code != 200 {
			t.Fatalf("after the window: %d", rec.Code)
		}

		// 20 failures from one IP across many emails block that IP.
		for i := range 20 {
			if rec := try("user"+strconv.Itoa(i)+"@x.example", "wrong password!", "10.0.0.3"); rec.Code != 401 {
				t.Fatalf("spray %d: %d", i, rec.Code)
			}
		}
		if rec := try(testEmail, testPassword, "10.0.0.3"); rec.Code != 429 {
			t.Fatalf("sprayed IP: %d", rec.Code)
		}

		// 20 failures on one account from 20 addresses block the account
		// from every address (the issue saw 200 guesses from 40 addresses).
		f.clock.add(15 * time.Minute)
		for i := range 20 {
			if rec := try(testEmail, "wrong password!", "10.9.0."+strconv.Itoa(i)); rec.Code != 401 {
				t.Fatalf("distributed guess %d: %d", i, rec.Code)
			}
		}
		if rec := try(testEmail, testPassword, "10.9.1.1"); rec.Code != 429 {
			t.Fatalf("account after 20 guesses from 20 addresses: %d", rec.Code)
		}
		if rec := try("other@x.example", "wrong password!", "10.9.1.1"); rec.Code != 401 {
			t.Fatalf("another account is blocked too: %d", rec.Code)
		}

		// The purge forgets ended windows only.
		if _, err := f.svc.limiter.purge(t.Context()); err != nil {
			t.Fatal(err)
		}
		if rec := try(testEmail, testPassword, "10.9.1.2"); rec.Code != 429 {
			t.Fatalf("account after a purge inside its window: %d", rec.Code)
		}
		f.clock.add(15 * time.Minute)
		if n, err := f.svc.limiter.purge(t.Context()); err != nil || n == 0 {
			t.Fatalf("purge after the window: %d, %v", n, err)
		}
		var left int
		if err := d.Reader.QueryRow(`SELECT COUNT(*) FROM login_limits`).Scan(&left); err != nil || left != 0 {
			t.Fatalf("%d counters left after the purge (%v)", left, err)
		}
	})
}

// The reproduction: 50 parallel wrong passwords all got 401 because
// the limit was checked before hashing and recorded after. Exactly 5 may be
// checked; the other 45 get 429.
func TestParallelLoginsHoldTheLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, testOrigin)
		verify := f.svc.verify
		// The admitted sign-ins' hashes wait until every other sign-in has
		// been answered, so the limit is tested with all 50 in flight at
		// once, whatever the machine's speed.
		release := make(chan struct{})
		f.svc.verify = func(hash, password string) (bool, error) {
			<-release
			return verify(hash, password)
		}
		f.svc.hashWait = time.Minute
		codes := make(chan int, 50)
		for i := range 50 {
			go func() {
				codes <- tryLogin(f.h, testEmail, "guess-"+strconv.Itoa(i), "10.0.0.1").Code
			}()
		}
		count := map[int]int{}
		for range 45 {
			count[<-codes]++
		}
		if count[429] != 45 {
			t.Fatalf("with 5 hashes in flight, the other 45 sign-ins got %v, want 45 x 429", count)
		}
		close(release)
		for range 5 {
			count[<-codes]++
		}
		if count[401] != 5 || count[429] != 45 {
			t.Fatalf("50 parallel wrong passwords: %v, want 5 x 401 and 45 x 429", count)
		}
	})
}

// parallelLogins sends n sign-ins at once and counts the answers by status.
func parallelLogins(h http.Handler, n int, cred func(i int) (string, string), ip func(i int) string) map[int]int {
	var mu sync.Mutex
	codes := map[int]int{}
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range n {
		done.Go(func() {
			email, password := cred(i)
			start.Wait()
			rec := tryLogin(h, email, password, ip(i))
			mu.Lock()
			codes[rec.Code]++
			mu.Unlock()
		})
	}
	start.Done()
	done.Wait()
	return codes
}

// A lockout is in the database: a second instance on the same database sees
// it, and so does the same instance after a restart.
func TestLoginLimitAcrossInstancesAndRestarts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, testOrigin)
		other := NewService(NewStore(d), Options{BaseURL: testOrigin, SessionTTL: time.Hour})
		other.store.now, other.limiter.now = f.clock.now, f.clock.now
		second := handlerOf(other)
		// Failures alternate between the two instances.
		for i := range 5 {
			h := f.h
			if i%2 == 1 {
				h = second
			}
			if rec := tryLogin(h, testEmail, "wrong password!", "10.0.0.1"); rec.Code != 401 {
				t.Fatalf("failure %d: %d", i+1, rec.Code)
			}
		}
		for name, h := range map[string]http.Handler{"first": f.h, "second": second} {
			if rec := tryLogin(h, testEmail, testPassword, "10.0.0.1"); rec.Code != 429 {
				t.Errorf("%s instance after 5 failures on both: %d", name, rec.Code)
			}
		}
		restarted := NewService(NewStore(d), Options{BaseURL: testOrigin, SessionTTL: time.Hour})
		restarted.store.now, restarted.limiter.now = f.clock.now, f.clock.now
		if rec := tryLogin(handlerOf(restarted), testEmail, testPassword, "10.0.0.1"); rec.Code != 429 {
			t.Errorf("after a restart: %d", rec.Code)
		}
	})
}

// Each argon2id verification holds 19 MiB: 100 parallel sign-ins took the
// server from 103 MB to 2.0 GB. At most maxConcurrentHashes run at once; the
// rest wait, and past hashWait get 503 with Retry-After, their attempt given
// back.
func TestConcurrentHashesAreCapped(t *testing.T) {
	f := newFixture(t, dbtest.SQLite(t), testOrigin)
	var running, peak atomic.Int32
	// Hashes hold until maxConcurrentHashes of them run at once (or a
	// deadline passes), so the cap is reached whatever the machine's speed.
	full := make(chan struct{})
	var once sync.Once
	go func() {
		select {
		case <-full:
		case <-time.After(10 * time.Second):
			once.Do(func() { close(full) })
		}
	}()
	f.svc.verify = func(hash, password string) (bool, error) {
		n := running.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		if n >= maxConcurrentHashes {
			once.Do(func() { close(full) })
		}
		<-full
		running.Add(-1)
		return VerifyPassword(hash, password)
	}
	f.svc.hashWait = time.Minute
	spread := func(i int) string { return "10.1." + strconv.Itoa(i/200) + "." + strconv.Itoa(i%200) }
	codes := parallelLogins(f.h, 100, func(i int) (string, string) {
		return "user" + strconv.Itoa(i) + "@x.example", "wrong password!"
	}, spread)
	if codes[401] != 100 {
		t.Fatalf("100 parallel sign-ins from 100 addresses: %v", codes)
	}
	if p := peak.Load(); p > maxConcurrentHashes || p < 2 {
		t.Fatalf("%d password hashes ran at once, want 2..%d", p, maxConcurrentHashes)
	}

	// A sign-in that waits too long is answered 503 and not counted: the
	// admitted hashes hold their slots until the others have been answered.
	hold := make(chan struct{})
	f.svc.verify = func(hash, password string) (bool, error) { <-hold; return VerifyPassword(hash, password) }
	f.svc.hashWait = 10 * time.Millisecond
	results := make(chan int, 12)
	for i := range 12 {
		go func() { results <- tryLogin(f.h, testEmail, "wrong password!", "10.2.0."+strconv.Itoa(i)).Code }()
	}
	codes = map[int]int{}
	for range 12 - maxConcurrentHashes {
		codes[<-results]++
	}
	close(hold)
	for range maxConcurrentHashes {
		codes[<-results]++
	}
	if codes[401] != maxConcurrentHashes || codes[503] != 12-maxConcurrentHashes {
		t.Fatalf("12 sign-ins, 4 slots, no wait: %v", codes)
	}
	var attempts int
	if err := f.store.d.Reader.QueryRow(f.store.d.Rebind(`SELECT attempts FROM login_limits WHERE key = ?`),
		hashKey("email", testEmail)).Scan(&attempts); err != nil || attempts != maxConcurrentHashes {
		t.Fatalf("account counter %d (%v), want the %d checked attempts only", attempts, err, maxConcurrentHashes)
	}

	// With every slot taken the answer is 503 with Retry-After.
	f.svc.hashWait = 10 * time.Millisecond
	for range maxConcurrentHashes {
		f.svc.hashSlots <- struct{}{}
	}
	f.svc.verify = VerifyPassword
	rec := tryLogin(f.h, testEmail, testPassword, "10.3.0.1")
	for range maxConcurrentHashes {
		<-f.svc.hashSlots
	}
	if rec.Code != 503 || rec.Header().Get("Retry-After") != "1" {
		t.Fatalf("all slots busy: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	if rec := tryLogin(f.h, testEmail, testPassword, "10.3.0.1"); rec.Code != 200 {
		t.Fatalf("a slot free again: %d", rec.Code)
	}
}
