package corpus

import (
	"regexp"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
)

func TestCorpus(t *testing.T) {
	posts, err := Posts()
	if err != nil {
		t.Fatal(err)
	}
	if len(posts) < 1000 {
		t.Fatalf("%d posts, want at least 1000", len(posts))
	}
	ids, urls, texts := map[string]bool{}, map[string]bool{}, map[string]bool{}
	platforms := map[string]int{}
	types := map[engine.SignalType]int{}
	emails, linkedin := 0, 0
	emailRe := regexp.MustCompile(`@[a-z0-9.-]+\.[a-z]{2,}`)
	for _, p := range posts {
		if p.ID == "" || ids[p.ID] || p.URL == "" || urls[p.URL] || p.Text == "" || p.PublishedAt.IsZero() {
			t.Fatalf("bad or duplicate post %+v", p)
		}
		ids[p.ID], urls[p.URL], texts[p.Text] = true, true, true
		platforms[p.Platform]++
		types[detect.Default().Detect(p).SignalType]++
		if emailRe.MatchString(p.Text) {
			emails++
		}
		if p.Profile["linkedin"] != "" || regexp.MustCompile(`linkedin\.com/in/`).MatchString(p.Text) {
			linkedin++
		}
	}
	if len(platforms) < 6 {
		t.Errorf("platforms %v", platforms)
	}
	for _, typ := range append(engine.SignalTypes, engine.None) {
		if types[typ] < 60 {
			t.Errorf("%s: %d posts", typ, types[typ])
		}
	}
	if emails < 50 || linkedin < 50 {
		t.Errorf("%d posts with emails, %d with LinkedIn URLs", emails, linkedin)
	}
	if len(texts) < len(posts)*9/10 {
		t.Errorf("only %d distinct texts in %d posts", len(texts), len(posts))
	}
}

func TestSynthetic(t *testing.T) {
	ps, err := Synthetic(2500)
	if err != nil || len(ps) != 2500 || ps[0].ID == ps[1200].ID || ps[0].URL == ps[1200].URL {
		t.Fatalf("synthetic: %v", err)
	}
}
