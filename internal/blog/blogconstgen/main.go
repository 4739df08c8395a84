// Command blogconstgen writes the blog's category names and post defaults
// (web/src/config/generated/blog.json) from internal/blog, so the web app
// cannot drift from the server: go generate in internal/blog; a test fails
// when the file is stale.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/signalpipe/signalpipe/internal/blog"
)

func main() {
	out := flag.String("out", "blog.json", "file to write")
	flag.Parse()
	b, err := blog.WebConstants()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatal(err)
	}
}
