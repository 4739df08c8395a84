package portal

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/mail/mailtest"
)

// TestBrandedInviteAndPortal: with a brand set, the invite comes from the
// brand's sender with its Reply-To and a link under the portal host, and
// says nothing of Signalpipe; the public brand call answers the brand of
// the client whose portal host the request came to.
func TestBrandedInviteAndPortal(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := mailtest.Start(t, mailtest.Options{})
		e := mailEnv(t, d, srv.URL(), srv.TLSConfig(), 5*time.Second)
		svc := auth.NewService(auth.NewStore(d).ForRole(auth.RoleClient), auth.Options{BaseURL: portalBase, SessionTTL: time.Hour})
		mux := http.NewServeMux()
		p := NewPortal(e.store, svc, portalBase).WithDelivery(e.delivery)
		g := p.Guards()
		g.Admin = func(h http.Handler) http.Handler { return h }
		httpx.MountMux(mux, g, p.Routes()...)
		e.do(t, "PUT", "/api/admin/brand", agencyBrand, 200, nil)
		c := newClient(t, e.store, 0)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"brand":{"name":"Acme Growth","portalHost":"leads.acme.example"}}}`, 200, nil)
		var out struct{ URL string }
		rec := httpxtest.Do(mux, "POST", "/api/admin/clients/"+c.ID+"/invites", sameSite, `{"email":"ana@acme.example"}`)
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || !strings.HasPrefix(out.URL, "https://leads.acme.example"+InvitePath) {
			t.Fatalf("invite: %d %s", rec.Code, rec.Body)
		}
		m := srv.Wait(t, 1, 10*time.Second)[0]
		if m.From != "leads@northwind.example" || !strings.Contains(m.Header.Get("From"), "Northwind Leads") ||
			!strings.Contains(m.Header.Get("Reply-To"), "team@northwind.example") || !strings.Contains(m.Text, out.URL) {
			t.Errorf("invite From %q (%q) Reply-To %q:\n%s", m.From, m.Header.Get("From"), m.Header.Get("Reply-To"), m.Text)
		}
		noDefaultBrand(t, "the invite", m.Header.Get("From")+m.Header.Get("Subject")+m.Text+m.HTML)

		for host, want := range map[string]string{"leads.acme.example": "Acme Growth", "other.example": "Northwind Leads"} {
			req := httptest.NewRequest("GET", "/api/client/brand", nil)
			req.Host = host
			w := httptest.NewRecorder()
			mux.ServeHTTP(w, req)
			var b map[string]string
			if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &b) != nil || b["name"] != want || b["primaryColor"] != "#0a7d52" {
				t.Errorf("brand at %s: %d %s, want %s", host, w.Code, w.Body, want)
			}
		}
	})
}
