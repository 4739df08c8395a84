package llm

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func draftInput() DraftRequest {
	return DraftRequest{Signal: engine.CompetitorEngagement, Post: "Our Zendesk renewal doubled. Options?",
		Name: "Dana", Company: "Shipwright", Topic: "Zendesk", Product: "a help desk for small teams", Sender: "Maya Lindqvist",
		Template: engine.Draft{TemplateID: "competitor-engagement", Subject: "Before your next Zendesk renewal", Body: "Hi Dana,\n\n…"}}
}

// The model is given the lead's and the sender's facts, and its draft
// comes back with the template's id.
func TestDraftFromTheModel(t *testing.T) {
	base, got, _ := fakeModel(t, func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(completion(`{"subject": "Your Zendesk renewal", "body": "Hi Dana,\n\nSaw your post.\n\nBest,\nMaya Lindqvist"}`)))
	})
	d, err := New(Options{BaseURL: base, Model: "m"}).Draft(context.Background(), draftInput())
	if err != nil {
		t.Fatal(err)
	}
	if d.TemplateID != "competitor-engagement" || d.Subject != "Your Zendesk renewal" || !strings.HasSuffix(d.Body, "Maya Lindqvist") {
		t.Errorf("draft %+v", d)
	}
	user := got.Messages[1].Content
	for _, want := range []string{`"firstName":"Dana"`, `"senderProduct":"a help desk for small teams"`, `"sender":"Maya Lindqvist"`, "Zendesk renewal doubled"} {
		if !strings.Contains(user, want) {
			t.Errorf("the request lacks %s: %s", want, user)
		}
	}
	if !strings.Contains(got.Messages[0].Content, "Never name the person's own company") {
		t.Error("the brief does not forbid the prospect as its own reference")
	}
}

func TestDraftFailures(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer func(w http.ResponseWriter, r *http.Request)
	}{
		{"not JSON", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(completion("Dear Dana, ..."))) }},
		{"empty body", func(w http.ResponseWriter, _ *http.Request) {
			_, _ = w.Write([]byte(completion(`{"subject": "x", "body": ""}`)))
		}},
		{"unknown key", func(w http.ResponseWriter, _ *http.Request) {
			_, _ = w.Write([]byte(completion(`{"subject": "x", "body": "y", "tone": "warm"}`)))
		}},
		{"500", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(500) }},
		{"timeout", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(2 * time.Second):
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			base, _, _ := fakeModel(t, tt.answer)
			_, err := New(Options{BaseURL: base, Model: "m", Timeout: 200 * time.Millisecond}).Draft(context.Background(), draftInput())
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err %v, want a model error", err)
			}
		})
	}
}
