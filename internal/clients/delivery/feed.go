package delivery

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gorilla/feeds"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// A client's Atom feed at a secret URL (docs/clients.md "Delivery"): one
// feed a client, its token 32 random bytes (base64url) kept only as its
// SHA-256, so the URL is shown once, when made; making it again rotates it
// (the old URL stops working) and deleting it revokes it. The feed is
// written with github.com/gorilla/feeds.

const (
	// FeedPath is where feeds are served: FeedPath + token + ".atom".
	FeedPath = "/feeds/"
	// feedSize is how many of the client's newest leads a feed carries.
	feedSize = 50
	// feedMaxAge is how long a reader may keep a feed without asking.
	feedMaxAge = 5 * time.Minute
)

// FeedInfo is a client's feed as listed: whether it exists and since when.
type FeedInfo struct {
	Active    bool       `json:"active"`
	CreatedAt *time.Time `json:"createdAt"`
}

func newFeedToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// feedTokenLen is the length of a token newFeedToken makes.
var feedTokenLen = len(newFeedToken())

// RotateFeed makes client clientID's feed token, replacing the one it had,
// and returns it (to be shown once).
func (s *Store) RotateFeed(ctx context.Context, clientID string) (string, time.Time, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return "", time.Time{}, err
	}
	token, now := newFeedToken(), s.Now().UTC()
	_, err := s.DB().Writer.ExecContext(ctx, s.DB().Rebind(`INSERT INTO client_feeds (client_id, token_hash, created_at) VALUES (?, ?, ?)
		ON CONFLICT (client_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at`),
		clientID, auth.HashToken(token), s.DB().TimeArg(now))
	if err != nil {
		return "", time.Time{}, fmt.Errorf("rotate feed: %w", err)
	}
	return token, now, nil
}

// RevokeFeed deletes client clientID's feed; ErrNotFound when it has none.
func (s *Store) RevokeFeed(ctx context.Context, clientID string) error {
	res, err := s.DB().Writer.ExecContext(ctx, s.DB().Rebind(`DELETE FROM client_feeds WHERE client_id = ?`), clientID)
	if err != nil {
		return fmt.Errorf("revoke feed: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return clients.ErrNotFound
	}
	return nil
}

// Feed says whether client clientID has a feed.
func (s *Store) Feed(ctx context.Context, clientID string) (*FeedInfo, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return nil, err
	}
	var at db.Time
	err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT created_at FROM client_feeds WHERE client_id = ?`), clientID).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return &FeedInfo{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load feed: %w", err)
	}
	return &FeedInfo{Active: true, CreatedAt: &at.Time}, nil
}

// feedClient is the client whose feed token is token; ErrNotFound when
// none (a wrong, rotated or revoked token).
func (s *Store) feedClient(ctx context.Context, token string) (*clients.Client, error) {
	var id string
	err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT client_id FROM client_feeds WHERE token_hash = ?`), auth.HashToken(token)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, clients.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("find feed: %w", err)
	}
	return s.Client(ctx, id)
}

// feedURL is the public URL of a feed token on the site at baseURL.
func feedURL(baseURL, token string) string {
	return strings.TrimSuffix(baseURL, "/") + FeedPath + token + ".atom"
}

// tagAuthority is the host of BaseURL for tag URIs (RFC 4151).
func (d *Delivery) tagAuthority() string {
	if u, err := url.Parse(d.opt.BaseURL); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "signalpipe.invalid"
}

