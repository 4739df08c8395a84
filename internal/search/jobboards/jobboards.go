// Package jobboards is the job-board source of ingest: it reads the public
// boards of a client's target accounts (JOB_BOARDS) on Greenhouse
// (boards-api.greenhouse.io/v1/boards/{token}/jobs), Lever
// (api.lever.co/v0/postings/{site}?mode=json) and Ashby
// (api.ashbyhq.com/posting-api/job-board/{name}), none of which needs a key,
// and diffs each board against the openings seen before (Store). A board's
// new openings become one post per company and fetch, a hiring signal
// naming the roles ("Acme is hiring: Senior Data Engineer, VP Sales (2 new
// openings)"); the lead is the company, with the hiring manager's role
// guessed from the openings' departments (README.md, "Sources"). An opening
// is announced once ingest has stored its post (Client.Stored); until then
// a fetch's claim on it lasts Lease, and a post never stored is made again,
// the same batch at the same URL.
//
// The posts do not depend on the query: ingest asks every source once per
// query, and a board read within TTL is not read again (its last answer is
// returned), so a run reads each board once. Each host has its own budget
// (PerMinute requests a minute) and pause (a 429's Retry-After). One board
// failing (a 404 for a wrong token) is reported to OnBoard and does not
// stop the others; a fetch fails only when every board failed.
package jobboards

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// Name is the source's name in stored posts and job statuses.
const Name = "jobboards"

// Kinds of board.
const (
	Greenhouse = "greenhouse"
	Lever      = "lever"
	Ashby      = "ashby"
)

const (
	maxBody = 16 << 20 // a large board without descriptions is well under
	// leverPage is the page size asked of Lever (skip/limit paging);
	// maxLeverPages bounds a board's pages.
	leverPage     = 100
	maxLeverPages = 20
	// maxRoles are the roles a post names; the rest are counted.
	maxRoles    = 8
	defaultWait = time.Minute
	maxWait     = time.Hour
	parallel    = 4 // boards read at once
)

// limits read a board's 429: its Retry-After, else defaultWait (the boards
// send no rate-limit headers).
var limits = remote.Limits{Default: defaultWait, Max: maxWait}

// ErrBudget means a host's budget or pause left no request to send.
var ErrBudget = errors.New("job boards: rate budget spent")

// Board is one watched board.
type Board struct {
	Kind    string // Greenhouse, Lever or Ashby
	Token   string // the board's name on that service
	Company string // the company's name in posts
}

// Key names the board in the database and in source health: kind:token.
func (b Board) Key() string { return b.Kind + ":" + b.Token }

// URL is the board's public page, the URL of its posts.
func (b Board) URL() string {
	t := url.PathEscape(b.Token)
	switch b.Kind {
	case Greenhouse:
		return "https://boards.greenhouse.io/" + t
	case Lever:
		return "https://jobs.lever.co/" + t
	}
	return "https://jobs.ashbyhq.com/" + t
}

// Job is one opening as the board lists it.
type Job struct {
	ID         string
	Title      string
	Department string
	Location   string
	URL        string
}

// Differ remembers the openings seen per board and which are announced
// (Store).
type Differ interface {
	Diff(ctx context.Context, board, fetch string, ids []string) (batches [][]string, baseline bool, err error)
	Announced(ctx context.Context, board string, ids []string) error
}

// Client reads and diffs the boards.
type Client struct {
	Boards []Board
	// More, when set, adds boards at each fetch: the clients' target
	// accounts (a client's settings.jobBoards, docs/clients.md §1); a board
	// in both is read once.
	More func(ctx context.Context) ([]Board, error)
	// Seen remembers each board's openings; required.
	Seen Differ
	// GreenhouseURL, LeverURL and AshbyURL are the API origins (tests
	// point them at a fake).
	GreenhouseURL, LeverURL, AshbyURL string
	// PerMinute is each host's request budget (60).
	PerMinute int
	// TTL is how long a board's last answer is reused (10 minutes: an
	// ingest run asks once per query, and should read each board once).
	TTL time.Duration
	// OnBoard, when set, is told each board's outcome (the source health of
	// the board: jobboards:kind:token).
	OnBoard func(ctx context.Context, board string, openings int, err error)
	// HTTP defaults to a remote.NewHTTPClient with a 20 s timeout.
	HTTP *http.Client

	now     func() time.Time
	mu      sync.Mutex
	per     map[string]*remote.Budget // each host's own
	last    map[string]answer         // each board's last answer
	pending map[string]batch          // post id -> the openings it announces, until stored
}

