package intake

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// fakeTarget is a forwarding endpoint that answers from a script of
// statuses (the last one repeats); status 0 means hang until the client
// gives up.
type fakeTarget struct {
	srv *httptest.Server

	mu       sync.Mutex
	script   []int
	calls    int
	accepted int // 2xx answers sent
	keys     []string
	auth     []string
	bodies   []string
}

func newFakeTarget(t *testing.T, script ...int) *fakeTarget {
	f := &fakeTarget{script: script}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body json.RawMessage
		_ = json.NewDecoder(r.Body).Decode(&body)
		f.mu.Lock()
		status := f.script[min(f.calls, len(f.script)-1)]
		f.calls++
		f.keys = append(f.keys, r.Header.Get("Idempotency-Key"))
		f.auth = append(f.auth, r.Header.Get("Authorization"))
		f.bodies = append(f.bodies, string(body))
		if status >= 200 && status < 300 {
			f.accepted++
		}
		f.mu.Unlock()
		if status == 0 {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeTarget) stats() (calls, accepted int, keys, auth, bodies []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls, f.accepted, append([]string(nil), f.keys...), append([]string(nil), f.auth...), append([]string(nil), f.bodies...)
}

func post(t *testing.T, e *env, path string, body map[string]any) string {
	t.Helper()
	rec := httpxtest.Do(e.handler, "POST", path, jsonCT, toJSON(t, body))
	if rec.Code != 201 {
		t.Fatalf("POST %s: %d %s", path, rec.Code, rec.Body)
	}
	var created struct{ ID string }
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || len(created.ID) != 26 {
		t.Fatalf("answer %s: %v", rec.Body, err)
	}
	return created.ID
}

func delivered(s *Submission) bool { return s.Delivery.State == StateDelivered }

func TestForwardRetriesUntilWebhookRecovers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		hook := newFakeTarget(t, 500, 502, 200)
		mail := newFakeTarget(t, 500) // the fallback is down too until the webhook recovers
		e := newEnv(t, d, Targets{WebhookURL: hook.srv.URL, FormMailURL: mail.srv.URL, FormMailKey: "k", Timeout: time.Second})
		id := post(t, e, "/api/booking-leads", validBooking())
		if sub, _ := e.store.Get(t.Context(), id); sub.Delivery.State != StatePending {
			t.Fatalf("state before work = %q, want pending", sub.Delivery.State)
		}
		e.start(t)
		sub := e.waitFor(t, id, delivered)
		if *sub.Delivery.Target != TargetWebhook || sub.Delivery.Attempts != 3 || sub.Delivery.DeliveredAt == nil {
			t.Errorf("delivery = %+v", sub.Delivery)
		}
		if sub.Delivery.LastError == nil || *sub.Delivery.LastError != "webhook: 502 Bad Gateway; formmail: 500 Internal Server Error" {
			t.Errorf("lastError = %v", sub.Delivery.LastError)
		}
		calls, accepted, keys, _, bodies := hook.stats()
		if calls != 3 || accepted != 1 {
			t.Errorf("webhook calls %d accepted %d, want 3 and exactly 1", calls, accepted)
		}
		for _, k := range keys {
			if k != id+"-webhook" {
				t.Errorf("Idempotency-Key = %q, want %q", k, id+"-webhook")
			}
		}
		var p map[string]any
		if err := json.Unmarshal([]byte(bodies[2]), &p); err != nil || p["email"] != "ana@acme.io" || p["primaryChallenge"] != "Need more qualified leads" {
			t.Errorf("forwarded body %s", bodies[2])
		}
		_, mailAccepted, mailKeys, mailAuth, _ := mail.stats()
		if mailAccepted != 0 || len(mailKeys) != 2 || mailKeys[0] != id+"-formmail" || mailAuth[0] != "Bearer k" {
			t.Errorf("form-mail keys %v auth %v accepted %d", mailKeys, mailAuth, mailAccepted)
		}
		assertNoMoreCalls(t, e, hook, 3)
	})
}

