package clientstest

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
	"github.com/signalpipe/signalpipe/internal/mail"
)

// IntentPost is a lead post: each i a distinct person at a distinct
// company showing intent.
func IntentPost(i int) engine.Post {
	return PersonPost(fmt.Sprintf("p%d", i), fmt.Sprintf("Dana Reyes%d", i), fmt.Sprintf("Brightwell%d", i))
}

// PersonPost is a post by author at company showing intent.
func PersonPost(id, author, company string) engine.Post {
	return engine.Post{ID: id, Source: "test", Platform: "linkedin", URL: "https://linkedin.example/p/" + id, Author: author,
		Text:        "We just closed our $20M Series B led by Granite Growth! The funding will go into sales and we are hiring account executives.",
		PublishedAt: time.Now().Add(-time.Hour),
		Profile:     map[string]string{"headline": "VP Sales at " + company, "employees": "120", "industry": "Fintech", "location": "Toronto"}}
}

// TestICP is the tests' ICP.
func TestICP() engine.ICP {
	return engine.ICP{TargetTitles: []string{"VP Sales"}, Industries: []string{"Fintech"}, SignalThreshold: "All signals 40%+ match"}
}

// NewClient stores a client with the test ICP and returns it.
func NewClient(t testing.TB, s *clients.Store, cap int) *clients.Client {
	t.Helper()
	c := &clients.Client{Name: "Acme", Status: clients.StatusActive, ICP: TestICP(), Settings: clients.Settings{MonthlyCap: cap}}
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

// InsertSubmission stores an onboarding submission as intake would.
func InsertSubmission(t testing.TB, d *db.DB, kind string, payload map[string]any) string {
	t.Helper()
	b, _ := json.Marshal(payload)
	id := db.NewID()
	_, err := d.Writer.Exec(d.Rebind(`INSERT INTO submissions (id, kind, created_at, email, company, summary, payload, delivery_state)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), id, kind, d.TimeArg(time.Now()), "ops@acme.example", "Acme", "", string(b), "stored_only")
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestBaseURL is the base of the links the tests sign.
const TestBaseURL = "https://signalpipe.example"

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
			sig != SpecSignature(secret, id, ts, body) || r.Header.Get("Content-Type") != "application/json" {
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
	Do(t, h, "POST", "/api/admin/clients/"+clientID+"/channels", `{"kind":"webhook","target":"`+target+`","cadence":"instant"}`, 201, &out)
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

// AccountsNow is the tests' clock.
var AccountsNow = time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)

// SigLead is a lead of one signal type at company, posted days ago.
func SigLead(key, company, email string, t engine.SignalType, days, score int) engine.Lead {
	return engine.Lead{Name: "Person " + key, Title: "Engineer", Company: company, Email: email, Platform: "reddit",
		PostID: key, PostURL: "https://post.example/" + key, Source: "test", IntentScore: score,
		Detection: engine.Detection{SignalType: t}, Signal: "signal " + key,
		PublishedAt: AccountsNow.Add(-time.Duration(days) * 24 * time.Hour)}
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
		ok, err := s.InsertLeadFor(ctx, tx, clientID, nil, nil, l, review, AccountsNow)
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

// AcmeSignals are three signals at Acme from three sources, with three
// spellings of the company: a complaint, a hiring batch, a new VP.
func AcmeSignals() []engine.Lead {
	complaint := SigLead("c1", "Acme, Inc.", "", engine.CompetitorEngagement, 3, 80)
	complaint.Platform, complaint.Title, complaint.Name = "hackernews", "Head of Platform", "Sam Lee"
	complaint.Relevance.Terms = []string{"LaunchDarkly"}
	hiring := SigLead("h1", "Acme Inc", "", engine.HiringActivity, 10, 80)
	hiring.Platform, hiring.Signal = "greenhouse", "Acme is hiring: SRE, Platform Engineer (3 new openings)"
	vp := SigLead("v1", "", "ana@acme.com", engine.JobChange, 20, 80)
	vp.Name, vp.Title, vp.Platform = "Ana Ruiz", "VP Engineering", "linkedin"
	return []engine.Lead{complaint, hiring, vp}
}

// SpecSignature is the Standard Webhooks signature written from the spec,
// apart from the library the sender uses: v1, then base64 of HMAC-SHA256
// over "id.timestamp.body" keyed with the base64-decoded secret.
func SpecSignature(secret, id, ts string, body []byte) string {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return "bad secret"
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id + "." + ts + "." + string(body)))
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// AgencyBrand is an agency's brand as the admin call takes it.
const AgencyBrand = `{"name":"Northwind Leads","logoUrl":"https://cdn.northwind.example/logo.png","primaryColor":"#0A7D52",
	"senderName":"Northwind Leads","senderAddress":"leads@northwind.example","replyTo":"team@northwind.example",
	"portalHost":"leads.northwind.example"}`

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
	Do(t, h, "POST", "/api/admin/clients", `{"name":"Acme","status":"active","icp":{"targetTitles":["VP Sales"],"industries":["Fintech"]}}`, 201, &c)
	if c.Settings.DeliveryMode != clients.ModeReview {
		t.Fatalf("a new client's mode %q, want review", c.Settings.DeliveryMode)
	}
	return &c
}

// AcmeLeads stores, for client c, AcmeSignals, a complaint at Globex, one
// at another "Acme" with its own domain, a pending lead at Initech and a
// lead naming no company. It returns the ids of Acme's leads.
func AcmeLeads(t testing.TB, s *clients.Store, c *clients.Client) []string {
	t.Helper()
	var ids []string
	for _, l := range AcmeSignals() {
		ids = append(ids, PutLead(t, s, c.ID, clients.ReviewApproved, l))
	}
	PutLead(t, s, c.ID, clients.ReviewApproved, SigLead("g1", "Globex Corporation", "", engine.CompetitorEngagement, 3, 80))
	PutLead(t, s, c.ID, clients.ReviewApproved, SigLead("a2", "Acme", "jo@acme.io", engine.TechResearch, 5, 60))
	PutLead(t, s, c.ID, clients.ReviewPending, SigLead("i1", "Initech LLC", "", engine.CompetitorEngagement, 1, 90))
	PutLead(t, s, c.ID, clients.ReviewApproved, SigLead("n1", "", "someone@gmail.com", engine.TechResearch, 1, 90))
	return ids
}

// FullOnboarding is an answer set with every mapped field, in the shapes
// intake stores (lists as arrays, monthly_lead_goal a number).
func FullOnboarding() map[string]any {
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

// MailSender is a real sender to the SMTP server at smtpURL (trusting tc),
// from the product's address.
func MailSender(t testing.TB, smtpURL string, tc *tls.Config, timeout time.Duration) *mail.SMTP {
	t.Helper()
	sv, err := mail.ParseURL(smtpURL)
	if err != nil {
		t.Fatal(err)
	}
	sender, err := mail.New(mail.Options{Server: sv, From: "Signalpipe <leads@signalpipe.example>", Timeout: timeout, TLSConfig: tc})
	if err != nil {
		t.Fatal(err)
	}
	return sender
}
