package sources

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/search"
)

// TestTimeout bounds the console's Test of one source.
const TestTimeout = 20 * time.Second

// maxPatchBody caps a PATCH's body: a few keys and URL lists.
const maxPatchBody = 64 << 10

// Handler answers the console's source calls (docs/api.md "Sources"):
// the report, a source's settings, and its test.
type Handler struct {
	reg   *Registry
	posts *search.Store
	// who is the signed-in admin (recorded as updated_by).
	who func(r *http.Request) string
}

// NewHandler returns the handler over reg; posts counts the index's posts.
func NewHandler(reg *Registry, posts *search.Store, who func(r *http.Request) string) *Handler {
	return &Handler{reg: reg, posts: posts, who: who}
}

// Routes is the package's route table, all for an admin session (writes
// checked for CSRF by the admin guard).
func (h *Handler) Routes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "GET", Path: "/api/admin/sources", Handler: http.HandlerFunc(h.list), Access: admin, OperationID: "listSources"},
		{Method: "PATCH", Path: "/api/admin/sources/{name}", Handler: http.HandlerFunc(h.update), Access: admin,
			BodyLimit: maxPatchBody, OperationID: "updateSource"},
		{Method: "POST", Path: "/api/admin/sources/{name}/test", Handler: http.HandlerFunc(h.test), Access: admin, OperationID: "testSource"},
	}
}

// list answers {"sources": [Line…]}.
func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	lines, err := h.reg.Report(r.Context(), h.posts)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"sources": lines})
}

// line is the report's line of one source.
func (h *Handler) line(ctx context.Context, name string) (Line, error) {
	lines, err := h.reg.Report(ctx, h.posts)
	if err != nil {
		return Line{}, err
	}
	for _, l := range lines {
		if l.Source == name {
			return l, nil
		}
	}
	return Line{}, fmt.Errorf("source %s missing from the report", name)
}

// patch is PATCH's body: enabled and values (option name to value; ""
// clears a value the console saved).
type patch struct {
	Enabled *bool             `json:"enabled"`
	Values  map[string]string `json:"values"`
}

// update saves a source's switch and options: 200 with its line; 400
// naming each bad field (an unknown key, an option of another source, a
// value the option refuses, one the environment sets, half of a pair);
// 409 when a credential would need SECRETS_KEY; 404 for no such source.
func (h *Handler) update(w http.ResponseWriter, r *http.Request) {
	spec, ok := SpecOf(r.PathValue("name"))
	if !ok {
		httpx.NotFound(w, r)
		return
	}
	var raw map[string]json.RawMessage
	if err := httpx.DecodeJSON(w, r, &raw, maxPatchBody); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	var in patch
	fields := map[string]string{}
	for k, v := range raw {
		var err error
		switch k {
		case "enabled":
			err = json.Unmarshal(v, &in.Enabled)
		case "values":
			err = json.Unmarshal(v, &in.Values)
		default:
			fields[k] = "unknown field"
			continue
		}
		if err != nil {
			fields[k] = "must be " + map[string]string{"enabled": "true or false", "values": "an object of option names to strings"}[k]
		}
	}
	if len(fields) > 0 {
		httpx.Error(w, r, http.StatusBadRequest, "invalid source settings", fields)
		return
	}
	ctx := r.Context()
	saved, err := h.reg.settings.All(ctx) // fresh: the snapshot may be a moment old
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	next := saved[spec.Name]
	next.Source = spec.Name
	next.Values = maps.Clone(orEmpty(next.Values))
	secrets, secretsChanged := maps.Clone(orEmpty(next.Secrets)), false
	base := h.reg.base
	if in.Enabled != nil {
		if base.Set(spec.lock()) {
			fields["enabled"] = "set by environment (" + spec.lock() + "): change it there"
		}
		next.Enabled = in.Enabled
	}
	for _, env := range slices.Sorted(maps.Keys(in.Values)) {
		val, key := strings.TrimSpace(in.Values[env]), "values."+env
		f, ok := spec.field(env)
		switch {
		case !ok:
			fields[key] = "not an option of " + spec.Name
			continue
		case base.Set(env):
			fields[key] = "set by environment: change it there"
			continue
		case val != "":
			if err := config.Apply(config.Default(), env, val); err != nil {
				fields[key] = strings.TrimPrefix(strings.TrimPrefix(err.Error(), "invalid "+env+" "+strconv.Quote(val)+": "), "invalid "+env+": ")
				continue
			}
		}
		target := next.Values
		if f.Secret {
			target, secretsChanged = secrets, true
		}
		if val == "" {
			delete(target, env)
		} else {
			target[env] = val
		}
	}
	for _, env := range spec.Together {
		if _, bad := fields["values."+env]; bad {
			continue
		}
		if someSet(spec, base, next.Values, secrets) && !isSet(spec, env, base, next.Values, secrets) {
			fields["values."+env] = "needed with " + strings.Join(without(spec.Together, env), " and ")
		}
	}
	if len(fields) > 0 {
		httpx.Error(w, r, http.StatusBadRequest, "invalid source settings", fields)
		return
	}
	if secretsChanged {
		next.Secrets = secrets
		if len(secrets) > 0 && !h.reg.settings.CanSeal() {
			secretFields := map[string]string{}
			for env := range in.Values {
				if f, _ := spec.field(env); f.Secret && in.Values[env] != "" {
					secretFields["values."+env] = "needs SECRETS_KEY"
				}
			}
			httpx.Error(w, r, http.StatusConflict, ErrNoKey.Error(), secretFields)
			return
		}
	} else {
		next.Secrets = nil // unchanged: the stored ones stay sealed as they are
	}
	if next.SecretsErr != nil && secretsChanged {
		// The old credentials cannot be opened: those not given again are lost.
		next.SecretsErr = nil
	}
	if err := h.reg.settings.Save(ctx, next, h.who(r)); err != nil {
		if errors.Is(err, ErrNoKey) {
			httpx.Error(w, r, http.StatusConflict, err.Error(), nil)
			return
		}
		httpx.ServerError(w, r, err)
		return
	}
	l, err := h.line(ctx, spec.Name)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, l)
}

