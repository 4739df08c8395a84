package jobboards

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/netguard"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/ingest"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// Greenhouse's "List jobs" answer as its Job Board API documents it
// (https://developers.greenhouse.io/job-board.html#list-jobs: id,
// internal_job_id, title, updated_at, requisition_id, location.name,
// absolute_url, metadata; meta.total), with more jobs in the same shape.
func greenhouseJobs(jobs ...[2]string) string {
	var b strings.Builder
	b.WriteString(`{"jobs":[`)
	for i, j := range jobs {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":%s,"internal_job_id":144381,"title":%q,"updated_at":"2016-01-14T10:55:28-05:00","requisition_id":"50",`+
			`"location":{"name":"NYC"},"absolute_url":"https://boards.greenhouse.io/vaulttec/jobs/%s","metadata":null}`, j[0], j[1], j[0])
	}
	fmt.Fprintf(&b, `],"meta":{"total":%d}}`, len(jobs))
	return b.String()
}

// A Lever posting as the postings API documents it
// (https://github.com/lever/postings-api#get-a-list-of-job-postings: id,
// text, categories {location, commitment, team, department},
// description, lists, additional, hostedUrl, applyUrl, createdAt).
func leverPosting(id, title, dept string) string {
	return fmt.Sprintf(`{"id":%q,"text":%q,"categories":{"location":"San Francisco","commitment":"Full-time","team":"Platform","department":%q},`+
		`"description":"<div>Join us</div>","descriptionPlain":"Join us","lists":[],"additional":"","hostedUrl":"https://jobs.lever.co/leverdemo/%s",`+
		`"applyUrl":"https://jobs.lever.co/leverdemo/%s/apply","createdAt":1502907172814}`, id, title, dept, id, id)
}

// Ashby's job board answer as its public posting API documents it
// (https://developers.ashbyhq.com/docs/public-job-posting-api: apiVersion,
// jobs[] with title, location, department, team, isListed, isRemote,
// descriptionHtml, descriptionPlain, publishedAt, employmentType, jobUrl,
// applyUrl; the example carries no id, so the jobUrl names a job).
const ashbyBoard = `{"apiVersion":"1","jobs":[
 {"title":"Product Manager","location":"Houston, TX","department":"Product","team":"Growth","isListed":true,"isRemote":true,
  "descriptionHtml":"<p>Join our team</p>","descriptionPlain":"Join our team","publishedAt":"2021-04-30T16:21:55.393+00:00",
  "employmentType":"FullTime","jobUrl":"https://jobs.ashbyhq.com/example_job","applyUrl":"https://jobs.ashbyhq.com/example/apply"},
 {"title":"Secret Role","location":"Houston, TX","department":"Engineering","isListed":false,"jobUrl":"https://jobs.ashbyhq.com/hidden"}%s]}`

type fake struct {
	mu      sync.Mutex
	pages   map[string]func(w http.ResponseWriter, r *http.Request)
	calls   map[string]int
	queries []string
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.calls[r.URL.Path]++
	f.queries = append(f.queries, r.URL.RawQuery)
	h, ok := f.pages[r.URL.Path]
	f.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	h(w, r)
}

func (f *fake) set(path string, h func(w http.ResponseWriter, r *http.Request)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.pages[path] = h
}

func (f *fake) count(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[path]
}

func body(s string) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, s) }
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type outcome struct {
	board    string
	openings int
	err      error
}

