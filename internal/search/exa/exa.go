// Package exa is the Exa Websets source of the live search and of ingest:
// it creates a webset from the search's query (with an externalId, so a
// retried create finds the first one instead of paying twice), waits for it
// to go idle, pages through its items and turns them into posts.
//
// API: https://exa.ai/docs/websets/api (POST /websets/v0/websets, GET
// /websets/v0/websets/{id or externalId}, GET .../{id}/items with cursor
// paging); the key goes in the x-api-key header.
package exa

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// DefaultBaseURL is Exa's API origin.
const DefaultBaseURL = "https://api.exa.ai"

// Name is the source's name in a job's sources and in stored posts.
const Name = "exa"

const (
	// maxCount caps the items one webset is asked to find: Exa bills per
	// item, and a search reads at most a hundred posts per source anyway.
	maxCount = 100
	// maxQuery is Exa's limit on a search query's length.
	maxQuery = 5000
	// pageSize is the largest page the items call returns (its limit
	// parameter allows 1-200).
	pageSize = 200
)

// ErrUnauthorized means Exa rejected the API key.
var ErrUnauthorized = errors.New("exa: the API key was rejected; check EXA_API_KEY")

// Client talks to the Exa Websets API.
type Client struct {
	// BaseURL defaults to DefaultBaseURL.
	BaseURL string
	// Key is the API key (EXA_API_KEY).
	Key string
	// HTTP defaults to a remote.NewHTTPClient with a 30 s timeout per request.
	HTTP *http.Client
	// PollInterval is the wait between status checks (2 s).
	PollInterval time.Duration
	// MaxWait bounds how long Find waits for the webset to go idle (45 s,
	// inside a search's 60 s budget). Websets keep adding items while they
	// run, so after MaxWait Find reads the items found so far.
	MaxWait time.Duration
	// MaxAttempts bounds the tries of one request on 429, 5xx and network
	// errors (3).
	MaxAttempts int
	// MaxRetryAfter is the longest Retry-After honoured (20 s); a longer one
	// fails the request at once.
	MaxRetryAfter time.Duration

	sleep func(ctx context.Context, d time.Duration) error
	now   func() time.Time
}

// New returns a client for baseURL ("" for Exa's) with key.
func New(baseURL, key string) *Client {
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), Key: key,
		HTTP: remote.NewHTTPClient(30 * time.Second), PollInterval: 2 * time.Second,
		MaxWait: 45 * time.Second, MaxAttempts: 3, MaxRetryAfter: 20 * time.Second,
		sleep: remote.Sleep, now: time.Now}
}

var _ search.Source = (*Client)(nil)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// Find implements search.Source: one webset for q, at most limit items
// (capped at 100).
func (c *Client) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	if q.Empty() || limit <= 0 {
		return nil, nil
	}
	if c.Key == "" {
		return nil, ErrUnauthorized
	}
	query, count := queryText(q), min(limit, maxCount)
	ws, err := c.create(ctx, query, count, c.externalID(ctx, query, count))
	if err != nil {
		return nil, err
	}
	if ws, err = c.waitIdle(ctx, ws); err != nil {
		return nil, err
	}
	items, err := c.items(ctx, ws.ID, count)
	if err != nil {
		return nil, err
	}
	titles := ws.enrichmentKeys()
	posts := make([]engine.Post, 0, len(items))
	for _, it := range items {
		if p, ok := it.post(titles); ok {
			posts = append(posts, p)
		}
	}
	return posts, nil
}

// queryText turns the query's terms into one natural-language query, the
// form Websets expects, within its length limit.
func queryText(q search.Query) string {
	s := strings.Join(q.Terms, "; ")
	if len(s) <= maxQuery {
		return s
	}
	if i := strings.LastIndex(s[:maxQuery], ";"); i > 0 {
		return s[:i]
	}
	return strings.ToValidUTF8(s[:maxQuery], "")
}

