package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// maxDraftPost bounds the characters of a post sent for a draft.
const maxDraftPost = 2000

// draftPrompt briefs the model to write from the facts it is given and
// nothing else (issue 31 item 2): the pipeline checks the answer
// (draft.Check) and keeps the template's draft when it fails.
var draftPrompt = `You write the first outreach email a salesperson sends to a person who wrote a public post.
Write from the facts given and nothing else: the person (first name, company, role), what they posted,
and the sender's side (product, proof point, case study, sender). Never invent a customer, a number or a
feature. Never name the person's own company as an example or reference ("companies like X"). Greet the
person by first name, or "Hi there," when it is unknown; never greet a company. Refer to what they posted in
one sentence, say what the sender offers in one or two, and ask one short question. Under 120 words. End
with "Best," and the sender's name on the next line when one is given.
Answer with a JSON object and nothing else, exactly of the form {"subject": "...", "body": "..."}.`

type draftFacts struct {
	Signal     string `json:"signal"`
	FirstName  string `json:"firstName,omitempty"`
	Company    string `json:"company,omitempty"`
	Role       string `json:"role,omitempty"`
	Topic      string `json:"productTheyMention,omitempty"`
	Post       string `json:"post"`
	Product    string `json:"senderProduct,omitempty"`
	Proof      string `json:"proofPoint,omitempty"`
	Case       string `json:"caseStudy,omitempty"`
	Sender     string `json:"sender,omitempty"`
	Example    string `json:"exampleDraft"`
	ExampleSub string `json:"exampleSubject"`
}

// DraftRequest is what a draft is written from (package draft's Input,
// as plain fields: this package sits below the engine's draft stage).
type DraftRequest struct {
	Signal                       engine.SignalType
	Name, Company, Role, Topic   string
	Product, Proof, Case, Sender string
	Post                         string
	Template                     engine.Draft
}

// Bounds on a model's draft, in bytes (draft.Check applies the exact ones).
const (
	maxDraftSubject = 800
	maxDraftBody    = 16000
)

// Draft asks the model to write a lead's draft from in's facts, within
// the client's timeout; it returns the model's subject and body. The
// caller checks the draft (draft.Check) and falls back to the template's.
func (c *Client) Draft(ctx context.Context, s DraftRequest) (engine.Draft, error) {
	in := s
	user, _ := json.Marshal(draftFacts{Signal: string(in.Signal), FirstName: s.Name, Company: s.Company, Role: s.Role, Topic: s.Topic,
		Post: clip(in.Post, maxDraftPost), Product: s.Product, Proof: s.Proof, Case: s.Case, Sender: s.Sender,
		Example: in.Template.Body, ExampleSub: in.Template.Subject})
	raw, err := c.complete(ctx, draftPrompt, string(user))
	if err != nil {
		return engine.Draft{}, err
	}
	var out struct {
		Subject string `json:"subject"`
		Body    string `json:"body"`
	}
	if err := decodeAnswer(raw, &out); err != nil {
		return engine.Draft{}, fail("malformed answer", err)
	}
	if out.Subject == "" || out.Body == "" {
		return engine.Draft{}, fail("malformed answer", errors.New("empty subject or body"))
	}
	if len(out.Subject) > maxDraftSubject || len(out.Body) > maxDraftBody {
		return engine.Draft{}, fail("malformed answer", fmt.Errorf("draft of %d bytes", len(out.Body)))
	}
	return engine.Draft{TemplateID: in.Template.TemplateID, Subject: out.Subject, Body: out.Body}, nil
}