// assertNoMoreCalls waits until no forwarding job can run again (every
// forward_submission job finished: completed, discarded or cancelled), then
// checks that the target saw exactly want calls: a duplicate could only come
// from a job still pending, so once none is, the count is final.
func assertNoMoreCalls(t *testing.T, e *env, f *fakeTarget, want int) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var open int
		if err := e.d.Reader.QueryRow(`SELECT COUNT(*) FROM river_job WHERE kind = 'forward_submission'
			AND state NOT IN ('completed', 'discarded', 'cancelled')`).Scan(&open); err != nil {
			t.Fatal(err)
		}
		if open == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d forwarding jobs still open after 30 s", open)
		}
	}
	if calls, _, _, _, _ := f.stats(); calls != want {
		t.Errorf("target called %d times, want %d", calls, want)
	}
}

func TestForwardFallsBackToFormMail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		hook := newFakeTarget(t, 503)
		mail := newFakeTarget(t, 202)
		e := newEnv(t, d, Targets{WebhookURL: hook.srv.URL, FormMailURL: mail.srv.URL, FormMailKey: "secret-key", Timeout: time.Second})
		id := post(t, e, "/api/onboarding", validOnboarding())
		e.start(t)
		sub := e.waitFor(t, id, delivered)
		if *sub.Delivery.Target != TargetFormMail || sub.Delivery.Attempts != 1 {
			t.Errorf("delivery = %+v", sub.Delivery)
		}
		_, accepted, keys, auth, bodies := mail.stats()
		if accepted != 1 || keys[0] != id+"-formmail" || auth[0] != "Bearer secret-key" {
			t.Errorf("form-mail accepted %d keys %v auth %v", accepted, keys, auth)
		}
		var p map[string]any
		if err := json.Unmarshal([]byte(bodies[0]), &p); err != nil || p["company_name"] != "answer to company_name" || p["source"] != OnboardingSource {
			t.Errorf("forwarded body %s", bodies[0])
		}
		assertNoMoreCalls(t, e, hook, 1)
	})
}

func TestForwardTimeoutThenRecovery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		hook := newFakeTarget(t, 0, 204)
		e := newEnv(t, d, Targets{WebhookURL: hook.srv.URL, Timeout: 150 * time.Millisecond})
		id := post(t, e, "/api/booking-leads", validBooking())
		e.start(t)
		sub := e.waitFor(t, id, delivered)
		if sub.Delivery.Attempts != 2 || sub.Delivery.LastError == nil || *sub.Delivery.LastError != "webhook: timed out" {
			t.Errorf("delivery = %+v, lastError %v", sub.Delivery, deref(sub.Delivery.LastError))
		}
	})
}

func TestForwardFailsAfterLastAttemptThenAdminRetry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		hook := newFakeTarget(t, 500)
		e := newEnv(t, d, Targets{WebhookURL: hook.srv.URL, Timeout: time.Second})
		e.store.maxAttempts = 4
		id := post(t, e, "/api/booking-leads", validBooking())
		e.start(t)
		sub := e.waitFor(t, id, func(s *Submission) bool { return s.Delivery.State == StateFailed })
		if sub.Delivery.Attempts != 4 || *sub.Delivery.LastError != "webhook: 500 Internal Server Error" {
			t.Fatalf("delivery = %+v", sub.Delivery)
		}
		waitJobsDone(t, e)
		hook.mu.Lock()
		hook.script = []int{200}
		hook.calls = 0
		hook.mu.Unlock()
		rec := httpxtest.Do(e.handler, "POST", "/api/admin/submissions/"+id+"/retry", nil, "")
		if rec.Code != 202 || !contains(rec.Body.String(), `"state":"pending"`) {
			t.Fatalf("retry: %d %s", rec.Code, rec.Body)
		}
		sub = e.waitFor(t, id, delivered)
		if sub.Delivery.Attempts != 5 {
			t.Errorf("attempts = %d", sub.Delivery.Attempts)
		}
		rec = httpxtest.Do(e.handler, "POST", "/api/admin/submissions/"+id+"/retry", nil, "")
		if rec.Code != 409 {
			t.Errorf("retry of delivered: %d %s", rec.Code, rec.Body)
		}
		if rec := httpxtest.Do(e.handler, "POST", "/api/admin/submissions/nope/retry", nil, ""); rec.Code != 404 {
			t.Errorf("retry of unknown: %d", rec.Code)
		}
	})
}

