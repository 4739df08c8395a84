package accounts

import "testing"

func TestNameKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Acme Inc", "acme"},
		{"Acme, Inc.", "acme"},
		{"ACME LLC", "acme"},
		{"  acme   corp ", "acme"},
		{"acme.com", "acme"},
		{"https://www.acme.com/about", "acme"},
		{"Acme Holdings GmbH & Co. KG", "acme holdings"},
		{"The Acme Company", "acme"},
		{"Société Générale S.A.", "société générale"},
		{"Bücher GmbH", "bücher"},
		{"Macy's", "macys"},
		{"Inc", "inc"}, // a name that is only a suffix stays a name
		{"", ""},
		{"  ,.  ", ""},
	} {
		if got := NameKey(tc.in); got != tc.want {
			t.Errorf("NameKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDomain(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"acme.com", "acme.com"},
		{"WWW.Acme.COM", "acme.com"},
		{"https://www.acme.com:8443/path?q=1#x", "acme.com"},
		{"http://user:pw@eu.app.acme.com/", "acme.com"},
		{"dana@sales.acme.co.uk", "acme.co.uk"},
		{"bücher.de", "xn--bcher-kva.de"},
		{"https://www.BÜCHER.de/shop", "xn--bcher-kva.de"},
		{"info@xn--bcher-kva.de", "xn--bcher-kva.de"},
		{"acme.com.", "acme.com"},
		{"localhost:8080", ""},
		{"10.0.0.1", ""},
		{"[::1]:443", ""},
		{"co.uk", ""},
		{"not a domain", ""},
		{"http://%zz", ""},
		{"", ""},
	} {
		if got := Domain(tc.in); got != tc.want {
			t.Errorf("Domain(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := DisplayDomain("xn--bcher-kva.de"); got != "bücher.de" {
		t.Errorf("DisplayDomain = %q", got)
	}
}

// TestResolveAndMatch feeds leads one by one to a growing company list,
// as the store does, and checks which company each lands in.
func TestResolveAndMatch(t *testing.T) {
	type step struct {
		name string
		ev   Evidence
		want string // the company label it must join ("" : none resolvable)
		conf float64
	}
	steps := []step{
		{"a name", Evidence{Company: "Acme Inc"}, "acme", ConfNewName},
		{"same name, other punctuation", Evidence{Company: "Acme, Inc."}, "acme", ConfName},
		{"the domain adopts the name-only company", Evidence{Company: "acme.com"}, "acme", ConfAdopt},
		{"a work email at the domain", Evidence{Company: "", Emails: []string{"dana@acme.com"}}, "acme", ConfEmail},
		{"a website with www, port and path", Evidence{Company: "ACME LLC", Websites: []string{"https://www.acme.com:443/careers"}}, "acme", ConfDomain},
		{"one name, another domain: another company", Evidence{Company: "Acme", Websites: []string{"acme.io"}}, "acme-io", ConfDomain},
		{"that domain again", Evidence{Company: "Acme Labs", Emails: []string{"x@acme.io"}}, "acme-io", ConfEmail},
		{"the name alone is now ambiguous", Evidence{Company: "Acme"}, "acme", ConfAmbiguous},
		{"free mail says nothing", Evidence{Company: "Globex", Emails: []string{"hank@gmail.com"}}, "globex", ConfNewName},
		{"a profile host says nothing", Evidence{Company: "Globex Corporation", Websites: []string{"https://linkedin.com/in/hank"}}, "globex", ConfName},
		{"unicode and punycode are one", Evidence{Company: "Bücher GmbH", Websites: []string{"bücher.de"}}, "buecher", ConfDomain},
		{"", Evidence{Company: "Buecher", Emails: []string{"a@xn--bcher-kva.de"}}, "buecher", ConfEmail},
		{"nothing to go on", Evidence{Company: "  ", Emails: []string{"me@gmail.com"}}, "", 0},
	}
	var cs []Company
	var labels []string
	for _, s := range steps {
		r, ok := Resolve(s.ev)
		if !ok {
			if s.want != "" {
				t.Fatalf("%s: nothing resolved from %+v", s.name, s.ev)
			}
			continue
		}
		if s.want == "" {
			t.Fatalf("%s: resolved %+v", s.name, r)
		}
		i, conf := Match(cs, r)
		if i < 0 {
			cs = append(cs, Company{ID: s.want, NameKey: r.NameKey, Domain: r.Domain})
			labels = append(labels, s.want)
			i = len(cs) - 1
		} else if cs[i].Domain == "" {
			cs[i].Domain = r.Domain // adopted
		}
		if labels[i] != s.want || conf != s.conf {
			t.Errorf("%s: %+v joined %s at %.2f, want %s at %.2f", s.name, r, labels[i], conf, s.want, s.conf)
		}
	}
	if len(cs) != 4 {
		t.Errorf("companies %+v, want acme, acme-io, globex, buecher", cs)
	}
}
