package jobboards

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/ingest"
)

var quiet = slog.New(slog.DiscardHandler)

// storedBoardPosts returns the URL and body of every stored job-board post.
func storedBoardPosts(t *testing.T, d *db.DB) map[string]string {
	t.Helper()
	rows, err := d.Reader.QueryContext(context.Background(), d.Rebind(`SELECT url, body FROM posts WHERE source = ?`), Name)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var u, b string
		if err := rows.Scan(&u, &b); err != nil {
			t.Fatal(err)
		}
		if _, dup := out[u]; dup {
			t.Errorf("%s stored twice", u)
		}
		out[u] = b
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func runIngest(ctx context.Context, store *search.Store, src search.Source) ingest.Result {
	return ingest.Run(ctx, store, ingest.Options{Sources: []search.Source{src}, Queries: []string{"hiring"}, Limit: 5, Logger: quiet})[0]
}

// A fetch whose post is never stored (the process died after the diff):
// its openings are claimed, so another instance does not announce them
// within the lease, and after it the next fetch announces the same batch,
// whose post (same ID, same URL) is stored once.
func TestUnstoredPostIsAnnouncedAgainAfterTheLease(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		path := "/v1/boards/acme/jobs"
		listing := body(greenhouseJobs([2]string{"1", "Account Executive"}, [2]string{"2", "Data Engineer"}, [2]string{"3", "VP Sales"}))
		crashed, f1, clk1, _ := newClient(t, NewStore(d), acme)
		f1.set(path, body(greenhouseJobs([2]string{"1", "Account Executive"})))
		if posts, err := find(t, crashed); err != nil || len(posts) != 0 {
			t.Fatalf("baseline %+v %v", posts, err)
		}
		clk1.add(time.Hour)
		f1.set(path, listing)
		lost, err := find(t, crashed)
		if err != nil || len(lost) != 1 || lost[0].Title != "Acme is hiring: Data Engineer, VP Sales (2 new openings)" {
			t.Fatalf("claimed: %+v %v", lost, err)
		}
		// ... and the process dies: the post is never stored.

		other, f2, clk2, _ := newClient(t, NewStore(d), acme)
		f2.set(path, listing)
		clk2.add(time.Hour + 5*time.Minute)
		if posts, err := find(t, other); err != nil || len(posts) != 0 {
			t.Fatalf("within the lease another instance announces nothing: %+v %v", posts, err)
		}
		clk2.add(Lease + time.Minute) // also past the TTL of its own last answer
		store := search.NewStore(d)
		if r := runIngest(context.Background(), store, other); r.Fetched != 1 || r.New != 1 || r.Error != "" {
			t.Fatalf("after the lease: %+v", r)
		}
		stored := storedBoardPosts(t, d)
		if len(stored) != 1 || !strings.Contains(stored[lost[0].URL], "- Data Engineer (NYC)") {
			t.Fatalf("stored %v, want the lost post at %s", stored, lost[0].URL)
		}
		// Announced now: neither instance posts them again.
		clk2.add(time.Hour)
		if r := runIngest(context.Background(), store, other); r.Fetched != 0 {
			t.Fatalf("announced openings posted again: %+v", r)
		}
		clk1.add(2 * time.Hour)
		if posts, err := find(t, crashed); err != nil || len(posts) != 0 {
			t.Fatalf("the first instance, back: %+v %v", posts, err)
		}
	})
}

// cancelAfterFind makes the store after the fetch fail: the run's context
// ends as Find returns.
type cancelAfterFind struct {
	*Client
	cancel context.CancelFunc
}

func (s cancelAfterFind) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	posts, err := s.Client.Find(ctx, q, limit)
	s.cancel()
	return posts, err
}