func TestDuplicateJobForDeliveredSubmissionDoesNothing(t *testing.T) {
	hook := newFakeTarget(t, 200)
	e := sqliteEnv(t, Targets{WebhookURL: hook.srv.URL, Timeout: time.Second})
	id := post(t, e, "/api/booking-leads", validBooking())
	job := &river.Job[ForwardArgs]{Args: ForwardArgs{SubmissionID: id}}
	job.JobRow = jobRow(1, 25)
	for range 3 {
		if err := e.fwd.Work(context.Background(), job); err != nil {
			t.Fatal(err)
		}
	}
	if calls, accepted, _, _, _ := hook.stats(); calls != 1 || accepted != 1 {
		t.Fatalf("webhook called %d times, want once", calls)
	}
	// A job for a submission that does not exist is cancelled, not retried.
	job.Args.SubmissionID = "missing"
	if err := e.fwd.Work(context.Background(), job); err == nil {
		t.Fatal("missing submission: no error")
	}
}

func TestNoTargetsStoresOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, Targets{})
		id := post(t, e, "/api/booking-leads", validBooking())
		if subs, js := e.counts(t); subs != 1 || js != 0 {
			t.Fatalf("%d submissions, %d jobs; want 1 and 0", subs, js)
		}
		sub, _ := e.store.Get(t.Context(), id)
		if sub.Delivery.State != StateStoredOnly || sub.Delivery.Target != nil || sub.Delivery.Attempts != 0 {
			t.Errorf("delivery = %+v", sub.Delivery)
		}
		rec := httpxtest.Do(e.handler, "POST", "/api/admin/submissions/"+id+"/retry", nil, "")
		if rec.Code != 202 || !contains(rec.Body.String(), `"state":"stored_only"`) {
			t.Errorf("retry without targets: %d %s", rec.Code, rec.Body)
		}
	})
}

// waitJobsDone waits until no forwarding job is waiting or running.
func waitJobsDone(t *testing.T, e *env) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var n int
		err := e.d.Reader.QueryRow(`SELECT COUNT(*) FROM river_job WHERE state NOT IN ('discarded', 'completed', 'cancelled')`).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
	t.Fatal("jobs still running")
}

// TestForwardNeverFollowsRedirects: a webhook answering a redirect to an
// endpoint that accepts anything must not count as delivered (following a
// 301/302/303 would resend the POST as a GET without its body). The attempt
// fails, and the form-mail fallback gets the submission with its body.
func TestForwardNeverFollowsRedirects(t *testing.T) {
	for _, code := range []int{301, 302, 303, 307, 308} {
		t.Run(http.StatusText(code), func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d *db.DB) {
				sink := newFakeTarget(t, 200) // where the redirect points: accepts everything
				var redirects atomic.Int32
				hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					redirects.Add(1)
					http.Redirect(w, r, sink.srv.URL+"/moved", code)
				}))
				t.Cleanup(hook.Close)
				mail := newFakeTarget(t, 500, 200)
				e := newEnv(t, d, Targets{WebhookURL: hook.URL, FormMailURL: mail.srv.URL, Timeout: time.Second})
				id := post(t, e, "/api/booking-leads", validBooking())
				e.start(t)
				sub := e.waitFor(t, id, delivered)
				if *sub.Delivery.Target != TargetFormMail || sub.Delivery.Attempts != 2 {
					t.Errorf("delivery = %+v, want form-mail on the 2nd attempt", sub.Delivery)
				}
				want := fmt.Sprintf("webhook: %d %s (redirects are not followed); formmail: 500 Internal Server Error", code, http.StatusText(code))
				if sub.Delivery.LastError == nil || *sub.Delivery.LastError != want {
					t.Errorf("lastError = %q, want %q", deref(sub.Delivery.LastError), want)
				}
				if calls, _, _, _, _ := sink.stats(); calls != 0 {
					t.Errorf("the redirect target was called %d times", calls)
				}
				if n := redirects.Load(); n != 2 {
					t.Errorf("webhook called %d times, want 2", n)
				}
				_, _, _, _, bodies := mail.stats()
				if len(bodies) != 2 || !contains(bodies[1], `"ana@acme.io"`) {
					t.Errorf("form-mail bodies %v", bodies)
				}
			})
		})
	}
}

