package jobs

import (
	"context"
	"fmt"
)

// PublicQueue is the queue of the jobs a visitor's request starts without
// signing in (forwarding a form submission, the owner's notice of it).
// Every runner works it with workers of its own, as many as River's default
// queue has, so a flood of submissions to a slow target can hold those and
// never the default queue's (the agents' and digests' schedulers, ingest,
// the purges); see docs/security.md.
const PublicQueue = "public"

// Pending counts the jobs of queue that are not finished yet (waiting,
// scheduled, retrying or running), across every instance sharing the
// database. Callers use it to bound a queue before inserting into it.
func (r *Runner) Pending(ctx context.Context, queue string) (int, error) {
	var n int
	err := r.d.Reader.QueryRowContext(ctx, r.d.Rebind(`SELECT count(*) FROM river_job WHERE queue = ?
		AND state IN ('available', 'pending', 'retryable', 'running', 'scheduled')`), queue).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("pending jobs in %s: %w", queue, err)
	}
	return n, nil
}