// Storing fails: the openings are not announced (ingest tells the source
// only after a successful store), and a later run stores their post once.
func TestFailedStoreIsRetried(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		path := "/v1/boards/acme/jobs"
		c, f, clk, _ := newClient(t, NewStore(d), acme)
		store := search.NewStore(d)
		f.set(path, body(greenhouseJobs([2]string{"1", "Account Executive"})))
		if r := runIngest(context.Background(), store, c); r.Fetched != 0 || r.SourceFailed {
			t.Fatalf("baseline %+v", r)
		}
		clk.add(time.Hour)
		f.set(path, body(greenhouseJobs([2]string{"1", "Account Executive"}, [2]string{"2", "SDR"})))
		ctx, cancel := context.WithCancel(context.Background())
		if r := runIngest(ctx, store, cancelAfterFind{c, cancel}); !r.SourceFailed || r.Fetched != 1 || !strings.HasPrefix(r.Error, "store:") {
			t.Fatalf("failing store: %+v", r)
		}
		if n := len(storedBoardPosts(t, d)); n != 0 {
			t.Fatalf("%d posts stored by a failed store", n)
		}
		clk.add(Lease + time.Minute)
		if r := runIngest(context.Background(), store, c); r.Fetched != 1 || r.New != 1 {
			t.Fatalf("retry: %+v", r)
		}
		clk.add(time.Hour)
		if r := runIngest(context.Background(), store, c); r.Fetched != 0 {
			t.Fatalf("stored post announced again: %+v", r)
		}
		if n := len(storedBoardPosts(t, d)); n != 1 {
			t.Fatalf("%d posts stored, want 1", n)
		}
	})
}

// An instance claims openings 1-10 and dies before storing; four
// instances then ingest the board (openings 1-20) at once, and again at
// once after the lease: every new opening is in exactly one stored post.
func TestConcurrentInstancesStoreEachOpeningOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		path := "/v1/boards/acme/jobs"
		listing := func(n int) func(w http.ResponseWriter, r *http.Request) {
			var jobs [][2]string
			for i := range n + 1 {
				jobs = append(jobs, [2]string{strconv.Itoa(i), "Role " + strconv.Itoa(i)})
			}
			return body(greenhouseJobs(jobs...))
		}
		crashed, f, clk, _ := newClient(t, NewStore(d), acme)
		f.set(path, listing(0))
		if posts, err := find(t, crashed); err != nil || len(posts) != 0 {
			t.Fatalf("baseline %+v %v", posts, err)
		}
		clk.add(time.Hour)
		f.set(path, listing(10))
		if posts, err := find(t, crashed); err != nil || len(posts) != 1 {
			t.Fatalf("claimed %+v %v", posts, err)
		}
		// ... and that instance dies.
		store := search.NewStore(d)
		type instance struct {
			c   *Client
			clk *clock
		}
		var instances []instance
		for range 4 {
			c, f, clk, _ := newClient(t, NewStore(d), acme)
			f.set(path, listing(20))
			clk.add(time.Hour + time.Minute)
			instances = append(instances, instance{c, clk})
		}
		wave := func() {
			var wg sync.WaitGroup
			for i, in := range instances {
				wg.Go(func() {
					if r := runIngest(context.Background(), store, in.c); r.SourceFailed || r.Error != "" {
						t.Errorf("instance %d: %+v", i, r)
					}
				})
			}
			wg.Wait()
		}
		wave()
		for _, in := range instances {
			in.clk.add(Lease + time.Minute)
		}
		wave()
		count := map[int]int{}
		for _, text := range storedBoardPosts(t, d) {
			for i := range 21 {
				if strings.Contains(text, fmt.Sprintf("- Role %d (NYC)", i)) {
					count[i]++
				}
			}
		}
		for i := 1; i <= 20; i++ {
			if count[i] != 1 {
				t.Errorf("Role %d in %d stored posts, want 1", i, count[i])
			}
		}
		if count[0] != 0 {
			t.Errorf("the baseline opening was announced")
		}
		var open int
		if err := d.Reader.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM job_board_jobs WHERE announced_at IS NULL`).Scan(&open); err != nil || open != 0 {
			t.Fatalf("%d openings left unannounced: %v", open, err)
		}
	})
}
