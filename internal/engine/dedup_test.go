package engine

import "testing"

func TestDedup(t *testing.T) {
	leads := []Lead{
		{ID: "1", Name: "Dana Reyes", Company: "Acme", PostURL: "https://www.reddit.com/r/sales/abc/"},
		{ID: "2", Name: "Someone Else", Company: "Other", PostURL: "https://reddit.com/r/sales/abc?utm=x"}, // same post
		{ID: "3", Name: "dana  reyes", Company: "ACME", PostURL: "https://x.com/dana/1"},                   // same person
		{ID: "4", Name: "Dana Reyes", Company: "Globex", PostURL: "https://x.com/dana/2"},                  // namesake elsewhere
		{ID: "5", Name: "Lee", LinkedIn: "https://linkedin.com/in/lee", PostURL: "https://a.example/1"},
		{ID: "6", Name: "Lee Park", LinkedIn: "https://www.linkedin.com/in/lee/", PostURL: "https://a.example/2"},
		{ID: "7", Email: "Kim@Example.com", PostURL: "https://a.example/3"},
		{ID: "8", Email: "kim@example.com", PostURL: "https://a.example/4"},
	}
	got := Dedup(leads)
	var ids []string
	for _, l := range got {
		ids = append(ids, l.ID)
	}
	want := []string{"1", "4", "5", "7"}
	if len(ids) != len(want) {
		t.Fatalf("got %v, want %v", ids, want)
	}
	for i := range want {
		if ids[i] != want[i] {
			t.Fatalf("got %v, want %v", ids, want)
		}
	}
}
