package feeds

import (
	"strings"
	"testing"
	"time"
)

// rss20 is shaped after the sample feed of the RSS 2.0 specification
// (https://www.rssboard.org/rss-specification, "Liftoff News"), whose
// <author> element is written "email (name)" as the spec's "Elements of
// <item>" table shows ("lawyer@boyer.net (Lawyer Boyer)"). Its dates are
// the variants real feeds send: a one-digit day with GMT, no seconds, and
// a named zone.
const rss20 = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Liftoff News</title><link>http://liftoff.msfc.nasa.gov/</link>
<description>Liftoff to Space Exploration.</description>
<item><title>Star City</title><link>http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp</link>
 <description>How do Americans get ready to work with Russians aboard the International Space Station?</description>
 <author>dana@finops.example (Dana Kim)</author>
 <pubDate>Wed, 4 Jun 2025 10:00:00 GMT</pubDate><guid>http://liftoff.msfc.nasa.gov/2003/06/03.html#item573</guid></item>
<item><title>The Engine That Does More</title><link>http://liftoff.msfc.nasa.gov/news/2003/news-VASIMR.asp</link>
 <description>Before man travels to Mars, NASA hopes to design new engines.</description>
 <pubDate>Tue, 27 May 2003 08:37 GMT</pubDate><guid>http://liftoff.msfc.nasa.gov/2003/05/27.html#item571</guid></item>
<item><title>Astronauts' Dirty Laundry</title><link>http://liftoff.msfc.nasa.gov/news/2003/news-laundry.asp</link>
 <description>Compared to earlier spacecraft, the International Space Station has many luxuries.</description>
 <pubDate>Tue, 20 May 2003 08:56:02 EST</pubDate><guid>http://liftoff.msfc.nasa.gov/2003/05/20.html#item570</guid></item>
</channel></rss>`

// atomXHTML is the extensive example of RFC 4287 §1.1
// (https://www.rfc-editor.org/rfc/rfc4287#section-1.1): xhtml content, an
// author with an email.
const atomXHTML = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">dive into mark</title>
  <updated>2005-07-31T12:29:29Z</updated>
  <id>tag:example.org,2003:3</id>
  <entry>
    <title>Atom draft-07 snapshot</title>
    <link rel="alternate" type="text/html" href="http://example.org/2005/04/02/atom"/>
    <link rel="enclosure" type="audio/mpeg" length="1337" href="http://example.org/audio/ph34r_my_podcast.mp3"/>
    <id>tag:example.org,2003:3.2397</id>
    <updated>2005-07-31T12:29:29Z</updated>
    <published>2003-12-13T08:29:29-04:00</published>
    <author>
      <name>Mark Pilgrim</name>
      <uri>http://example.org/</uri>
      <email>f8dy@example.com</email>
    </author>
    <content type="xhtml" xml:lang="en" xml:base="http://diveintomark.org/">
      <div xmlns="http://www.w3.org/1999/xhtml">
        <p><i>[Update: The Atom draft is finished.]</i></p>
      </div>
    </content>
  </entry>
</feed>`

// rss10 is the example of the RSS 1.0 specification §7
// (https://web.resource.org/rss/1.0/spec#s7), with a Dublin Core date and
// creator from its dc module (https://web.resource.org/rss/1.0/modules/dc/).
const rss10 = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
 xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="http://www.xml.com/xml/news.rss">
    <title>XML.com</title><link>http://xml.com/pub</link>
    <description>XML.com features a rich mix of information and services for the XML community.</description>
    <items><rdf:Seq><rdf:li resource="http://xml.com/pub/2000/08/09/xslt/xslt.html" /></rdf:Seq></items>
  </channel>
  <item rdf:about="http://xml.com/pub/2000/08/09/xslt/xslt.html">
    <title>Processing Inclusions with XSLT</title>
    <link>http://xml.com/pub/2000/08/09/xslt/xslt.html</link>
    <description>Processing document inclusions with general XML tools can be problematic. This article proposes a way of preserving inclusion information through SAX-based processing.</description>
    <dc:date>2000-08-09T12:00:00Z</dc:date>
    <dc:creator>Bob DuCharme</dc:creator>
  </item>
