// Package docgen writes the parts of the documents that list what the code
// has (job kinds, packages, commands, options), so that they cannot drift:
// `go generate ./docs` rewrites each marked section from the code, and the
// docs package's test fails, naming the section, when a committed document
// differs from what the generator writes.
//
// A section is the text between
//
//	<!-- generated: NAME (go generate ./docs) -->
//	<!-- end generated: NAME -->
//
// in a Markdown file; everything outside the markers is left alone.
package docgen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Module is the module path the package table is written relative to.
const Module = "github.com/signalpipe/signalpipe"

// Command is one CLI subcommand as the table lists it.
type Command struct{ Name, Summary string }

// Option is one configuration option as the table lists it.
type Option struct{ Env, Flag, Default, Description string }

// Inputs are the facts that live in packages the generator cannot read as
// source alone (the CLI's command table and the options table).
type Inputs struct {
	Commands []Command
	Options  []Option
}

// File is one document and the sections the generator owns in it.
type File struct {
	Path     string // relative to the repository root
	Sections []string
}

// Files lists every generated section.
var Files = []File{
	{Path: "docs/architecture.md", Sections: []string{"packages", "jobs", "commands", "options"}},
}

// Generate returns the new contents of every file in Files, read from root.
func Generate(root string, in Inputs) (map[string][]byte, error) {
	sections := map[string]func() (string, error){
		"packages": func() (string, error) { return packagesTable(root) },
		"jobs":     func() (string, error) { return jobsTable(root) },
		"commands": func() (string, error) { return commandsTable(in.Commands), nil },
		"options":  func() (string, error) { return optionsTable(in.Options), nil },
	}
	out := map[string][]byte{}
	for _, f := range Files {
		b, err := os.ReadFile(filepath.Join(root, f.Path))
		if err != nil {
			return nil, err
		}
		for _, name := range f.Sections {
			body, err := sections[name]()
			if err != nil {
				return nil, fmt.Errorf("section %s: %w", name, err)
			}
			if b, err = replaceSection(b, name, body); err != nil {
				return nil, fmt.Errorf("%s: %w", f.Path, err)
			}
		}
		out[f.Path] = b
	}
	return out, nil
}

// Stale names the sections whose committed text differs from what Generate
// writes ("docs/architecture.md: jobs").
func Stale(root string, in Inputs) ([]string, error) {
	gen, err := Generate(root, in)
	if err != nil {
		return nil, err
	}
	var stale []string
	for _, f := range Files {
		cur, err := os.ReadFile(filepath.Join(root, f.Path))
		if err != nil {
			return nil, err
		}
		for _, name := range f.Sections {
			a, _ := section(cur, name)
			b, _ := section(gen[f.Path], name)
			if a != b {
				stale = append(stale, f.Path+": "+name)
			}
		}
	}
	return stale, nil
}

func markers(name string) (string, string) {
	return "<!-- generated: " + name + " (go generate ./docs) -->\n", "<!-- end generated: " + name + " -->"
}

func section(b []byte, name string) (string, bool) {
	begin, end := markers(name)
	i := bytes.Index(b, []byte(begin))
	j := bytes.Index(b, []byte(end))
	if i < 0 || j < i {
		return "", false
	}
	return string(b[i+len(begin) : j]), true
}

func replaceSection(b []byte, name, body string) ([]byte, error) {
	begin, end := markers(name)
	i := bytes.Index(b, []byte(begin))
	j := bytes.Index(b, []byte(end))
	if i < 0 || j < i {
		return nil, fmt.Errorf("no section %q (markers %q ... %q)", name, strings.TrimSpace(begin), end)
	}
	var out bytes.Buffer
	out.Write(b[:i+len(begin)])
	out.WriteString(body)
	out.Write(b[j:])
	return out.Bytes(), nil
}

// cell escapes a table cell.
func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ")
}

// packagesTable lists every Go package under cmd/, internal/ and web/ with
// the first sentence of its package comment; a package without one is an
// error, so every package keeps saying what it is for.
func packagesTable(root string) (string, error) {
	type pkg struct{ path, synopsis string }
	var pkgs []pkg
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		name := d.Name()
		if rel != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "dist") {
			return filepath.SkipDir
		}
		if rel != "cmd" && rel != "internal" && rel != "web" && !strings.HasPrefix(rel, "cmd/") && !strings.HasPrefix(rel, "internal/") {
			if rel == "." {
				return nil
			}
			return filepath.SkipDir
		}
		parsed, err := parser.ParseDir(fset, path, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			return err
		}
		for _, p := range parsed {
			var text string
			for _, f := range p.Files {
				if f.Doc != nil {
					text = f.Doc.Text()
					break
				}
			}
			if text == "" {
				return fmt.Errorf("package %s has no package comment: add a doc.go saying what it is for", rel)
			}
			pkgs = append(pkgs, pkg{rel, doc.Synopsis(text)})
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].path < pkgs[j].path })
	var b strings.Builder
	b.WriteString("| package | what it is for (its package comment's first sentence) |\n|---|---|\n")
	for _, p := range pkgs {
		fmt.Fprintf(&b, "| `%s` | %s |\n", p.path, cell(p.synopsis))
	}
	return b.String(), nil
}

