package hackernews

import (
	"context"
	"log/slog"
	"net/http"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
)

// runSearch runs one search in place with c as the only live source and
// returns the finished job and the leads found.
func runSearch(t *testing.T, c *Client) (*search.Job, []engine.Lead) {
	t.Helper()
	svc := search.NewService(search.NewStore(dbtest.SQLite(t)),
		search.Options{Sources: []search.Source{c}, Logger: slog.New(slog.DiscardHandler)})
	icp := engine.ICP{Competitors: []string{"Salesforce", "HubSpot"}, SignalThreshold: "All signals 40%+ match"}
	job, leads := svc.Search(context.Background(), icp)
	return &job, leads
}

func TestSourceFailureNeverFailsTheSearch(t *testing.T) {
	c, _ := fake(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) })
	job, _ := runSearch(t, c)
	if job.Status != search.StatusComplete || job.Sources[Name] != search.StatusFailed || job.Sources[search.IndexSource] != search.StatusComplete {
		t.Fatalf("job %s sources %v", job.Status, job.Sources)
	}
}

func TestHackerNewsPostsBecomeLeads(t *testing.T) {
	c, _ := fake(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(algoliaPage)) })
	job, leads := runSearch(t, c)
	if job.Sources[Name] != search.StatusComplete {
		t.Fatalf("sources %v", job.Sources)
	}
	found := false
	for _, l := range leads {
		found = found || l.Source == Name
	}
	if !found {
		t.Fatalf("no lead from hackernews among %d", len(leads))
	}
}
