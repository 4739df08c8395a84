package pdf

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a local HTTP server that records every request it gets: the
// SSRF tests point a document at it and expect zero hits.
type recorder struct {
	mu   sync.Mutex
	hits []string
	urls []string // base URLs: loopback, "localhost", and a private address when the machine has one
}

func newRecorder(t *testing.T) *recorder {
	rec := &recorder{}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.mu.Lock()
		rec.hits = append(rec.hits, r.Host+r.URL.Path)
		rec.mu.Unlock()
		fmt.Fprint(w, "root:x:0:0 LEAKED")
	})
	lo := httptest.NewServer(h)
	t.Cleanup(lo.Close)
	_, port, _ := net.SplitHostPort(lo.Listener.Addr().String())
	rec.urls = append(rec.urls, lo.URL, "http://localhost:"+port)
	if ip := privateIP(); ip != "" {
		ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
		if err == nil {
			priv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: h}}
			priv.Start()
			t.Cleanup(priv.Close)
			rec.urls = append(rec.urls, priv.URL)
		}
	}
	return rec
}

// privateIP is a non-loopback IPv4 address of this machine (a private range
// on most hosts), standing in for "another machine on the LAN".
func privateIP() string {
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP.String()
		}
	}
	return ""
}

func (r *recorder) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]string(nil), r.hits...)
	sort.Strings(out)
	return out
}

// attempt is one way a document might reach the network, written for base
// URL u; marker is text the document prints once the attempt was made and
// refused, so the test knows it really ran before the PDF was printed.
type attempt struct {
	name, html, marker string
}

func attempts(u string) []attempt {
	ws := "ws" + strings.TrimPrefix(u, "http")
	return []attempt{
		{"img", fmt.Sprintf(`<img src="%s/img" alt="">`, u), ""},
		{"iframe", fmt.Sprintf(`<iframe src="%s/iframe"></iframe>`, u), ""},
		{"stylesheet", fmt.Sprintf(`<link rel="stylesheet" href="%s/css">`, u), ""},
		{"script src", fmt.Sprintf(`<script src="%s/js"></script>`, u), ""},
		{"css url()", fmt.Sprintf(`<div style="width:9px;height:9px;background:url('%s/cssurl')"></div>`, u), ""},
		{"@import and font", fmt.Sprintf(`<style>@import url("%s/import"); @font-face{font-family:X;src:url("%s/font")} .f{font-family:X}</style><p class="f">font</p>`, u, u), ""},
		{"fetch", fmt.Sprintf(`<p id="f"></p><script>fetch("%s/fetch").then(()=>f.textContent="fetch LOADED",()=>f.textContent="fetch refused")</script>`, u), "fetch refused"},
		{"xhr", fmt.Sprintf(`<p id="x"></p><script>try{const r=new XMLHttpRequest();r.open("GET","%s/xhr",false);r.send();x.textContent="xhr LOADED"}catch(e){x.textContent="xhr refused"}</script>`, u), "xhr refused"},
		{"beacon", fmt.Sprintf(`<script>try{navigator.sendBeacon("%s/beacon","x")}catch(e){}</script>`, u), ""},
		{"websocket", fmt.Sprintf(`<script>try{new WebSocket("%s/ws")}catch(e){}</script>`, ws), ""},
		{"data: iframe fetch", fmt.Sprintf(`<iframe src="data:text/html,<script>fetch('%s/data-iframe')</script><img src='%s/data-iframe-img'>"></iframe>`, u, u), ""},
		{"srcdoc iframe", fmt.Sprintf(`<iframe srcdoc="<img src='%s/srcdoc'>"></iframe>`, u), ""},
		{"popup", fmt.Sprintf(`<script>try{window.open("%s/popup")}catch(e){}</script>`, u), ""},
		{"prefetch", fmt.Sprintf(`<link rel="prefetch" href="%s/prefetch"><link rel="preconnect" href="%s">`, u, u), ""},
	}
}

const fileAndMetadata = `<iframe src="file:///etc/passwd"></iframe><img src="file:///etc/hostname" alt="">
<img src="http://169.254.169.254/latest/meta-data/" alt=""><iframe src="http://metadata.google.internal/"></iframe>`

func ssrfDocument(rec *recorder, skip map[string]bool) (doc string, markers []string) {
	var b strings.Builder
	b.WriteString(`<!doctype html><meta charset="utf-8"><h1>SSRF probe</h1>` + fileAndMetadata)
	for _, u := range rec.urls {
		for _, a := range attempts(u) {
			if skip[a.name] {
				continue
			}
			b.WriteString(a.html + "\n")
			if a.marker != "" {
				markers = append(markers, a.marker)
			}
		}
	}
	return b.String(), markers
}

// TestDocumentsReachNothing: with every layer on, no request of any kind
// leaves the page, and the conversion still succeeds.
func TestDocumentsReachNothing(t *testing.T) {
	rec := newRecorder(t)
	c := newTestChromium(t, Options{JavaScript: true})
	doc, markers := ssrfDocument(rec, nil)
	nav := fmt.Sprintf(`<meta http-equiv="refresh" content="0;url=%s/refresh"><script>setTimeout(()=>{location.href="%s/navigate"},0)</script>`, rec.urls[0], rec.urls[0])
	for _, d := range []string{doc, "<!doctype html><p>navigation probe</p>" + nav} {
		b, err := c.Convert(context.Background(), []byte(d))
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		checkNoLeak(t, b, markers)
		markers = nil
	}
	time.Sleep(300 * time.Millisecond) // a leaked request would be in flight by now
	if hits := rec.seen(); len(hits) > 0 {
		t.Fatalf("the page reached the network: %v", hits)
	}
}

// TestEachLayerAloneBlocks proves the layers are independent: any one of
// them on its own keeps the page off the network (except what that layer
// cannot see: Fetch interception does not cover WebSockets).
func TestEachLayerAloneBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three browsers")
	}
	tests := []struct {
		name string
		l    layers
		skip map[string]bool
	}{
		{"csp only", layers{csp: true}, nil},
		{"interception only", layers{intercept: true}, map[string]bool{"websocket": true}},
		{"dead proxy only", layers{proxy: true}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := newRecorder(t)
			c := newTestChromium(t, Options{layers: tt.l, JavaScript: true})
			doc, markers := ssrfDocument(rec, tt.skip)
			b, err := c.Convert(context.Background(), []byte(doc))
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			checkNoLeak(t, b, markers)
			time.Sleep(300 * time.Millisecond)
			if hits := rec.seen(); len(hits) > 0 {
				t.Fatalf("the page reached the network: %v", hits)
			}
		})
	}
}

// checkNoLeak asserts the PDF shows no fetched content (the recorder and
// /etc/passwd both contain "root:x:0:0") and that the scripted attempts ran.
func checkNoLeak(t *testing.T, b []byte, markers []string) {
	t.Helper()
	if pages, _, _ := pdfPages(t, b); pages < 1 {
		t.Fatalf("empty PDF")
	}
	text, ok := pdfText(t, b)
	if !ok {
		t.Log("pdftotext not installed: PDF text not checked")
		return
	}
	for _, bad := range []string{"root:x:0:0", "LEAKED"} {
		if strings.Contains(text, bad) {
			t.Errorf("PDF contains %q: a request got through", bad)
		}
	}
	for _, m := range markers {
		if !strings.Contains(text, m) {
			t.Errorf("PDF lacks %q: the attempt did not run before printing", m)
		}
	}
}
