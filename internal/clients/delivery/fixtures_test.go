package delivery

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/clientstest"
	"github.com/signalpipe/signalpipe/internal/clients/clientstest/fixture"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// The fixtures shared with the other clients packages' tests are in
// internal/clients/clientstest; what follows is this package's.

func addPosts(t testing.TB, e *env, posts ...engine.Post) { t.Helper(); e.base.AddPosts(t, posts...) }

const testBaseURL = fixture.TestBaseURL

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
	sender := fixture.MailSender(t, smtpURL, tc, timeout)
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

func linkPath(u string) string { return strings.TrimPrefix(u, testBaseURL) }

// accountsNow is the tests' clock.
var accountsNow = fixture.AccountsNow

var sigLead = fixture.SigLead

func putLead(t testing.TB, s *Store, clientID, review string, l engine.Lead) string {
	t.Helper()
	return clientstest.PutLead(t, s.Store, clientID, review, l)
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
	clientstest.SetStatus(t, s.Store, id, status)
}

var acmeSignals = fixture.AcmeSignals

var specSignature = fixture.SpecSignature

const agencyBrand = fixture.AgencyBrand

var noDefaultBrand = clientstest.NoDefaultBrand

func reviewClient(t *testing.T, e *env) *clients.Client {
	t.Helper()
	return clientstest.ReviewClient(t, e.h)
}

var fullOnboarding = fixture.FullOnboarding
