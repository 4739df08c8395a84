package train

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine/labelled"
)

// TestRealPostMarksEveryRealPost: in the set modelgen fits on, RealPost
// marks exactly the real-shaped rows, the real-post corpus and the
// headline corpus, and no written row: a corpus id that looked like a
// labelled row's ("L…") would be weighed as written and fail here.
func TestRealPostMarksEveryRealPost(t *testing.T) {
	const realDir, shortPath = "../../realcorpus/testdata", "testdata/realshort/posts.jsonl"
	set, opt, err := TrainingSet(realDir, shortPath)
	if err != nil {
		t.Fatal(err)
	}
	corpus, err := RealPosts(realDir)
	if err != nil {
		t.Fatal(err)
	}
	short, err := ShortPosts(shortPath)
	if err != nil {
		t.Fatal(err)
	}
	written := labelled.Split("train")
	shaped := 0
	for _, e := range written {
		if labelled.RealShaped(e) {
			shaped++
		}
	}
	if shaped == 0 || shaped == len(written) {
		t.Fatalf("%d of %d train rows are real-shaped: the test needs both kinds", shaped, len(written))
	}
	want := map[string]bool{}
	for _, e := range written {
		want[e.ID] = labelled.RealShaped(e)
	}
	for _, e := range append(corpus, short...) {
		if _, clash := want[e.ID]; clash {
			t.Fatalf("corpus post %s has a labelled row's id", e.ID)
		}
		want[e.ID] = true
	}
	marked := 0
	for _, e := range set {
		if opt.RealShaped(e) != want[e.ID] {
			t.Errorf("%s: RealPost %v, want %v", e.ID, opt.RealShaped(e), want[e.ID])
		}
		if opt.RealShaped(e) {
			marked++
		}
	}
	if marked != shaped+len(corpus)+len(short) {
		t.Errorf("%d posts weigh as real, want %d real-shaped + %d corpus + %d headline", marked, shaped, len(corpus), len(short))
	}
}
