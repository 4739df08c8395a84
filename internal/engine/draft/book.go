package draft

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Custom is a client's own wording of one template: its subject and
// body, with the same slots and "{…}" groups as the engine's (Write).
// An empty field keeps the engine's.
type Custom struct {
	Subject string `json:"subject,omitempty"`
	Body    string `json:"body,omitempty"`
}

// Book is a client's own templates by template id (Templates' ids: one
// per signal and its variants), checked by Validate.
type Book map[string]Custom

// Limits of a client's template.
const (
	MaxSubject = 200
	MaxBody    = 4000
)

var anySlotRe = regexp.MustCompile(`\[([^\[\]]*)\]`)

// Validate checks a client's templates: known template ids, known slots
// only, balanced and unnested "{…}" groups, a body that greets with
// [name] rather than a company, and the size limits. Errors are keyed
// by field ("templates.hiring-spree.body") for the API's field errors.
func (b Book) Validate() map[string]string {
	errs := map[string]string{}
	for id, c := range b {
		if _, ok := ByID(id); !ok {
			errs["templates."+id] = fmt.Sprintf("unknown template %q; one of %s", id, strings.Join(IDs(), ", "))
			continue
		}
		for _, f := range []struct {
			name, text string
			max        int
		}{{"subject", c.Subject, MaxSubject}, {"body", c.Body, MaxBody}} {
			key := "templates." + id + "." + f.name
			if msg := checkText(f.text, f.max); msg != "" {
				errs[key] = msg
			}
		}
		if strings.Contains(c.Subject, "\n") {
			errs["templates."+id+".subject"] = "a subject is one line"
		}
		if lower := strings.ToLower(c.Body + " " + c.Subject); strings.Contains(lower, "like [company]") || strings.Contains(lower, "hi [company]") {
			errs["templates."+id+".body"] = "the prospect's [company] cannot be its own reference or greeting"
		}
	}
	return errs
}

func checkText(s string, max int) string {
	if s == "" {
		return ""
	}
	if utf8.RuneCountInString(s) > max {
		return fmt.Sprintf("at most %d characters", max)
	}
	if !utf8.ValidString(s) {
		return "not valid text"
	}
	for _, m := range anySlotRe.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(SlotNames, "["+m[1]+"]") {
			return fmt.Sprintf("unknown slot [%s]; the slots are %s", m[1], strings.Join(SlotNames, " "))
		}
	}
	depth := 0
	for _, r := range s {
		switch r {
		case '{':
			depth++
			if depth > 1 {
				return "a {…} group cannot hold another"
			}
		case '}':
			depth--
			if depth < 0 {
				return "a } without its {"
			}
		}
	}
	if depth != 0 {
		return "a { without its }"
	}
	return ""
}

// IDs are the templates' ids, in order.
func IDs() []string {
	out := make([]string, len(Templates))
	for i, t := range Templates {
		out[i] = t.ID
	}
	return out
}

// Template is the engine's template id with the client's wording, where
// it has one.
func (b Book) Template(id string) Template {
	t, _ := ByID(id)
	if c, ok := b[id]; ok {
		if c.Subject != "" {
			t.Subject = c.Subject
		}
		if c.Body != "" {
			t.Template = c.Body
		}
	}
	return t
}

// Compose drafts a lead's first message: the template Select picks for its
// detection, in the client's wording (b, may be nil), filled from slots
// with the sender's facts.
func Compose(b Book, d engine.Detection, title, text string, s Slots, f Facts) engine.Draft {
	return Write(b.Template(Select(d, title+" "+text).ID), s.With(f))
}
