package ingest

import (
	"strings"

	"github.com/riverqueue/river/rivertype"
)

func jobRow() *rivertype.JobRow { return &rivertype.JobRow{ID: 1, Kind: Args{}.Kind()} }

// containsJSON reports whether doc holds want, ignoring the spacing the
// two databases give JSON.
func containsJSON(doc, want string) bool {
	strip := strings.NewReplacer(" ", "", "\n", "")
	return strings.Contains(strip.Replace(doc), strip.Replace(want))
}
