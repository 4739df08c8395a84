package realcorpus

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestUnseenSet: the measuring set of categories kept out of training
// loads, its README's table is the data's, and none of its posts or
// categories is in the training corpus.
func TestUnseenSet(t *testing.T) {
	u, err := Load("unseen")
	if err != nil {
		t.Fatal(err)
	}
	train, err := Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("unseen/README.md")
	if err != nil {
		t.Fatal(err)
	}
	posts, pairs := map[string]int{}, map[string]int{}
	for _, p := range u.Posts {
		posts[p.Category]++
	}
	for _, l := range u.Labels {
		pairs[l.ICP]++
	}
	for _, i := range u.ICPs {
		if row := fmt.Sprintf("| %d | %d |", posts[i.ID], pairs[i.ID]); !strings.Contains(string(readme), "| "+i.ID+": ") || !strings.Contains(string(readme), row) {
			t.Errorf("README.md has no row for %s ending %q", i.ID, row)
		}
		for _, ti := range train.ICPs {
			if ti.ID == i.ID {
				t.Errorf("category %s is also a training category", i.ID)
			}
		}
	}
	seen := map[string]bool{}
	for _, p := range train.Posts {
		seen[p.ID], seen["url "+p.URL] = true, p.URL != ""
	}
	for _, p := range u.Posts {
		if seen[p.ID] || seen["url "+p.URL] {
			t.Errorf("post %s (%s) is also a training post", p.ID, p.URL)
		}
	}
}
