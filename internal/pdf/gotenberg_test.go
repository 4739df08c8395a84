package pdf

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// fakeGotenberg answers like Gotenberg 8's HTML route and records what it got.
type fakeGotenberg struct {
	status int
	body   string
	delay  time.Duration
	got    *http.Request
	html   string
	fields map[string]string
}

func (f *fakeGotenberg) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/forms/chromium/convert/html" {
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}
	if err := r.ParseMultipartForm(10 << 20); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.got, f.fields = r, map[string]string{}
	for k, v := range r.MultipartForm.Value {
		f.fields[k] = v[0]
	}
	if fh := r.MultipartForm.File["files"]; len(fh) == 1 && fh[0].Filename == "index.html" {
		file, _ := fh[0].Open()
		b, _ := io.ReadAll(file)
		f.html = string(b)
	}
	time.Sleep(f.delay)
	w.WriteHeader(f.status)
	io.WriteString(w, f.body)
}

func TestGotenbergSuccess(t *testing.T) {
	f := &fakeGotenberg{status: 200, body: "%PDF-1.7 fake"}
	srv := httptest.NewServer(f)
	defer srv.Close()
	g := NewGotenberg(srv.URL+"/", GotenbergOptions{Timeout: 5 * time.Second})
	b, err := g.Convert(context.Background(), []byte("<h1>hi</h1>"))
	if err != nil || string(b) != "%PDF-1.7 fake" {
		t.Fatalf("Convert = %q, %v", b, err)
	}
	if f.html != "<h1>hi</h1>" {
		t.Errorf("index.html = %q", f.html)
	}
	want := map[string]string{"paperWidth": "8.27", "paperHeight": "11.7", "marginTop": "0.4",
		"marginBottom": "0.4", "marginLeft": "0.4", "marginRight": "0.4", "printBackground": "true"}
	for k, v := range want {
		if f.fields[k] != v {
			t.Errorf("field %s = %q, want %q", k, f.fields[k], v)
		}
	}
}

func TestGotenbergErrors(t *testing.T) {
	tests := []struct {
		status int
		body   string
		want   error
	}{
		{400, "Invalid form data", ErrRejected},
		{413, "too big", ErrRejected},
		{429, "", ErrBusy},
		{503, "Service Unavailable", ErrUnavailable},
		{500, "boom", ErrUnavailable},
		{200, "<html>not a pdf</html>", ErrUnavailable},
	}
	for _, tt := range tests {
		srv := httptest.NewServer(&fakeGotenberg{status: tt.status, body: tt.body})
		g := NewGotenberg(srv.URL, GotenbergOptions{Timeout: 5 * time.Second})
		_, err := g.Convert(context.Background(), []byte("<p>x</p>"))
		if !errors.Is(err, tt.want) {
			t.Errorf("%d %q: err = %v, want %v", tt.status, tt.body, err, tt.want)
		}
		if tt.body != "" && tt.status != 200 && !strings.Contains(err.Error(), tt.body) && tt.want != ErrBusy {
			t.Errorf("%d: error %q does not carry Gotenberg's message", tt.status, err)
		}
		srv.Close()
	}
}

func TestGotenbergTimeoutLimitsAndDown(t *testing.T) {
	srv := httptest.NewServer(&fakeGotenberg{status: 200, body: "%PDF-", delay: 2 * time.Second})
	defer srv.Close()
	g := NewGotenberg(srv.URL, GotenbergOptions{Timeout: 300 * time.Millisecond, MaxHTMLBytes: 10})
	if _, err := g.Convert(context.Background(), []byte("<p>x</p>")); !errors.Is(err, ErrTimeout) {
		t.Errorf("slow Gotenberg: err = %v, want ErrTimeout", err)
	}
	if _, err := g.Convert(context.Background(), []byte("<p>too long</p>")); !errors.Is(err, ErrTooLarge) {
		t.Errorf("large document: err = %v, want ErrTooLarge", err)
	}
	down := NewGotenberg("http://127.0.0.1:9", GotenbergOptions{Timeout: 2 * time.Second})
	if _, err := down.Convert(context.Background(), []byte("<p>x</p>")); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Gotenberg down: err = %v, want ErrUnavailable", err)
	}
}