// TestForwardSignedWebhook: with WORKFLOW_WEBHOOK_SECRET set, every POST to
// the webhook carries Standard Webhooks headers whose signature a receiver
// computing the spec's HMAC-SHA256 over "id.timestamp.body" accepts; the
// body holds the payload's fields plus the submission's id and kind, and
// the Idempotency-Key stays. A retry is signed with the same webhook-id.
// The form-mail fallback gets the payload as stored, unsigned.
func TestForwardSignedWebhook(t *testing.T) {
	const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	key, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		type got struct{ id, ts, sig, idem, body string }
		var (
			mu   sync.Mutex
			reqs []got
		)
		hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			mu.Lock()
			reqs = append(reqs, got{r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp"), r.Header.Get("webhook-signature"),
				r.Header.Get("Idempotency-Key"), string(body)})
			n := len(reqs)
			mu.Unlock()
			if n == 1 {
				w.WriteHeader(500) // the first attempt fails; the retry is signed again
			}
		}))
		t.Cleanup(hook.Close)
		e := newEnv(t, d, Targets{WebhookURL: hook.URL, WebhookSecret: secret, Timeout: time.Second})
		id := post(t, e, "/api/onboarding", validOnboarding())
		e.start(t)
		e.waitFor(t, id, delivered)
		mu.Lock()
		defer mu.Unlock()
		if len(reqs) != 2 {
			t.Fatalf("webhook got %d requests, want 2", len(reqs))
		}
		for _, g := range reqs {
			mac := hmac.New(sha256.New, key)
			mac.Write([]byte(g.id + "." + g.ts + "." + g.body))
			want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
			sec, err := strconv.ParseInt(g.ts, 10, 64)
			if g.id != id+"-webhook" || g.idem != id+"-webhook" || err != nil || time.Since(time.Unix(sec, 0)).Abs() > time.Minute || g.sig != want {
				t.Errorf("request id %q idempotency %q ts %q sig %q, want sig %q", g.id, g.idem, g.ts, g.sig, want)
			}
			var p map[string]any
			if err := json.Unmarshal([]byte(g.body), &p); err != nil || p["submissionId"] != id || p["submissionKind"] != "onboarding" ||
				p["company_name"] != validOnboarding()["company_name"] {
				t.Errorf("body %s", g.body)
			}
		}
	})
}

// TestForwardUnsignedWithoutSecret: no secret, no signature headers; the
// id and kind are still in the webhook's body, and the form-mail API gets
// the stored payload unchanged.
func TestForwardUnsignedWithoutSecret(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		hook := newFakeTarget(t, 500)
		mail := newFakeTarget(t, 200)
		e := newEnv(t, d, Targets{WebhookURL: hook.srv.URL, FormMailURL: mail.srv.URL, Timeout: time.Second})
		id := post(t, e, "/api/booking-leads", validBooking())
		e.start(t)
		e.waitFor(t, id, delivered)
		_, _, _, _, hb := hook.stats()
		_, _, _, _, mb := mail.stats()
		var hp, mp map[string]any
		if len(hb) != 1 || json.Unmarshal([]byte(hb[0]), &hp) != nil || hp["submissionId"] != id || hp["submissionKind"] != "booking" {
			t.Errorf("webhook bodies %v", hb)
		}
		if len(mb) != 1 || json.Unmarshal([]byte(mb[0]), &mp) != nil || mp["submissionId"] != nil || mp["email"] != "ana@acme.io" {
			t.Errorf("form-mail bodies %v", mb)
		}
	})
}

// TestForwarderRefusesBadSecret: an unreadable secret stops the start.
func TestForwarderRefusesBadSecret(t *testing.T) {
	if _, err := NewForwarder(nil, Targets{WebhookURL: "http://x.example", WebhookSecret: "whsec_!!"}, quiet()); err == nil {
		t.Fatal("a bad secret was accepted")
	}
}
