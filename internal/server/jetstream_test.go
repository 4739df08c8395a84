package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// With JETSTREAM_ENABLED, serve consumes the stream: a post matching a
// default ingest query and the detector is stored in the index, the
// source health shows the stream, and shutdown releases the lease.
// The event has the shape of Jetstream's README example events.
func TestServeConsumesJetstream(t *testing.T) {
	ev := fmt.Sprintf(`{"did":"did:plc:eygmaihciaxprqvxpfvl6flk","time_us":%d,"kind":"commit","commit":{"rev":"3l3qo2vutsw2b",`+
		`"operation":"create","collection":"app.bsky.feed.post","rkey":"3l3qo2vuowo2b","record":{"$type":"app.bsky.feed.post",`+
		`"createdAt":"2026-11-27T08:59:59.000Z","langs":["en"],"text":"Anyone know a good alternative to Salesforce? Our contract renews next month and the price went up 30%%."},`+
		`"cid":"bafyreidwaivazkwu67xztlmuobx35hs2lnfh3kolmgfmucldvhd3sgzcqi"}}`, time.Now().UnixMicro())
	js := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		if c.Write(r.Context(), websocket.MessageText, []byte(ev)) == nil {
			<-r.Context().Done()
		}
	}))
	defer js.Close()
	s, logs := newTestServer(t, func(c *config.Config) {
		c.JetstreamEnabled, c.JetstreamURL = true, "ws"+strings.TrimPrefix(js.URL, "http")+"/subscribe"
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	want := "https://bsky.app/profile/did:plc:eygmaihciaxprqvxpfvl6flk/post/3l3qo2vuowo2b"
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		posts, _, _, err := search.NewStore(s.db).PostsSince(context.Background(), 0, search.Query{}, 10)
		if err == nil && len(posts) > 0 && posts[len(posts)-1].URL == want {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the post was not stored; logs:\n%s", logs.String())
		}
	}
	r, err := health.NewStore(s.db).Report(context.Background(), sources.Catalog(s.cfg))
	if err != nil {
		t.Fatal(err)
	}
	st := r[len(r)-1]
	if st.Source != "jetstream" || st.Stream == nil || !st.Stream.Consuming || st.State != health.OK {
		t.Fatalf("jetstream health %+v", st)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	r, _ = health.NewStore(s.db).Report(context.Background(), sources.Catalog(s.cfg))
	if st := r[len(r)-1]; st.Stream.Consuming || st.Stream.Stored != 1 {
		t.Fatalf("after shutdown %+v", st.Stream)
	}
}
