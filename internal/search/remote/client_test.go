package remote

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A refused connection is an UnreachableError naming the host, and the
// client's next request to that host fails at once without dialling again.
func TestUnreachableHostFailsFastThenStaysDown(t *testing.T) {
	var accepted atomic.Int32
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens: connecting is refused

	c := NewHTTPClient(10 * time.Second)
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, "http://"+addr+"/x", nil)
	_, err = c.Do(req)
	u := Unreachable(err)
	if u == nil || u.Host != "127.0.0.1" || !strings.Contains(u.Reason, "cannot connect") {
		t.Fatalf("err %v", err)
	}
	// Something listens there now, but the host stays down for DownFor.
	l2, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skip("port taken again:", err)
	}
	defer l2.Close()
	go func() {
		for {
			conn, err := l2.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			conn.Close()
		}
	}()
	start := time.Now()
	_, err = c.Get("http://" + addr + "/y")
	if Unreachable(err) == nil || time.Since(start) > 100*time.Millisecond || accepted.Load() != 0 {
		t.Fatalf("second request: %v after %s, %d connections", err, time.Since(start), accepted.Load())
	}
}

// A host that accepts and never answers is unreachable after HeaderTimeout;
// an answering host and a cancelled request are not.
func TestSilentHostTimesOut(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			defer conn.Close()
		}
	}()
	start := time.Now()
	_, err = NewHTTPClient(time.Minute).Get("http://" + l.Addr().String())
	if u := Unreachable(err); u == nil || !strings.Contains(u.Reason, "no answer") || time.Since(start) > HeaderTimeout+time.Second {
		t.Fatalf("err %v after %s", err, time.Since(start))
	}

	ok := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {}))
	defer ok.Close()
	c := NewHTTPClient(time.Minute)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ok.URL, nil)
	if _, err := c.Do(req); err == nil || Unreachable(err) != nil {
		t.Fatalf("a cancelled request is not the host's fault: %v", err)
	}
	if res, err := c.Get(ok.URL); err != nil || res.StatusCode != 200 {
		t.Fatalf("the host is up: %v", err)
	}
}
