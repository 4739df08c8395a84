package portal

import (
	"context"
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/clientstest"
	"github.com/signalpipe/signalpipe/internal/clients/clientstest/fixture"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// The fixtures shared with the other clients packages' tests are in
// internal/clients/clientstest; what follows is this package's.

func addPosts(t testing.TB, e *env, posts ...engine.Post) { t.Helper(); e.base.AddPosts(t, posts...) }

const testBaseURL = fixture.TestBaseURL

var testLinks = delivery.NewLinks(delivery.StaticKey([]byte("0123456789abcdef0123456789abcdef")), testBaseURL)

// linkURL is testLinks' link of action on delivery id.
func linkURL(l *delivery.Links, action, id string) string {
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
	sender := fixture.MailSender(t, smtpURL, tc, timeout)
	return newEnvDelivery(t, d, nil, delivery.DeliveryOptions{Mail: sender, MailTimeout: timeout, BaseURL: testBaseURL, Links: testLinks})
}

// receiver is a webhook endpoint that verifies every request's signature
// and answers with answer(n) for its n-th request (from 1).
type receiver = clientstest.Receiver

func newReceiver(t *testing.T, answer func(n int, w http.ResponseWriter)) *receiver {
	return clientstest.NewReceiver(t, answer)
}

var ok200 = clientstest.OK200

// addChannel makes a webhook channel through the admin call and gives the
// receiver its secret.
func addChannel(t *testing.T, e *env, clientID, target string, rc *receiver) string {
	t.Helper()
	return clientstest.AddChannel(t, e.h, clientID, target, rc)
}

var waitFor = fixture.WaitFor

var countDeliveries = clientstest.CountDeliveries

// accountsNow is the tests' clock.
var accountsNow = fixture.AccountsNow

var sigLead = fixture.SigLead

func putLead(t testing.TB, s *Store, clientID, review string, l engine.Lead) string {
	t.Helper()
	return clientstest.PutLead(t, s.Store, clientID, review, l)
}

func getFeed(e *env, path string, headers map[string]string) *httptest.ResponseRecorder {
	return httpxtest.Do(e.h, "GET", path, headers, "")
}

func setStatus(t *testing.T, s *Store, id, status string) {
	t.Helper()
	clientstest.SetStatus(t, s.Store, id, status)
}

// acmeLeads stores, for client c, acmeSignals, a complaint at Globex, one
// at another "Acme" with its own domain, a pending lead at Initech and a
// lead naming no company. It returns the ids of Acme's leads.
func acmeLeads(t testing.TB, s *Store, c *clients.Client) []string {
	t.Helper()
	return clientstest.AcmeLeads(t, s.Store, c)
}

var acmeSignals = fixture.AcmeSignals

var specSignature = fixture.SpecSignature

const agencyBrand = fixture.AgencyBrand

var noDefaultBrand = clientstest.NoDefaultBrand

func reviewClient(t *testing.T, e *env) *clients.Client {
	t.Helper()
	return clientstest.ReviewClient(t, e.h)
}