// externalID names the webset for this job, query and count, so a retried
// job (or a retried create whose answer was lost) reuses the first webset.
// Outside a job (a CLI search) the UTC day stands in for the job: the same
// query on the same day reuses the day's webset rather than buying it again.
func (c *Client) externalID(ctx context.Context, query string, count int) string {
	key := search.JobKey(ctx)
	if key == "" {
		key = "day:" + c.now().UTC().Format(time.DateOnly)
	}
	sum := sha256.Sum256([]byte(key + "\x00" + query + "\x00" + strconv.Itoa(count)))
	return "signalpipe-" + hex.EncodeToString(sum[:20])
}

// enrichment is one of CreateWebsetParameters.enrichments
// (https://exa.ai/docs/websets/api/websets/create-a-webset): what to find
// for every item, and the answer's format.
type enrichment struct {
	Description string `json:"description"`
	Format      string `json:"format"`
}

// The enrichments every webset asks for, so an Exa lead carries a way to
// reach the person and the company they work at. Exa returns their results
// on each item, keyed by the enrichment's id (see webset.enrichmentKeys).
var (
	emailEnrichment   = enrichment{Description: "Work email address of the person, or of the company's contact for a company", Format: "email"}
	companyEnrichment = enrichment{Description: "Name of the company the person works at, or the company's own name", Format: "text"}
	enrichments       = []enrichment{emailEnrichment, companyEnrichment}
)

// create makes the webset, or fetches it when one with this externalId
// already exists (409).
func (c *Client) create(ctx context.Context, query string, count int, externalID string) (*webset, error) {
	body := map[string]any{"search": map[string]any{"query": query, "count": count}, "externalId": externalID,
		"enrichments": enrichments}
	var ws webset
	err := c.do(ctx, http.MethodPost, "/websets/v0/websets", body, &ws)
	if errors.Is(err, errConflict) {
		err = c.do(ctx, http.MethodGet, "/websets/v0/websets/"+externalID, nil, &ws)
	}
	if err != nil {
		return nil, fmt.Errorf("exa: create webset: %w", err)
	}
	if ws.ID == "" {
		return nil, errors.New("exa: create webset: answer without an id")
	}
	return &ws, nil
}

// waitIdle polls the webset until it is idle (or paused: nothing more will
// come without us). When MaxWait passes first it returns the webset as it
// is, so the items found so far are read; when ctx ends it fails.
func (c *Client) waitIdle(ctx context.Context, ws *webset) (*webset, error) {
	wctx, cancel := context.WithTimeout(ctx, c.MaxWait)
	defer cancel()
	for ws.Status != "idle" && ws.Status != "paused" {
		if err := c.sleep(wctx, c.PollInterval); err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("exa: wait for webset %s: %w", ws.ID, ctx.Err())
			}
			return ws, nil
		}
		var next webset
		if err := c.do(ctx, http.MethodGet, "/websets/v0/websets/"+ws.ID, nil, &next); err != nil {
			return nil, fmt.Errorf("exa: webset %s: %w", ws.ID, err)
		}
		ws = &next
	}
	return ws, nil
}

// items pages through the webset's items until max are read or there are
// no more.
func (c *Client) items(ctx context.Context, id string, max int) ([]item, error) {
	var out []item
	cursor := ""
	for len(out) < max {
		path := "/websets/v0/websets/" + id + "/items?limit=" + strconv.Itoa(min(pageSize, max-len(out)))
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		var page itemPage
		if err := c.do(ctx, http.MethodGet, path, nil, &page); err != nil {
			return nil, fmt.Errorf("exa: items of %s: %w", id, err)
		}
		out = append(out, page.Data...)
		if !page.HasMore || page.NextCursor == "" || page.NextCursor == cursor || len(page.Data) == 0 {
			break
		}
		cursor = page.NextCursor
	}
	return out[:min(len(out), max)], nil
}
