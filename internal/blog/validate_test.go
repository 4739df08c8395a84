package blog

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Hello World":                      "hello-world",
		"  Buying Intent: 5 Signals!  ":    "buying-intent-5-signals",
		"--Already--hyphenated--":          "already-hyphenated",
		"C'est la Vie & Co.":               "c-est-la-vie-co",
		"Ünïcode ünd Ümlauts":              "n-code-nd-mlauts",
		"UPPER_snake_Case 2025":            "upper-snake-case-2025",
		"!!!":                              "",
		"":                                 "",
		"a":                                "a",
		"<script>alert(1)</script>":        "script-alert-1-script",
		"multiple   spaces\tand\nnewlines": "multiple-spaces-and-newlines",
	} {
		if got := Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSplitTags(t *testing.T) {
	tests := []struct {
		in   []string
		want []string
	}{
		{[]string{"sales, ai ,  ,leads,"}, []string{"sales", "ai", "leads"}},
		{[]string{" one ", "two,three", "one"}, []string{"one", "two", "three"}},
		{[]string{",,, "}, []string{}},
		{nil, []string{}},
	}
	for _, tt := range tests {
		if got := SplitTags(tt.in...); !slices.Equal(got, tt.want) {
			t.Errorf("SplitTags(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

var allCategories = map[string]bool{"ai-automation": true, "sales-strategy": true, "lead-generation": true, "case-studies": true}

func decodeInput(t *testing.T, body string) Input {
	t.Helper()
	var in Input
	if err := json.Unmarshal([]byte(body), &in); err != nil {
		t.Fatal(err)
	}
	return in
}

func TestValidateDefaults(t *testing.T) {
	p, errs := decodeInput(t, `{"title":" Why Intent Wins ","excerpt":"e","content":"c"}`).validate(allCategories)
	if errs != nil {
		t.Fatalf("errors: %v", errs)
	}
	if p.Title != "Why Intent Wins" || p.Slug != "why-intent-wins" || p.Category != "ai-automation" ||
		p.AuthorName != "Signalpipe Team" || p.AuthorRole != "Growth Team" || p.Status != "draft" ||
		p.ReadTime != 5 || len(p.Tags) != 0 || p.Featured || p.ImageURL != nil {
		t.Fatalf("post = %+v", p)
	}
}

func TestValidateFields(t *testing.T) {
	p, errs := decodeInput(t, `{"title":"T","slug":"My Custom Slug","excerpt":"e","content":"c","category":"case-studies",
		"tags":"a, b,,c ","readTime":"12","status":"published","featured":true,"authorName":"Ana","authorRole":"CEO",
		"imageUrl":"/img/x.png","publishedAt":1}`).validate(allCategories)
	if errs != nil {
		t.Fatalf("errors: %v", errs)
	}
	if p.Slug != "my-custom-slug" || !slices.Equal(p.Tags, []string{"a", "b", "c"}) || p.ReadTime != 12 ||
		p.Status != "published" || !p.Featured || p.AuthorName != "Ana" || *p.ImageURL != "/img/x.png" {
		t.Fatalf("post = %+v", p)
	}
	p, errs = decodeInput(t, `{"title":"T","excerpt":"e","content":"c","tags":[" x ","y,z",""],"readTime":7}`).validate(allCategories)
	if errs != nil || !slices.Equal(p.Tags, []string{"x", "y", "z"}) || p.ReadTime != 7 {
		t.Fatalf("list tags: %+v %v", p, errs)
	}
	for _, rt := range []string{`""`, `null`, `0`, `"0"`} {
		p, errs = decodeInput(t, `{"title":"T","excerpt":"e","content":"c","readTime":`+rt+`}`).validate(allCategories)
		if errs != nil || p.ReadTime != 5 {
			t.Errorf("readTime %s: %+v %v", rt, p, errs)
		}
	}
}

func TestValidateErrors(t *testing.T) {
	tests := []struct {
		body  string
		field string
	}{
		{`{"excerpt":"e","content":"c"}`, "title"},
		{`{"title":"  ","excerpt":"e","content":"c"}`, "title"},
		{`{"title":"T","content":"c"}`, "excerpt"},
		{`{"title":"T","excerpt":"e"}`, "content"},
		{`{"title":"!!!","excerpt":"e","content":"c"}`, "slug"},
		{`{"title":"T","slug":"admin","excerpt":"e","content":"c"}`, "slug"},
		{`{"title":"T","excerpt":"e","content":"c","category":"gardening"}`, "category"},
		{`{"title":"T","excerpt":"e","content":"c","status":"archived"}`, "status"},
		{`{"title":"T","excerpt":"e","content":"c","readTime":"five"}`, "readTime"},
		{`{"title":"T","excerpt":"e","content":"c","readTime":-3}`, "readTime"},
		{`{"title":"T","excerpt":"e","content":"c","readTime":2.5}`, "readTime"},
		{`{"title":"T","excerpt":"e","content":"c","tags":42}`, "tags"},
		{`{"title":"T","excerpt":"e","content":"c","imageUrl":"javascript:alert(1)"}`, "imageUrl"},
		{`{"title":"T","excerpt":"e","content":"c","imageUrl":"//evil.example/x.png"}`, "imageUrl"},
		{`{"title":"` + strings.Repeat("x", 201) + `","excerpt":"e","content":"c"}`, "title"},
	}
	for _, tt := range tests {
		_, errs := decodeInput(t, tt.body).validate(allCategories)
		if errs[tt.field] == "" {
			t.Errorf("%s: errors = %v, want one for %q", tt.body, errs, tt.field)
		}
	}
}

func TestNormaliseEmail(t *testing.T) {
	for in, want := range map[string]string{"Ana@Acme.IO": "ana@acme.io", " bo@x.example ": "bo@x.example"} {
		if got, ok := normaliseEmail(in); !ok || got != want {
			t.Errorf("normaliseEmail(%q) = %q, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"", "ana", "ana@", "ana@localhost", "Ana <ana@acme.io>", "a@b.", strings.Repeat("a", 250) + "@x.io"} {
		if _, ok := normaliseEmail(bad); ok {
			t.Errorf("normaliseEmail(%q) accepted", bad)
		}
	}
}
