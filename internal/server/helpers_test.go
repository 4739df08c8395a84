package server

import (
	"bytes"
	"io/fs"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/web"
)

// testDist is a small web build following the dist contract.
func testDist() fstest.MapFS {
	fsys := fstest.MapFS{
		"routes.json":                 {Data: []byte(`{"routes":["/","/resources","/blog","/blog/:slug","/blog/admin","/admin","/admindemo1","/analytics","/test-click"]}`)},
		"index.html":                  {Data: []byte(`<html><link rel="canonical" href="__SIGNALPIPE_BASE_URL__/">HOME ` + strings.Repeat("buying signal ", 300) + `</html>`)},
		"resources/index.html":        {Data: []byte(`<html>RESOURCES</html>`)},
		"spa.html":                    {Data: []byte(`<html>SPA SHELL</html>`)},
		"404.html":                    {Data: []byte(`<html>NOT FOUND PAGE</html>`)},
		"assets/app-H4sh.js":          {Data: []byte(`console.log(1)`)},
		"sales-signal-checklist.html": {Data: []byte(`<!doctype html><h1>The Sales Signal Checklist</h1>`)},
	}
	// The post page's templates are the real build's (internal/blog/page.go fills them).
	for _, name := range []string{"templates/post.html", "templates/post-not-found.html"} {
		b, err := fs.ReadFile(web.Dist, "dist/"+name)
		if err != nil {
			panic("the web build is missing " + name + ": make web-build")
		}
		fsys[name] = &fstest.MapFile{Data: b}
	}
	return fsys
}

// syncBuffer is a goroutine-safe log sink.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// newTestServer builds a server on a fresh SQLite database; edit may change
// the default configuration first.
func newTestServer(t testing.TB, edit func(c *config.Config)) (*Server, *syncBuffer) {
	t.Helper()
	cfg := config.Default()
	cfg.BaseURL = "https://sp.example"
	cfg.EmailVerify = false // no DNS from tests; verify_test.go turns it on
	cfg.DrainDelay = 0      // shutdown at once; drain_test.go sets one
	if edit != nil {
		edit(cfg)
	}
	logs := &syncBuffer{}
	s, err := New(Deps{Config: cfg, DB: dbtest.SQLite(t), Web: testDist(),
		Logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	if err != nil {
		t.Fatalf("server.New: %v", err)
	}
	return s, logs
}