func newClient(t *testing.T, seen Differ, boards ...Board) (*Client, *fake, *clock, *[]outcome) {
	t.Helper()
	f := &fake{pages: map[string]func(http.ResponseWriter, *http.Request){}, calls: map[string]int{}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := New(boards, seen)
	c.HTTP = remote.NewHTTPClient(20 * time.Second) // the fake is on loopback, which the default refuses
	c.GreenhouseURL, c.LeverURL, c.AshbyURL = srv.URL, srv.URL, srv.URL
	clk := &clock{t: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	c.now = clk.now
	if s, ok := seen.(*Store); ok {
		s.now = clk.now // the claims' lease runs on the test's clock
	}
	var mu sync.Mutex
	var outs []outcome
	c.OnBoard = func(_ context.Context, board string, n int, err error) {
		mu.Lock()
		outs = append(outs, outcome{board, n, err})
		mu.Unlock()
	}
	return c, f, clk, &outs
}

func find(t *testing.T, c *Client) ([]engine.Post, error) {
	t.Helper()
	return c.Find(context.Background(), search.TermsQuery("anything"), 25)
}

var acme = Board{Kind: Greenhouse, Token: "acme", Company: "Acme"}

// The first fetch is the baseline (no post); the next fetch's new openings
// are one post naming the roles, by the company, at the board's URL; an
// opening already seen is never announced again.
func TestGreenhouseDiffOverTime(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		c, f, clk, outs := newClient(t, NewStore(d), acme)
		path := "/v1/boards/acme/jobs"
		f.set(path, body(greenhouseJobs([2]string{"1", "Account Executive"}, [2]string{"2", "Office Manager"})))
		posts, err := find(t, c)
		if err != nil || len(posts) != 0 {
			t.Fatalf("baseline: posts %+v, err %v", posts, err)
		}
		// A second query of the same run reuses the answer.
		if _, err := find(t, c); err != nil || f.count(path) != 1 {
			t.Fatalf("calls %d, err %v", f.count(path), err)
		}
		clk.add(time.Hour)
		f.set(path, body(greenhouseJobs([2]string{"1", "Account Executive"}, [2]string{"3", "Senior Data Engineer"},
			[2]string{"4", "VP Sales"}, [2]string{"5", "Data Analyst"})))
		posts, err = find(t, c)
		if err != nil || len(posts) != 1 {
			t.Fatalf("new openings: posts %+v, err %v", posts, err)
		}
		p := posts[0]
		if p.Title != "Acme is hiring: Senior Data Engineer, VP Sales, Data Analyst (3 new openings)" || p.Author != "Acme" ||
			p.Company != "Acme" || p.AuthorTitle != "Head of Data" || p.Source != Name || p.Platform != "greenhouse" ||
			!strings.HasPrefix(p.URL, "https://boards.greenhouse.io/acme?openings=") || !p.PublishedAt.Equal(clk.now()) ||
			p.Profile["openings"] != "3" || p.Profile["board"] != "https://boards.greenhouse.io/acme" {
			t.Fatalf("post %+v", p)
		}
		if !strings.Contains(p.Text, "- Senior Data Engineer (NYC)") {
			t.Errorf("text %q", p.Text)
		}
		if det := detect.Default().Detect(p); det.SignalType != engine.HiringActivity {
			t.Errorf("detected %+v, want hiring_activity", det)
		}
		if err := c.Stored(context.Background(), posts); err != nil { // as ingest does once the post is stored
			t.Fatal(err)
		}
		clk.add(time.Hour)
		if posts, err := find(t, c); err != nil || len(posts) != 0 {
			t.Fatalf("nothing new: posts %+v, err %v", posts, err)
		}
		// Another instance (its own client) knows the board already.
		other, f2, _, _ := newClient(t, NewStore(d), acme)
		f2.set(path, body(greenhouseJobs([2]string{"1", "Account Executive"}, [2]string{"3", "Senior Data Engineer"},
			[2]string{"6", "Staff Software Engineer"})))
		if posts, err := find(t, other); err != nil || len(posts) != 1 || posts[0].Title != "Acme is hiring: Staff Software Engineer (1 new opening)" ||
			posts[0].AuthorTitle != "Head of Engineering" {
			t.Fatalf("other instance: %+v, %v", posts, err)
		}
		if len(*outs) != 3 || (*outs)[1].openings != 1 || (*outs)[0].err != nil {
			t.Errorf("outcomes %+v", *outs)
		}
	})
}

// Instances diffing one board at once announce each new opening once.
func TestConcurrentDiffsShareTheNewOpenings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		if b, baseline, err := s.Diff(ctx, "lever:x", "f0", []string{"a"}); err != nil || !baseline || len(b) != 0 {
			t.Fatalf("baseline %v %v", baseline, err)
		}
		ids := []string{"a"}
		for i := range 40 {
			ids = append(ids, "n"+strconv.Itoa(i))
		}
		var mu sync.Mutex
		seen := map[string]int{}
		var wg sync.WaitGroup
		for i := range 4 {
			wg.Go(func() {
				batches, baseline, err := NewStore(d).Diff(ctx, "lever:x", "f"+strconv.Itoa(i+1), ids)
				if err != nil || baseline || len(batches) > 1 {
					t.Errorf("diff %d: %v %d batches %v", i, baseline, len(batches), err)
				}
				mu.Lock()
				for _, b := range batches {
					for _, id := range b {
						seen[id]++
					}
				}
				mu.Unlock()
			})
		}
		wg.Wait()
		if len(seen) != 40 || seen["a"] != 0 {
			t.Fatalf("new ids %d: %v", len(seen), seen)
		}
		for id, n := range seen {
			if n != 1 {
				t.Errorf("%s announced %d times", id, n)
			}
		}
	})
}

