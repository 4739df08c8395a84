package search

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Bounds of process-search-results.
const (
	MaxWebsetResults = 100
	MaxResultText    = 20000
)

// WebsetResult is one search result handed to process-search-results
// (docs/product.md §4.10, scoring payload). A Lead object is also
// accepted: its signal, fullContext and name stand in for title, text and
// author.
type WebsetResult struct {
	Title         string  `json:"title"`
	URL           string  `json:"url"`
	Snippet       string  `json:"snippet"`
	Text          string  `json:"text"`
	PublishedDate string  `json:"publishedDate"`
	Score         float64 `json:"score"`
	Author        string  `json:"author"`
	// Lead-shaped fallbacks.
	Signal      string `json:"signal"`
	FullContext string `json:"fullContext"`
	Name        string `json:"name"`
	Company     string `json:"company"`
	JobTitle    string `json:"jobTitle"`
}

type processRequest struct {
	WebsetResults  []WebsetResult `json:"websetResults"`
	SearchQuery    string         `json:"searchQuery"`
	ICPDescription string         `json:"icpDescription"`
}

type processResponse struct {
	Processed int      `json:"processed"`
	Leads     int      `json:"leads"`
	Signals   int      `json:"signals"`
	Skipped   int      `json:"skipped"` // results whose post a stored lead already came from
	LeadIDs   []string `json:"leadIds"`
}

// processResults runs the pipeline over posted results and stores the
// leads and signals it finds.
func (h *Handler) processResults(w http.ResponseWriter, r *http.Request) {
	var req processRequest
	if err := httpx.DecodeJSON(w, r, &req, httpx.DefaultMaxBody); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	if fields := req.validate(); fields != nil {
		httpx.Error(w, r, http.StatusBadRequest, "invalid search results", fields)
		return
	}
	posts := make([]engine.Post, 0, len(req.WebsetResults))
	for _, res := range req.WebsetResults {
		if p, ok := res.post(); ok {
			posts = append(posts, p)
		}
	}
	// The results come from a search for this ICP already, and the
	// one-line description is no knowledge base: relevance is not judged
	// again (docs/icp-fit.md).
	p := engine.ICP{}
	leads, skipped, err := h.newLeads(r, pipeline.Run(r.Context(), posts, p, pipeline.Options{Limit: MaxWebsetResults}))
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	if err := h.store.SaveLeads(r.Context(), leads); err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	ids := make([]string, len(leads))
	for i, l := range leads {
		ids[i] = l.ID
	}
	httpx.WriteJSON(w, http.StatusOK, processResponse{Processed: len(posts), Leads: len(leads), Signals: len(leads), Skipped: skipped, LeadIDs: ids})
}

// newLeads drops the leads whose post a stored lead already came from: the
// demo hands back the results of a search the server stored itself, and
// those keep the scores their search's full ICP gave them.
func (h *Handler) newLeads(r *http.Request, leads []engine.Lead) ([]engine.Lead, int, error) {
	var urls []string
	for _, l := range leads {
		if l.PostURL != "" {
			urls = append(urls, l.PostURL)
		}
	}
	stored, err := h.store.StoredPostURLs(r.Context(), urls)
	if err != nil {
		return nil, 0, err
	}
	fresh := leads[:0:0]
	for _, l := range leads {
		if l.PostURL == "" || !stored[l.PostURL] {
			fresh = append(fresh, l)
		}
	}
	return fresh, len(leads) - len(fresh), nil
}

func (req *processRequest) validate() map[string]string {
	fields := map[string]string{}
	if req.WebsetResults == nil {
		fields["websetResults"] = "required, a list of results"
	} else if len(req.WebsetResults) > MaxWebsetResults {
		fields["websetResults"] = fmt.Sprintf("must have at most %d entries", MaxWebsetResults)
	}
	for i, res := range req.WebsetResults {
		for _, s := range []string{res.Title, res.URL, res.Snippet, res.Text, res.Signal, res.FullContext, res.Author, res.Name} {
			if utf8.RuneCountInString(s) > MaxResultText {
				fields[fmt.Sprintf("websetResults[%d]", i)] = fmt.Sprintf("text fields must be at most %d characters", MaxResultText)
			}
		}
	}
	if utf8.RuneCountInString(req.SearchQuery) > 1000 {
		fields["searchQuery"] = "must be at most 1000 characters"
	}
	if utf8.RuneCountInString(req.ICPDescription) > MaxKnowledge {
		fields["icpDescription"] = fmt.Sprintf("must be at most %d characters", MaxKnowledge)
	}
	if len(fields) == 0 {
		return nil
	}
	return fields
}

// post turns a result into a post; ok is false when it has no text.
func (res WebsetResult) post() (engine.Post, bool) {
	text := firstNonEmpty(res.Text, res.FullContext, res.Snippet, res.Signal)
	if strings.TrimSpace(text) == "" {
		return engine.Post{}, false
	}
	title := firstNonEmpty(res.Title, res.Signal)
	if title == text {
		title = ""
	}
	h := sha256.Sum256([]byte(res.URL + "\x00" + title + "\x00" + text))
	p := engine.Post{ID: hex.EncodeToString(h[:12]), Source: "websets", URL: res.URL, Title: title, Text: text,
		Author: firstNonEmpty(res.Author, res.Name), AuthorTitle: res.JobTitle, Company: res.Company}
	if t, err := time.Parse(time.RFC3339, res.PublishedDate); err == nil {
		p.PublishedAt = t.UTC()
	} else if t, err := time.Parse(time.DateOnly, res.PublishedDate); err == nil {
		p.PublishedAt = t
	}
	return p, true
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}