func isSet(spec Spec, env string, base *config.Config, values, secrets map[string]string) bool {
	if base.Set(env) {
		return true
	}
	if f, _ := spec.field(env); f.Secret {
		return secrets[env] != ""
	}
	return values[env] != ""
}

func someSet(spec Spec, base *config.Config, values, secrets map[string]string) bool {
	return slices.ContainsFunc(spec.Together, func(env string) bool { return isSet(spec, env, base, values, secrets) })
}

func without(list []string, s string) []string {
	return slices.DeleteFunc(slices.Clone(list), func(e string) bool { return e == s })
}

// testResult is the answer of a Test.
type testResult struct {
	OK     bool   `json:"ok"`
	Posts  int    `json:"posts"`
	TookMS int64  `json:"tookMs"`
	Error  string `json:"error,omitempty"`
}

// test runs one small real fetch of the source with its saved settings,
// even while it is switched off: 200 {"ok", "posts", "tookMs", "error"};
// 409 when it is not configured (what it needs); 404 for no such source.
// The fetch counts in the source's health like any other.
func (h *Handler) test(w http.ResponseWriter, r *http.Request) {
	spec, ok := SpecOf(r.PathValue("name"))
	if !ok {
		httpx.NotFound(w, r)
		return
	}
	ctx := r.Context()
	s := h.reg.current(ctx)
	// Tested even while switched off: with its saved settings, on.
	saved := maps.Clone(s.saved)
	v := saved[spec.Name]
	on := true
	v.Enabled = &on
	saved[spec.Name] = v
	cfg, _ := Effective(h.reg.base, saved)
	if spec.Switch != "" {
		_ = config.Apply(cfg, spec.Switch, "true") // even when the environment switched it off
	}
	srcs, err := IngestWith(cfg, h.reg.d, []string{spec.Name}, h.reg.more, h.reg.health)
	if err != nil {
		httpx.Error(w, r, http.StatusConflict, "not configured: "+strings.TrimPrefix(err.Error(), "source "+strconv.Quote(spec.Name)+" is not enabled: "), nil)
		return
	}
	src := Tracked(h.reg.health, h.reg.log, srcs)[0]
	tctx, cancel := context.WithTimeout(ctx, TestTimeout)
	defer cancel()
	start := time.Now()
	posts, err := src.Find(tctx, search.TermsQuery("hiring"), 3)
	res := testResult{OK: err == nil, Posts: len(posts), TookMS: time.Since(start).Milliseconds()}
	if err != nil {
		res.Error = redact(err.Error(), cfg, spec)
	}
	httpx.WriteJSON(w, http.StatusOK, res)
}

// redact takes the source's credentials out of an error text, should a
// connector ever quote one.
func redact(msg string, c *config.Config, spec Spec) string {
	for _, f := range spec.Fields {
		if v := optionValue(c, f.Env); f.Secret && len(v) >= 4 {
			msg = strings.ReplaceAll(msg, v, "[redacted]")
		}
	}
	return msg
}