// Lever pages with skip and limit; every page is read.
func TestLeverPaging(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b := Board{Kind: Lever, Token: "leverdemo", Company: "Lever Demo"}
		c, f, clk, _ := newClient(t, NewStore(d), b)
		page := func(from, n int, dept string) string {
			var ps []string
			for i := from; i < from+n; i++ {
				ps = append(ps, leverPosting(fmt.Sprintf("id-%03d", i), fmt.Sprintf("Role %d", i), dept))
			}
			return "[" + strings.Join(ps, ",") + "]"
		}
		extra := 1
		f.set("/v0/postings/leverdemo", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Query().Get("mode") != "json" || r.URL.Query().Get("limit") != "100" {
				http.Error(w, "bad query", 400)
				return
			}
			switch r.URL.Query().Get("skip") {
			case "0":
				fmt.Fprint(w, page(0, 100, "Sales"))
			case "100":
				fmt.Fprint(w, page(100, extra, "Sales"))
			default:
				fmt.Fprint(w, "[]")
			}
		})
		if posts, err := find(t, c); err != nil || len(posts) != 0 || f.count("/v0/postings/leverdemo") != 2 {
			t.Fatalf("baseline %+v %v calls %d", posts, err, f.count("/v0/postings/leverdemo"))
		}
		extra = 3 // two openings more on the second page
		clk.add(time.Hour)
		posts, err := find(t, c)
		if err != nil || len(posts) != 1 || posts[0].Title != "Lever Demo is hiring: Role 101, Role 102 (2 new openings)" ||
			posts[0].AuthorTitle != "VP Sales" || !strings.HasPrefix(posts[0].URL, "https://jobs.lever.co/leverdemo?openings=") {
			t.Fatalf("posts %+v, err %v", posts, err)
		}
	})
}

// Ashby: unlisted jobs are left out; the job URL names a job without id.
func TestAshby(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b := Board{Kind: Ashby, Token: "example", Company: "Example"}
		c, f, clk, _ := newClient(t, NewStore(d), b)
		f.set("/posting-api/job-board/example", body(fmt.Sprintf(ashbyBoard, "")))
		if posts, err := find(t, c); err != nil || len(posts) != 0 {
			t.Fatalf("baseline %+v %v", posts, err)
		}
		clk.add(time.Hour)
		f.set("/posting-api/job-board/example", body(fmt.Sprintf(ashbyBoard, `,{"id":"7458d4e9","title":"Engineering Manager - EU",
			"department":"Engineering","team":"EMEA Engineering","isListed":true,"jobUrl":"https://jobs.ashbyhq.com/example/7458d4e9"},
			{"title":"Also Secret","department":"Sales","isListed":false,"jobUrl":"https://jobs.ashbyhq.com/hidden2"}`)))
		posts, err := find(t, c)
		if err != nil || len(posts) != 1 || posts[0].Title != "Example is hiring: Engineering Manager - EU (1 new opening)" ||
			posts[0].AuthorTitle != "Head of Engineering" {
			t.Fatalf("posts %+v, err %v", posts, err)
		}
	})
}

