package delivery

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/notices"
)

// maxInWindow is the most calls bucket lets through in any window of w
// when asked every 10 ms from a full bucket (the worst case), counted on
// the limiter's own clock.
func maxInWindow(bucket string, w time.Duration) int {
	r := crmRates[bucket]
	lim := rate.NewLimiter(r.per, r.burst)
	start := time.Unix(1_700_000_000, 0)
	var at []time.Time
	for t := start; t.Before(start.Add(5 * w)); t = t.Add(10 * time.Millisecond) {
		if lim.AllowN(t, 1) {
			at = append(at, t)
		}
	}
	most := 0
	for i := range at {
		n := 0
		for j := i; j < len(at) && at[j].Sub(at[i]) < w; j++ {
			n++
		}
		most = max(most, n)
	}
	return most
}

// TestCRMRateLimits: the limiters never let through more than the
// vendors publish (HubSpot 100 per 10 s and 4 searches a second;
// Pipedrive 20 per 2 s) yet do let that many through; a token's limiter
// is shared by its channels and apart from other tokens'; a wait longer
// than the attempt may take is a 429 without a call.
func TestCRMRateLimits(t *testing.T) {
	for _, tc := range []struct {
		bucket string
		window time.Duration
		limit  int
	}{
		{clients.ChannelHubSpot, 10 * time.Second, 100},
		{clients.ChannelHubSpot + "search", time.Second, 4},
		{clients.ChannelPipedrive, 2 * time.Second, 20},
	} {
		if got := maxInWindow(tc.bucket, tc.window); got > tc.limit || got < tc.limit*9/10 {
			t.Errorf("%s: %d calls in %s, want at most and near %d", tc.bucket, got, tc.window, tc.limit)
		}
	}
	var l crmLimits
	a, b := crmAuth{clients.ChannelHubSpot, "pat-a"}, crmAuth{clients.ChannelHubSpot, "pat-b"}
	if l.limiter(a, "") != l.limiter(crmAuth{clients.ChannelHubSpot, "pat-a"}, "") || l.limiter(a, "") == l.limiter(b, "") ||
		l.limiter(a, "") == l.limiter(a, "search") || l.limiter(a, "") == l.limiter(crmAuth{clients.ChannelPipedrive, "pat-a"}, "") {
		t.Fatal("limiters not kept per CRM, token and bucket")
	}
	// A full bucket of searches, then one more with 10 ms to spare.
	url := "https://api.hubapi.com/crm/v3/objects/contacts/search"
	if err := l.wait(context.Background(), a, url); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	err := l.wait(ctx, a, url)
	var ce *crmError
	if !errors.As(err, &ce) || ce.code != http.StatusTooManyRequests || !strings.Contains(ce.msg, "limiter") {
		t.Fatalf("an over-long wait: %v", err)
	}
	if err := l.wait(ctx, b, url); err != nil { // another token is not held back
		t.Fatalf("another token: %v", err)
	}
}

// TestCRMTokenRefused: Pipedrive's 401 on a delivery disables the
// channel with one notice, as a webhook's 410 does; so does HubSpot's 401
// on a later state change (the crm_state job).
func TestCRMTokenRefused(t *testing.T) {
	t.Run("pipedrive delivery", func(t *testing.T) {
		dbtest.Each(t, func(t *testing.T, d *db.DB) {
			pd := newPipedriveFake(t, "pd-good")
			e, c, _, _ := crmEnv(t, d, clients.ChannelPipedrive, pd.srv.URL, "pd-revoked", "", withContact)
			e.start(t)
			waitFor(t, "the refusal", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryCancelled) == 1 })
			checkDisabled(t, e, d, c.ID, "pipedrive refused the token (401)")
		})
	})
	t.Run("hubspot state change", func(t *testing.T) {
		dbtest.Each(t, func(t *testing.T, d *db.DB) {
			hs := newHubSpotFake(t, "pat-good")
			e, c, leadID, _ := crmEnv(t, d, clients.ChannelHubSpot, hs.srv.URL, "pat-good", "", withContact)
			e.start(t)
			waitFor(t, "the push", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryDelivered) == 1 })
			hs.setFail(func(crmRequest) (int, http.Header, string) {
				return 401, nil, `{"status":"error","message":"The OAuth token used to make this call expired.","category":"EXPIRED_AUTHENTICATION"}`
			})
			st := clients.StateWon
			if _, err := e.store.UpdateLead(context.Background(), c.ID, leadID, clients.LeadEdit{State: &st}); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the channel disabled", func() bool {
				cs, _ := e.store.Channels(context.Background(), c.ID)
				return cs[0].Status == clients.ChannelDisabled
			})
			checkDisabled(t, e, d, c.ID, "hubspot refused the token (401)")
		})
	})
}

func checkDisabled(t *testing.T, e *env, d *db.DB, clientID, why string) {
	t.Helper()
	cs, _ := e.store.Channels(context.Background(), clientID)
	if cs[0].Status != clients.ChannelDisabled || !strings.Contains(cs[0].DisabledReason, why) {
		t.Fatalf("channel %+v", cs[0])
	}
	ns, _, _ := notices.NewStore(d).List(context.Background(), false, 10)
	if len(ns) != 1 || ns[0].Kind != notices.KindChannelDisabled || !strings.Contains(ns[0].Text, why) {
		t.Fatalf("notices %+v", ns)
	}
}
