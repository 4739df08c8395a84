// Package bluesky is the Bluesky search source of ingest and the live
// search: Bluesky's searchPosts refuses anonymous calls, so the client
// signs in with an app password (BLUESKY_HANDLE, BLUESKY_APP_PASSWORD;
// com.atproto.server.createSession), searches with the access token
// (app.bsky.feed.searchPosts, newest first, cursor paging) and renews it
// with com.atproto.server.refreshSession when it expires (README.md,
// "Sources").
//
// The session is created once and kept (createSession has a tight rate
// limit of its own); an expired or refused access token (400 ExpiredToken,
// 401) is refreshed once and the request retried, and a refresh token that
// is refused too starts a new session. A 429 pauses the client until its
// RateLimit-Reset (or Retry-After); an answer leaving RateLimit-Remaining
// at 0 pauses it until the reset; at most PerMinute requests a minute.
package bluesky

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// Name is the source's name in stored posts and job statuses.
const Name = "bluesky"

const (
	maxTerms    = 3
	maxPages    = 2
	pageSize    = 100 // searchPosts' largest page
	maxBody     = 8 << 20
	defaultWait = time.Minute
	maxWait     = time.Hour
)

// limits are Bluesky's rate-limit headers (RateLimit-Remaining, and
// RateLimit-Reset as a Unix time).
var limits = remote.Limits{Remaining: "RateLimit-Remaining", Reset: "RateLimit-Reset", Format: remote.ResetUnixSeconds, Default: defaultWait, Max: maxWait}

// ErrBudget means the budget or a pause left no request to send.
var ErrBudget = errors.New("bluesky: rate budget spent")

// Client searches Bluesky as the app password's account.
type Client struct {
	Handle, AppPassword string
	// BaseURL is the account's PDS or the entryway (https://bsky.social),
	// which serves the session calls and proxies searchPosts.
	BaseURL string
	// PerMinute is the request budget (60; Bluesky allows 3,000 per 5
	// minutes per address).
	PerMinute int
	// HTTP defaults to a remote.NewHTTPClient with a 10 s timeout.
	HTTP *http.Client

	now     func() time.Time
	mu      sync.Mutex
	budget  remote.Budget
	access  string
	refresh string
	// sessionMu makes one caller create or refresh the session at a time.
	sessionMu sync.Mutex
	// refused is a refused sign-in, answered again until refusedUntil
	// instead of asking createSession (rate limited on its own) per query.
	refused      error
	refusedUntil time.Time
}

// RefusedFor is how long a refused sign-in is not tried again.
const RefusedFor = 15 * time.Minute

// New returns a client for the account.
func New(handle, appPassword string) *Client {
	return &Client{Handle: handle, AppPassword: appPassword, BaseURL: "https://bsky.social", PerMinute: 60,
		HTTP: remote.NewHTTPClient(10 * time.Second), now: time.Now}
}

var _ search.Source = (*Client)(nil)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// SearchQuery is the searchPosts expression for the query's first terms:
// each quoted, joined by OR (Lucene syntax, which searchPosts recommends).
func SearchQuery(q search.Query) string { return q.QuotedOR(maxTerms) }

// Find implements search.Source: the newest posts matching the query, up
// to two pages (the answer's cursor), at most limit. A failure after the
// first page keeps what arrived.
func (c *Client) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	expr := SearchQuery(q)
	if expr == "" || limit <= 0 {
		return nil, nil
	}
	v := url.Values{"q": {expr}, "sort": {"latest"}, "limit": {strconv.Itoa(min(pageSize, limit))}}
	var out []engine.Post
	seen := map[string]bool{}
	for page := 1; page <= maxPages && len(out) < limit; page++ {
		var r result
		if err := c.call(ctx, c.BaseURL+"/xrpc/app.bsky.feed.searchPosts?"+v.Encode(), &r); err != nil {
			if len(out) > 0 {
				return out, nil
			}
			return nil, err
		}
		for _, pv := range r.Posts {
			if p, ok := pv.post(); ok && !seen[p.ID] {
				seen[p.ID] = true
				out = append(out, p)
			}
		}
		if r.Cursor == "" || len(r.Posts) == 0 {
			break
		}
		v.Set("cursor", r.Cursor)
	}
	return out[:min(len(out), limit)], nil
}

