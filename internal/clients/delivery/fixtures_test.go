package delivery

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/tls"
	"database/sql"
	"encoding/base64"
	"encoding/json"
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
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/mail"
)

func addPosts(t testing.TB, e *env, posts ...engine.Post) {
	t.Helper()
	if _, err := e.posts.AddPosts(context.Background(), posts); err != nil {
		t.Fatal(err)
	}
}

const testBaseURL = "https://signalpipe.example"

var testLinks = NewLinks(StaticKey([]byte("0123456789abcdef0123456789abcdef")), testBaseURL)

// linkURL is testLinks' link of action on delivery id.
func linkURL(l *Links, action, id string) string {
	u, err := l.URL(context.Background(), action, id)
	if err != nil {
		panic(err)
	}
	return u
}

// mailEnv is an env whose deliveries send email to the SMTP server at
// smtpURL (trusting tc) with a real sender, and sign links under
// testBaseURL.
func mailEnv(t *testing.T, d *db.DB, smtpURL string, tc *tls.Config, timeout time.Duration) *env {
	t.Helper()
	sv, err := mail.ParseURL(smtpURL)
	if err != nil {
		t.Fatal(err)
	}
	sender, err := mail.New(mail.Options{Server: sv, From: "Signalpipe <leads@signalpipe.example>", Timeout: timeout, TLSConfig: tc})
	if err != nil {
		t.Fatal(err)
	}
	return newEnvDelivery(t, d, nil, DeliveryOptions{Mail: sender, MailTimeout: timeout, BaseURL: testBaseURL, Links: testLinks})
}

// addEmailChannel saves an email channel through the admin call.
func addEmailChannel(t *testing.T, e *env, clientID, target string) *clients.Channel {
	t.Helper()
	var out struct {
		ID      string
		Secret  *string
		Channel *clients.Channel
	}
	e.do(t, "POST", "/api/admin/clients/"+clientID+"/channels", `{"kind":"email","target":"`+target+`"}`, 201, &out)
	if out.Secret != nil || out.Channel == nil || out.Channel.Kind != clients.ChannelEmail {
		t.Fatalf("created %+v", out)
	}
	return out.Channel
}

// receiver is a webhook endpoint that verifies every request's signature
// and answers with answer(n) for its n-th request (from 1).
type receiver struct {
	t      *testing.T
	secret string
	answer func(n int, w http.ResponseWriter)
	mu     sync.Mutex
	n      int
	ids    map[string]int // webhook-id -> requests
	bodies map[string][]byte
	srv    *httptest.Server
}

func newReceiver(t *testing.T, answer func(n int, w http.ResponseWriter)) *receiver {
	rc := &receiver{t: t, answer: answer, ids: map[string]int{}, bodies: map[string][]byte{}}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		id, ts, sig := r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp"), r.Header.Get("webhook-signature")
		rc.mu.Lock()
		secret := rc.secret
		rc.n++
		n := rc.n
		rc.ids[id]++
		rc.bodies[id] = body
		rc.mu.Unlock()
		sec, err := strconv.ParseInt(ts, 10, 64)
		if r.Method != "POST" || id == "" || err != nil || time.Since(time.Unix(sec, 0)).Abs() > 5*time.Minute ||
			sig != specSignature(secret, id, ts, body) || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("bad request: %s id %q ts %q sig %q", r.Method, id, ts, sig)
		}
		answer(n, w)
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) counts() (requests int, ids map[string]int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	out := map[string]int{}
	for k, v := range rc.ids {
		out[k] = v
	}
	return rc.n, out
}

func ok200(int, http.ResponseWriter) {}

// addChannel makes a webhook channel through the admin call and gives the
// receiver its secret.
func addChannel(t *testing.T, e *env, clientID, target string, rc *receiver) string {
	t.Helper()
	var out struct{ ID, Secret string }
	e.do(t, "POST", "/api/admin/clients/"+clientID+"/channels", `{"kind":"webhook","target":"`+target+`","cadence":"instant"}`, 201, &out)
	if !strings.HasPrefix(out.Secret, "whsec_") {
		t.Fatalf("secret %q", out.Secret)
	}
	if raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(out.Secret, "whsec_")); err != nil || len(raw) < 24 {
		t.Fatalf("secret %q: %d bytes %v", out.Secret, len(raw), err)
	}
	if rc != nil {
		rc.mu.Lock()
		rc.secret = out.Secret
		rc.mu.Unlock()
	}
	return out.ID
}

// waitFor polls cond for up to 30 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func countDeliveries(t *testing.T, d *db.DB, where string, args ...any) int {
	t.Helper()
	var n int
	if err := d.Reader.QueryRow(d.Rebind(`SELECT COUNT(*) FROM client_deliveries WHERE `+where), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func linkPath(u string) string { return strings.TrimPrefix(u, testBaseURL) }

// accountsNow is the tests' clock.
var accountsNow = time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)

// sigLead is a lead of one signal type at company, posted days ago.
func sigLead(key, company, email string, t engine.SignalType, days, score int) engine.Lead {
	return engine.Lead{Name: "Person " + key, Title: "Engineer", Company: company, Email: email, Platform: "reddit",
		PostID: key, PostURL: "https://post.example/" + key, Source: "test", IntentScore: score,
		Detection: engine.Detection{SignalType: t}, Signal: "signal " + key,
		PublishedAt: accountsNow.Add(-time.Duration(days) * 24 * time.Hour)}
}

