package llm

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/signalpipe/signalpipe/docs"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// Bounds on a review request.
const (
	// MaxReviewBatch is the most posts one Review request carries.
	MaxReviewBatch = 10
	// maxReviewText is the most characters of a post's text sent; the rest
	// is cut (a signal is rarely only at the end of a very long post).
	maxReviewText = 3000
	// maxWhy bounds the reason kept from the model, in characters.
	maxWhy = 240
)

// reviewPrompt briefs the model with the rule book the labelled posts
// follow (docs/labelling.md), so that the model and the labellers judge
// alike.
var reviewPrompt = `You label public posts for a B2B lead-generation product. For each post decide
"signal_type", one of hiring_activity, funding_event, competitor_engagement, job_change,
tech_research or none, and "intent": whether that signal is a live buying window now, that is,
whether a seller who got this post as a lead would have a real, timely reason to reach out.
A post with none never has intent; a post with a signal type has intent false only in the cases
of "A signal without intent". Label each post on its own text, by this rule book:

` + docs.Rules() + `

Answer with a JSON object and nothing else, exactly of the form
{"posts": [{"n": 1, "signal_type": "job_change", "intent": true, "why": "..."}]}:
one entry for every post, with the post's n, and "why" one short sentence naming the rule that decided.`

type reviewPost struct {
	N      int    `json:"n"`
	Source string `json:"source,omitempty"`
	Title  string `json:"title,omitempty"`
	Text   string `json:"text"`
}

type reviewVerdict struct {
	N          int                `json:"n"`
	SignalType *engine.SignalType `json:"signal_type"`
	Intent     *bool              `json:"intent"`
	Why        string             `json:"why"`
}

// Review asks the model to label posts (1 to MaxReviewBatch) by the rule
// book, and returns one detection per post, in order: the signal type,
// whether it is live, and the model's reason as the only cue ("model
// review: …"). The model gives no strength; Strength is 0.
//
// The posts go out in as few requests as fit the model's context
// (Options.ContextTokens, prompt and answer together, by EstimateTokens):
// first with fewer posts per request, and only a post too long to fit on
// its own has its text cut further. A context too small for the rule book
// and one short post is an error ("bad request").
func (c *Client) Review(ctx context.Context, posts []engine.Post) ([]engine.Detection, error) {
	if len(posts) == 0 || len(posts) > MaxReviewBatch {
		return nil, fail("bad request", fmt.Errorf("%d posts: want 1 to %d", len(posts), MaxReviewBatch))
	}
	in := make([]reviewPost, 0, len(posts))
	for _, p := range posts {
		in = append(in, reviewPost{Source: cmp.Or(p.Platform, p.Source), Title: clip(p.Title, maxReviewText), Text: clip(p.Text, maxReviewText)})
	}
	batches, err := c.reviewBatches(in)
	if err != nil {
		return nil, fail("bad request", err)
	}
	out := make([]engine.Detection, 0, len(posts))
	for _, b := range batches {
		raw, err := c.complete(ctx, reviewPrompt, reviewMessage(b))
		if err != nil {
			return nil, err
		}
		dets, err := parseReview(raw, len(b))
		if err != nil {
			return nil, fail("malformed answer", err)
		}
		out = append(out, dets...)
	}
	return out, nil
}

// EstimateTokens is a deliberately high estimate of the tokens text takes:
// one per three bytes of UTF-8, plus one. English runs about four
// characters a token in common tokenizers; JSON escapes, digits and
// non-Latin text run denser, and overflowing a context is worse than a
// request with fewer posts.
func EstimateTokens(text string) int { return len(text)/3 + 1 }

// Token reserves of a review request besides its two messages' text.
const (
	// messageTokens covers the chat template around each message.
	messageTokens = 8
	// answerTokens is kept per post for the answer: its verdict with a
	// "why" of up to maxWhy characters.
	answerTokens = 100
	// answerBaseTokens is the answer's own wrapping.
	answerBaseTokens = 20
	// minReviewText is the fewest characters of a post's text worth
	// sending; a context with no room for them is too small to review in.
	minReviewText = 200
)

// reviewTokens estimates a review request of posts, the answer included.
func reviewTokens(posts []reviewPost) int {
	return EstimateTokens(reviewPrompt) + EstimateTokens(reviewMessage(posts)) + 2*messageTokens +
		answerBaseTokens + answerTokens*len(posts)
}

// reviewMessage is the user message: the posts, numbered from 1.
func reviewMessage(posts []reviewPost) string {
	in := struct {
		Posts []reviewPost `json:"posts"`
	}{Posts: make([]reviewPost, len(posts))}
	for i, p := range posts {
		p.N = i + 1
		in.Posts[i] = p
	}
	user, _ := json.Marshal(in)
	return string(user)
}

// reviewBatches splits posts, in order, into requests that each fit the
// context: as many posts as fit go together; a post that does not fit
// alone has its text (then its title) cut until it does.
func (c *Client) reviewBatches(posts []reviewPost) ([][]reviewPost, error) {
	limit := c.o.ContextTokens
	var out [][]reviewPost
	var cur []reviewPost
	for _, p := range posts {
		if len(cur) > 0 && reviewTokens(append(slices.Clip(cur), p)) <= limit {
			cur = append(cur, p)
			continue
		}
		if len(cur) > 0 {
			out = append(out, cur)
		}
		for reviewTokens([]reviewPost{p}) > limit {
			text, title := []rune(p.Text), []rune(p.Title)
			switch {
			case len(text) > minReviewText:
				p.Text = clip(p.Text, max(minReviewText, len(text)*4/5))
			case len(title) > 100:
				p.Title = clip(p.Title, 100)
			default:
				return nil, fmt.Errorf("LLM_CONTEXT_TOKENS %d is too small for the review rule book and one post (about %d tokens)",
					limit, reviewTokens([]reviewPost{p}))
			}
		}
		cur = []reviewPost{p}
	}
	return append(out, cur), nil
}

// parseReview reads a chat completion whose content must be exactly
// {"posts": [...]} with one verdict for each of the n posts.
func parseReview(raw []byte, n int) ([]engine.Detection, error) {
	var ans struct {
		Posts []reviewVerdict `json:"posts"`
	}
	if err := decodeAnswer(raw, &ans); err != nil {
		return nil, err
	}
	out := make([]engine.Detection, n)
	seen := make([]bool, n)
	for _, v := range ans.Posts {
		switch {
		case v.N < 1 || v.N > n:
			return nil, fmt.Errorf("verdict for post %d of %d", v.N, n)
		case seen[v.N-1]:
			return nil, fmt.Errorf("two verdicts for post %d", v.N)
		case v.SignalType == nil || v.Intent == nil:
			return nil, fmt.Errorf("post %d: signal_type and intent are required", v.N)
		case !v.SignalType.Valid():
			return nil, fmt.Errorf("post %d: unknown signal_type %q", v.N, *v.SignalType)
		}
		seen[v.N-1] = true
		cue := "model review"
		if why := clip(strings.Join(strings.Fields(v.Why), " "), maxWhy); why != "" {
			cue += ": " + why
		}
		out[v.N-1] = engine.Detection{SignalType: *v.SignalType, Intent: *v.Intent && *v.SignalType != engine.None, Cues: []string{cue}}
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("no verdict for post %d", i+1)
		}
	}
	return out, nil
}

// clip cuts s to at most max characters, marking a cut with "…".
func clip(s string, max int) string {
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}