// A board that does not exist fails alone; the others still answer. Every
// board failing fails the fetch. Errors are kept within the TTL.
func TestFailuresPerBoard(t *testing.T) {
	d := dbtest.SQLite(t)
	good := Board{Kind: Greenhouse, Token: "good", Company: "Good"}
	wrong := Board{Kind: Greenhouse, Token: "wrong", Company: "Wrong"}
	c, f, clk, outs := newClient(t, NewStore(d), good, wrong)
	f.set("/v1/boards/good/jobs", body(greenhouseJobs([2]string{"1", "Engineer"})))
	f.set("/v1/boards/wrong/jobs", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(404)
		fmt.Fprint(w, `{"status":404,"error":"Job not found"}`)
	})
	if _, err := find(t, c); err != nil {
		t.Fatalf("one board good: %v", err)
	}
	var wrongErr error
	for _, o := range *outs {
		if o.board == "greenhouse:wrong" {
			wrongErr = o.err
		} else if o.err != nil {
			t.Errorf("good board reported %v", o.err)
		}
	}
	if wrongErr == nil || !strings.Contains(wrongErr.Error(), "greenhouse:wrong: no such board (404)") {
		t.Fatalf("wrong board: %v", wrongErr)
	}
	if _, err := find(t, c); err != nil || f.count("/v1/boards/wrong/jobs") != 1 {
		t.Fatalf("within the TTL the 404 is not asked again: %d, %v", f.count("/v1/boards/wrong/jobs"), err)
	}
	for _, tc := range []struct {
		name, want string
		h          func(w http.ResponseWriter, r *http.Request)
	}{
		{"5xx", "server error 503", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(503) }},
		{"forbidden", "status 403", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(403) }},
		{"unauthorized", "status 401", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(401) }},
		{"malformed", "malformed answer", body(`{"jobs":[{"id":1,"title":`)},
	} {
		f.set("/v1/boards/good/jobs", tc.h)
		clk.add(time.Hour)
		_, err := find(t, c)
		if err == nil || !strings.Contains(err.Error(), "greenhouse:good: "+tc.want) || !strings.Contains(err.Error(), "greenhouse:wrong") {
			t.Errorf("%s: every board failing: %v", tc.name, err)
		}
	}
}

// A 429 pauses its host for Retry-After: the boards on it are not asked
// until then (the budget says so), boards on other hosts are.
func TestRateLimitPausesTheHost(t *testing.T) {
	d := dbtest.SQLite(t)
	c, f, clk, _ := newClient(t, NewStore(d), acme)
	f.set("/v1/boards/acme/jobs", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(429)
	})
	if _, err := find(t, c); err == nil || !strings.Contains(err.Error(), "rate limited for 2m0s") {
		t.Fatalf("429: %v", err)
	}
	clk.add(66 * time.Second) // within the 2-minute pause; the TTL made short so the board is asked
	c.TTL = time.Second
	f.set("/v1/boards/acme/jobs", body(greenhouseJobs([2]string{"1", "Engineer"})))
	if _, err := find(t, c); !errors.Is(err, ErrBudget) || f.count("/v1/boards/acme/jobs") != 1 {
		t.Fatalf("paused: %v, calls %d", err, f.count("/v1/boards/acme/jobs"))
	}
	clk.add(time.Minute)
	if _, err := find(t, c); err != nil || f.count("/v1/boards/acme/jobs") != 2 {
		t.Fatalf("after the pause: %v, calls %d", err, f.count("/v1/boards/acme/jobs"))
	}
	// The budget: at most PerMinute requests a minute per host.
	c.PerMinute = 2
	clk.add(time.Minute)
	for range 2 {
		clk.add(2 * time.Second)
		if _, err := find(t, c); err != nil {
			t.Fatal(err)
		}
	}
	clk.add(2 * time.Second)
	if _, err := find(t, c); !errors.Is(err, ErrBudget) {
		t.Fatalf("third request in a minute: %v", err)
	}
}

func TestHiringManager(t *testing.T) {
	for _, tc := range []struct {
		jobs []Job
		want string
	}{
		{[]Job{{Title: "Senior Backend Engineer"}, {Title: "VP Sales"}, {Title: "Site Reliability Engineer"}}, "Head of Engineering"},
		{[]Job{{Title: "Anything", Department: "Revenue"}, {Title: "Account Executive, EMEA"}}, "VP Sales"},
		{[]Job{{Title: "Growth Marketing Manager"}}, "VP Marketing"},
		{[]Job{{Title: "Product Designer"}}, "Head of Design"},
		{[]Job{{Title: "Chef"}}, ""},
		{[]Job{{Title: "Head of Audit"}, {Title: "Internal Auditor"}}, ""},
		{[]Job{{Title: "IT Support Engineer"}, {Title: "Senior AI/ML Researcher"}, {Title: "ML Ops"}}, "Head of Data"},
		{[]Job{{Title: "Senior Tax Manager"}}, "CFO"},
	} {
		if got := HiringManager(tc.jobs); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.jobs, got, tc.want)
		}
	}
}

