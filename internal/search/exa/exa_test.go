package exa

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

func q(terms ...string) search.Query { return search.Query{Terms: terms} }

func TestFindCreatesPollsPagesAndMaps(t *testing.T) {
	f := &fakeExa{busyPolls: 2, items: []string{personItem, companyItem, articleItem, emptyItem}}
	c := newFake(t, f)
	var waits []time.Duration
	c.sleep = func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }
	posts, err := c.Find(context.Background(), q("hiring sdr", "salesforce"), 3)
	if err != nil {
		t.Fatal(err)
	}
	search := f.lastBody["search"].(map[string]any)
	if search["query"] != "hiring sdr; salesforce" || search["count"] != 3.0 ||
		!strings.HasPrefix(f.lastBody["externalId"].(string), "signalpipe-") {
		t.Fatalf("create body %v", f.lastBody)
	}
	// The webset asks for the email and company enrichments
	// (CreateWebsetParameters.enrichments: description and format).
	enrs, _ := f.lastBody["enrichments"].([]any)
	if len(enrs) != 2 || enrs[0].(map[string]any)["format"] != "email" || enrs[1].(map[string]any)["format"] != "text" {
		t.Fatalf("create asks for enrichments %v", f.lastBody["enrichments"])
	}
	if len(waits) != 3 { // running, running, running → idle on the third read
		t.Errorf("polled %d times, want 3", len(waits))
	}
	if len(posts) != 3 {
		t.Fatalf("got %d posts, want 3 (limit)", len(posts))
	}
	p := posts[0]
	if p.ID != "witem_p1" || p.Source != "exa" || p.Platform != "linkedin" || p.Author != "Dana Reyes" ||
		p.AuthorTitle != "VP of Sales" || p.Company != "Brightwell" || !strings.Contains(p.Text, "hiring three SDRs") ||
		p.Profile["email"] != "dana@brightwell.example" || p.Profile["funding_stage"] != "" ||
		p.Profile["linkedin"] != "https://www.linkedin.com/in/dana-reyes" || p.Profile["location"] != "Austin, TX" ||
		p.PublishedAt != time.Date(2026, 11, 20, 10, 5, 0, 0, time.UTC) {
		t.Errorf("person post %+v", p)
	}
	if co := posts[1]; co.Company != "Lumora" || co.Profile["employees"] != "85" || co.Profile["industry"] != "Fintech" ||
		!strings.Contains(co.Text, "Series A") || !strings.Contains(co.Text, "Billing for SaaS.") || co.Platform != "web" {
		t.Errorf("company post %+v", co)
	}
	if a := posts[2]; a.Author != "Sam Lee" || a.Profile["email"] != "sam@acme.example" || a.Company != "Acme Robotics" || a.PublishedAt != time.Date(2026, 11, 18, 8, 0, 0, 0, time.UTC) || a.URL != "https://news.example/acme-switches" {
		t.Errorf("article post %+v", a)
	}
}

func TestPagination(t *testing.T) {
	var items []string
	for i := range 130 {
		items = append(items, strings.Replace(articleItem, "witem_a1", "witem_"+string(rune('a'+i/26))+string(rune('a'+i%26)), 1))
	}
	f := &fakeExa{items: items}
	c := newFake(t, f)
	posts, err := c.Find(context.Background(), q("salesforce"), 500)
	if err != nil {
		t.Fatal(err)
	}
	if len(posts) != 100 { // count is capped at 100, one page
		t.Fatalf("%d posts, want 100", len(posts))
	}
	calls := f.calls
	got, err := c.items(context.Background(), "webset_1", 130)
	if err != nil || len(got) != 130 || got[129].ID != "witem_ez" || f.calls != calls+1 {
		t.Fatalf("130 items in one page of up to 200: %d in %d calls, %v", len(got), f.calls-calls, err)
	}
	for i := 130; i < 450; i++ {
		f.items = append(f.items, strings.Replace(articleItem, "witem_a1", "witem_n"+strconv.Itoa(i), 1))
	}
	calls = f.calls
	if got, err := c.items(context.Background(), "webset_1", 450); err != nil || len(got) != 450 || f.calls != calls+3 {
		t.Fatalf("450 items: %d in %d calls (want 3 pages), %v", len(got), f.calls-calls, err)
	}
}

func TestRetriedCreateReusesTheWebset(t *testing.T) {
	f := &fakeExa{items: []string{personItem}}
	c := newFake(t, f)
	ctx := search.WithJobKey(context.Background(), "ws_job1")
	for range 2 {
		if posts, err := c.Find(ctx, q("hiring sdr"), 10); err != nil || len(posts) != 1 {
			t.Fatalf("posts %d, err %v", len(posts), err)
		}
	}
	if f.creates != 1 {
		t.Fatalf("%d websets created for one job, want 1", f.creates)
	}
	if _, err := c.Find(search.WithJobKey(context.Background(), "ws_job2"), q("hiring sdr"), 10); err != nil || f.creates != 2 {
		t.Fatalf("another job: creates %d, err %v", f.creates, err)
	}
}

func TestRateLimitAndServerErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		fail      int // leading requests that fail
		answer    func(w http.ResponseWriter)
		wantErr   string
		wantCalls int
		wantWait  time.Duration
	}{
		{"429 with Retry-After, then ok", 1, func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "3")
			w.WriteHeader(http.StatusTooManyRequests)
		}, "", 4, 3*time.Second + 2*time.Second}, // the Retry-After, then one poll
		{"429 every time: bounded", 99, func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
		}, "rate limited", 3, 2 * time.Second},
		{"429 with a long Retry-After", 99, func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "600")
			w.WriteHeader(http.StatusTooManyRequests)
		}, "rate limited for 10m0s", 1, 0},
		{"502 then ok", 1, func(w http.ResponseWriter) { w.WriteHeader(http.StatusBadGateway) }, "", 4, 4 * time.Second}, // backoff and one poll
		{"persistent 500", 99, func(w http.ResponseWriter) {
			w.WriteHeader(500)
			_, _ = w.Write([]byte(`{"error":"internal"}`))
		}, "server error 500: internal", 3, 4 * time.Second},
		{"malformed JSON", 99, func(w http.ResponseWriter) { _, _ = w.Write([]byte(`{"id":"webset_1","status":`)) }, "malformed answer", 1, 0},
		{"400", 99, func(w http.ResponseWriter) {
			w.WriteHeader(400)
			_, _ = w.Write([]byte(`{"message":"query too long"}`))
		}, "status 400: query too long", 1, 0},
		// Exa's error body: the message explains, error only names the status.
		{"400 in Exa's error shape", 99, func(w http.ResponseWriter) {
			w.WriteHeader(400)
			_, _ = w.Write([]byte(`{"statusCode":400,"message":"search.count must not be greater than 1000","error":"Bad Request","timestamp":"2026-11-20T10:00:00.000Z","path":"/websets/v0/websets"}`))
		}, "status 400: search.count must not be greater than 1000", 1, 0},
		{"403 keeps Exa's message", 99, func(w http.ResponseWriter) {
			w.WriteHeader(403)
			_, _ = w.Write([]byte(`{"statusCode":403,"message":"Websets requires a paid plan","error":"Forbidden"}`))
		}, "(403: Websets requires a paid plan)", 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeExa{items: []string{personItem}}
			f.fault = func(n int, w http.ResponseWriter, _ *http.Request) bool {
				if n > tc.fail {
					return false
				}
				tc.answer(w)
				return true
			}
			c := newFake(t, f)
			var waited time.Duration
			c.sleep = func(_ context.Context, d time.Duration) error { waited += d; return nil }
			posts, err := c.Find(context.Background(), q("salesforce"), 10)
			if tc.wantErr == "" && (err != nil || len(posts) != 1) {
				t.Fatalf("posts %d, err %v", len(posts), err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("err %v, want %q", err, tc.wantErr)
			}
			if f.calls != tc.wantCalls || waited != tc.wantWait {
				t.Errorf("%d calls, waited %s; want %d, %s", f.calls, waited, tc.wantCalls, tc.wantWait)
			}
		})
	}
}

func TestUnauthorized(t *testing.T) {
	f := &fakeExa{}
	c := newFake(t, f)
	c.Key = "wrong"
	_, err := c.Find(context.Background(), q("salesforce"), 10)
	if !errors.Is(err, ErrUnauthorized) || !strings.Contains(err.Error(), "EXA_API_KEY") || f.calls != 1 {
		t.Fatalf("err %v after %d calls", err, f.calls)
	}
	c.Key = ""
	if _, err := c.Find(context.Background(), q("salesforce"), 10); !errors.Is(err, ErrUnauthorized) || f.calls != 1 {
		t.Fatalf("no key: err %v, %d calls", err, f.calls)
	}
}

func TestCancelledWhileWaiting(t *testing.T) {
	f := &fakeExa{busyPolls: 1 << 30, items: []string{personItem}}
	c := newFake(t, f)
	c.sleep, c.PollInterval = remote.Sleep, 5*time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(40*time.Millisecond, cancel)
	start := time.Now()
	_, err := c.Find(ctx, q("salesforce"), 10)
	if !errors.Is(err, context.Canceled) || time.Since(start) > 2*time.Second {
		t.Fatalf("err %v after %s", err, time.Since(start))
	}
}

func TestMaxWaitReadsTheItemsFoundSoFar(t *testing.T) {
	f := &fakeExa{busyPolls: 1 << 30, items: []string{personItem, companyItem}}
	c := newFake(t, f)
	c.sleep, c.PollInterval, c.MaxWait = remote.Sleep, 5*time.Millisecond, 30*time.Millisecond
	posts, err := c.Find(context.Background(), q("salesforce"), 10)
	if err != nil || len(posts) != 2 {
		t.Fatalf("posts %d, err %v", len(posts), err)
	}
}

func TestQueryText(t *testing.T) {
	long := strings.Repeat("a", 3000)
	if got := queryText(q(long, long)); got != long {
		t.Fatalf("cut at the last whole term: len %d", len(got))
	}
	if got := queryText(q(strings.Repeat("b", 6000))); len(got) != maxQuery {
		t.Fatalf("one long term: len %d", len(got))
	}
}