// result is searchPosts' output (lexicons/app/bsky/feed/searchPosts.json:
// cursor, hitsTotal, posts of app.bsky.feed.defs#postView).
type result struct {
	Cursor    string     `json:"cursor"`
	HitsTotal int        `json:"hitsTotal"`
	Posts     []postView `json:"posts"`
}

type postView struct {
	URI    string `json:"uri"`
	CID    string `json:"cid"`
	Author struct {
		DID         string `json:"did"`
		Handle      string `json:"handle"`
		DisplayName string `json:"displayName"`
	} `json:"author"`
	Record struct {
		Type      string    `json:"$type"`
		Text      string    `json:"text"`
		CreatedAt time.Time `json:"createdAt"`
	} `json:"record"`
	IndexedAt time.Time `json:"indexedAt"`
}

// post maps a postView; the URL names the author by DID
// (bsky.app/profile/<did>/post/<rkey>), as the Jetstream source does, so
// one post found by both is stored once.
func (pv postView) post() (engine.Post, bool) {
	const prefix = "at://"
	rest, ok := strings.CutPrefix(pv.URI, prefix)
	parts := strings.Split(rest, "/")
	if !ok || len(parts) != 3 || parts[1] != "app.bsky.feed.post" || parts[2] == "" || strings.TrimSpace(pv.Record.Text) == "" {
		return engine.Post{}, false
	}
	did := pv.Author.DID
	if did == "" {
		did = parts[0]
	}
	at := pv.Record.CreatedAt
	if at.IsZero() || (!pv.IndexedAt.IsZero() && at.After(pv.IndexedAt.Add(time.Hour))) {
		at = pv.IndexedAt // a client-set createdAt in the future is not trusted
	}
	author := strings.TrimSpace(pv.Author.DisplayName)
	if author == "" {
		author = pv.Author.Handle
	}
	p := engine.Post{ID: did + "/" + parts[2], Source: Name, Platform: "bluesky", URL: "https://bsky.app/profile/" + did + "/post/" + parts[2],
		Author: author, Text: strings.TrimSpace(pv.Record.Text), PublishedAt: at.UTC(), Profile: map[string]string{"did": did}}
	if pv.Author.Handle != "" {
		p.Profile["handle"] = "@" + pv.Author.Handle
		p.Profile["profile"] = "https://bsky.app/profile/" + pv.Author.Handle
	}
	return p, true
}

// xrpcError is an XRPC error body: {"error": "ExpiredToken", "message": …}.
type xrpcError struct {
	Error   string `json:"error"`
	Message string `json:"message"`
}

// call GETs an XRPC query with the session's access token, refreshing
// the session once when the token is expired or refused.
func (c *Client) call(ctx context.Context, u string, into any) error {
	for attempt := range 2 {
		tok, err := c.session(ctx)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		res, body, err := c.do(req)
		if err != nil {
			return err
		}
		if expired(res.StatusCode, body) {
			if attempt == 0 {
				c.drop(tok)
				continue
			}
			return errors.New("bluesky: the session's token was refused twice")
		}
		if err := c.status(res, body); err != nil {
			return err
		}
		if err := json.Unmarshal(body, into); err != nil {
			return fmt.Errorf("bluesky: malformed answer: %w", err)
		}
		return nil
	}
	return nil
}

// expired reports an answer saying the access token is expired or invalid.
func expired(status int, body []byte) bool {
	if status == http.StatusUnauthorized {
		return true
	}
	var e xrpcError
	_ = json.Unmarshal(body, &e)
	return status == http.StatusBadRequest && (e.Error == "ExpiredToken" || e.Error == "InvalidToken")
}

// drop forgets an access token that was refused, so the next session call
// refreshes it (unless another caller already did).
func (c *Client) drop(tok string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.access == tok {
		c.access = ""
	}
}

