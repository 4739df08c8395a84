package arch

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the repository's Go module path.
const module = "github.com/signalpipe/signalpipe"

// layers lists every Go package of the repository (paths relative to the
// module), lowest layer first. A package may import only packages of a
// lower layer: an import of the same layer (sideways) or a higher one
// (upward) fails the test. Only the code that is built counts: _test.go
// files may reach up for fixtures (Go itself refuses a cycle). Put a new package in the lowest layer that is
// above everything it imports.
var layers = [][]string{
	// 0: the outbound address guard (stdlib only), below the connectors that dial through it.
	{"internal/netguard"},
	// 1: leaves: shared types and helpers that import nothing of ours.
	{"internal/buildinfo", "internal/osuser", "internal/db/dberr", "internal/mail", "internal/mail/mailtest",
		"internal/httpx/httpxtest", "internal/engine/enrich/dnstest", "internal/search/remote", "internal/engine", "internal/secretbox", "web", "docs"},
	// 1b: the engine's knowledge that its stages read: the software
	// taxonomy, who is speaking, the real-post corpus.
	{"internal/engine/taxonomy", "internal/engine/speaker", "internal/engine/realcorpus"},
	// 2: configuration, HTTP helpers and the engine's stages.
	// internal/accounts: company resolution and account scoring (stdlib and x/net only).
	{"internal/config", "internal/httpx", "internal/accounts", "internal/engine/icp", "internal/engine/detect", "internal/engine/evaluate",
		"internal/engine/score", "internal/engine/corpus", "internal/search/llm"},
	// 3: the database and the engine's composite stages.
	{"internal/db", "internal/api", "internal/engine/enrich", "internal/engine/draft", "internal/engine/labelled"},
	// 4: services over the database; the engine's pipeline.
	{"internal/jobs", "internal/db/dbtest", "internal/clients/clientstest/fixture", "internal/auth", "internal/analytics", "internal/health", "internal/seo",
		"internal/webapp", "internal/pdf", "internal/engine/pipeline", "internal/engine/detect/train"},
	// 4b: the real-post corpus read as the relevance model's training pairs
	// (through the pipeline), for the trainer and eval-search's LOCO mode.
	{"internal/engine/realcorpus/examples"},
	// 5: features on jobs: onboarding, notices, notifications, search.
	{"internal/intake", "internal/notices", "internal/notify", "internal/search"},
	// 6: what builds on search: the query language, the connectors; the blog.
	{"internal/search/querylang", "internal/search/bluesky", "internal/search/exa", "internal/search/feeds",
		"internal/search/github", "internal/search/hackernews", "internal/search/ingest", "internal/search/jobboards",
		"internal/search/lobsters", "internal/search/mastodon", "internal/search/reddit",
		"internal/search/stackexchange", "internal/blog"},
	// 7: the Jetstream consumer and the clients model, side by side.
	{"internal/search/jetstream", "internal/clients"},
	// 7a: the delivery of the clients' leads to their channels, over the
	// clients model; clientstest, the clients packages' shared test
	// support (imported from their tests only), over the model too.
	{"internal/clients/delivery", "internal/clients/clientstest"},
	// 7b: the client portal over the clients model and the delivery: its
	// routes, invites, API tokens and scopes.
	{"internal/clients/portal"},
	// 8: the source registry; the MCP server (over clients and search).
	{"internal/search/sources", "internal/mcp"},
	// 10: the HTTP server that mounts every package's routes.
	{"internal/server"},
	// 11: the command line.
	{"internal/cli"},
	// 12: developer tools over the command line: the docs generator.
	{"internal/devtools/docgen"},
	// 13: programs: the binary, code generators, benchmarks, dev tools, this test.
	{"internal/devtools/docgen/gen", "internal/devtools/testsum", "internal/devtools/perfcheck", "cmd/signalpipe", "internal/blog/blogconstgen", "internal/engine/corpus/gen", "internal/engine/detect/calibgen",
		"internal/engine/detect/modelgen", "internal/engine/draft/campaignsgen", "internal/engine/score/scoringgen",
		"internal/intake/fieldsgen", "internal/search/jetstream/streamgen", "scripts/perf/deliverybench", "internal/arch",
		"internal/engine/speaker/gen", "internal/engine/realcorpus/assemble", "internal/engine/icp/relgen", "internal/engine/realcorpus/lab"},
}

// level is each package's layer number.
func level(t *testing.T) map[string]int {
	t.Helper()
	out := map[string]int{}
	for i, l := range layers {
		for _, p := range l {
			if _, dup := out[p]; dup {
				t.Errorf("layer table: %s listed twice", p)
			}
			out[p] = i + 1
		}
	}
	return out
}

// packageImports maps each directory holding Go files (relative to root)
// to the module's packages its files import.
func packageImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		if _, ok := out[rel]; !ok {
			out[rel] = nil
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p == module || strings.HasPrefix(p, module+"/") {
				p = strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
				if !slices.Contains(out[rel], p) {
					out[rel] = append(out[rel], p)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// violations are the imports against the table, one line each.
func violations(lv map[string]int, imports map[string][]string) []string {
	var out []string
	for pkg, list := range imports {
		from, ok := lv[pkg]
		if !ok {
			out = append(out, pkg+": not in the layer table (internal/arch/layers_test.go): add it to the lowest layer above everything it imports")
			continue
		}
		for _, im := range list {
			switch to, ok := lv[im]; {
			case im == pkg:
			case !ok:
				out = append(out, pkg+" imports "+im+", which is not in the layer table")
			case to == from:
				out = append(out, pkg+" imports "+im+" sideways (both layer "+strconv.Itoa(from)+")")
			case to > from:
				out = append(out, pkg+" (layer "+strconv.Itoa(from)+") imports "+im+" upward (layer "+strconv.Itoa(to)+")")
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestImportsGoDown(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	lv := level(t)
	imports := packageImports(t, root)
	if len(imports) < 50 {
		t.Fatalf("read only %d packages: the walk is broken", len(imports))
	}
	for _, v := range violations(lv, imports) {
		t.Error(v)
	}
	// A package listed but gone keeps the table honest too.
	for p := range lv {
		if _, ok := imports[p]; !ok {
			t.Errorf("layer table lists %s, which has no Go files", p)
		}
	}
}

// The checker itself: an upward, a sideways and an unknown import are
// each caught; a downward one is not.
func TestViolations(t *testing.T) {
	lv := map[string]int{"low": 1, "mid": 2, "mid2": 2, "high": 3}
	got := violations(lv, map[string][]string{
		"low": {"high"}, "mid": {"mid2", "low"}, "high": {"low", "mid", "nowhere"}, "stray": nil,
	})
	want := []string{
		"high imports nowhere, which is not in the layer table",
		"low (layer 1) imports high upward (layer 3)",
		"mid imports mid2 sideways (both layer 2)",
		"stray: not in the layer table (internal/arch/layers_test.go): add it to the lowest layer above everything it imports",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
