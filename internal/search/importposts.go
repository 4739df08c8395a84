package search

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Bounds on an imported post (docs: README, `signalpipe import`).
const (
	maxPostText  = 100_000
	maxPostField = 2_000
)

// DecodePost reads one post in the engine.Post JSON shape (id, source,
// platform, url, author, authorTitle, company, title, text, publishedAt,
// profile). Unknown fields are errors, as are a missing id, source or
// text and oversized fields. A missing publishedAt is left zero (the
// caller dates it).
func DecodePost(b []byte) (engine.Post, error) {
	var p engine.Post
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return p, fmt.Errorf("not a post: %w", err)
	}
	if dec.More() {
		return p, errors.New("not a post: more than one JSON value on the line")
	}
	p.ID, p.Source = strings.TrimSpace(p.ID), strings.TrimSpace(p.Source)
	switch {
	case p.ID == "":
		return p, errors.New("id is required")
	case p.Source == "":
		return p, errors.New("source is required")
	case strings.TrimSpace(p.Text) == "" && strings.TrimSpace(p.Title) == "":
		return p, errors.New("text is required")
	case utf8.RuneCountInString(p.Text) > maxPostText:
		return p, fmt.Errorf("text must be at most %d characters", maxPostText)
	}
	for name, v := range map[string]string{"id": p.ID, "source": p.Source, "platform": p.Platform, "url": p.URL,
		"author": p.Author, "authorTitle": p.AuthorTitle, "company": p.Company, "title": p.Title} {
		if utf8.RuneCountInString(v) > maxPostField {
			return p, fmt.Errorf("%s must be at most %d characters", name, maxPostField)
		}
	}
	if !p.PublishedAt.IsZero() {
		p.PublishedAt = p.PublishedAt.UTC()
	}
	return p, nil
}

// DatePosts dates every undated post now.
func DatePosts(posts []engine.Post, now time.Time) {
	for i := range posts {
		if posts[i].PublishedAt.IsZero() {
			posts[i].PublishedAt = now.UTC()
		}
	}
}
