package analytics

import (
	"context"
	"math"
	"time"
)

// Period is a report's time window.
type Period struct {
	// Name is the query value: 24h, 7d, 30d or 90d.
	Name string
	// Span is how far back the window reaches.
	Span time.Duration
	// Bucket is the size of one bar: an hour for 24h, else a day.
	Bucket time.Duration
}

// Periods are the selectable windows (docs/product.md §11); DefaultPeriod is 7d.
var Periods = map[string]Period{
	"24h": {Name: "24h", Span: 24 * time.Hour, Bucket: time.Hour},
	"7d":  {Name: "7d", Span: 7 * 24 * time.Hour, Bucket: 24 * time.Hour},
	"30d": {Name: "30d", Span: 30 * 24 * time.Hour, Bucket: 24 * time.Hour},
	"90d": {Name: "90d", Span: 90 * 24 * time.Hour, Bucket: 24 * time.Hour},
}

// DefaultPeriod is used when the request names none.
const DefaultPeriod = "7d"

// SessionGap is the longest pause between two views of one session.
const SessionGap = 30 * time.Minute

// topPagesLimit is how many pages the report lists.
const topPagesLimit = 10

// Report is the admin's view of a period (GET /api/admin/analytics).
type Report struct {
	Period string `json:"period"`
	// Recorded is false until the first view is stored; the page then shows
	// its sample figures.
	Recorded       bool  `json:"recorded"`
	PageViews      int64 `json:"pageViews"`
	UniqueVisitors int64 `json:"uniqueVisitors"`
	Sessions       int64 `json:"sessions"`
	// AvgSessionSeconds is the mean time from first to last view of a session.
	AvgSessionSeconds int64 `json:"avgSessionSeconds"`
	// BounceRate is the percentage of sessions with a single view.
	BounceRate float64    `json:"bounceRate"`
	TopPages   []TopPage  `json:"topPages"`
	Bucket     string     `json:"bucket"`
	DailyViews []DayViews `json:"dailyViews"`
}

// TopPage is a path, its views and its share of the period's views.
type TopPage struct {
	Path       string  `json:"path"`
	Views      int64   `json:"views"`
	Percentage float64 `json:"percentage"`
}

// DayViews is one bar: the bucket's start (a date, or an RFC 3339 hour for
// 24h) and its views.
type DayViews struct {
	Date  string `json:"date"`
	Views int64  `json:"views"`
}

// Build computes the report of p as of now.
func (s *Store) Build(ctx context.Context, p Period, now time.Time) (*Report, error) {
	// Bars are whole UTC hours (24h) or days, the newest one still running,
	// and the figures cover exactly the bars: 7d is today and the six days
	// before it.
	first := now.Add(-p.Span + p.Bucket).Truncate(p.Bucket)
	from := first.UnixMilli()
	r := &Report{Period: p.Name, Bucket: bucketName(p), TopPages: []TopPage{}}
	var err error
	if r.Recorded, err = s.Any(ctx); err != nil || !r.Recorded {
		r.DailyViews = fillBuckets(p, first, now, nil)
		return r, err
	}
	if r.PageViews, r.UniqueVisitors, err = s.totals(ctx, from); err != nil {
		return nil, err
	}
	var durMS, bounces int64
	if r.Sessions, durMS, bounces, err = s.sessions(ctx, from, SessionGap); err != nil {
		return nil, err
	}
	if r.Sessions > 0 {
		r.AvgSessionSeconds = int64(math.Round(float64(durMS) / float64(r.Sessions) / 1000))
		r.BounceRate = round1(float64(bounces) / float64(r.Sessions) * 100)
	}
	pages, err := s.topPages(ctx, from, topPagesLimit)
	if err != nil {
		return nil, err
	}
	for _, pc := range pages {
		r.TopPages = append(r.TopPages, TopPage{Path: pc.Path, Views: pc.Views,
			Percentage: round1(float64(pc.Views) / float64(r.PageViews) * 100)})
	}
	counts, err := s.buckets(ctx, from, p.Bucket)
	if err != nil {
		return nil, err
	}
	r.DailyViews = fillBuckets(p, first, now, counts)
	return r, nil
}

func bucketName(p Period) string {
	if p.Bucket == time.Hour {
		return "hour"
	}
	return "day"
}

// fillBuckets lists every bar from first to now, zero where nothing was
// viewed. Buckets are UTC hours or days (epoch-aligned).
func fillBuckets(p Period, first, now time.Time, counts map[int64]int64) []DayViews {
	size := p.Bucket.Milliseconds()
	out := []DayViews{}
	for t := first; !t.After(now); t = t.Add(p.Bucket) {
		label := t.UTC().Format(time.DateOnly)
		if p.Bucket == time.Hour {
			label = t.UTC().Format(time.RFC3339)
		}
		out = append(out, DayViews{Date: label, Views: counts[t.UnixMilli()/size]})
	}
	return out
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
