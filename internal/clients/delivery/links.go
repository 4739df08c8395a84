package delivery

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Signed links in emails and Slack messages (docs/clients.md "Delivery"):
// Good, Noise and (emails) unsubscribe. A link is /l/<action>.<delivery
// id>.<signature>: the signature is HMAC-SHA256 (first 16 bytes, base64url)
// of "link.v1.<action>.<delivery id>" keyed with the server's link secret
// (kept in the database, the same on every instance). The delivery id
// names the client, the channel and the lead, so a link needs no login and
// works for as long as the lead exists. GET only shows a page with a
// button; the POST of that button (or a mail client's RFC 8058 one-click
// POST) records the verdict, so mail scanners that fetch every link
// record nothing. Recording is idempotent.

// Link actions.
const (
	LinkGood        = "good"
	LinkNoise       = "noise"
	LinkUnsubscribe = "unsubscribe"

	// LinkSecretKey is the app_meta key of the link secret.
	LinkSecretKey = "link_secret"
	// LinkPath is where the links are served.
	LinkPath = "/l/"
	// maxLinkBody bounds a link's POST (a one-click form is 26 bytes).
	maxLinkBody = 4 << 10
)

var linkCodes = map[string]string{LinkGood: "g", LinkNoise: "n", LinkUnsubscribe: "u"}

// Links makes and checks signed links. Its key is loaded on first use
// (from the database; a server on a read-only database still starts) and
// kept.
type Links struct {
	load    func(context.Context) ([]byte, error)
	baseURL string
	mu      sync.Mutex
	key     []byte
}

// NewLinks returns the signer of links under baseURL (BASE_URL) with the
// key load returns (e.g. db.Secret of LinkSecretKey).
func NewLinks(load func(context.Context) ([]byte, error), baseURL string) *Links {
	return &Links{load: load, baseURL: strings.TrimRight(baseURL, "/")}
}

// StaticKey is a key loader that always returns key.
func StaticKey(key []byte) func(context.Context) ([]byte, error) {
	return func(context.Context) ([]byte, error) { return key, nil }
}

func (l *Links) keyFor(ctx context.Context) ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.key == nil {
		k, err := l.load(ctx)
		if err != nil {
			return nil, fmt.Errorf("link key: %w", err)
		}
		l.key = k
	}
	return l.key, nil
}

func sign(key []byte, code, deliveryID string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("link.v1." + code + "." + deliveryID))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// URL is the absolute link of action on delivery deliveryID.
func (l *Links) URL(ctx context.Context, action, deliveryID string) (string, error) {
	key, err := l.keyFor(ctx)
	if err != nil {
		return "", err
	}
	code := linkCodes[action]
	return l.baseURL + LinkPath + code + "." + deliveryID + "." + sign(key, code, deliveryID), nil
}

// parse checks token's signature and returns its action and delivery id.
func (l *Links) parse(ctx context.Context, token string) (action, deliveryID string, ok bool, err error) {
	code, rest, ok1 := strings.Cut(token, ".")
	id, sig, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || id == "" || len(token) > 200 {
		return "", "", false, nil
	}
	key, err := l.keyFor(ctx)
	if err != nil {
		return "", "", false, err
	}
	for a, c := range linkCodes {
		if c == code && hmac.Equal([]byte(sig), []byte(sign(key, code, id))) {
			return a, id, true, nil
		}
	}
	return "", "", false, nil
}

// forDelivery makes a delivery's links (none without Links).
func (l *Links) forDelivery(ctx context.Context, deliveryID string) (clients.FeedbackLinks, error) {
	var out clients.FeedbackLinks
	if l == nil {
		return out, nil
	}
	for _, x := range []struct {
		action string
		to     *string
	}{{LinkGood, &out.Good}, {LinkNoise, &out.Noise}, {LinkUnsubscribe, &out.Unsubscribe}} {
		u, err := l.URL(ctx, x.action, deliveryID)
		if err != nil {
			return clients.FeedbackLinks{}, err
		}
		*x.to = u
	}
	return out, nil
}

