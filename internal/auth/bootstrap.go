package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
)

// CreateAdmin hashes password and creates the admin email (see
// Store.CreateUser for reset). The password must pass CheckPassword.
func CreateAdmin(ctx context.Context, store *Store, email, password string, reset bool) (bool, error) {
	if !validAdminEmail(email) {
		return false, fmt.Errorf("invalid email %q", email)
	}
	if err := CheckPassword(password); err != nil {
		return false, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return false, err
	}
	return store.CreateUser(ctx, email, hash, reset)
}

// Bootstrap creates the ADMIN_EMAIL admin on start if no admin has that
// email; an existing account is never changed. Empty email does nothing.
func Bootstrap(ctx context.Context, store *Store, email, password string, log *slog.Logger) error {
	if email == "" {
		return nil
	}
	// An existing account is left as it is, so a password rule added since
	// it was created does not stop the server; it is only pointed out.
	switch _, err := store.UserByEmail(ctx, email); {
	case err == nil:
		log.Info("bootstrap admin already exists; left unchanged", "email", NormalizeEmail(email))
		if CheckPassword(password) != nil {
			log.Warn("ADMIN_PASSWORD is too weak for a new admin; if it is the account's password, set another with signalpipe admin create --reset",
				"email", NormalizeEmail(email))
		}
		return nil
	case !errors.Is(err, ErrNotFound):
		return fmt.Errorf("bootstrap admin: %w", err)
	}
	created, err := CreateAdmin(ctx, store, email, password, false)
	if errors.Is(err, ErrEmailTaken) {
		log.Info("bootstrap admin already exists; left unchanged", "email", NormalizeEmail(email))
		return nil
	}
	if err != nil {
		return fmt.Errorf("bootstrap admin: %w", err)
	}
	if created {
		log.Info("bootstrap admin created", "email", NormalizeEmail(email))
	}
	return nil
}

func validAdminEmail(email string) bool {
	e := NormalizeEmail(email)
	at := -1
	for i, c := range e {
		if c == '@' {
			at = i
		}
		if c == ' ' || c < 0x20 {
			return false
		}
	}
	return at > 0 && at < len(e)-1 && len(e) <= 254
}

// PurgeArgs is the periodic job that deletes expired sessions and ended
// sign-in windows.
type PurgeArgs struct{}

// Kind implements river.JobArgs.
func (PurgeArgs) Kind() string { return "purge_admin_sessions" }

// PurgeWorker deletes expired sessions.
type PurgeWorker struct {
	river.WorkerDefaults[PurgeArgs]
	store *Store
}

// NewPurgeWorker returns the worker for PurgeArgs.
func NewPurgeWorker(store *Store) *PurgeWorker { return &PurgeWorker{store: store} }

// Work implements river.Worker.
func (w *PurgeWorker) Work(ctx context.Context, _ *river.Job[PurgeArgs]) error {
	if _, err := newLoginLimiter(w.store).purge(ctx); err != nil {
		return err
	}
	if _, err := w.store.ForRole(RoleAdmin).PurgeExpired(ctx); err != nil {
		return err
	}
	_, err := w.store.ForRole(RoleClient).PurgeExpired(ctx)
	return err
}

// PurgePeriodicJob runs PurgeArgs hourly and once at start.
func PurgePeriodicJob() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return PurgeArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}
