package seo_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/seo"
)

var routes = []string{"/", "/resources", "/admin", "/admindemo", "/admindemo2", "/blog", "/blog/admin",
	"/analytics", "/test-click", "/demo", "/docs/api"}

func TestRobots(t *testing.T) {
	site := seo.New("https://sp.example", routes)
	httpxtest.Run(t, httpMux(site), []httpxtest.Scenario{
		{Path: "/robots.txt", WantStatus: 200,
			WantHeaders: map[string]string{"Content-Type": "text/plain; charset=utf-8"},
			WantBody: []string{"User-agent: *\nAllow: /\n", "Disallow: /admin\n", "Disallow: /admindemo\n",
				"Disallow: /blog/admin\n", "Disallow: /analytics\n", "Disallow: /api/\n",
				"Sitemap: https://sp.example/sitemap.xml\n"}},
	})
}

func TestSitemap(t *testing.T) {
	site := seo.New("https://sp.example", routes)
	site.AddProvider(func(ctx context.Context) ([]seo.URL, error) {
		return []seo.URL{
			{Path: "/blog/first-post", LastMod: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)},
			{Path: "/resources"}, // duplicate of a static route
			{Path: "/blog/admin/secret"},
		}, nil
	})
	httpxtest.Run(t, httpMux(site), []httpxtest.Scenario{
		{Path: "/sitemap.xml", WantStatus: 200,
			WantHeaders: map[string]string{"Content-Type": "application/xml; charset=utf-8"},
			WantBody: []string{`<?xml version="1.0" encoding="UTF-8"?>`,
				`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
				"<loc>https://sp.example/</loc>", "<loc>https://sp.example/resources</loc>",
				"<loc>https://sp.example/blog</loc>", "<loc>https://sp.example/demo</loc>",
				"<loc>https://sp.example/docs/api</loc>",
				"<loc>https://sp.example/blog/first-post</loc>\n    <lastmod>2026-03-04</lastmod>"},
			NotBody: []string{"/admin", "/analytics", "/test-click", "secret"},
			Check: func(t *testing.T, rec *httptestRecorder) {
				if n := strings.Count(rec.Body.String(), "/resources</loc>"); n != 1 {
					t.Errorf("/resources listed %d times", n)
				}
			}},
	})
}

func TestSitemapProviderErrorIs500(t *testing.T) {
	site := seo.New("https://sp.example", routes)
	site.AddProvider(func(ctx context.Context) ([]seo.URL, error) { return nil, errors.New("db down") })
	httpxtest.Run(t, httpMux(site), []httpxtest.Scenario{
		{Path: "/sitemap.xml", WantStatus: 500, WantJSON: `{"error":"internal server error"}`},
	})
}

func TestAllowed(t *testing.T) {
	for p, want := range map[string]bool{"/": true, "/blog/x": true, "/admin": false, "/admindemo1": false,
		"/blog/admin": false, "/analytics": false, "/api": false, "/api/config": false, "/test-convex": false, "/demo": true} {
		if got := seo.Allowed(p); got != want {
			t.Errorf("Allowed(%q) = %v, want %v", p, got, want)
		}
	}
}
