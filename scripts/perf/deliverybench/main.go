// Command deliverybench feeds and watches the lead-delivery budgets
// (docs/performance-log.md "Lead delivery"), on loopback only:
//
//	deliverybench receive -addr 127.0.0.1:PORT -secret-file F
//	    a webhook receiver: verifies every Standard Webhooks signature,
//	    counts requests by webhook-id and the latency from the lead's
//	    creation (the end of its run) to its arrival; GET /stats answers
//	    the counts as JSON.
//	deliverybench seed -n N -target URL -secret-file F
//	    on the database of DATABASE_URL (else DATA_DIR/signalpipe.db, already
//	    migrated by the server), makes a client with a webhook channel to
//	    URL (its secret written to F), records a run that found N leads and
//	    enqueues their deliveries as the run job does (one transaction).
//	deliverybench status
//	    the deliveries' counts by status, as JSON.
package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

func main() {
	if len(os.Args) < 2 {
		log.Fatal("usage: deliverybench receive|seed|status [flags]")
	}
	var err error
	switch os.Args[1] {
	case "receive":
		err = receive(os.Args[2:])
	case "seed":
		err = seed(os.Args[2:])
	case "status":
		err = status()
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		log.Fatal(err)
	}
}

// receiver state.
type stats struct {
	mu        sync.Mutex
	requests  int
	badSig    int
	ids       map[string]int
	latencies []float64 // seconds from the lead's creation to its first arrival
	first     time.Time
	last      time.Time
}

