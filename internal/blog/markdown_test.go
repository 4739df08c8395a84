package blog

import (
	"regexp"
	"strings"
	"testing"
)

func TestRenderContent(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     string
	}{
		{"plain text: each line a paragraph", "First line\r\nSecond line\n\n  Third  ",
			"<p>First line</p>\n<p>Second line</p>\n<p>Third</p>\n"},
		{"bold and emphasis", "A **bold** and *soft* word",
			"<p>A <strong>bold</strong> and <em>soft</em> word</p>\n"},
		{"heading", "## Heading two\nText", "<h2>Heading two</h2>\n<p>Text</p>\n"},
		{"a first-level heading is second-level", "# Title", "<h2>Title</h2>\n"},
		{"bullet list", "Intro\n- one\n- **two**\n",
			"<p>Intro</p>\n<ul>\n<li>one</li>\n<li><strong>two</strong></li>\n</ul>\n"},
		{"numbered list", "3. three\n4. four", "<ol start=\"3\">\n<li>three</li>\n<li>four</li>\n</ol>\n"},
		{"external link", "See [the guide](https://example.com/a?b=1&c=2).",
			`<p>See <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener" target="_blank">the guide</a>.</p>` + "\n"},
		{"own path", "[Use cases](/use-cases)", `<p><a href="/use-cases" rel="nofollow">Use cases</a></p>` + "\n"},
		{"mail link", "[Write](mailto:hi@sp.example)", `<p><a href="mailto:hi@sp.example" rel="nofollow">Write</a></p>` + "\n"},
		{"bare URL", "Go to https://example.com now",
			`<p>Go to <a href="https://example.com" rel="nofollow noopener" target="_blank">https://example.com</a> now</p>` + "\n"},
		{"javascript: link stripped", "[click](javascript:alert(1))", "<p>click</p>\n"},
		{"data: link stripped", "[x](data:text/html;base64,PHNjcmlwdD4=)", "<p>x</p>\n"},
		{"raw script escaped", "<script>window.x=1</script>\nAfter",
			"<p>&lt;script&gt;window.x=1&lt;/script&gt;</p>\n<p>After</p>\n"},
		{"inline HTML escaped", "Use the <b onclick=\"x()\">tag</b>",
			"<p>Use the &lt;b onclick=&#34;x()&#34;&gt;tag&lt;/b&gt;</p>\n"},
		{"image from https kept", "![chart](https://img.example/c.png)",
			`<p><img src="https://img.example/c.png" alt="chart"></p>` + "\n"},
		{"image from javascript: loses its address", "![x](javascript:alert(1))", "<p><img alt=\"x\"></p>\n"},
		{"empty", "  \n\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(RenderContent(tc.in)); got != tc.want {
				t.Errorf("RenderContent(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

// active matches a script, frame, SVG or style element, an event handler
// attribute or a script URL in an attribute of a real (unescaped) tag.
var active = regexp.MustCompile(`<(script|iframe|svg|style)|<[^>]*\son\w+=|<[^>]*=["']?\s*(javascript|vbscript|data):`)

// Whatever a post holds, no script, event handler or unsafe URL gets out.
func TestRenderContentNeverEmitsActiveMarkup(t *testing.T) {
	for _, in := range []string{
		"<img src=x onerror=alert(1)>", "[a](javascript:alert(1))", "[a](JaVaScRiPt:alert(1))",
		"<a href=\"javascript:x\">a</a>", "<iframe src=\"https://evil.example\"></iframe>",
		"<svg onload=alert(1)>", "[a](vbscript:x)", "**<script>x</script>**", "<style>*{}</style>",
	} {
		out := strings.ToLower(string(RenderContent(in)))
		if active.MatchString(out) {
			t.Errorf("RenderContent(%q) = %q", in, out)
		}
	}
}
