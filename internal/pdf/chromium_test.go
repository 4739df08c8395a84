package pdf

import (
	"context"
	"math"
	"strings"
	"testing"
)

const fixture = `<!doctype html><html><head><meta charset="utf-8"><title>Fixture</title>
<style>body{font-family:sans-serif} h1{color:#047857;background:#ecfdf5}</style></head>
<body><h1>Signalpipe fixture</h1><p>One page of text: Grüße, naïve café.</p>
<canvas id="c" width="200" height="60"></canvas>
<script>const g=document.getElementById('c').getContext('2d');g.fillStyle='#047857';g.fillRect(0,0,200,60);
document.body.insertAdjacentHTML('beforeend','<p id="js">drawn by script</p>');</script></body></html>`

func TestConvertFixtureIsOnePageA4(t *testing.T) {
	c := newTestChromium(t, Options{JavaScript: true})
	b, err := c.Convert(context.Background(), []byte(fixture))
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	pages, w, h := pdfPages(t, b)
	if pages != 1 {
		t.Errorf("pages = %d, want 1", pages)
	}
	// A4 is 595.28 x 841.89 pt; Chromium rounds to whole points.
	if math.Abs(w-595) > 2 || math.Abs(h-842) > 2 {
		t.Errorf("MediaBox = %.1f x %.1f pt, want about 595 x 842 (A4)", w, h)
	}
	if text, ok := pdfText(t, b); ok {
		for _, want := range []string{"Signalpipe fixture", "Grüße", "drawn by script"} {
			if !strings.Contains(text, want) {
				t.Errorf("PDF text lacks %q:\n%s", want, text)
			}
		}
	}
}
