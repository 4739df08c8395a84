package enrich

import (
	"context"
	"errors"
	"net"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// fakeResolver answers from maps; a missing name is NXDOMAIN.
type fakeResolver struct {
	mx    map[string][]*net.MX
	hosts map[string][]string
	fail  map[string]bool // SERVFAIL-like errors
	calls int
}

func (f *fakeResolver) LookupMX(_ context.Context, name string) ([]*net.MX, error) {
	f.calls++
	name = strings.TrimSuffix(name, ".")
	if f.fail[name] {
		return nil, &net.DNSError{Err: "server misbehaving", Name: name, IsTemporary: true}
	}
	if mx, ok := f.mx[name]; ok {
		return mx, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

func (f *fakeResolver) LookupHost(_ context.Context, host string) ([]string, error) {
	f.calls++
	host = strings.TrimSuffix(host, ".")
	if a, ok := f.hosts[host]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

func TestVerify(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	r := &fakeResolver{
		mx: map[string][]*net.MX{
			"acme.example":   {{Host: "mx1.acme.example.", Pref: 10}},
			"nomail.example": {{Host: ".", Pref: 0}},
			"globex.example": {{Host: "aspmx.l.google.com.", Pref: 1}},
		},
		hosts: map[string][]string{"aonly.example": {"192.0.2.7"}},
		fail:  map[string]bool{"flaky.example": true},
	}
	v := &Verifier{Resolver: r, Now: func() time.Time { return at }}
	tests := []struct {
		addr, status string
	}{
		{"dana.reyes@acme.example", StatusVerified},
		{"Dana.Reyes@ACME.example", StatusVerified},
		{"lee@aonly.example", StatusVerified},      // no MX, but an A record
		{"kim@nowhere.example", StatusNoMailHost},  // NXDOMAIN
		{"kim@nomail.example", StatusNoMailHost},   // null MX
		{"kim@flaky.example", StatusUnchecked},     // resolver error: unverifiable, not invalid
		{"sales@acme.example", StatusRoleAccount},  // role account
		{"Info@globex.example", StatusRoleAccount}, // case-insensitive
		{"temp@mailinator.com", StatusDisposable},  // disposable
		{"x@eu.mailinator.com", StatusDisposable},  // disposable subdomain
		{"not an email", StatusInvalidSyntax},
		{"a@b", StatusInvalidSyntax},
		{"a@@acme.example", StatusInvalidSyntax},
		{"Dana <dana@acme.example>", StatusInvalidSyntax},
		{"a@-bad.example", StatusInvalidSyntax},
		{"a@acme.123", StatusInvalidSyntax},
	}
	for _, tt := range tests {
		got := v.Check(context.Background(), tt.addr)
		if got.Status != tt.status || got.Verified != (tt.status == StatusVerified) {
			t.Errorf("%q: status %s verified %v (%s), want %s", tt.addr, got.Status, got.Verified, got.Detail, tt.status)
		}
		if !got.CheckedAt.Equal(at) {
			t.Errorf("%q: checkedAt %v, want %v", tt.addr, got.CheckedAt, at)
		}
	}
	// Role and disposable checks need no DNS.
	r.calls = 0
	v.Check(context.Background(), "support@acme.example")
	v.Check(context.Background(), "a@yopmail.com")
	if r.calls != 0 {
		t.Errorf("role/disposable checks made %d DNS calls", r.calls)
	}
}

func TestVerifyTimeout(t *testing.T) {
	v := &Verifier{Resolver: slowResolver{}, Timeout: 20 * time.Millisecond}
	got := v.Check(context.Background(), "a@slow.example")
	if got.Verified || got.Status != StatusUnchecked {
		t.Fatalf("slow DNS: %+v", got)
	}
}

type slowResolver struct{}

func (slowResolver) LookupMX(ctx context.Context, _ string) ([]*net.MX, error) {
	<-ctx.Done()
	return nil, errors.Join(ctx.Err())
}
func (slowResolver) LookupHost(ctx context.Context, _ string) ([]string, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestExtract(t *testing.T) {
	tests := []struct {
		name string
		post engine.Post
		want Contact
	}{
		{"profile wins", engine.Post{Author: "dreyes", Text: "We're hiring!", Profile: map[string]string{
			"name": "Dana Reyes", "headline": "VP Sales at Brightwell", "employees": "51-200", "industry": "Fintech",
			"location": "Toronto", "linkedin": "linkedin.com/in/dana-reyes/"}},
			Contact{Name: "Dana Reyes", Title: "VP Sales", Company: "Brightwell", Employees: "51-200", Industry: "Fintech",
				Location: "Toronto", LinkedIn: []string{"https://www.linkedin.com/in/dana-reyes"}}},
		{"joined as", engine.Post{Author: "Priya Raman", Text: "Thrilled to share I've joined Tessellate Health as Chief Operating Officer. Reach me at priya@tessellate.example."},
			Contact{Name: "Priya Raman", Title: "Chief Operating Officer", Company: "Tessellate Health", Industry: "Healthcare",
				Emails: []string{"priya@tessellate.example"}}},
		{"I'm the X at Y", engine.Post{Author: "Sam", Text: "I'm the new Head of Growth at Lumora and we're a 40-person team. https://www.linkedin.com/in/samlu"},
			Contact{Name: "Sam", Title: "Head of Growth", Company: "Lumora", Employees: "11-50", LinkedIn: []string{"https://www.linkedin.com/in/samlu"}}},
		// The company ends with its sentence: "Marlowe Systems. If we've…" is Marlowe Systems,
		// while a dot inside a name (Bill.com) stays.
		{"company at a sentence end", engine.Post{Author: "u/ingrid_5", Text: "I'm starting a new position as VP of Sales at Marlowe Systems. If we've worked together, say hi."},
			Contact{Name: "u/ingrid_5", Title: "VP of Sales", Company: "Marlowe Systems"}},
		{"dotted company name", engine.Post{Author: "Lee", Text: "Excited to say I've joined Bill.com as Controller. Onward"},
			Contact{Name: "Lee", Title: "Controller", Company: "Bill.com"}},
		{"HN listing", engine.Post{Text: "Tallyhq | Senior Backend Engineer | Remote | Email Jobs@Tallyhq.example"},
			Contact{Company: "Tallyhq", Emails: []string{"jobs@tallyhq.example"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Extract(tt.post)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
