package search

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// askSource answers after delay (or, with hang, only when released,
// ignoring its context).
type askSource struct {
	name  string
	delay time.Duration
	hang  chan struct{}
	err   error
}

func (s *askSource) Name() string { return s.name }
func (s *askSource) Find(ctx context.Context, _ Query, _ int) ([]engine.Post, error) {
	if s.hang != nil {
		<-s.hang
		return []engine.Post{{ID: "late"}}, nil
	}
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if s.err != nil {
		return []engine.Post{{ID: "discarded"}}, s.err
	}
	return []engine.Post{{ID: s.name}}, nil
}

// TestAskBoundsEverySourceByItsOwnTimeout: answers come back in the
// sources' order; a source that ignores its context, one that honours it
// and one that is merely slow past the timeout are Late or failed, and
// wait returns within the timeout (+ grace) whatever they do, with the
// quick sources' posts.
func TestAskBoundsEverySourceByItsOwnTimeout(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	sources := []Source{
		&askSource{name: "hangs", hang: release},
		&askSource{name: "ok", delay: time.Millisecond},
		&askSource{name: "slow", delay: time.Hour},
		&askSource{name: "fails", delay: time.Millisecond, err: errors.New("503")},
	}
	const timeout = 200 * time.Millisecond
	start := time.Now()
	wait := Ask(context.Background(), sources, TermsQuery("x"), 10, timeout)
	answers := wait()
	took := time.Since(start)
	t.Logf("four sources, one hanging: %s", took)
	if took > timeout+sourceGrace+5*time.Second { // slack for a loaded machine
		t.Errorf("wait took %s", took)
	}
	if len(answers) != 4 {
		t.Fatalf("answers %+v", answers)
	}
	for i, want := range []struct {
		name  string
		late  bool
		err   bool
		posts int
	}{{"hangs", true, true, 0}, {"ok", false, false, 1}, {"slow", false, true, 0}, {"fails", false, true, 0}} {
		a := answers[i]
		// "slow" honours its context: it fails at the timeout (or, on a
		// very loaded machine, is Late); either way no posts.
		if a.Source != want.name || (a.Err != nil) != want.err || len(a.Posts) != want.posts || (want.late && !a.Late) || (!want.err && a.Late) {
			t.Errorf("answer %d = %+v, want %+v", i, a, want)
		}
	}
	if !answers[0].Late || answers[0].Err == nil || answers[0].Err.Error() != "hangs did not answer within 200ms" {
		t.Errorf("late answer %+v", answers[0])
	}
	if got := Ask(context.Background(), nil, TermsQuery("x"), 10, 0)(); len(got) != 0 {
		t.Errorf("no sources: %+v", got)
	}
}