// putLead stores l in the client's inbox as a run does (review state
// review) and returns its id.
func putLead(t testing.TB, s *Store, clientID, review string, l engine.Lead) string {
	t.Helper()
	ctx := context.Background()
	err := s.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.LockClient(ctx, tx, clientID); err != nil {
			return err
		}
		ok, err := s.InsertLeadFor(ctx, tx, clientID, nil, nil, l, review, accountsNow)
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

func channelOf(t *testing.T, e *env, clientID string) *clients.Channel {
	t.Helper()
	cs, err := e.store.Channels(context.Background(), clientID)
	if err != nil || len(cs) != 1 {
		t.Fatalf("channels %v %v", cs, err)
	}
	return cs[0]
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func getFeed(e *env, path string, headers map[string]string) *httptest.ResponseRecorder {
	return httpxtest.Do(e.h, "GET", path, headers, "")
}

func setStatus(t *testing.T, s *Store, id, status string) {
	t.Helper()
	if _, err := s.UpdateClient(context.Background(), id, func(c *clients.Client) error { c.Status = status; return nil }); err != nil {
		t.Fatal(err)
	}
}

// acmeSignals are three signals at Acme from three sources, with three
// spellings of the company: a complaint, a hiring batch, a new VP.
func acmeSignals() []engine.Lead {
	complaint := sigLead("c1", "Acme, Inc.", "", engine.CompetitorEngagement, 3, 80)
	complaint.Platform, complaint.Title, complaint.Name = "hackernews", "Head of Platform", "Sam Lee"
	complaint.Relevance.Terms = []string{"LaunchDarkly"}
	hiring := sigLead("h1", "Acme Inc", "", engine.HiringActivity, 10, 80)
	hiring.Platform, hiring.Signal = "greenhouse", "Acme is hiring: SRE, Platform Engineer (3 new openings)"
	vp := sigLead("v1", "", "ana@acme.com", engine.JobChange, 20, 80)
	vp.Name, vp.Title, vp.Platform = "Ana Ruiz", "VP Engineering", "linkedin"
	return []engine.Lead{complaint, hiring, vp}
}

// specSignature is the Standard Webhooks signature written from the spec,
// apart from the library the sender uses: v1, then base64 of HMAC-SHA256
// over "id.timestamp.body" keyed with the base64-decoded secret.
func specSignature(secret, id, ts string, body []byte) string {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return "bad secret"
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id + "." + ts + "." + string(body)))
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
}

const agencyBrand = `{"name":"Northwind Leads","logoUrl":"https://cdn.northwind.example/logo.png","primaryColor":"#0A7D52",
	"senderName":"Northwind Leads","senderAddress":"leads@northwind.example","replyTo":"team@northwind.example",
	"portalHost":"leads.northwind.example"}`

// noDefaultBrand fails when s names the product ("Signalpipe").
func noDefaultBrand(t *testing.T, what, s string) {
	t.Helper()
	if strings.Contains(s, clients.DefaultBrandName) {
		t.Errorf("%s names %s:\n%s", what, clients.DefaultBrandName, s)
	}
}

// reviewClient makes a client through the admin call (review mode, as
// every new client), active, and returns it.
func reviewClient(t *testing.T, e *env) *clients.Client {
	t.Helper()
	var c clients.Client
	e.do(t, "POST", "/api/admin/clients", `{"name":"Acme","status":"active","icp":{"targetTitles":["VP Sales"],"industries":["Fintech"]}}`, 201, &c)
	if c.Settings.DeliveryMode != clients.ModeReview {
		t.Fatalf("a new client's mode %q, want review", c.Settings.DeliveryMode)
	}
	return &c
}

// fullOnboarding is an answer set with every mapped field, in the shapes
// intake stores (lists as arrays, monthly_lead_goal a number).
func fullOnboarding() map[string]any {
	return map[string]any{
		"company_name":          "Acme Analytics",
		"decision_maker_titles": "VP Sales, Head of RevOps\nCRO",
		"company_sizes":         []string{"Small (11-50)", "Medium (51-200)"},
		"primary_industry":      "Fintech",
		"ideal_client":          "B2B SaaS; fintech",
		"excluded_industries":   "Gambling, Tobacco",
		"disqualifiers":         "agencies",
		"pain_points":           "manual prospecting; stale CRM data",
		"client_technologies":   "Salesforce, HubSpot",
		"offer_description":     "Signal-based prospecting",
		"key_benefits":          "More meetings",
		"differentiators":       "Self-hosted",
		"trigger_events":        []string{"Recent funding/investment", "Rapid hiring/expansion", "M&A activity", "Not an option"},
		"research_topics":       "CRM migration, \"sales tools\" -jobs",
		"relevant_job_postings": "Account Executive",
		"delivery_method":       []string{"Email notifications", "Web dashboard"},
		"response_time":         "24_hours",
		"monthly_lead_goal":     150,
		"email_handler_name":    "Sam Lee",
		"email_handler_email":   "Sam@Acme.example",
	}
}