// jobsTable lists every River job kind: each type with a Kind() method
// returning a string literal, the queue its InsertOpts names (else the
// default queue) and the first sentence of the type's comment.
func jobsTable(root string) (string, error) {
	type job struct{ kind, queue, pkg, file, what string }
	var jobs []job
	err := filepath.WalkDir(filepath.Join(root, "internal"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		fset := token.NewFileSet()
		parsed, err := parser.ParseDir(fset, path, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, p := range parsed {
			consts := map[string]string{}
			typeDocs := map[string]string{}
			queues := map[string]string{}
			type kindAt struct{ kind, file string }
			kinds := map[string]kindAt{}
			for fname, f := range p.Files {
				for _, decl := range f.Decls {
					switch d := decl.(type) {
					case *ast.GenDecl:
						for _, s := range d.Specs {
							switch s := s.(type) {
							case *ast.ValueSpec:
								for i, n := range s.Names {
									if i < len(s.Values) {
										if lit, ok := s.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
											consts[n.Name], _ = strconv.Unquote(lit.Value)
										}
									}
								}
							case *ast.TypeSpec:
								c := s.Doc
								if c == nil {
									c = d.Doc
								}
								if c != nil {
									typeDocs[s.Name.Name] = doc.Synopsis(c.Text())
								}
							}
						}
					case *ast.FuncDecl:
						recv := receiver(d)
						if recv == "" || d.Body == nil {
							continue
						}
						switch d.Name.Name {
						case "Kind":
							if lit := returnedString(d); lit != "" {
								kinds[recv] = kindAt{lit, filepath.Base(fname)}
							}
						case "InsertOpts":
							ast.Inspect(d.Body, func(n ast.Node) bool {
								kv, ok := n.(*ast.KeyValueExpr)
								if !ok {
									return true
								}
								if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Queue" {
									switch v := kv.Value.(type) {
									case *ast.Ident:
										queues[recv] = "const:" + v.Name
									case *ast.BasicLit:
										queues[recv], _ = strconv.Unquote(v.Value)
									}
								}
								return true
							})
						}
					}
				}
			}
			for typ, k := range kinds {
				q := queues[typ]
				if strings.HasPrefix(q, "const:") {
					q = consts[strings.TrimPrefix(q, "const:")]
				}
				if q == "" {
					q = "default"
				}
				jobs = append(jobs, job{k.kind, q, rel, k.file, typeDocs[typ]})
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Slice(jobs, func(i, j int) bool { return jobs[i].kind < jobs[j].kind })
	var b strings.Builder
	b.WriteString("| kind | queue | package (file) | what (the job type's comment) |\n|---|---|---|---|\n")
	for _, j := range jobs {
		fmt.Fprintf(&b, "| `%s` | `%s` | `%s` (`%s`) | %s |\n", j.kind, j.queue, j.pkg, j.file, cell(j.what))
	}
	return b.String(), nil
}

func receiver(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) != 1 {
		return ""
	}
	t := d.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func returnedString(d *ast.FuncDecl) string {
	if len(d.Body.List) != 1 {
		return ""
	}
	r, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(r.Results) != 1 {
		return ""
	}
	lit, ok := r.Results[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	s, _ := strconv.Unquote(lit.Value)
	return s
}

var spaces = regexp.MustCompile(`\s+`)

func commandsTable(cmds []Command) string {
	var b strings.Builder
	b.WriteString("| command | what it does (its `--help` summary) |\n|---|---|\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "| `signalpipe %s` | %s |\n", c.Name, cell(spaces.ReplaceAllString(c.Summary, " ")))
	}
	return b.String()
}

func optionsTable(opts []Option) string {
	var b strings.Builder
	b.WriteString("| variable | flag | default |\n|---|---|---|\n")
	for _, o := range opts {
		def := o.Default
		if def == "" {
			def = "(unset)"
		}
		fmt.Fprintf(&b, "| `%s` | `--%s` | %s |\n", o.Env, o.Flag, cell(def))
	}
	return b.String()
}
