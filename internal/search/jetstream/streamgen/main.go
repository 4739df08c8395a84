// Command streamgen writes the recorded Jetstream stream the consumer's
// benchmark replays (testdata/stream.jsonl.gz; go generate in
// internal/search/jetstream): synthetic but shaped like the real stream
// asked with wantedCollections=app.bsky.feed.post (see Jetstream's
// README): mostly new posts in many languages, with facets, embeds and
// replies, some deletes and updates, identity and account events, about
// 35 events a second of stream time, and a small share of buying-intent
// posts among the chatter. It is seeded, so the file is the same on every
// run.
package main

import (
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"strings"
	"time"
)

func main() {
	out := flag.String("o", "testdata/stream.jsonl.gz", "output file")
	n := flag.Int("n", 6000, "events")
	flag.Parse()
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	g := &gen{r: rand.New(rand.NewPCG(24, 1)), t: time.Date(2026, 11, 20, 14, 0, 0, 0, time.UTC).UnixMicro()}
	for range *n {
		if _, err := zw.Write(append(g.event(), '\n')); err != nil {
			log.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

type gen struct {
	r    *rand.Rand
	t    int64
	dids []string
}

const b32 = "abcdefghijklmnopqrstuvwxyz234567"

func (g *gen) str(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = b32[g.r.IntN(len(b32))]
	}
	return string(b)
}

// did reuses a pool of accounts, as the stream does (active posters post
// often).
func (g *gen) did() string {
	if len(g.dids) < 3000 || g.r.IntN(3) == 0 {
		d := "did:plc:" + g.str(24)
		if len(g.dids) < 20000 {
			g.dids = append(g.dids, d)
		}
		return d
	}
	return g.dids[g.r.IntN(len(g.dids))]
}

func (g *gen) pick(list []string) string { return list[g.r.IntN(len(list))] }

func (g *gen) event() []byte {
	g.t += int64(5_000 + g.r.IntN(50_000)) // ~35 events a second
	did := g.did()
	var ev map[string]any
	switch x := g.r.IntN(1000); {
	case x < 2: // a truncated frame: counted as malformed
		b, _ := json.Marshal(g.post(did))
		return b[:len(b)/2]
	case x < 22:
		ev = map[string]any{"did": did, "time_us": g.t, "kind": "identity",
			"identity": map[string]any{"did": did, "handle": g.str(8) + ".bsky.social", "seq": g.r.Int64N(1e10), "time": g.when()}}
	case x < 32:
		ev = map[string]any{"did": did, "time_us": g.t, "kind": "account",
			"account": map[string]any{"active": true, "did": did, "seq": g.r.Int64N(1e10), "time": g.when()}}
	case x < 92:
		ev = map[string]any{"did": did, "time_us": g.t, "kind": "commit", "commit": map[string]any{
			"rev": g.str(13), "operation": "delete", "collection": "app.bsky.feed.post", "rkey": g.str(13)}}
	default:
		ev = g.post(did)
		if x < 100 {
			ev["commit"].(map[string]any)["operation"] = "update"
		}
	}
	b, err := json.Marshal(ev)
	if err != nil {
		log.Fatal(err)
	}
	return b
}

func (g *gen) when() string { return time.UnixMicro(g.t).UTC().Format("2006-01-02T15:04:05.000Z") }

func (g *gen) post(did string) map[string]any {
	lang, text := g.text()
	rec := map[string]any{"$type": "app.bsky.feed.post", "createdAt": time.UnixMicro(g.t - int64(g.r.IntN(2_000_000))).UTC().Format("2006-01-02T15:04:05.000Z"),
		"text": text}
	if lang != "" {
		rec["langs"] = []string{lang}
	}
	if g.r.IntN(3) == 0 { // a reply
		root := map[string]any{"cid": "bafyrei" + g.str(52), "uri": "at://" + g.did() + "/app.bsky.feed.post/" + g.str(13)}
		rec["reply"] = map[string]any{"parent": root, "root": root}
	}
	if g.r.IntN(5) == 0 { // a link card
		host := g.pick([]string{"github.com", "www.theverge.com", "substack.com", "youtu.be", "techcrunch.com", "nytimes.com"})
		uri := "https://" + host + "/" + g.str(10)
		rec["embed"] = map[string]any{"$type": "app.bsky.embed.external", "external": map[string]any{"uri": uri,
			"title": g.sentence(), "description": g.sentence() + " " + g.sentence()}}
		rec["facets"] = []any{map[string]any{"index": map[string]any{"byteStart": 0, "byteEnd": 10},
			"features": []any{map[string]any{"$type": "app.bsky.richtext.facet#link", "uri": uri}}}}
	} else if g.r.IntN(6) == 0 { // images
		rec["embed"] = map[string]any{"$type": "app.bsky.embed.images", "images": []any{map[string]any{"alt": g.sentence(),
			"aspectRatio": map[string]any{"height": 1080, "width": 1440},
			"image":       map[string]any{"$type": "blob", "ref": map[string]any{"$link": "bafkrei" + g.str(52)}, "mimeType": "image/jpeg", "size": 200000 + g.r.IntN(700000)}}}}
		if g.r.IntN(4) == 0 {
			rec["text"] = "" // an image alone
		}
	}
	return map[string]any{"did": did, "time_us": g.t, "kind": "commit", "commit": map[string]any{
		"rev": g.str(13), "operation": "create", "collection": "app.bsky.feed.post", "rkey": g.str(13),
		"record": rec, "cid": "bafyrei" + g.str(52)}}
}

// text is a post in some language: about half English, as on Bluesky,
// and among the English ones about one in forty asks for a product, a
// vendor or a hire.
func (g *gen) text() (lang, text string) {
	switch x := g.r.IntN(100); {
	case x < 16:
		return "ja", g.pick(japanese)
	case x < 25:
		return "pt", g.pick(portuguese)
	case x < 29:
		return "es", g.pick(spanish)
	case x < 32:
		return "de", g.pick(german)
	case x < 35:
		return "ko", "오늘 날씨가 정말 좋네요 " + g.pick(emoji)
	case x < 40:
		lang = "" // no langs field
	default:
		lang = "en"
	}
	if g.r.IntN(40) == 0 {
		return lang, g.intent()
	}
	var parts []string
	for range 1 + g.r.IntN(3) {
		parts = append(parts, g.sentence())
	}
	if g.r.IntN(4) == 0 {
		parts = append(parts, "#"+g.pick(tags))
	}
	if g.r.IntN(5) == 0 {
		parts = append([]string{"@" + g.str(7) + ".bsky.social"}, parts...)
	}
	if g.r.IntN(3) == 0 {
		parts = append(parts, g.pick(emoji))
	}
	return lang, strings.Join(parts, " ")
}

func (g *gen) sentence() string {
	return fmt.Sprintf(g.pick(chatter), g.pick(nouns), g.pick(nouns))
}

func (g *gen) intent() string {
	return fmt.Sprintf(g.pick(intents), g.pick(products), g.pick(sizes))
}

var chatter = []string{
	"Honestly the %s discourse today is something else, and don't get me started on %s.",
	"Just finished reading about %s. Wild stuff, more %s than I expected.",
	"Anyone else watching the %s game tonight? My %s is already nervous.",
	"hot take: %s is overrated and %s is underrated",
	"Made soup. It had %s in it. The %s did not approve.",
	"New blog post: what I learned from a year of %s (and some %s)",
	"The %s in my neighbourhood finally reopened!! %s everywhere",
	"lol the %s meme is back, somebody tell the %s",
	"Spent the weekend fixing my %s. Now the %s is broken.",
	"Reminder that %s season starts next week. Stock up on %s.",
	"Our %s meetup was great, thanks to everyone who brought %s.",
	"Can't believe it's been ten years since the %s thing. Still think about %s.",
	"thread on %s 🧵 1/ it starts with %s",
	"Not me buying another %s when I already own three %s",
	"The light this morning over the %s was unreal, like a %s painting.",
}

var nouns = []string{"coffee", "election", "cat", "dog", "football", "weather", "rust", "typescript", "garden", "bread",
	"train", "podcast", "climate", "marathon", "synth", "bike", "bookshop", "film", "AI", "moss", "keyboard", "birds",
	"city council", "tax form", "sourdough", "river", "concert", "vinyl", "jacket", "pinball"}

var tags = []string{"art", "photography", "booksky", "gardening", "caturday", "politics", "gamedev", "nba", "rstats", "dogsofbluesky"}

var emoji = []string{"😂", "🙏", "💙", "🦋", "🔥", "✨", "😭", "🎉"}

// intents are buying-intent posts of the detector's five kinds, a few
// phrased so that no query or cue catches them.
var intents = []string{
	"We're looking for a %s alternative for our %s team. Any recommendations?",
	"Our contract with %s renews next month and the price went up 30%%. Evaluating options for a %s team, who should we talk to?",
	"We are hiring our first SDR to build outbound pipeline for %s, a %s company. DM me!",
	"Looking for recommendations on a SOC 2 compliance tool like %s; we need to get certified this quarter (%s).",
	"Switching from %s, it's been painful for our %s org. What do you use instead?",
	"Just joined as VP of Sales at a %s startup (%s). Excited to rebuild the stack!",
	"We just raised our Series A to grow %s for %s teams. Hiring account executives now.",
	"Is anyone happy with %s? Asking for a %s team that keeps hitting limits.",
	"Our %s bill is out of control and support is slow. Team of %s, open to switching.",
	"Does anyone have a spreadsheet template for %s planning? We are %s.",
}

var products = []string{"HubSpot", "Salesforce", "Datadog", "Zendesk", "Intercom", "Gong", "Outreach", "Snowflake",
	"Vanta", "Drata", "Pipedrive", "Mixpanel", "CRM", "data warehouse", "observability"}

var sizes = []string{"40-person", "small", "12-person sales", "200-person", "fintech", "SaaS", "three-person", "remote"}

var japanese = []string{"今日はとても良い天気ですね。散歩に行きます。", "新しいゲームを買いました！楽しみです", "猫がかわいすぎる問題", "仕事終わった〜お疲れ様でした"}

var portuguese = []string{"Bom dia a todos! Hoje tem jogo do Flamengo", "Alguém recomenda um livro bom pra ler nas férias?", "que calor insuportável hoje"}

var spanish = []string{"Buenos días, ¿qué tal el fin de semana?", "No puedo creer lo que pasó en el partido de anoche"}

var german = []string{"Guten Morgen! Der Zug hat wieder Verspätung.", "Heute gibt es Käsekuchen, endlich Wochenende"}