// Through ingest: every query of a run gets the same post, stored once;
// the next batch of openings is a post of its own although its URL is the
// same board's (the batch parameter keeps their URL keys apart).
func TestIngestStoresEachBatchOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		c, f, clk, _ := newClient(t, NewStore(d), acme)
		path := "/v1/boards/acme/jobs"
		f.set(path, body(greenhouseJobs([2]string{"1", "Account Executive"})))
		store := search.NewStore(d)
		run := func() ingest.Result {
			return ingest.Run(context.Background(), store, ingest.Options{Sources: []search.Source{c}, Queries: []string{"hiring SDR", "raised Series A"}, Limit: 5})[0]
		}
		if r := run(); r.New != 0 || r.Failed != 0 {
			t.Fatalf("baseline run %+v", r)
		}
		for i, id := range []string{"2", "3"} {
			clk.add(time.Hour)
			f.set(path, body(greenhouseJobs([2]string{"1", "Account Executive"}, [2]string{id, "Sales Development Rep " + id})))
			if r := run(); r.New != 1 || r.Fetched != 1 {
				t.Fatalf("batch %d: %+v", i, r)
			}
		}
		if f.count(path) != 3 {
			t.Fatalf("board read %d times, want once per run", f.count(path))
		}
	})
}

// The clients' boards (More) are read at each fetch with Boards, a board in
// both once (its kind and token compared ignoring case); More failing fails
// the fetch with its reason; ParseSpec reads JOB_BOARDS's syntax.
func TestMoreBoards(t *testing.T) {
	d := dbtest.SQLite(t)
	var more []Board
	var moreErr error
	c, f, _, outs := newClient(t, NewStore(d), acme)
	c.More = func(context.Context) ([]Board, error) { return more, moreErr }
	f.set("/v1/boards/acme/jobs", body(greenhouseJobs([2]string{"1", "Engineer"})))
	f.set("/v0/postings/globex", body("["+leverPosting("g1", "VP Sales", "Sales")+"]"))
	more = []Board{{Kind: Greenhouse, Token: "ACME", Company: "Acme again"}, {Kind: Lever, Token: "globex", Company: "Globex"}}
	if _, err := find(t, c); err != nil {
		t.Fatal(err)
	}
	read := map[string]int{}
	for _, o := range *outs {
		read[o.board]++
	}
	if len(read) != 2 || read["greenhouse:acme"] != 1 || read["lever:globex"] != 1 {
		t.Fatalf("boards read: %v", read)
	}
	moreErr = errors.New("database is down")
	if _, err := find(t, c); err == nil || !strings.Contains(err.Error(), "the clients' boards: database is down") {
		t.Fatalf("More failing: %v", err)
	}
	for spec, want := range map[string]string{
		"greenhouse:stripe":              "greenhouse:stripe=Stripe",
		" Lever : netflix = Netflix Inc": "lever:netflix=Netflix Inc",
		"ashby:linear=Linear":            "ashby:linear=Linear",
		"workday:acme":                   "greenhouse, lever or ashby",
		"greenhouse:bad token":           "letters, digits",
	} {
		b, err := ParseSpec(spec)
		got := b.Spec()
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, want) {
			t.Errorf("ParseSpec(%q) = %q, want %q", spec, got, want)
		}
	}
}

// TestDefaultClientRefusesSpecialAddresses: the boards a client sets are
// fetched through a client that refuses loopback and every other
// special-purpose address at dial (netguard), whatever the answer's host
// (a redirect, a DNS answer, a changed base URL): a board answering on
// loopback is never reached (issue 29 item 5's class).
func TestDefaultClientRefusesSpecialAddresses(t *testing.T) {
	hit := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		select {
		case hit <- struct{}{}:
		default:
		}
		_, _ = w.Write([]byte(`{"jobs":[],"meta":{"total":0}}`))
	}))
	defer srv.Close()
	c := New([]Board{acme}, NewStore(dbtest.SQLite(t)))
	c.GreenhouseURL = srv.URL
	_, err := c.jobs(context.Background(), acme)
	if !errors.Is(err, netguard.ErrBlocked) {
		t.Fatalf("a board on loopback: err = %v, want netguard.ErrBlocked", err)
	}
	select {
	case <-hit:
		t.Fatal("the loopback server was reached")
	default:
	}
}