// session returns the access token: the kept one, else a refreshed one
// (refreshSession with the refresh token), else a new session
// (createSession with the app password).
func (c *Client) session(ctx context.Context) (string, error) {
	c.sessionMu.Lock()
	defer c.sessionMu.Unlock()
	c.mu.Lock()
	access, refresh := c.access, c.refresh
	c.mu.Unlock()
	if access != "" {
		return access, nil
	}
	if c.refused != nil && c.now().Before(c.refusedUntil) {
		return "", c.refused
	}
	if refresh != "" {
		tok, err := c.newSession(ctx, "com.atproto.server.refreshSession", nil, refresh)
		if err == nil {
			return tok, nil
		}
		var refused *refusedError
		if !errors.As(err, &refused) {
			return "", err
		}
		// The refresh token is expired or revoked: sign in again.
	}
	body, _ := json.Marshal(map[string]string{"identifier": c.Handle, "password": c.AppPassword})
	tok, err := c.newSession(ctx, "com.atproto.server.createSession", body, "")
	var refused *refusedError
	if errors.As(err, &refused) {
		c.refused, c.refusedUntil = fmt.Errorf("%w (not tried again before %s)", err, c.now().Add(RefusedFor).UTC().Format(time.RFC3339)), c.now().Add(RefusedFor)
	} else if err == nil {
		c.refused = nil
	}
	return tok, err
}

type refusedError struct{ msg string }

func (e *refusedError) Error() string { return e.msg }

// newSession POSTs a session call and keeps the tokens it answers
// (docs.bsky.app/docs/api/com-atproto-server-create-session: accessJwt,
// refreshJwt, handle, did, …).
func (c *Client) newSession(ctx context.Context, method string, body []byte, bearer string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/xrpc/"+method, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	res, answer, err := c.do(req)
	if err != nil {
		return "", err
	}
	if res.StatusCode == http.StatusUnauthorized || expired(res.StatusCode, answer) {
		var e xrpcError
		_ = json.Unmarshal(answer, &e)
		if bearer == "" {
			return "", &refusedError{fmt.Sprintf("bluesky: sign-in refused (status %d %s): check BLUESKY_HANDLE and BLUESKY_APP_PASSWORD",
				res.StatusCode, remote.Clip(e.Error, 60))}
		}
		return "", &refusedError{fmt.Sprintf("bluesky: session refresh refused (status %d %s)", res.StatusCode, remote.Clip(e.Error, 60))}
	}
	if err := c.status(res, answer); err != nil {
		return "", err
	}
	var s struct {
		AccessJwt  string `json:"accessJwt"`
		RefreshJwt string `json:"refreshJwt"`
	}
	if err := json.Unmarshal(answer, &s); err != nil {
		return "", fmt.Errorf("bluesky: malformed session answer: %w", err)
	}
	if s.AccessJwt == "" || s.RefreshJwt == "" {
		return "", errors.New("bluesky: malformed session answer: no tokens")
	}
	c.mu.Lock()
	c.access, c.refresh = s.AccessJwt, s.RefreshJwt
	c.mu.Unlock()
	return s.AccessJwt, nil
}

func (c *Client) take() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.budget.Take(c.now(), c.PerMinute)
}

func (c *Client) pause(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.budget.Pause(c.now().Add(d))
}

// do sends a request within the budget and reads the answer; rate-limit
// headers pause the client.
func (c *Client) do(req *http.Request) (*http.Response, []byte, error) {
	if at, ok := c.take(); !ok {
		return nil, nil, fmt.Errorf("%w until %s", ErrBudget, at.UTC().Format(time.RFC3339))
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return nil, nil, fmt.Errorf("bluesky: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return nil, nil, fmt.Errorf("bluesky: read: %w", err)
	}
	if a := limits.Read(http.StatusOK, res.Header, c.now()); a.Exhausted {
		c.pause(a.Wait)
	}
	return res, body, nil
}

// status turns an answer other than 200 into an error; a 429 pauses the
// client.
func (c *Client) status(res *http.Response, body []byte) error {
	var e xrpcError
	_ = json.Unmarshal(body, &e)
	msg := ""
	if e.Error != "" || e.Message != "" {
		msg = ": " + remote.Clip(strings.TrimSpace(e.Error+" "+e.Message), 200)
	}
	switch s := res.StatusCode; {
	case s == http.StatusOK:
		return nil
	case s == http.StatusTooManyRequests:
		wait := limits.Read(s, res.Header, c.now()).Wait
		c.pause(wait)
		return fmt.Errorf("bluesky: rate limited for %s%s", wait, msg)
	case s == http.StatusForbidden:
		return fmt.Errorf("bluesky: forbidden (status 403)%s", msg)
	}
	return remote.StatusError("bluesky", res.StatusCode, msg)
}
