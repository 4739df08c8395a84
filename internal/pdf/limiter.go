package pdf

import (
	"context"
	"errors"
	"sync/atomic"
)

// limiter admits at most slots jobs at once plus queue waiting ones; the
// rest are turned away at once (ErrBusy) instead of piling up in memory.
type limiter struct {
	slots    chan struct{}
	capacity int64
	admitted atomic.Int64 // running or waiting
}

func newLimiter(slots, queue int) *limiter {
	return &limiter{slots: make(chan struct{}, slots), capacity: int64(slots + queue)}
}

// acquire waits for a slot; release must be called when err is nil.
func (l *limiter) acquire(ctx context.Context) (release func(), err error) {
	if n := l.admitted.Add(1); n > l.capacity {
		l.admitted.Add(-1)
		return nil, ErrBusy
	}
	select {
	case l.slots <- struct{}{}:
		return func() {
			<-l.slots
			l.admitted.Add(-1)
		}, nil
	case <-ctx.Done():
		l.admitted.Add(-1)
		return nil, ctxErr(ctx)
	}
}

// ctxErr is ErrTimeout for a deadline and the context's error otherwise
// (the client went away).
func ctxErr(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return ErrTimeout
	}
	return ctx.Err()
}
