package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
)

type importArgs struct {
	file    string
	skipBad bool
}

const importUsage = "usage: signalpipe import FILE.jsonl [--skip-bad] (one post a line: id, source, platform, url, author, authorTitle, company, title, text, publishedAt, profile; - for stdin)"

// importFlags declares import's flag: --skip-bad.
func importFlags(fs *flag.FlagSet) func(string) (any, error) {
	var a importArgs
	fs.BoolVar(&a.skipBad, "skip-bad", false, "skip malformed lines (counted) instead of importing nothing")
	return func(file string) (any, error) {
		if file == "" {
			return nil, errors.New(importUsage)
		}
		a.file = file
		return a, nil
	}
}

// runImport stores the posts of a JSON Lines file in the search index, in
// one transaction, de-duplicated by (source, id). A malformed line stops
// the import before anything is stored, naming the line; with --skip-bad
// it is skipped and counted. A post without publishedAt is dated now.
func runImport(ctx context.Context, env *runEnv) error {
	a := env.args.(importArgs)
	in := stdin
	if a.file != "-" {
		f, err := os.Open(a.file)
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		defer f.Close()
		in = f
	}
	var posts []engine.Post
	bad := 0
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), 8<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		p, err := search.DecodePost([]byte(line))
		if err != nil {
			if a.skipBad {
				bad++
				fmt.Fprintf(env.stderr, "signalpipe import: line %d skipped: %v\n", n, err)
				continue
			}
			return fmt.Errorf("import: line %d: %w (nothing stored; --skip-bad skips such lines)", n, err)
		}
		posts = append(posts, p)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("import: read: %w (nothing stored)", err)
	}
	search.DatePosts(posts, time.Now())
	d, err := openMigrated(ctx, env)
	if err != nil {
		return err
	}
	defer d.Close()
	added, err := search.NewStore(d).ImportPosts(ctx, posts)
	if err != nil {
		return fmt.Errorf("import: %w (nothing stored)", err)
	}
	_, err = fmt.Fprintf(env.stdout, "imported %d new posts (%d already stored, %d bad lines skipped)\n", added, len(posts)-added, bad)
	return err
}