type answer struct {
	at    time.Time
	posts []engine.Post
	err   error
}

// batch is what a post announces: a board's openings.
type batch struct {
	board string
	ids   []string
}

// New returns a client for the boards against the public APIs.
func New(boards []Board, seen Differ) *Client {
	return &Client{Boards: boards, Seen: seen, GreenhouseURL: "https://boards-api.greenhouse.io", LeverURL: "https://api.lever.co",
		AshbyURL: "https://api.ashbyhq.com", PerMinute: 60, TTL: 10 * time.Minute, HTTP: remote.NewHTTPClient(20 * time.Second),
		now: time.Now, per: map[string]*remote.Budget{}, last: map[string]answer{}, pending: map[string]batch{}}
}

var (
	_ search.Source         = (*Client)(nil)
	_ search.StoredNotifier = (*Client)(nil)
)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// Find implements search.Source: one post per board and batch of openings
// not yet announced (normally the board's new openings since its last
// fetch), whatever the query; limit does not cut them (JOB_BOARDS holds at
// most 50 boards). The openings are announced once Stored is told their
// post is stored; until then they are claimed by this fetch for Lease, then
// announced again by the next fetch, in a post with the same ID and URL.
func (c *Client) Find(ctx context.Context, _ search.Query, _ int) ([]engine.Post, error) {
	boards, err := c.boards(ctx)
	if err != nil {
		return nil, err
	}
	if len(boards) == 0 {
		return nil, nil
	}
	results := make([]answer, len(boards))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, b := range boards {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = c.board(ctx, b)
		})
	}
	wg.Wait()
	var out []engine.Post
	var errs []error
	for _, r := range results {
		if r.err != nil {
			errs = append(errs, r.err)
		}
		out = append(out, r.posts...)
	}
	if len(errs) == len(boards) {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// boards are Boards and More's, each once (by Key).
func (c *Client) boards(ctx context.Context) ([]Board, error) {
	if c.More == nil {
		return c.Boards, nil
	}
	more, err := c.More(ctx)
	if err != nil {
		return nil, fmt.Errorf("job boards: the clients' boards: %w", err)
	}
	out := append([]Board(nil), c.Boards...)
	seen := map[string]bool{}
	for _, b := range out {
		seen[strings.ToLower(b.Key())] = true
	}
	for _, b := range more {
		if k := strings.ToLower(b.Key()); !seen[k] {
			seen[k] = true
			out = append(out, b)
		}
	}
	return out, nil
}

// ParseSpec reads one board as JOB_BOARDS and a client's jobBoards write it
// (config.ParseJobBoard): kind:token, optionally =Company Name.
func ParseSpec(spec string) (Board, error) {
	b, err := config.ParseJobBoard(spec)
	return Board{Kind: b.Kind, Token: b.Token, Company: b.Company}, err
}

// Spec is the board as ParseSpec reads it.
func (b Board) Spec() string { return b.Kind + ":" + b.Token + "=" + b.Company }

// board returns a board's answer: its last one within TTL, else a fresh
// read diffed against the openings seen before.
func (c *Client) board(ctx context.Context, b Board) answer {
	key := b.Key()
	c.mu.Lock()
	last, ok := c.last[key]
	c.mu.Unlock()
	if ok && c.now().Sub(last.at) < c.TTL {
		return last
	}
	a := answer{at: c.now()}
	jobs, err := c.jobs(ctx, b)
	var batches []batch
	if err == nil {
		a.posts, batches, err = c.diff(ctx, b, jobs)
	}
	if err != nil && ctx.Err() != nil {
		return answer{err: err} // the caller gave up: not the board's fault, nor an answer to keep
	}
	a.err = err
	c.mu.Lock()
	for _, p := range c.last[key].posts {
		delete(c.pending, p.ID) // an answer replaced is not stored any more through this client
	}
	c.last[key] = a
	for i, p := range a.posts {
		c.pending[p.ID] = batches[i]
	}
	c.mu.Unlock()
	if c.OnBoard != nil {
		c.OnBoard(ctx, key, len(a.posts), err)
	}
	return a
}

// Stored implements search.StoredNotifier: ingest stored posts, so the
// openings they name are announced (never claimed again).
func (c *Client) Stored(ctx context.Context, posts []engine.Post) error {
	var errs []error
	for _, p := range posts {
		if p.Source != Name {
			continue
		}
		c.mu.Lock()
		bt, ok := c.pending[p.ID]
		c.mu.Unlock()
		if !ok {
			continue // not this client's, or told already
		}
		if err := c.Seen.Announced(ctx, bt.board, bt.ids); err != nil {
			errs = append(errs, err)
			continue
		}
		c.mu.Lock()
		delete(c.pending, p.ID)
		c.mu.Unlock()
	}
	return errors.Join(errs...)
}

// diff records the board's openings and makes the posts of those this
// fetch claimed, one per batch.
func (c *Client) diff(ctx context.Context, b Board, jobs []Job) ([]engine.Post, []batch, error) {
	if c.Seen == nil {
		return nil, nil, errors.New("job boards: no store of seen openings")
	}
	byID := make(map[string]Job, len(jobs))
	ids := make([]string, 0, len(jobs))
	for _, j := range jobs {
		if _, dup := byID[j.ID]; !dup && j.ID != "" {
			byID[j.ID] = j
			ids = append(ids, j.ID)
		}
	}
	claimed, baseline, err := c.Seen.Diff(ctx, b.Key(), newFetchID(), ids)
	if err != nil || baseline || len(claimed) == 0 {
		return nil, nil, err
	}
	posts := make([]engine.Post, 0, len(claimed))
	batches := make([]batch, 0, len(claimed))
	for _, fresh := range claimed {
		opened := make([]Job, 0, len(fresh))
		for _, id := range fresh {
			opened = append(opened, byID[id])
		}
		posts = append(posts, Post(b, opened, c.now()))
		batches = append(batches, batch{board: b.Key(), ids: fresh})
	}
	return posts, batches, nil
}

func newFetchID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Post is the hiring post of a board's new openings, noticed at now.
func Post(b Board, opened []Job, now time.Time) engine.Post {
	ids := make([]string, len(opened))
	for i, j := range opened {
		ids[i] = j.ID
	}
	sort.Strings(ids)
	h := sha256.Sum256([]byte(b.Key() + "\x00" + strings.Join(ids, "\x00")))
	batch := hex.EncodeToString(h[:6])
	var roles []string
	for _, j := range opened {
		if t := strings.Join(strings.Fields(j.Title), " "); t != "" && !slices.Contains(roles, t) {
			roles = append(roles, t)
		}
	}
	named := roles[:min(len(roles), maxRoles)]
	list := strings.Join(named, ", ")
	if more := len(roles) - len(named); more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	openings := "1 new opening"
	if len(opened) != 1 {
		openings = fmt.Sprintf("%d new openings", len(opened))
	}
	title := fmt.Sprintf("%s is hiring: %s (%s)", b.Company, list, openings)
	var lines []string
	for _, j := range opened[:min(len(opened), 3*maxRoles)] {
		line := "- " + strings.Join(strings.Fields(j.Title), " ")
		var where []string
		if j.Department != "" {
			where = append(where, j.Department)
		}
		if j.Location != "" {
			where = append(where, j.Location)
		}
		if len(where) > 0 {
			line += " (" + strings.Join(where, ", ") + ")"
		}
		lines = append(lines, line)
	}
	text := fmt.Sprintf("%s is hiring: %s on its %s job board.\n%s", b.Company, openings, kindName(b.Kind), strings.Join(lines, "\n"))
	manager := HiringManager(opened)
	// The URL is the board's, with the batch in a parameter the board
	// ignores: the index stores a URL once (search.URLKey), and each
	// batch of openings is its own post.
	u := b.URL() + "?openings=" + batch
	p := engine.Post{ID: b.Key() + ":" + batch, Source: Name, Platform: b.Kind, URL: u, Author: b.Company,
		AuthorTitle: manager, Company: b.Company, Title: title, Text: text, PublishedAt: now.UTC(),
		Profile: map[string]string{"company": b.Company, "board": b.URL(), "openings": strconv.Itoa(len(opened))}}
	if manager != "" {
		p.Profile["title"] = manager
	}
	return p
}

func kindName(kind string) string {
	switch kind {
	case Greenhouse:
		return "Greenhouse"
	case Lever:
		return "Lever"
	}
	return "Ashby"
}

// managers maps words of a department (or, without one, of a title) to the
// role that usually hires for it, most specific first. Words match whole
// (" it " is not "audit"); longer stems match within a word ("engineer"
// in "engineering").
var managers = []struct {
	words []string
	role  string
}{
	{[]string{"data", "analytics", "machine learning", " ml ", " ai "}, "Head of Data"},
	{[]string{"security"}, "CISO"},
	{[]string{"engineer", "developer", "software", "devops", " sre ", "infrastructure", "technical", "technology", " it "}, "Head of Engineering"},
	{[]string{"sales", "account executive", " sdr ", " bdr ", "business development", "revenue", "account manager"}, "VP Sales"},
	{[]string{"marketing", "growth", "brand", "content", "demand", "communications"}, "VP Marketing"},
	{[]string{"design", " ux ", " ui "}, "Head of Design"},
	{[]string{"product"}, "Head of Product"},
	{[]string{"customer", "support", "success", "solutions", "implementation"}, "VP Customer Success"},
	{[]string{"people", "talent", "recruit", " hr ", "human resources"}, "Head of People"},
	{[]string{"finance", "accounting", "accountant", "controller", "payroll", " tax "}, "CFO"},
	{[]string{"legal", "counsel", "compliance"}, "General Counsel"},
	{[]string{"operations", " ops "}, "COO"},
}

// HiringManager guesses who hires for the openings: the role hiring for the
// department most of them are in (or, without departments, their titles'
// field), "" when nothing matches.
func HiringManager(jobs []Job) string {
	count := map[string]int{}
	var order []string
	for _, j := range jobs {
		r := roleFor(j.Department)
		if r == "" {
			r = roleFor(j.Title)
		}
		if r == "" {
			continue
		}
		if count[r] == 0 {
			order = append(order, r)
		}
		count[r]++
	}
	best := ""
	for _, r := range order {
		if count[r] > count[best] {
			best = r
		}
	}
	return best
}

func roleFor(s string) string {
	if s == "" {
		return ""
	}
	s = " " + strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " ") + " "
	for _, m := range managers {
		for _, w := range m.words {
			if strings.Contains(s, w) {
				return m.role
			}
		}
	}
	return ""
}

