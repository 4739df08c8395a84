package realcorpus

import (
	"fmt"
	"slices"
	"strings"
)

// The README's counts table sits between these markers; assemble writes
// it and a test checks it against the data.
const (
	CountsBegin = "<!-- counts: begin (written by assemble, checked by TestReadmeCounts) -->"
	CountsEnd   = "<!-- counts: end -->"
)

// signalColumns are the label types the table counts, in order.
var signalColumns = []string{"competitor_engagement", "tech_research", "hiring_activity", "job_change", "funding_event"}

// CountsTable is the markdown table of the corpus: per ICP its posts
// (whose category it is), relevant pairs by signal type, and the posts'
// author roles and stages; then the totals; then speaker.jsonl's posts
// (categories without an ICP) by role and stage.
func CountsTable(c *Corpus) string {
	type row struct {
		posts, pairs int
		types        map[string]int
		roles        map[string]int
		stages       map[string]int
	}
	rows := map[string]*row{}
	get := func(id string) *row {
		if rows[id] == nil {
			rows[id] = &row{types: map[string]int{}, roles: map[string]int{}, stages: map[string]int{}}
		}
		return rows[id]
	}
	total := get("\x00total")
	for _, p := range c.Posts {
		for _, r := range []*row{get(p.Category), total} {
			r.posts++
			r.roles[p.AuthorRole]++
			r.stages[p.Stage]++
		}
	}
	for _, l := range c.Labels {
		for _, r := range []*row{get(l.ICP), total} {
			r.pairs++
			r.types[l.SignalType]++
		}
	}
	var b strings.Builder
	b.WriteString("| ICP | name | posts | relevant pairs | competitor_engagement | tech_research | hiring_activity | job_change | funding_event | buyer / vendor / publisher / vendor_recruiter / job_seeker / other | live / finished / declined / none |\n")
	b.WriteString("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n")
	line := func(id, name string, r *row) {
		fmt.Fprintf(&b, "| %s | %s | %d | %d |", id, name, r.posts, r.pairs)
		for _, t := range signalColumns {
			fmt.Fprintf(&b, " %d |", r.types[t])
		}
		fmt.Fprintf(&b, " %d / %d / %d / %d / %d / %d | %d / %d / %d / %d |\n",
			r.roles["buyer"], r.roles["vendor"], r.roles["publisher"], r.roles["vendor_recruiter"], r.roles["job_seeker"], r.roles["other"],
			r.stages["live"], r.stages["finished"], r.stages["declined"], r.stages["none"])
	}
	icps := slices.Clone(c.ICPs)
	slices.SortFunc(icps, func(a, b ICPRow) int { return strings.Compare(a.ID, b.ID) })
	for _, i := range icps {
		line(i.ID, i.Name, get(i.ID))
	}
	line("**total**", fmt.Sprintf("%d categories", len(icps)), total)
	// speaker.jsonl's posts: no ICP, so no pairs; who speaks and the stage.
	var cats []string
	spk := map[string]*row{}
	spkTotal := &row{roles: map[string]int{}, stages: map[string]int{}}
	for _, p := range c.Speaker {
		if spk[p.Category] == nil {
			spk[p.Category] = &row{roles: map[string]int{}, stages: map[string]int{}}
			cats = append(cats, p.Category)
		}
		for _, r := range []*row{spk[p.Category], spkTotal} {
			r.posts++
			r.roles[p.AuthorRole]++
			r.stages[p.Stage]++
		}
	}
	slices.Sort(cats)
	speakerLine := func(id, name string, r *row) {
		fmt.Fprintf(&b, "| %s | %s | %d | - | - | - | - | - | - | %d / %d / %d / %d / %d / %d | %d / %d / %d / %d |\n", id, name, r.posts,
			r.roles["buyer"], r.roles["vendor"], r.roles["publisher"], r.roles["vendor_recruiter"], r.roles["job_seeker"], r.roles["other"],
			r.stages["live"], r.stages["finished"], r.stages["declined"], r.stages["none"])
	}
	for _, cat := range cats {
		speakerLine(cat, "speaker.jsonl (no ICP)", spk[cat])
	}
	if len(cats) > 0 {
		speakerLine("**total, speaker.jsonl**", fmt.Sprintf("%d categories", len(cats)), spkTotal)
	}
	return b.String()
}

// ReadmeTable returns the table between the markers of a README.
func ReadmeTable(readme string) (string, bool) {
	_, rest, ok := strings.Cut(readme, CountsBegin+"\n")
	if !ok {
		return "", false
	}
	table, _, ok := strings.Cut(rest, CountsEnd)
	return table, ok
}
