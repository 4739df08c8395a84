package analytics

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

const chromeUA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

func TestIsBot(t *testing.T) {
	for ua, want := range map[string]bool{
		chromeUA: false,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1": false,
		"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0":                                 false,
		"": true,
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)":                  true,
		"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)":                   true,
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0)":                true,
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0.0.0 Safari/537.36": true,
		"curl/8.5.0":                              true,
		"python-requests/2.32":                    true,
		"Go-http-client/1.1":                      true,
		"facebookexternalhit/1.1":                 true,
		"Chrome-Lighthouse":                       true,
		"Mozilla/5.0 (compatible; AhrefsBot/7.0)": true,
	} {
		if got := IsBot(ua); got != want {
			t.Errorf("IsBot(%q) = %v, want %v", ua, got, want)
		}
	}
}

func TestVisitorHash(t *testing.T) {
	salt := []byte("salt-one")
	h := VisitorHash(salt, "203.0.113.7", chromeUA)
	if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(h) {
		t.Fatalf("hash %q: want 32 hex characters", h)
	}
	if VisitorHash(salt, "203.0.113.7", chromeUA) != h {
		t.Error("same salt, address and agent must give the same hash")
	}
	for name, other := range map[string]string{
		"other salt":    VisitorHash([]byte("salt-two"), "203.0.113.7", chromeUA),
		"other address": VisitorHash(salt, "203.0.113.8", chromeUA),
		"other agent":   VisitorHash(salt, "203.0.113.7", chromeUA+" Edg/131"),
		// The separator keeps "ab"+"c" apart from "a"+"bc".
		"shifted boundary": VisitorHash(salt, "203.0.113.7M", chromeUA[1:]),
	} {
		if other == h {
			t.Errorf("%s gives the same hash", name)
		}
	}
}

func TestSaltRotatesDaily(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		day1 := time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
		a, b := NewSalts(d), NewSalts(d) // two instances of the server
		s1, err := a.For(ctx, day1)
		if err != nil {
			t.Fatal(err)
		}
		if len(s1) != 32 {
			t.Fatalf("salt is %d bytes, want 32", len(s1))
		}
		again, _ := a.For(ctx, day1.Add(15*time.Hour))
		shared, _ := b.For(ctx, day1.Add(time.Hour))
		if string(again) != string(s1) || string(shared) != string(s1) {
			t.Fatal("the salt must stay the same for the whole UTC day, across instances")
		}
		s2, err := b.For(ctx, day1.Add(24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if string(s2) == string(s1) {
			t.Fatal("a new day must bring a new salt")
		}
		if got, _ := a.For(ctx, day1.Add(25*time.Hour)); string(got) != string(s2) {
			t.Fatal("the other instance must pick up the new day's salt")
		}
		if VisitorHash(s1, "203.0.113.7", chromeUA) == VisitorHash(s2, "203.0.113.7", chromeUA) {
			t.Fatal("the same visitor must hash differently on another day")
		}
		var days []string
		rows, err := d.Reader.QueryContext(ctx, `SELECT day FROM analytics_salts`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var day string
			_ = rows.Scan(&day)
			days = append(days, day)
		}
		if len(days) != 1 || days[0] != "2026-11-22" {
			t.Fatalf("stored salts %v, want only today's (yesterday's deleted)", days)
		}
	})
}

func TestCleanPath(t *testing.T) {
	long := "/" + strings.Repeat("a", MaxPathLength)
	for raw, want := range map[string]string{
		"/":                    "/",
		"/resources/":          "/resources",
		"/blog/x?utm_source=y": "/blog/x",
		"/reports#top":         "/reports",
		"":                     "",
		"resources":            "",
		"//evil.example/x":     "",
		"https://x.example/":   "",
		"/a b":                 "",
		"/a\\b":                "",
		long:                   "",
	} {
		got, ok := cleanPath(raw)
		if got != want || ok != (want != "") {
			t.Errorf("cleanPath(%q) = %q, %v; want %q", raw, got, ok, want)
		}
	}
}

func TestReferrerHost(t *testing.T) {
	for raw, want := range map[string]string{
		"https://www.Google.com/search?q=signalpipe": "www.google.com",
		"http://news.ycombinator.com/item?id=1":      "news.ycombinator.com",
		"https://sp.example/blog":                    "", // our own site
		"android-app://com.slack":                    "",
		"":                                           "",
		"not a url":                                  "",
	} {
		if got := referrerHost(raw, "sp.example"); got != want {
			t.Errorf("referrerHost(%q) = %q, want %q", raw, got, want)
		}
	}
}