// jobs reads every opening of a board.
func (c *Client) jobs(ctx context.Context, b Board) ([]Job, error) {
	t := url.PathEscape(b.Token)
	switch b.Kind {
	case Greenhouse:
		// https://developers.greenhouse.io/job-board.html#list-jobs
		var r struct {
			Jobs []struct {
				ID          json.Number `json:"id"`
				Title       string      `json:"title"`
				AbsoluteURL string      `json:"absolute_url"`
				Location    struct {
					Name string `json:"name"`
				} `json:"location"`
				Departments []struct {
					Name string `json:"name"`
				} `json:"departments"`
			} `json:"jobs"`
		}
		if err := c.get(ctx, b, c.GreenhouseURL+"/v1/boards/"+t+"/jobs", &r); err != nil {
			return nil, err
		}
		out := make([]Job, 0, len(r.Jobs))
		for _, j := range r.Jobs {
			job := Job{ID: j.ID.String(), Title: j.Title, Location: j.Location.Name, URL: j.AbsoluteURL}
			if len(j.Departments) > 0 {
				job.Department = j.Departments[0].Name
			}
			out = append(out, job)
		}
		return out, nil
	case Lever:
		// https://github.com/lever/postings-api#get-a-list-of-job-postings
		var out []Job
		for page := range maxLeverPages {
			var r []struct {
				ID         string `json:"id"`
				Text       string `json:"text"`
				HostedURL  string `json:"hostedUrl"`
				Categories struct {
					Department string `json:"department"`
					Team       string `json:"team"`
					Location   string `json:"location"`
				} `json:"categories"`
			}
			u := fmt.Sprintf("%s/v0/postings/%s?mode=json&skip=%d&limit=%d", c.LeverURL, t, page*leverPage, leverPage)
			if err := c.get(ctx, b, u, &r); err != nil {
				// A later page failing fails the whole read: keeping the
				// first pages would be harmless (openings are never
				// forgotten within a month), but a partial read is no answer.
				return nil, err
			}
			for _, j := range r {
				dept := j.Categories.Department
				if dept == "" {
					dept = j.Categories.Team
				}
				out = append(out, Job{ID: j.ID, Title: j.Text, Department: dept, Location: j.Categories.Location, URL: j.HostedURL})
			}
			if len(r) < leverPage {
				break
			}
		}
		return out, nil
	}
	// https://developers.ashbyhq.com/docs/public-job-posting-api
	var r struct {
		Jobs []struct {
			ID         string `json:"id"`
			Title      string `json:"title"`
			Department string `json:"department"`
			Team       string `json:"team"`
			Location   string `json:"location"`
			IsListed   *bool  `json:"isListed"`
			JobURL     string `json:"jobUrl"`
		} `json:"jobs"`
	}
	if err := c.get(ctx, b, c.AshbyURL+"/posting-api/job-board/"+t, &r); err != nil {
		return nil, err
	}
	out := make([]Job, 0, len(r.Jobs))
	for _, j := range r.Jobs {
		if j.IsListed != nil && !*j.IsListed {
			continue
		}
		id := j.ID
		if id == "" {
			id = j.JobURL // the documented example has no id; the job's URL names it
		}
		dept := j.Department
		if dept == "" {
			dept = j.Team
		}
		out = append(out, Job{ID: id, Title: j.Title, Department: dept, Location: j.Location, URL: j.JobURL})
	}
	return out, nil
}

