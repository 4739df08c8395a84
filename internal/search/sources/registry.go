package sources

import (
	"context"
	"log/slog"
	"strconv"
	"sync"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/jobboards"
)

// Effective is the configuration the sources run with: base (the
// environment's) with the console's saved settings applied where the
// environment sets nothing. An environment value always wins. problems
// names, per source, a saved value that no longer applies (it is left
// out, and the console shows why).
func Effective(base *config.Config, saved map[string]Saved) (eff *config.Config, problems map[string]string) {
	c := *base
	problems = map[string]string{}
	for _, spec := range Specs {
		v, ok := saved[spec.Name]
		if !ok {
			continue
		}
		if v.SecretsErr != nil {
			problems[spec.Name] = v.SecretsErr.Error()
		}
		for _, f := range spec.Fields {
			val := v.Values[f.Env]
			if f.Secret {
				val = v.Secrets[f.Env]
			}
			if val == "" || base.Set(f.Env) {
				continue
			}
			if err := config.Apply(&c, f.Env, val); err != nil {
				problems[spec.Name] = err.Error()
			}
		}
		if v.Enabled == nil || base.Set(spec.lock()) {
			continue
		}
		switch {
		case spec.Switch != "":
			_ = config.Apply(&c, spec.Switch, strconv.FormatBool(*v.Enabled)) // a bool always applies
		case !*v.Enabled:
			spec.off(&c)
		}
	}
	return &c, problems
}

// enabledOf says whether the console switched name off (false) or on.
func enabledOf(saved map[string]Saved, name string) (on, set bool) {
	v, ok := saved[name]
	if !ok || v.Enabled == nil {
		return true, false
	}
	return *v.Enabled, true
}

// Registry is the one place an instance gets its sources from: the
// environment's configuration with the console's settings over it,
// re-read whenever another instance (or this one) saved a change, so a
// change takes effect at the next search or ingest without a restart.
type Registry struct {
	base     *config.Config
	d        *db.DB
	settings *Settings
	health   *health.Store
	log      *slog.Logger
	// more lists the clients' job boards (nil: none).
	more ClientBoards

	mu      sync.Mutex
	version string
	cur     *snapshot
}

// snapshot is the sources of one version of the settings.
type snapshot struct {
	cfg      *config.Config
	saved    map[string]Saved
	problems map[string]string
	live     []search.Source
	ingest   []search.Source
}

// RegistryOptions are a Registry's collaborators.
type RegistryOptions struct {
	// Health records every fetch (nil: a store over the database).
	Health *health.Store
	// ClientBoards, when set, adds the clients' job boards to ingest's.
	ClientBoards ClientBoards
	Logger       *slog.Logger
}

// NewRegistry returns the registry over base (the loaded configuration)
// and d; SECRETS_KEY comes from base.
func NewRegistry(base *config.Config, d *db.DB, o RegistryOptions) (*Registry, error) {
	settings, err := NewSettings(d, base.SecretsKey)
	if err != nil {
		return nil, err
	}
	if o.Health == nil {
		o.Health = health.NewStore(d)
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Registry{base: base, d: d, settings: settings, health: o.Health, log: o.Logger, more: o.ClientBoards}, nil
}

// Settings are the console's saved settings the registry reads.
func (r *Registry) Settings() *Settings { return r.settings }

// current is the snapshot of the settings' current version, re-read when
// the version changed. When the database cannot be read, the last
// snapshot (at first the environment's alone) stays in use.
func (r *Registry) current(ctx context.Context) *snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	version, err := r.settings.Version(ctx)
	if err == nil && r.cur != nil && version == r.version {
		return r.cur
	}
	var saved map[string]Saved
	if err == nil {
		saved, err = r.settings.All(ctx)
	}
	if err != nil {
		r.log.Warn("source settings: read", "err", err)
		if r.cur != nil {
			return r.cur
		}
		saved, version = map[string]Saved{}, ""
	}
	r.cur, r.version = r.build(saved), version
	return r.cur
}

func (r *Registry) build(saved map[string]Saved) *snapshot {
	cfg, problems := Effective(r.base, saved)
	more := r.more
	if on, _ := enabledOf(saved, jobboards.Name); !on && !r.base.Set("JOB_BOARDS") {
		more = nil // switched off: not even the clients' boards
	}
	all, _ := IngestWith(cfg, r.d, nil, more, r.health) // no filter: cannot fail
	return &snapshot{cfg: cfg, saved: saved, problems: problems,
		live: Tracked(r.health, r.log, Live(cfg)), ingest: Tracked(r.health, r.log, all)}
}

// Live is the live sources a search or agent run starting now asks.
func (r *Registry) Live(ctx context.Context) []search.Source { return r.current(ctx).live }

// Ingest is the sources an ingest starting now fetches.
func (r *Registry) Ingest(ctx context.Context) []search.Source { return r.current(ctx).ingest }

// Config is the effective configuration now.
func (r *Registry) Config(ctx context.Context) *config.Config { return r.current(ctx).cfg }
