package blog

import (
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/web"
)

// buildPage is the post page's templates from the real web build.
func buildPage(t *testing.T) *PageTemplates {
	t.Helper()
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		t.Fatal(err)
	}
	page, err := LoadPageTemplates(dist)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

func TestRenderPost(t *testing.T) {
	p := &Post{Title: `Tools & "tricks"`, Slug: "tools", Excerpt: "Short <b>excerpt</b>", Category: "lead-generation",
		Content: "First line\r\n\n  ## Heading two  \n<script>window.x=1</script>\nA **bold** [link](https://x.example)\n", Tags: []string{"a", "b<c"},
		AuthorName: "Ann", AuthorRole: "Lead", ReadTime: 0,
		PublishedAt: Millis(time.Date(2026, 3, 4, 5, 6, 7, 8_000_000, time.UTC))}
	page := buildPage(t)
	html := string(page.Post(p, "https://sp.example/blog/tools"))
	for _, want := range []string{
		`>Lead Generation</p>`,
		`<h1 class="mt-3 text-balance text-3xl font-extrabold tracking-tight text-white md:text-5xl">Tools &amp; &quot;tricks&quot;</h1>`,
		`>Short &lt;b&gt;excerpt&lt;/b&gt;</p>`,
		`<span class="font-semibold text-slate-200">Ann</span>, Lead</span>`,
		`<time dateTime="2026-03-04T05:06:07.008Z">March 4, 2026</time>`,
		`Quick read</span>`,
		`<li class="rounded-full bg-ink-700 px-2.5 py-0.5 text-xs text-slate-300">b&lt;c</li>`,
		"<p>First line</p>\n<h2>Heading two</h2>\n<p>&lt;script&gt;window.x=1&lt;/script&gt;</p>\n" +
			`<p>A <strong>bold</strong> <a href="https://x.example" rel="nofollow noopener" target="_blank">link</a></p>` + "\n</div>",
		`href="https://twitter.com/intent/tweet?text=Tools%20%26%20%22tricks%22&amp;url=https%3A%2F%2Fsp.example%2Fblog%2Ftools"`,
		`href="https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fsp.example%2Fblog%2Ftools"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %s\nin %s", want, html)
		}
	}
	if strings.Contains(html, "<script>") || strings.Contains(html, "<b>") {
		t.Errorf("unescaped markup in %s", html)
	}
	p.Tags = nil
	if out := page.Post(p, "u"); strings.Contains(string(out), `aria-label="Tags"`) || strings.Contains(string(out), "[[sp:") {
		t.Error("an empty tag list is rendered")
	}
}

func TestPageHelpers(t *testing.T) {
	for slug, want := range map[string]string{"case-studies": "Case Studies", "field-notes-2": "Field Notes 2"} {
		if got := categoryName(slug); got != want {
			t.Errorf("categoryName(%q) = %q, want %q", slug, got, want)
		}
	}
	if got := readTimeLabel(7); got != "7 min read" {
		t.Errorf("readTimeLabel(7) = %q", got)
	}
	if got := encodeURIComponent("a b/é!'()*~-_.?&="); got != "a%20b%2F%C3%A9!'()*~-_.%3F%26%3D" {
		t.Errorf("encodeURIComponent = %q", got)
	}
	out := buildPage(t).NotFound()
	if !strings.Contains(string(out), `>Post Not Found</h1>`) || !strings.Contains(string(out), `href="/blog"`) {
		t.Errorf("NotFound = %s", out)
	}
}

// A build whose post view lost a slot, or draws one the server does not
// fill, or whose tag list holds more than its item, fails at start with the
// reason.
func TestParsePageTemplatesRefusesABrokenBuild(t *testing.T) {
	dist, _ := fs.Sub(web.Dist, "dist")
	good, err := fs.ReadFile(dist, postTemplateFile)
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct{ from, to, want string }{
		"lost slot":       {"[[sp:excerpt]]", "", "no [[sp:excerpt]] slot"},
		"unknown slot":    {"[[sp:excerpt]]", "[[sp:excerpt]][[sp:subtitle]]", "unknown slot [[sp:subtitle]]"},
		"two tags":        {"[[sp:tag]]", "[[sp:tag]][[sp:tag]]", "more than once"},
		"list holds more": {`aria-label="Tags">`, `aria-label="Tags"><li>x</li>`, "more than its item"},
		"not a list":      {"</li></ul>", "</li></ol>", "not the one item of a list"},
	} {
		broken := strings.Replace(string(good), c.from, c.to, 1)
		if broken == string(good) {
			t.Fatalf("%s: the build's template has no %q", name, c.from)
		}
		if _, err := ParsePageTemplates(broken, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", name, err, c.want)
		}
	}
	if _, err := LoadPageTemplates(fstestEmpty{}); err == nil || !strings.Contains(err.Error(), "web build is incomplete") {
		t.Errorf("no templates: err = %v", err)
	}
}

type fstestEmpty struct{}

func (fstestEmpty) Open(string) (fs.File, error) { return nil, fs.ErrNotExist }
