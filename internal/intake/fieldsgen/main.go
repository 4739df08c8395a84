// Command fieldsgen writes the onboarding questionnaire's fields and the
// booking dialog's choices (web/src/config/generated/intake.json) from
// internal/intake, so the web app's form cannot drift from what the server
// validates: go generate in internal/intake; a test fails when the file is
// stale.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/signalpipe/signalpipe/internal/intake"
)

func main() {
	out := flag.String("out", "intake.json", "file to write")
	flag.Parse()
	b, err := intake.WebFields()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatal(err)
	}
}
