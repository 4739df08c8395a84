package blog

import (
	"bytes"
	"html/template"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// A post's content is Markdown, rendered here once for both the server's
// page and the web app's post view (the post JSON's contentHtml), so the
// two never differ (docs/product.md §9.2):
//
//   - every line break ends a paragraph, as plain-text posts have always
//     read: "One\nTwo" is two paragraphs, not one (the product's rule);
//   - **bold**, *emphasis*, ~~strike~~, `code`, links, bare URLs, lists,
//     quotes and "## " headings are Markdown's ("# " is shown as a second-
//     level heading: the page's only first-level heading is the title);
//   - HTML written in a post is shown as text, never as markup;
//   - the result is sanitized: only the elements below survive, links
//     only to http(s), mailto or the site's own paths, and links to other
//     sites open in a new tab with rel="nofollow noopener".
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Strikethrough, extension.Linkify),
	goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(lineParagraphs{}, 100))),
	goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(htmlAsText{}, 100))),
)

// contentPolicy is what rendered content may contain. Images are allowed
// from http(s) addresses, which the page's Content-Security-Policy permits
// (img-src https:, internal/httpx/security.go).
var contentPolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "strong", "em", "del", "code", "pre", "blockquote", "hr",
		"h2", "h3", "h4", "h5", "h6", "ul", "ol", "li")
	p.AllowAttrs("start").Matching(bluemonday.Integer).OnElements("ol")
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("src", "alt").OnElements("img")
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)
	p.RequireNoFollowOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true) // also adds rel="noopener"
	return p
}()

// RenderContent is a post's content as sanitized HTML.
func RenderContent(content string) template.HTML {
	src := []byte(strings.ReplaceAll(content, "\r\n", "\n"))
	var b bytes.Buffer
	if err := markdown.Convert(src, &b); err != nil {
		// Convert fails only when writing fails, which a bytes.Buffer never does.
		return template.HTML(template.HTMLEscapeString(content)) //nolint:gosec // escaped text
	}
	return template.HTML(contentPolicy.SanitizeBytes(b.Bytes())) //nolint:gosec // sanitized above
}

// lineParagraphs makes every line of a paragraph its own paragraph (the
// product's rule for posts) and turns first-level headings into second-level.
type lineParagraphs struct{}

func (lineParagraphs) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	var paragraphs []*ast.Paragraph
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Paragraph:
			paragraphs = append(paragraphs, n)
			return ast.WalkSkipChildren, nil
		case *ast.Heading:
			n.Level = max(n.Level, 2)
		}
		return ast.WalkContinue, nil
	})
	for _, p := range paragraphs {
		splitAtLineBreaks(p)
	}
}

// splitAtLineBreaks moves what follows each line break of p's own inline
// children (a break inside **bold** stays) into a new paragraph after it.
func splitAtLineBreaks(p *ast.Paragraph) {
	parent, cur := p.Parent(), ast.Node(p)
	for c := p.FirstChild(); c != nil; {
		next := c.NextSibling()
		if t, ok := c.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) && next != nil {
			t.SetSoftLineBreak(false)
			t.SetHardLineBreak(false)
			np := ast.NewParagraph()
			parent.InsertAfter(parent, cur, np)
			for m := next; m != nil; {
				after := m.NextSibling()
				cur.RemoveChild(cur, m)
				np.AppendChild(np, m)
				m = after
			}
			cur = np
		}
		c = next
	}
}

// htmlAsText renders HTML written in a post as escaped text: inline HTML
// in place, an HTML block one paragraph per line.
type htmlAsText struct{}

func (htmlAsText) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			segs := n.(*ast.RawHTML).Segments
			for i := range segs.Len() {
				seg := segs.At(i)
				_, _ = w.Write(util.EscapeHTML(seg.Value(src)))
			}
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(ast.KindHTMLBlock, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		block := n.(*ast.HTMLBlock)
		lines := block.Lines()
		var all []text.Segment
		for i := range lines.Len() {
			all = append(all, lines.At(i))
		}
		if block.HasClosure() {
			all = append(all, block.ClosureLine)
		}
		for _, seg := range all {
			line := bytes.TrimSpace(seg.Value(src))
			if len(line) == 0 {
				continue
			}
			_, _ = w.WriteString("<p>")
			_, _ = w.Write(util.EscapeHTML(line))
			_, _ = w.WriteString("</p>\n")
		}
		return ast.WalkSkipChildren, nil
	})
}
