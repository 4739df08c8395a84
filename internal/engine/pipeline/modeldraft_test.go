package pipeline

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/draft"
	"github.com/signalpipe/signalpipe/internal/engine/score"
)

// fakeWriter answers per lead position: a good draft, one the checks
// refuse (the prospect as its own reference), or an error.
type fakeWriter struct {
	mu    sync.Mutex
	calls []draft.Input
}

func (f *fakeWriter) Draft(_ context.Context, in draft.Input) (engine.Draft, error) {
	f.mu.Lock()
	f.calls = append(f.calls, in)
	f.mu.Unlock()
	switch {
	case strings.Contains(in.Post, "\x00never"):
		return engine.Draft{}, nil
	case in.Slots.Company != "" && len(in.Slots.Company)%3 == 0:
		return engine.Draft{Subject: "Hello", Body: "Hi,\n\nTeams like " + in.Slots.Company + " love us.\n\nBest,\n" + in.Slots.Sender}, nil
	case len(in.Post)%5 == 0:
		return engine.Draft{}, errors.New("model: no answer within 8s")
	}
	return engine.Draft{Subject: "A note on your post", Body: "Hi there,\n\nWe offer " + in.Slots.Product + ".\n\nBest,\n" + in.Slots.Sender}, nil
}

// With a Writer the model writes the best leads' drafts from the same
// facts; a failed or refused one leaves the template's draft.
func TestModelWritesDraftsWithTemplateFallback(t *testing.T) {
	posts, p, plain := reviewSetup(t)
	w := &fakeWriter{}
	facts := draft.Facts{Product: "a field-service scheduling app", Sender: "Maya Lindqvist"}
	leads, rep := RunReviewed(context.Background(), posts, p, Options{Writer: w, Limit: 30, DraftFacts: facts})
	if len(w.calls) != min(ModelDrafts, len(leads)) || len(plain) < ModelDrafts {
		t.Fatalf("%d model calls for %d leads", len(w.calls), len(leads))
	}
	for _, in := range w.calls {
		if in.Slots.Product != "a field-service scheduling app" || in.Slots.Sender != "Maya Lindqvist" || in.Template.Body == "" || in.Post == "" {
			t.Fatalf("the model is not given the facts: %+v", in)
		}
	}
	model, template, refused := 0, 0, 0
	for i, l := range leads {
		switch {
		case l.Draft.Subject == "A note on your post":
			model++
			if i >= ModelDrafts || l.Draft.TemplateID == "" {
				t.Errorf("lead %d: model draft %+v", i, l.Draft)
			}
		case strings.HasSuffix(l.Draft.Body, "Best,\nMaya Lindqvist"):
			template++
		default:
			t.Errorf("lead %d: draft %+v", i, l.Draft)
		}
		if strings.Contains(l.Draft.Body, "like "+l.Company) && l.Company != "" {
			refused++
		}
	}
	if model == 0 || template == 0 || refused > 0 || rep.Drafted != model {
		t.Errorf("model %d, template %d, refused kept %d; report %+v", model, template, refused, rep)
	}
	if rep.DraftErr == nil {
		t.Error("no error reported for the failed model drafts")
	}
}

func TestCheckRefusesUnsendableModelDrafts(t *testing.T) {
	s := draft.Slots{Company: "Shipwright", Sender: "Maya"}
	for _, tt := range []struct {
		d  engine.Draft
		ok bool
	}{
		{engine.Draft{Subject: "Hi", Body: "Hi Dana,\n\nHello.\n\nBest,\nMaya"}, true},
		{engine.Draft{Subject: "Hi", Body: "Hi Dana,\n\nTeams like Shipwright.\n\nBest,\nMaya"}, false},
		{engine.Draft{Subject: "Hi", Body: "Hi Shipwright team,\n\nHello.\n\nBest,\nMaya"}, false},
		{engine.Draft{Subject: "Hi", Body: "Hi [name],\n\nHello.\n\nBest,\nMaya"}, false},
		{engine.Draft{Subject: "Hi", Body: "Hi Dana,\n\nHello.\n\nBest,"}, false},
		{engine.Draft{Subject: "", Body: "Hi Dana,\n\nBest,\nMaya"}, false},
		{engine.Draft{Subject: "a\nb", Body: "Hi Dana,\n\nBest,\nMaya"}, false},
	} {
		if err := draft.Check(tt.d, s); (err == nil) != tt.ok {
			t.Errorf("Check(%q) = %v, want ok %v", tt.d.Body, err, tt.ok)
		}
	}
}

// One tier field: every lead's status is its tier's name and its tier the
// band of its score.
func TestStatusAndTierNeverDisagree(t *testing.T) {
	_, _, plain := reviewSetup(t)
	seen := map[engine.Tier]bool{}
	for _, l := range plain {
		tier, _ := score.TierOf(l.IntentScore)
		if l.IntentTier != tier || l.Status != score.StatusOf(l.IntentTier) {
			t.Errorf("lead %s: score %d, tier %s, status %q", l.ID, l.IntentScore, l.IntentTier, l.Status)
		}
		seen[l.IntentTier] = true
	}
	if len(seen) < 2 {
		t.Errorf("only tiers %v in the sample", seen)
	}
	for _, b := range score.Tiers {
		if score.StatusOf(b.Tier) != b.Status {
			t.Errorf("StatusOf(%s) = %q, want %q", b.Tier, score.StatusOf(b.Tier), b.Status)
		}
	}
}
