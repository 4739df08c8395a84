package intake

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// asAdmin makes e's handler see the admin user id (as RequireAdmin's
// session would give it).
func asAdmin(t *testing.T, d *db.DB, e *env, id string) http.Handler {
	t.Helper()
	now := d.TimeArg(time.Now())
	if _, err := d.Writer.Exec(d.Rebind(`INSERT INTO admin_users (id, email, password_hash, created_at, updated_at)
		VALUES (?, ?, 'x', ?, ?) ON CONFLICT (id) DO NOTHING`), id, id+"@example.com", now, now); err != nil {
		t.Fatal(err)
	}
	h := NewHandler(e.store, false, nil)
	h.whoami = func(*http.Request) string { return id }
	mux := http.NewServeMux()
	httpx.MountMux(mux, httpx.Guards{Admin: func(next http.Handler) http.Handler { return next }}, h.Routes()...)
	return mux
}

func badgeCounts(t *testing.T, h http.Handler) map[string]int {
	t.Helper()
	rec := httpxtest.Do(h, "GET", "/api/admin/badges", nil, "")
	var out map[string]int
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &out) != nil {
		t.Fatalf("badges: %d %s", rec.Code, rec.Body)
	}
	return out
}

func markSeen(t *testing.T, h http.Handler, body string, want int) {
	t.Helper()
	rec := httpxtest.Do(h, "POST", "/api/admin/badges/seen", map[string]string{"Content-Type": "application/json"}, body)
	if rec.Code != want {
		t.Fatalf("seen %s: %d %s", body, rec.Code, rec.Body)
	}
}

// TestBadges: new bookings and onboardings count until the admin marks
// them seen; the mark is per admin, kept in the database (another
// instance, a second handle on it, sees it) and never moves back.
func TestBadges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, Targets{})
		ann := asAdmin(t, d, e, "ann")
		bob := asAdmin(t, d, e, "bob")
		b1 := post(t, e, "/api/booking-leads", validBooking())
		post(t, e, "/api/booking-leads", validBooking())
		post(t, e, "/api/onboarding", validOnboarding())
		if got := badgeCounts(t, ann); got["booking"] != 2 || got["onboarding"] != 1 {
			t.Fatalf("ann before: %v", got)
		}
		markSeen(t, ann, `{"kind":"booking"}`, 200)
		// Another instance: a new handle on the same database.
		other := &env{d: d, store: NewStore(d, e.runner)}
		ann2 := asAdmin(t, d, other, "ann")
		if got := badgeCounts(t, ann2); got["booking"] != 0 || got["onboarding"] != 1 {
			t.Fatalf("ann on another instance: %v", got)
		}
		if got := badgeCounts(t, bob); got["booking"] != 2 {
			t.Fatalf("bob (has seen nothing): %v", got)
		}
		// A late mark from an older page does not bring the badge back.
		markSeen(t, ann, `{"kind":"booking","upTo":"`+b1+`"}`, 200)
		if got := badgeCounts(t, ann); got["booking"] != 0 {
			t.Fatalf("after a stale mark: %v", got)
		}
		post(t, e, "/api/booking-leads", validBooking())
		if got := badgeCounts(t, ann); got["booking"] != 1 || got["onboarding"] != 1 {
			t.Fatalf("after a new booking: %v", got)
		}
		markSeen(t, bob, `{"kind":"booking","upTo":"`+b1+`"}`, 200)
		if got := badgeCounts(t, bob); got["booking"] != 2 {
			t.Fatalf("bob saw up to the first: %v", got)
		}
		markSeen(t, ann, `{"kind":"nope"}`, 400)
		markSeen(t, ann, `{"kind":"onboarding","upTo":"`+b1+`"}`, 400) // a booking's id
		markSeen(t, ann, `{"kind":"booking","upTo":"zzzz"}`, 400)      // no such submission
		markSeen(t, ann, `{"kind":"booking","upTo":"`+strings.Repeat("x", 65)+`"}`, 400)
	})
}
