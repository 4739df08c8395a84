package server

import (
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// waitJobsSettled waits until no River job of the given kinds can run again
// (each completed, discarded or cancelled), so that a count taken next is
// final: a duplicate delivery could only come from a job still open. It
// fails the test after 30 s.
func waitJobsSettled(t *testing.T, d *db.DB, kinds ...string) {
	t.Helper()
	q := `SELECT COUNT(*) FROM river_job WHERE kind IN ('` + strings.Join(kinds, `', '`) + `')
		AND state NOT IN ('completed', 'discarded', 'cancelled')`
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var open int
		if err := d.Reader.QueryRow(q).Scan(&open); err != nil {
			t.Fatal(err)
		}
		if open == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d jobs of %v still open after 30 s", open, kinds)
		}
	}
}