// LinkRoutes is the route table of the signed links: public, outside
// /api/ (they answer HTML pages), body-limited and rate-limited per client.
func (d *Delivery) LinkRoutes() []httpx.Route {
	h := http.HandlerFunc(d.link)
	pub := httpx.AccessPublic
	return []httpx.Route{
		{Method: "GET", Path: LinkPath + "{token}", Handler: h, Access: pub, BodyLimit: maxLinkBody, RateLimit: d.opt.LinkLimit, OperationID: "showSignedLink"},
		{Method: "POST", Path: LinkPath + "{token}", Handler: h, Access: pub, BodyLimit: maxLinkBody, RateLimit: d.opt.LinkLimit, OperationID: "recordSignedLink"},
	}
}

var linkPage = template.Must(template.New("link").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}} · {{.Brand.Name}}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #111">
{{if .Brand.Set}}<p style="display: flex; align-items: center; gap: .5rem; margin: 0 0 2rem; font-weight: 600{{if .Brand.Colour}}; color: {{.Brand.Colour}}{{end}}">{{if .Brand.Logo}}<img src="{{.Brand.Logo}}" alt="" style="max-height: 2rem">{{end}}{{.Brand.Name}}</p>{{end}}
<h1 style="font-size: 1.4rem">{{.Title}}</h1>
{{if .Who}}<p><strong>{{.Who}}</strong>{{if .Signal}}: “{{.Signal}}”{{end}}</p>{{end}}
<p>{{.Text}}</p>
{{if .Button}}<form method="post">{{if .AskReason}}<p><label for="reason">Why? (optional)</label><br>
<textarea id="reason" name="reason" maxlength="500" rows="3" style="width: 100%; font: inherit">{{.Reason}}</textarea></p>{{end}}
<button type="submit" style="font-size: 1rem; padding: .6rem 1.2rem{{if .Brand.Colour}}; background: {{.Brand.Colour}}; color: #fff; border: 0; border-radius: .375rem{{end}}">{{.Button}}</button></form>{{end}}
</body></html>
`))

type linkView struct {
	Title, Who, Signal, Text, Button string
	// AskReason shows the optional reason box (Good / Noise), Reason its
	// current text.
	AskReason bool
	Reason    string
	// Brand is the client's (docs/clients.md "White-label"): its name in
	// the title, and with a name, logo or colour set, a header.
	Brand linkBrand
}

// linkBrand is what a signed link's page shows of the brand.
type linkBrand struct {
	Name, Logo string
	// Colour is a checked hex colour (parseBrand), safe in a style.
	Colour template.CSS
	Set    bool
}

func linkBrandOf(b clients.Brand) linkBrand {
	return linkBrand{Name: b.DisplayName(), Logo: b.LogoURL, Colour: template.CSS(b.PrimaryColor),
		Set: b.Name != "" || b.LogoURL != "" || b.PrimaryColor != ""}
}

// link serves GET (a page with a button) and POST (record) of a signed
// link. A wrong signature and an unknown delivery are both 404.
func (d *Delivery) link(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("X-Robots-Tag", "noindex")
	// The agency's brand until the delivery names the client.
	lb := linkBrandOf(clients.Brand{})
	if b, err := d.store.AgencyBrand(r.Context()); err == nil {
		lb = linkBrandOf(b)
	}
	render := func(status int, v linkView) {
		v.Brand = lb
		renderLink(w, status, v)
	}
	notFound := func() {
		render(http.StatusNotFound, linkView{Title: "This link is not valid", Text: "It may have been cut short by your mail program, or the lead was removed."})
	}
	if d.opt.Links == nil {
		notFound()
		return
	}
	action, id, ok, err := d.opt.Links.parse(r.Context(), r.PathValue("token"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	if !ok {
		notFound()
		return
	}
	p, err := d.store.loadDelivery(r.Context(), id)
	if errors.Is(err, clients.ErrNotFound) {
		notFound()
		return
	}
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	if b, err := d.store.BrandFor(r.Context(), p.clientID); err == nil {
		lb = linkBrandOf(b)
	}
	lead, err := d.store.Lead(r.Context(), p.clientID, p.leadID)
	if errors.Is(err, clients.ErrNotFound) {
		notFound()
		return
	}
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	// Good / Noise write the client's feedback (and retune its agents), so
	// they follow the portal's and API's status policy (policy.go) for
	// GET and POST alike: no page offers a button that cannot work. The
	// unsubscribe link is the recipient's, and always works.
	if action != LinkUnsubscribe {
		st, err := d.store.ClientStatus(r.Context(), p.clientID)
		if errors.Is(err, clients.ErrNotFound) {
			st = clients.StatusChurned
		} else if err != nil {
			clients.Answer(w, r, err)
			return
		}
		if code, msg := clients.StatusAllows(st, http.MethodPost); code != 0 {
			render(code, linkView{Title: "This link cannot be used now", Text: msg})
			return
		}
	}
	var el engine.Lead
	_ = json.Unmarshal(lead.Lead, &el)
	v := linkView{Who: leadWho(el), Signal: clients.Clip(el.Signal, 280)}
	if r.Method == http.MethodGet {
		switch action {
		case LinkUnsubscribe:
			v.Title, v.Text, v.Button = "Stop these emails?", "No more leads will be emailed to "+p.channel.Target+" from this channel.", "Unsubscribe"
			v.Who, v.Signal = "", ""
		default:
			v.Title, v.Text, v.Button = "Mark this lead as "+action+"?", "Your answer tunes which leads you get.", "Mark as "+action
			v.AskReason = true
			if lead.Feedback != nil && lead.Feedback.Verdict == action {
				v.Reason = lead.Feedback.Reason
			}
		}
		render(http.StatusOK, v)
		return
	}
	log := httpx.Logger(r.Context()).With("client", p.clientID, "lead", p.leadID, "channel", p.channel.ID)
	if action == LinkUnsubscribe {
		changed, err := d.store.unsubscribe(r.Context(), p.channel.ID, d.store.Now())
		if err != nil {
			clients.Answer(w, r, err)
			return
		}
		if changed {
			log.Info("channel unsubscribed by its recipient")
		}
		render(http.StatusOK, linkView{Title: "Unsubscribed", Text: "No more leads will be emailed from this channel. Your account manager can turn it back on."})
		return
	}
	// An optional reason from the page's box (stored with the feedback);
	// none given keeps the one recorded before.
	given := strings.TrimSpace(r.PostFormValue("reason"))
	if utf8.RuneCountInString(given) > clients.MaxReason {
		render(http.StatusBadRequest, linkView{Title: "That reason is too long", Text: fmt.Sprintf("Keep it to %d characters, go back and try again.", clients.MaxReason)})
		return
	}
	if lead.Feedback == nil || lead.Feedback.Verdict != action || given != "" && given != lead.Feedback.Reason { // the same again: nothing to write
		reason := given
		if reason == "" && lead.Feedback != nil {
			reason = lead.Feedback.Reason
		}
		if _, err := d.store.UpdateLead(r.Context(), p.clientID, p.leadID, clients.LeadEdit{Feedback: &clients.Feedback{Verdict: action, Reason: reason}}); err != nil {
			clients.Answer(w, r, err)
			return
		}
		log.Info("lead feedback from a link", "verdict", action)
	}
	v.Title, v.Text = "Thanks: marked as "+action, "Your answer is recorded; you can change it from the same message."
	render(http.StatusOK, v)
}

func renderLink(w http.ResponseWriter, status int, v linkView) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = linkPage.Execute(w, v)
}

// leadWho is "Name, Title at Company" (what is known of it).
func leadWho(l engine.Lead) string {
	who := l.Name
	if who == "" {
		who = "Someone"
	}
	if l.Title != "" {
		who += ", " + l.Title
	}
	if l.Company != "" {
		who += " at " + l.Company
	}
	return who
}

// unsubscribe disables an active channel (its recipient unsubscribed) and
// reports whether it did; a channel already disabled stays as it is.
func (s *Store) unsubscribe(ctx context.Context, channelID string, now time.Time) (bool, error) {
	var res sql.Result
	res, err := s.DB().Writer.ExecContext(ctx, s.DB().Rebind(`UPDATE client_channels SET status = ?, disabled_reason = ?, updated_at = ?
		WHERE id = ? AND status = ?`), clients.ChannelDisabled, fmt.Sprintf("the recipient unsubscribed at %s", now.UTC().Format(time.RFC3339)),
		s.DB().TimeArg(now), channelID, clients.ChannelActive)
	if err != nil {
		return false, fmt.Errorf("unsubscribe: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
