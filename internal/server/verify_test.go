package server

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/search"
)

// TestLiveSearchVerifiesEmails: with EMAIL_VERIFY on, the server's searches
// run the verifier (a throwaway-mail address is marked disposable, which
// needs no DNS); with it off, every found email stays unchecked. The
// 10ms budget keeps the test from waiting on real DNS.
func TestLiveSearchVerifiesEmails(t *testing.T) {
	statuses := func(verify bool) map[string]int {
		s, _ := newTestServer(t, func(c *config.Config) { c.EmailVerify, c.EmailVerifyTimeout = verify, 10*time.Millisecond })
		if _, err := search.SeedCorpus(context.Background(), s.db, slog.New(slog.DiscardHandler)); err != nil {
			t.Fatal(err)
		}
		// Searches are River jobs: the runner Serve would start works them.
		if err := s.jobs.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.stopJobs)
		h := map[string]string{"Content-Type": "application/json", search.DemoKeyHeader: "signalpipe-demo"}
		rec := httpxtest.Do(s.Handler(), "POST", "/api/research-leads", h, `{"targetTitles":["Founder"],"signalThreshold":"All signals 40%+ match"}`)
		var started struct{ Websets []string }
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &started) != nil || len(started.Websets) != 1 {
			t.Fatalf("research-leads: %d %s", rec.Code, rec.Body)
		}
		for range 500 {
			rec := httpxtest.Do(s.Handler(), "POST", "/api/check-webset-status", h, `{"websetIds":["`+started.Websets[0]+`"]}`)
			var out struct {
				Status string
				Leads  []engine.Lead
			}
			_ = json.Unmarshal(rec.Body.Bytes(), &out)
			if out.Status == "complete" {
				n := map[string]int{}
				for _, l := range out.Leads {
					for _, e := range l.Emails {
						n[e.Status]++
						if strings.HasSuffix(e.Address, "@mailinator.com") && verify && e.Status != "disposable" {
							t.Errorf("%s: %s", e.Address, e.Status)
						}
					}
				}
				return n
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatal("search did not complete")
		return nil
	}
	if on := statuses(true); on["disposable"] == 0 {
		t.Errorf("EMAIL_VERIFY=true: statuses %v, want disposable addresses found", on)
	}
	if off := statuses(false); len(off) != 1 || off["unchecked"] == 0 {
		t.Errorf("EMAIL_VERIFY=false: statuses %v, want only unchecked", off)
	}
}