// atom writes client c's feed of leads, newest first.
// Its title and author are the client's brand (docs/clients.md
// "White-label"), its links under the brand's portal host.
func (d *Delivery) atom(c *clients.Client, leads []*clients.ClientLead, br clients.Brand) ([]byte, time.Time, error) {
	updated := c.CreatedAt
	if len(leads) > 0 {
		updated = leads[0].CreatedAt
	}
	base := br.Origin(d.opt.BaseURL)
	f := &feeds.Feed{Title: c.Name + " leads · " + br.DisplayName(), Link: &feeds.Link{Href: base + "/portal", Rel: "alternate"},
		Author: &feeds.Author{Name: br.DisplayName()}, Updated: updated.UTC()}
	tag := d.tagAuthority()
	for _, l := range leads {
		var lead engine.Lead
		_ = json.Unmarshal(l.Lead, &lead)
		who := lead.Name
		if who == "" {
			who = "Someone"
		}
		if lead.Company != "" {
			who += " at " + lead.Company
		}
		signal := strings.ReplaceAll(l.SignalType, "_", " ")
		var body strings.Builder
		fmt.Fprintf(&body, "<p><strong>%s</strong> · score %d (%s)</p>", html.EscapeString(signal), l.Score, html.EscapeString(l.Tier))
		if lead.Signal != "" {
			fmt.Fprintf(&body, "<blockquote>%s</blockquote>", html.EscapeString(lead.Signal))
		}
		if len(lead.Fit.Reasons) > 0 {
			body.WriteString("<p>Why:</p><ul>")
			for _, r := range lead.Fit.Reasons {
				fmt.Fprintf(&body, "<li>%s</li>", html.EscapeString(r))
			}
			body.WriteString("</ul>")
		}
		if lead.Draft.Body != "" {
			fmt.Fprintf(&body, "<p>Draft:</p><pre>%s</pre>", html.EscapeString(lead.Draft.Body))
		}
		link := engine.LinkURL(l.URL) // http(s) only: a post's URL is a third party's
		if link == "" {
			link = base + "/portal"
		}
		f.Items = append(f.Items, &feeds.Item{Title: who + " — " + signal, Link: &feeds.Link{Href: link},
			Id:      fmt.Sprintf("tag:%s,%s:lead/%s", tag, l.CreatedAt.UTC().Format(time.DateOnly), l.ID),
			Updated: l.CreatedAt.UTC(), Content: body.String()})
	}
	a := (&feeds.Atom{Feed: f}).AtomFeed()
	a.Id = fmt.Sprintf("tag:%s,%s:feed/%s", tag, c.CreatedAt.UTC().Format(time.DateOnly), c.ID)
	out, err := feeds.ToXML(a)
	if err != nil {
		return nil, time.Time{}, err
	}
	return []byte(out), updated, nil
}

// ServeFeed serves GET /feeds/{file}: the Atom feed of the client whose
// token is the file's name without ".atom"; 404 for any other name. It
// answers conditional requests (ETag, Last-Modified) with 304.
func (d *Delivery) ServeFeed(w http.ResponseWriter, r *http.Request) {
	token, ok := strings.CutSuffix(r.PathValue("file"), ".atom")
	if !ok || len(token) != feedTokenLen || strings.Trim(token, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		http.NotFound(w, r)
		return
	}
	c, err := d.store.feedClient(r.Context(), token)
	// The status policy (policy.go): a churned client's feed is revoked when
	// the status is set; read here too, so a feed outliving a status set a
	// moment ago on another instance is refused like an unknown token. A
	// paused client's feed reads, as its portal and API do.
	if errors.Is(err, clients.ErrNotFound) || err == nil && c.Status == clients.StatusChurned {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	leads, _, err := d.store.Leads(r.Context(), c.ID, clients.LeadFilter{Limit: feedSize, Delivered: true})
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	br, err := d.store.BrandOf(r.Context(), c)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	out, updated, err := d.atom(c, leads, br)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	sum := sha256.Sum256(out)
	h := w.Header()
	h.Set("Content-Type", "application/atom+xml; charset=utf-8")
	h.Set("ETag", `"`+hex.EncodeToString(sum[:16])+`"`)
	h.Set("Cache-Control", fmt.Sprintf("private, max-age=%d", int(feedMaxAge.Seconds())))
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
	http.ServeContent(w, r, "", updated, bytes.NewReader(out))
}

func (d *Delivery) createFeed(w http.ResponseWriter, r *http.Request) {
	token, at, err := d.store.RotateFeed(r.Context(), r.PathValue("id"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("client feed made", "client", r.PathValue("id"))
	br, err := d.store.BrandFor(r.Context(), r.PathValue("id"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"url": feedURL(br.Origin(d.opt.BaseURL), token), "createdAt": at})
}

func (d *Delivery) getFeed(w http.ResponseWriter, r *http.Request) {
	f, err := d.store.Feed(r.Context(), r.PathValue("id"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, f)
}

func (d *Delivery) deleteFeed(w http.ResponseWriter, r *http.Request) {
	if err := d.store.RevokeFeed(r.Context(), r.PathValue("id")); err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("client feed revoked", "client", r.PathValue("id"))
	w.WriteHeader(http.StatusNoContent)
}
