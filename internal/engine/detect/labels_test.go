package detect

import (
	"slices"

	"github.com/signalpipe/signalpipe/internal/engine"
	"strings"
	"testing"
)

// Every cue that can count for a signal has a readable label, so no cue
// name reaches a lead's cueLabels raw.
func TestEveryPositiveCueHasALabel(t *testing.T) {
	for _, c := range allCues() {
		if c.weight > 0 && cueLabels[c.name] == "" {
			t.Errorf("cue %q (%s) has no label in cueLabels", c.name, c.typ)
		}
	}
}

func TestLabelsDropModelReasonsAndRepeats(t *testing.T) {
	got := Labels([]string{"switching vendor", "model: @senior", "model: as", "vendor complaint", "weak tech_research: pain", "switching vendor"})
	want := []string{"Plans to switch vendors", "Complains about a vendor"}
	if !slices.Equal(got, want) {
		t.Errorf("Labels = %q, want %q", got, want)
	}
}

func TestLiveDetectionCarriesReadableLabels(t *testing.T) {
	det := Default()
	posts := []struct{ title, text string }{
		{"", "We're hiring two senior SREs to join our platform team. Remote in the EU, apply on our site."},
		{"Leaving Zendesk", "Our renewal quote doubled and support is slow. Looking for an alternative to Zendesk for a 40-person team, any recommendations?"},
		{"", "We just raised a $12M Series A led by Acme Ventures to grow the team."},
	}
	for _, p := range posts {
		d := det.DetectText(p.title, p.text)
		if !d.Intent {
			t.Fatalf("%q: no live signal (%+v)", p.text, d)
		}
		if len(d.CueLabels) == 0 {
			t.Errorf("%q: no cue labels (cues %q)", p.text, d.Cues)
		}
		for _, l := range d.CueLabels {
			if strings.Contains(l, "model:") || strings.Contains(l, "@") {
				t.Errorf("%q: label %q leaks a model feature", p.text, l)
			}
		}
		live := det.DetectLive(engine.Post{Title: p.title, Text: p.text})
		if !slices.Equal(live.CueLabels, d.CueLabels) {
			t.Errorf("%q: DetectLive labels %q, DetectText %q", p.text, live.CueLabels, d.CueLabels)
		}
	}
	if d := det.DetectText("", "Lovely weather in Lisbon today."); len(d.CueLabels) != 0 {
		t.Errorf("a post with no signal has labels %q", d.CueLabels)
	}
}
