package pdf

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestDocumentsShareNothing: a document cannot leave anything for the next
// one (another visitor's) in cookies, even domain-wide ones, or in storage,
// although both render in the same reused tab and renderer process; with
// and without the CSP sandbox (cookies are also switched off in the tab).
func TestDocumentsShareNothing(t *testing.T) {
	for _, tt := range []struct {
		name string
		l    layers
	}{{"all layers", allLayers}, {"without the CSP sandbox", layers{intercept: true, proxy: true}}} {
		t.Run(tt.name, func(t *testing.T) { testShareNothing(t, tt.l) })
	}
}

func testShareNothing(t *testing.T, l layers) {
	c := newTestChromium(t, Options{Concurrency: 1, layers: l, JavaScript: true})
	plant := `<!doctype html><p>planted</p><script>
const parent = location.hostname.split(".").slice(1).join(".");
document.cookie = "a=SECRET1; path=/";
document.cookie = "b=SECRET2; path=/; domain=" + parent;
document.cookie = "c=SECRET3; path=/; domain=" + location.hostname;
try { localStorage.setItem("k", "SECRET4"); sessionStorage.setItem("k", "SECRET5"); } catch (e) {}
</script>`
	read := `<!doctype html><p id="o">read:</p><script>
let s = "cookie[" + document.cookie + "] ";
try { s += "local[" + localStorage.getItem("k") + "] session[" + sessionStorage.getItem("k") + "]"; } catch (e) { s += "storage refused"; }
o.textContent += s;
</script>`
	for _, doc := range []string{plant, read} {
		b, err := c.Convert(context.Background(), []byte(doc))
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		text, ok := pdfText(t, b)
		if !ok {
			t.Skip("pdftotext not installed")
		}
		if doc == read {
			if !strings.Contains(text, "read:") {
				t.Fatalf("reader did not run: %s", text)
			}
			if strings.Contains(text, "SECRET") {
				t.Fatalf("a document saw the previous one's data: %s", text)
			}
		}
	}
}

// TestDialogsDoNotStall: alert/confirm/print would block the page until a
// person answers; the sandbox makes them no-ops, so conversion goes on.
func TestDialogsDoNotStall(t *testing.T) {
	c := newTestChromium(t, Options{Timeout: 15 * time.Second, JavaScript: true})
	b, err := c.Convert(context.Background(), []byte(`<p>dialogs</p><script>alert(1); confirm("x"); prompt("y"); print();</script>`))
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	if pages, _, _ := pdfPages(t, b); pages != 1 {
		t.Fatalf("pages = %d", pages)
	}
}
