package clientstest

import (
	"context"
	"database/sql"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/clientstest/fixture"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// NewClient stores a client with the test ICP and returns it.
func NewClient(t testing.TB, s *clients.Store, cap int) *clients.Client {
	t.Helper()
	c := &clients.Client{Name: "Acme", Status: clients.StatusActive, ICP: fixture.TestICP(), Settings: clients.Settings{MonthlyCap: cap}}
	if err := s.CreateClient(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return c
}

// NewAgent stores an active hourly agent of the client, edited by edit
// (when not nil), and returns it.
func NewAgent(t testing.TB, s *clients.Store, clientID string, edit func(a *clients.Agent)) *clients.Agent {
	t.Helper()
	a := &clients.Agent{ClientID: clientID, Name: "Watch", Threshold: 40, Schedule: clients.Duration(time.Hour), Active: true}
	if edit != nil {
		edit(a)
	}
	if err := s.CreateAgent(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return a
}

// Receiver is a webhook endpoint that verifies every request's signature
// (against Secret) and answers with Answer(n) for its n-th request (from 1).
type Receiver struct {
	T      *testing.T
	Secret string
	Answer func(n int, w http.ResponseWriter)
	Mu     sync.Mutex
	N      int
	IDs    map[string]int // webhook-id -> requests
	Bodies map[string][]byte
	Srv    *httptest.Server
}

// NewReceiver starts a Receiver, closed when the test ends.
func NewReceiver(t *testing.T, answer func(n int, w http.ResponseWriter)) *Receiver {
	rc := &Receiver{T: t, Answer: answer, IDs: map[string]int{}, Bodies: map[string][]byte{}}
	rc.Srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		id, ts, sig := r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp"), r.Header.Get("webhook-signature")
		rc.Mu.Lock()
		secret := rc.Secret
		rc.N++
		n := rc.N
		rc.IDs[id]++
		rc.Bodies[id] = body
		rc.Mu.Unlock()
		sec, err := strconv.ParseInt(ts, 10, 64)
		if r.Method != "POST" || id == "" || err != nil || time.Since(time.Unix(sec, 0)).Abs() > 5*time.Minute ||
			sig != fixture.SpecSignature(secret, id, ts, body) || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("bad request: %s id %q ts %q sig %q", r.Method, id, ts, sig)
		}
		answer(n, w)
	}))
	t.Cleanup(rc.Srv.Close)
	return rc
}

// Counts is the number of requests and, per webhook-id, its requests.
func (rc *Receiver) Counts() (requests int, ids map[string]int) {
	rc.Mu.Lock()
	defer rc.Mu.Unlock()
	out := map[string]int{}
	for k, v := range rc.IDs {
		out[k] = v
	}
	return rc.N, out
}

// SetSecret gives the receiver the channel's secret.
func (rc *Receiver) SetSecret(secret string) {
	rc.Mu.Lock()
	rc.Secret = secret
	rc.Mu.Unlock()
}

// OK200 answers 200.
func OK200(int, http.ResponseWriter) {}

// AddChannel makes a webhook channel through the admin call on h and gives
// the receiver (when not nil) its secret.
func AddChannel(t *testing.T, h http.Handler, clientID, target string, rc *Receiver) string {
	t.Helper()
	var out struct{ ID, Secret string }
	fixture.Do(t, h, "POST", "/api/admin/clients/"+clientID+"/channels", `{"kind":"webhook","target":"`+target+`","cadence":"instant"}`, 201, &out)
	if !strings.HasPrefix(out.Secret, "whsec_") {
		t.Fatalf("secret %q", out.Secret)
	}
	if raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(out.Secret, "whsec_")); err != nil || len(raw) < 24 {
		t.Fatalf("secret %q: %d bytes %v", out.Secret, len(raw), err)
	}
	if rc != nil {
		rc.SetSecret(out.Secret)
	}
	return out.ID
}

// CountDeliveries counts the deliveries matching where.
func CountDeliveries(t *testing.T, d *db.DB, where string, args ...any) int {
	t.Helper()
	var n int
	if err := d.Reader.QueryRow(d.Rebind(`SELECT COUNT(*) FROM client_deliveries WHERE `+where), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// PutLead stores l in the client's inbox as a run does (review state
// review) and returns its id.
func PutLead(t testing.TB, s *clients.Store, clientID, review string, l engine.Lead) string {
	t.Helper()
	ctx := context.Background()
	err := s.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.LockClient(ctx, tx, clientID); err != nil {
			return err
		}
		ok, err := s.InsertLeadFor(ctx, tx, clientID, nil, nil, l, review, fixture.AccountsNow)
		if err == nil && !ok {
			err = fmt.Errorf("lead %s not stored", l.PostID)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var id string
	if err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT id FROM client_leads WHERE client_id = ? AND post_key = ?`),
		clientID, clients.PostKey(l.PostURL, l.PostID)).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// SetStatus sets a client's status.
func SetStatus(t *testing.T, s *clients.Store, id, status string) {
	t.Helper()
	if _, err := s.UpdateClient(context.Background(), id, func(c *clients.Client) error { c.Status = status; return nil }); err != nil {
		t.Fatal(err)
	}
}

// AcmeLeads stores, for client c, fixture.AcmeSignals, a complaint at
// Globex, one at another "Acme" with its own domain, a pending lead at
// Initech and a lead naming no company. It returns the ids of Acme's leads.
func AcmeLeads(t testing.TB, s *clients.Store, c *clients.Client) []string {
	t.Helper()
	var ids []string
	for _, l := range fixture.AcmeSignals() {
		ids = append(ids, PutLead(t, s, c.ID, clients.ReviewApproved, l))
	}
	PutLead(t, s, c.ID, clients.ReviewApproved, fixture.SigLead("g1", "Globex Corporation", "", engine.CompetitorEngagement, 3, 80))
	PutLead(t, s, c.ID, clients.ReviewApproved, fixture.SigLead("a2", "Acme", "jo@acme.io", engine.TechResearch, 5, 60))
	PutLead(t, s, c.ID, clients.ReviewPending, fixture.SigLead("i1", "Initech LLC", "", engine.CompetitorEngagement, 1, 90))
	PutLead(t, s, c.ID, clients.ReviewApproved, fixture.SigLead("n1", "", "someone@gmail.com", engine.TechResearch, 1, 90))
	return ids
}

// NoDefaultBrand fails when s names the product ("Signalpipe").
func NoDefaultBrand(t *testing.T, what, s string) {
	t.Helper()
	if strings.Contains(s, clients.DefaultBrandName) {
		t.Errorf("%s names %s:\n%s", what, clients.DefaultBrandName, s)
	}
}

// ReviewClient makes a client through the admin call on h (review mode, as
// every new client), active, and returns it.
func ReviewClient(t *testing.T, h http.Handler) *clients.Client {
	t.Helper()
	var c clients.Client
	fixture.Do(t, h, "POST", "/api/admin/clients", `{"name":"Acme","status":"active","icp":{"targetTitles":["VP Sales"],"industries":["Fintech"]}}`, 201, &c)
	if c.Settings.DeliveryMode != clients.ModeReview {
		t.Fatalf("a new client's mode %q, want review", c.Settings.DeliveryMode)
	}
	return &c
}