// take claims a request slot of a host's budget, or says when one frees up.
func (c *Client) take(host string) (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	bu := c.per[host]
	if bu == nil {
		bu = &remote.Budget{}
		c.per[host] = bu
	}
	return bu.Take(c.now(), c.PerMinute)
}

func (c *Client) pause(host string, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if bu := c.per[host]; bu != nil {
		bu.Pause(c.now().Add(d))
	}
}

func (c *Client) get(ctx context.Context, b Board, u string, into any) error {
	pu, err := url.Parse(u)
	if err != nil {
		return fmt.Errorf("%s: %w", b.Key(), err)
	}
	host := pu.Host
	if at, ok := c.take(host); !ok {
		return fmt.Errorf("%s: %w on %s until %s", b.Key(), ErrBudget, host, at.UTC().Format(time.RFC3339))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", b.Key(), err)
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", b.Key(), err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody+1))
	if err != nil {
		return fmt.Errorf("%s: read: %w", b.Key(), err)
	}
	switch s := res.StatusCode; {
	case s == http.StatusTooManyRequests:
		wait := limits.Read(s, res.Header, c.now()).Wait
		c.pause(host, wait)
		return fmt.Errorf("%s: rate limited for %s", b.Key(), wait)
	case s == http.StatusNotFound:
		return fmt.Errorf("%s: no such board (404): check its token in JOB_BOARDS", b.Key())
	case s != http.StatusOK:
		return remote.StatusError(b.Key(), s, "")
	}
	if len(body) > maxBody {
		return fmt.Errorf("%s: answer larger than %d MB", b.Key(), maxBody>>20)
	}
	if err := json.Unmarshal(body, into); err != nil {
		return fmt.Errorf("%s: malformed answer: %w", b.Key(), err)
	}
	return nil
}