</rdf:RDF>`

// latin1 is an RSS 2.0 feed encoded in ISO-8859-1, as its XML declaration
// says: "é" is the single byte 0xE9.
var latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<rss version=\"2.0\"><channel><title>Caf\xe9</title>" +
	"<item><title>Nous recrutons au caf\xe9</title><link>https://cafe.example/a</link><description>\xc9quipe commerciale.</description>" +
	"<pubDate>Mon, 02 Jun 2025 10:00:00 +0200</pubDate></item></channel></rss>"

func TestParseRSS20DatesAndAuthors(t *testing.T) {
	es, err := parse([]byte(rss20))
	if err != nil || len(es) != 3 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	for i, want := range []time.Time{
		time.Date(2025, 6, 4, 10, 0, 0, 0, time.UTC),
		time.Date(2003, 5, 27, 8, 37, 0, 0, time.UTC),
		time.Date(2003, 5, 20, 13, 56, 2, 0, time.UTC),
	} {
		if !es[i].Published.Equal(want) {
			t.Errorf("entry %d published %v, want %v", i, es[i].Published, want)
		}
	}
	p, ok := es[0].post("https://liftoff.example/feed")
	if !ok || p.Author != "Dana Kim" || p.Profile["email"] != "dana@finops.example" || p.Profile["name"] != "Dana Kim" {
		t.Fatalf("author %q, profile %v", p.Author, p.Profile)
	}
	if p.Platform != "liftoff.msfc.nasa.gov" || p.URL != "http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp" {
		t.Errorf("post %+v", p)
	}
}

func TestParseAtomXHTMLContent(t *testing.T) {
	es, err := parse([]byte(atomXHTML))
	if err != nil || len(es) != 1 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	p, ok := es[0].post("https://example.org/feed")
	if !ok || p.Text != "[Update: The Atom draft is finished.]" {
		t.Fatalf("xhtml content came back as %q", p.Text)
	}
	if p.Author != "Mark Pilgrim" || p.Profile["email"] != "f8dy@example.com" || p.URL != "http://example.org/2005/04/02/atom" ||
		!p.PublishedAt.Equal(time.Date(2003, 12, 13, 12, 29, 29, 0, time.UTC)) {
		t.Fatalf("post %+v", p)
	}
}

func TestParseRSS10(t *testing.T) {
	es, err := parse([]byte(rss10))
	if err != nil || len(es) != 1 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	p, ok := es[0].post("https://xml.com/news.rss")
	if !ok || p.Title != "Processing Inclusions with XSLT" || !strings.HasPrefix(p.Text, "Processing document inclusions") ||
		p.Author != "Bob DuCharme" || !p.PublishedAt.Equal(time.Date(2000, 8, 9, 12, 0, 0, 0, time.UTC)) {
		t.Fatalf("post %+v", p)
	}
}

func TestParseISO88591(t *testing.T) {
	es, err := parse([]byte(latin1))
	if err != nil || len(es) != 1 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	if es[0].Title != "Nous recrutons au café" || es[0].Body != "Équipe commerciale." ||
		!es[0].Published.Equal(time.Date(2025, 6, 2, 8, 0, 0, 0, time.UTC)) {
		t.Fatalf("entry %+v", es[0])
	}
}

func TestParseRejectsOtherDocuments(t *testing.T) {
	for _, doc := range []string{"<html><body>nope</body></html>", `{"version":"https://jsonfeed.org/version/1.1","items":[]}`, ""} {
		if _, err := parse([]byte(doc)); err == nil || !strings.Contains(err.Error(), "not an RSS or Atom document") {
			t.Errorf("%q: %v", doc, err)
		}
	}
}
