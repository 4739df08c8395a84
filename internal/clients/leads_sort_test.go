package clients

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestInboxBestFirst: ?sort=score pages the inbox best first (score, then
// newest) over keyset cursors of its own, every lead once; a newest-first
// cursor or an unknown sort is refused.
func TestInboxBestFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		var posts []engine.Post
		for i := range 7 {
			posts = append(posts, intentPost(i))
		}
		addPosts(t, e, posts...)
		if run := e.runNow(t, a.ID); run.LeadsAdded != 7 {
			t.Fatalf("run %+v", run)
		}
		// Scores apart, two equal (the tie is broken by newest, then id).
		rows, err := d.Reader.Query(d.Rebind(`SELECT id FROM client_leads WHERE client_id = ? ORDER BY id`), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		for i, id := range ids {
			score := []int{41, 90, 55, 77, 55, 63, 48}[i]
			if _, err := d.Writer.Exec(d.Rebind(`UPDATE client_leads SET score = ? WHERE id = ?`), score, id); err != nil {
				t.Fatal(err)
			}
		}
		type page struct {
			Leads      []ClientLead
			NextCursor string
		}
		var scores []int
		seen := map[string]bool{}
		cursor, newestCursor := "", ""
		for pages := 0; ; pages++ {
			if pages > 5 {
				t.Fatal("too many pages")
			}
			var p page
			e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?sort=score&limit=3&cursor="+cursor, "", 200, &p)
			for _, l := range p.Leads {
				if seen[l.ID] {
					t.Fatalf("lead %s twice", l.ID)
				}
				seen[l.ID] = true
				scores = append(scores, l.Score)
			}
			if p.NextCursor == "" {
				break
			}
			cursor = p.NextCursor
		}
		want := []int{90, 77, 63, 55, 55, 48, 41}
		if len(scores) != len(want) {
			t.Fatalf("scores %v", scores)
		}
		for i := range want {
			if scores[i] != want[i] {
				t.Fatalf("scores %v, want %v", scores, want)
			}
		}
		var p page
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?limit=3", "", 200, &p)
		newestCursor = p.NextCursor
		var best page
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?sort=score&limit=3", "", 200, &best)
		httpxtest.Run(t, e.h, []httpxtest.Scenario{
			{Name: "newest cursor, best first", Path: "/api/admin/clients/" + c.ID + "/leads?sort=score&cursor=" + newestCursor, WantStatus: 400},
			{Name: "best cursor, newest first", Path: "/api/admin/clients/" + c.ID + "/leads?cursor=" + best.NextCursor, WantStatus: 400},
			{Name: "unknown sort", Path: "/api/admin/clients/" + c.ID + "/leads?sort=oldest", WantStatus: 400, WantBody: []string{`"sort"`}},
		})
	})
}