func receive(args []string) error {
	fs := flag.NewFlagSet("receive", flag.ExitOnError)
	addr := fs.String("addr", "127.0.0.1:0", "loopback address to listen on")
	secretFile := fs.String("secret-file", "", "file holding the channel's whsec_ secret (read when it appears)")
	_ = fs.Parse(args)
	host, _, err := net.SplitHostPort(*addr)
	if err != nil || host != "127.0.0.1" {
		return fmt.Errorf("receive: -addr must be on 127.0.0.1")
	}
	st := &stats{ids: map[string]int{}}
	var (
		keyMu sync.Mutex
		key   []byte
	)
	secret := func() []byte {
		keyMu.Lock()
		defer keyMu.Unlock()
		if key == nil {
			if b, err := os.ReadFile(*secretFile); err == nil && len(strings.TrimSpace(string(b))) > 0 {
				key, _ = base64.StdEncoding.DecodeString(strings.TrimPrefix(strings.TrimSpace(string(b)), "whsec_"))
			}
		}
		return key
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /hook", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		now := time.Now()
		id, ts, sig := r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp"), r.Header.Get("webhook-signature")
		mac := hmac.New(sha256.New, secret())
		mac.Write([]byte(id + "." + ts + "." + string(body)))
		ok := id != "" && hmac.Equal([]byte(sig), []byte("v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil))))
		var msg struct {
			Timestamp time.Time `json:"timestamp"`
		}
		_ = json.Unmarshal(body, &msg)
		st.mu.Lock()
		st.requests++
		if !ok {
			st.badSig++
		}
		if st.first.IsZero() {
			st.first = now
		}
		st.last = now
		st.ids[id]++
		if st.ids[id] == 1 && !msg.Timestamp.IsZero() {
			st.latencies = append(st.latencies, now.Sub(msg.Timestamp).Seconds())
		}
		st.mu.Unlock()
		if !ok {
			w.WriteHeader(http.StatusUnauthorized)
		}
	})
	mux.HandleFunc("GET /stats", func(w http.ResponseWriter, _ *http.Request) {
		st.mu.Lock()
		defer st.mu.Unlock()
		dups := 0
		for _, n := range st.ids {
			dups += n - 1
		}
		lat := slices.Clone(st.latencies)
		slices.Sort(lat)
		pct := func(p float64) float64 {
			if len(lat) == 0 {
				return 0
			}
			return lat[min(len(lat)-1, int(p*float64(len(lat))))]
		}
		span := st.last.Sub(st.first).Seconds()
		_ = json.NewEncoder(w).Encode(map[string]any{"requests": st.requests, "distinct": len(st.ids), "duplicates": dups,
			"badSignatures": st.badSig, "firstToLastS": span, "latencyP50S": pct(0.5), "latencyP95S": pct(0.95), "latencyMaxS": pct(1)})
	})
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Printf("receiver on http://%s/hook", *addr)
	return srv.ListenAndServe()
}

func open(ctx context.Context) (*db.DB, error) {
	if u := os.Getenv("DATABASE_URL"); u != "" {
		return db.OpenPostgres(ctx, u)
	}
	dir := os.Getenv("DATA_DIR")
	if dir == "" {
		dir = "./data"
	}
	return db.OpenSQLite(ctx, filepath.Join(dir, "signalpipe.db"))
}

func seed(args []string) error {
	fs := flag.NewFlagSet("seed", flag.ExitOnError)
	n := fs.Int("n", 1000, "leads (and deliveries) to enqueue, 1-100000")
	target := fs.String("target", "", "the receiver's http://127.0.0.1:PORT/hook")
	secretFile := fs.String("secret-file", "", "where to write the channel's secret")
	_ = fs.Parse(args)
	if *n < 1 || *n > 100000 || !strings.HasPrefix(*target, "http://127.0.0.1:") || *secretFile == "" {
		return fmt.Errorf("seed: -n 1-100000, -target http://127.0.0.1:PORT/..., -secret-file required")
	}
	ctx := context.Background()
	d, err := open(ctx)
	if err != nil {
		return err
	}
	defer d.Close()
	// A runner that never starts: it only inserts jobs, for the server to work.
	workers := river.NewWorkers()
	runner, err := jobs.New(d, jobs.Options{Workers: workers, Queues: map[string]river.QueueConfig{clients.DeliveryQueue: clients.DeliveryQueueConfig()}})
	if err != nil {
		return err
	}
	store := clients.NewStore(d, runner)
	river.AddWorker(workers, delivery.NewDelivery(delivery.NewStore(store), delivery.DeliveryOptions{}))
	c := &clients.Client{Name: "Delivery bench " + time.Now().UTC().Format(time.RFC3339), Status: clients.StatusActive}
	if err := store.CreateClient(ctx, c); err != nil {
		return err
	}
	ch, secret, err := store.CreateChannel(ctx, c.ID, clients.ChannelWebhook, *target, clients.CadenceInstant)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*secretFile, []byte(secret), 0o600); err != nil {
		return err
	}
	a := &clients.Agent{ClientID: c.ID, Name: "bench", Threshold: 40, Schedule: clients.Duration(24 * time.Hour), Active: false}
	if err := store.CreateAgent(ctx, a); err != nil {
		return err
	}
	// A finished run and its leads, written as finishRun does (one
	// transaction); the run is recorded here, not worked by a job.
	runID := db.NewID()
	tx, err := d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // after Commit: no-op
	now := time.Now().UTC()
	if _, err := tx.ExecContext(ctx, d.Rebind(`INSERT INTO agent_runs (id, agent_id, client_id, kind, status, started_at) VALUES (?, ?, ?, 'manual', 'running', ?)`),
		runID, a.ID, c.ID, d.TimeArg(now)); err != nil {
		return err
	}
	for i := range *n {
		l := engine.Lead{Name: "Dana " + strconv.Itoa(i), Company: "Bench" + strconv.Itoa(i), IntentScore: 80, IntentTier: "hot",
			PostID: "bench-" + strconv.Itoa(i), PostURL: "https://example.com/bench/" + strconv.Itoa(i), Source: "bench"}
		body, _ := json.Marshal(l)
		if _, err := tx.ExecContext(ctx, d.Rebind(`INSERT INTO client_leads (id, client_id, agent_id, run_id, post_id, post_key, url, source,
			company, tier, signal_type, score, lead, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			db.NewID(), c.ID, a.ID, runID, l.PostID, "url:"+l.PostURL, l.PostURL, "bench", strings.ToLower(l.Company), "hot", "bench", 80,
			string(body), d.TimeArg(now)); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, d.Rebind(`UPDATE agent_runs SET status = 'complete', leads_added = ?, finished_at = ? WHERE id = ?`),
		*n, d.TimeArg(now), runID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	start := time.Now()
	added, err := store.EnqueueDeliveries(ctx, runID)
	if err != nil {
		return err
	}
	out, _ := json.Marshal(map[string]any{"client": c.ID, "channel": ch.ID, "run": runID, "enqueued": added,
		"enqueueS": time.Since(start).Seconds(), "leadsAt": now})
	fmt.Println(string(out))
	return nil
}

func status() error {
	ctx := context.Background()
	d, err := open(ctx)
	if err != nil {
		return err
	}
	defer d.Close()
	rows, err := d.Reader.QueryContext(ctx, `SELECT status, count(*) FROM client_deliveries GROUP BY status`)
	if err != nil {
		return err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return err
		}
		out[s] = n
	}
	b, _ := json.Marshal(out)
	fmt.Println(string(b))
	return rows.Err()
}
