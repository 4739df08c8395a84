package draft

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Input is what a model writes a lead's draft from: the same facts the
// template is filled with (the lead's slots and the sender's facts), the
// post itself, and the template's draft as the example and the fallback.
type Input struct {
	Signal   engine.SignalType
	Slots    Slots
	Post     string // the post's title and text, clipped by the writer
	Template engine.Draft
}

// Writer writes a draft with a language model (package search/llm); the
// pipeline keeps the template's draft when it fails or when its draft
// does not pass Check.
type Writer interface {
	Draft(ctx context.Context, in Input) (engine.Draft, error)
}

// Check refuses a model's draft that could not be sent as it is: empty
// or over the size limits, a slot left in brackets, the prospect's company
// named as its own reference or greeted, or without the sender's name
// when the client has one.
func Check(d engine.Draft, s Slots) error {
	switch {
	case strings.TrimSpace(d.Subject) == "" || strings.TrimSpace(d.Body) == "":
		return errors.New("empty subject or body")
	case utf8.RuneCountInString(d.Subject) > MaxSubject || utf8.RuneCountInString(d.Body) > MaxBody || strings.Contains(d.Subject, "\n"):
		return errors.New("subject or body too long")
	case anySlotRe.MatchString(d.Subject + d.Body):
		return errors.New("a slot is left in brackets")
	}
	if c := strings.TrimSpace(s.Company); c != "" {
		if regexp.MustCompile(`(?i)\blike ` + regexp.QuoteMeta(c) + `\b`).MatchString(d.Subject + "\n" + d.Body) {
			return fmt.Errorf("names the prospect %s as its own reference", c)
		}
		first, _, _ := strings.Cut(d.Body, "\n")
		if strings.Contains(strings.ToLower(first), strings.ToLower(c)) {
			return fmt.Errorf("greets the company %s", c)
		}
	}
	if s.Sender != "" && !strings.Contains(d.Body, s.Sender) {
		return fmt.Errorf("not signed by %s", s.Sender)
	}
	return nil
}
