package hackernews

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// officialFake answers like hacker-news.firebaseio.com/v0: id lists and
// items (null for an unknown id). inFlight tracks concurrent item reads.
type officialFake struct {
	lists        map[string]string
	items        map[string]string
	inFlight     atomic.Int32
	maxInFlight  atomic.Int32
	itemRequests atomic.Int32
}

func newOfficialFake() *officialFake {
	return &officialFake{
		lists: map[string]string{"newstories": "[105,104,103,106]", "askstories": "[102,104]", "jobstories": "[101]"},
		items: map[string]string{
			"105": `{"by":"pat","descendants":3,"id":105,"kids":[1051],"score":4,"text":"We&#x27;re 40 people. <p>Is there an <i>alternative to Salesforce</i> that isn&#x27;t HubSpot?","time":1795500000,"title":"Ask HN: CRM for a small team?","type":"story"}`,
			"104": `{"by":"lee","id":104,"score":10,"time":1795490000,"title":"Show HN: A Rust game engine","type":"story","url":"https://example.com/engine"}`,
			"103": `{"deleted":true,"id":103,"time":1795480000,"type":"story"}`,
			"102": `{"by":"kim","id":102,"text":"Comparing HubSpot and Salesforce for our SDR team.","time":1795470000,"title":"Ask HN: Which CRM did you pick?","type":"story"}`,
			"101": `{"by":"brightwell","id":101,"score":1,"text":"Brightwell is hiring SDRs in Austin.","time":1795460000,"title":"Brightwell (YC W24) is hiring sales reps","type":"job"}`,
		},
	}
}

func (f *officialFake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v0/"), ".json")
	if list, ok := f.lists[name]; ok {
		_, _ = w.Write([]byte(list))
		return
	}
	id, ok := strings.CutPrefix(name, "item/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	f.itemRequests.Add(1)
	n := f.inFlight.Add(1)
	defer f.inFlight.Add(-1)
	for m := f.maxInFlight.Load(); n > m && !f.maxInFlight.CompareAndSwap(m, n); m = f.maxInFlight.Load() {
	}
	time.Sleep(5 * time.Millisecond)
	if it, ok := f.items[id]; ok {
		_, _ = w.Write([]byte(it))
		return
	}
	_, _ = w.Write([]byte("null"))
}

func ids(t *testing.T, c *Client, terms ...string) (string, error) {
	t.Helper()
	posts, err := c.Find(context.Background(), q(terms...), 10)
	var got []string
	for _, p := range posts {
		got = append(got, p.ID)
	}
	return strings.Join(got, ","), err
}

func TestFreshAlgoliaNeedsNoFallback(t *testing.T) {
	c, _, official := fakeBoth(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(algoliaPage)) }, newOfficialFake())
	if got, err := ids(t, c, "salesforce"); err != nil || got != "41000001,41000002" || official.Load() != 0 {
		t.Fatalf("got %q, err %v, official calls %d", got, err, official.Load())
	}
}

func TestStaleAlgoliaFallsBackToTheOfficialAPI(t *testing.T) {
	f := newOfficialFake()
	c, _, _ := fakeBoth(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(algoliaPage)) }, f)
	c.now = func() time.Time { return time.Unix(1795500000, 0).Add(time.Hour) } // Algolia's newest hit is ~11 months old
	got, err := ids(t, c, "salesforce")
	if err != nil {
		t.Fatal(err)
	}
	// Official matches (newest first), then Algolia's older hits.
	if got != "105,102,41000002,41000001" {
		t.Fatalf("got %q", got)
	}
	posts, _ := c.Find(context.Background(), q("alternative to salesforce"), 10)
	if len(posts) == 0 || posts[0].ID != "105" || !strings.Contains(posts[0].Text, "Is there an  alternative to Salesforce  that isn't HubSpot?") ||
		posts[0].Author != "pat" || posts[0].URL != "https://news.ycombinator.com/item?id=105" || posts[0].PublishedAt.Unix() != 1795500000 {
		t.Fatalf("official post %+v", posts)
	}
}

func TestFailingAlgoliaFallsBack(t *testing.T) {
	f := newOfficialFake()
	c, _, _ := fakeBoth(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusInternalServerError) }, f)
	if got, err := ids(t, c, "hiring sdrs"); err != nil || got != "101" {
		t.Fatalf("got %q, err %v", got, err)
	}
	if f.itemRequests.Load() != 6 { // 105,104,103,106,102,101: each once
		t.Errorf("%d item requests, want 6", f.itemRequests.Load())
	}
}

func TestFallbackIsBounded(t *testing.T) {
	f := newOfficialFake()
	var many []string
	for i := range 40 {
		many = append(many, fmt.Sprint(1000+i))
	}
	f.lists["newstories"] = "[" + strings.Join(many, ",") + "]"
	c, _, _ := fakeBoth(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) }, f)
	c.MaxItems, c.Concurrency = 12, 3
	if _, err := ids(t, c, "salesforce"); err != nil {
		t.Fatal(err)
	}
	if f.itemRequests.Load() != 12 || f.maxInFlight.Load() > 3 || f.maxInFlight.Load() < 2 {
		t.Fatalf("%d item requests, %d at most in flight; want 12 and 2-3", f.itemRequests.Load(), f.maxInFlight.Load())
	}
}

func TestBothFailing(t *testing.T) {
	c, _, official := fakeBoth(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) }, nil)
	_, err := ids(t, c, "salesforce")
	if err == nil || !strings.Contains(err.Error(), "server error 502") || !strings.Contains(err.Error(), "fallback") || official.Load() == 0 {
		t.Fatalf("err %v, official calls %d", err, official.Load())
	}
	// A stale answer survives a failing fallback.
	c, _, _ = fakeBoth(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(algoliaPage)) }, nil)
	c.now = func() time.Time { return time.Unix(1795500000, 0) }
	if got, err := ids(t, c, "salesforce"); err != nil || got != "41000001,41000002" {
		t.Fatalf("stale answer with failing fallback: %q, %v", got, err)
	}
}
