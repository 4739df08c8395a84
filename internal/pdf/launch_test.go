package pdf

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestSweepProfiles: a profile directory left by a server killed outright
// (its Chromium gone) is removed at the next start; one whose Chromium
// still runs, or a fresh one without a lock, stays.
func TestSweepProfiles(t *testing.T) {
	tmp := t.TempDir()
	host, _ := os.Hostname()
	mk := func(name, lock string, age time.Duration) string {
		d := filepath.Join(tmp, profilePrefix+name)
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
		if lock != "" {
			if err := os.Symlink(lock, filepath.Join(d, "SingletonLock")); err != nil {
				t.Fatal(err)
			}
		}
		at := time.Now().Add(-age)
		if err := os.Chtimes(d, at, at); err != nil {
			t.Fatal(err)
		}
		return d
	}
	dead := mk("dead", host+"-999999999", 0)
	live := mk("live", host+"-"+strconv.Itoa(os.Getpid()), 2*time.Hour)
	otherHost := mk("otherhost", "elsewhere-999999999", 2*time.Hour)
	fresh := mk("fresh", "", time.Minute)
	old := mk("old", "", 2*time.Hour)
	unrelated := filepath.Join(tmp, "chromedp-runner1")
	if err := os.Mkdir(unrelated, 0o700); err != nil {
		t.Fatal(err)
	}
	sweepProfiles(tmp, time.Now())
	for d, want := range map[string]bool{dead: false, live: true, otherHost: true, fresh: true, old: false, unrelated: true} {
		if _, err := os.Stat(d); (err == nil) != want {
			t.Errorf("%s: exists = %v, want %v", filepath.Base(d), err == nil, want)
		}
	}
}
