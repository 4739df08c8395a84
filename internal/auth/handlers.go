package auth

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Routes is the route table of the service's role: sign-in (public),
// sign-out and the session probe (a session of the role): /api/admin/login,
// /logout, /session for admins, /api/client/... for client users. The
// server mounts it with the role's guard from Guards.
func (s *Service) Routes() []httpx.Route {
	p, name, own := s.role.prefix, s.role.name, s.role.access()
	return []httpx.Route{
		{Method: "POST", Path: p + "/login", Handler: http.HandlerFunc(s.login), Access: httpx.AccessPublic, OperationID: name + "Login"},
		{Method: "POST", Path: p + "/logout", Handler: http.HandlerFunc(s.logout), Access: own, OperationID: name + "Logout"},
		{Method: "GET", Path: p + "/session", Handler: http.HandlerFunc(s.session), Access: own, OperationID: "get" + strings.ToUpper(name[:1]) + name[1:] + "Session"},
	}
}

// Guards holds the service's guard under its role's access level
// (RequireAdmin or RequireClient), for mounting its routes.
func (s *Service) Guards() httpx.Guards {
	if s.role == RoleAdmin {
		return httpx.Guards{Admin: s.RequireAdmin}
	}
	return httpx.Guards{Client: s.RequireClient}
}

// RouteList names the routes Routes mounts ("METHOD /path").
func (s *Service) RouteList() []string { return s.role.RouteList() }

// RouteList names the sign-in routes of the role ("METHOD /path").
func (r *Role) RouteList() []string {
	var out []string
	for _, rt := range (&Service{role: r}).Routes() {
		out = append(out, rt.Pattern())
	}
	return out
}

// access is the access level a session of the role grants.
func (r *Role) access() httpx.Access {
	if r == RoleAdmin {
		return httpx.AccessAdmin
	}
	return httpx.AccessClient
}

// SignIn starts a session for u, a user of the service's role whose
// password was just set or checked by the caller (the client portal's
// invite acceptance), and sends its cookie. It answers the CSRF token.
func (s *Service) SignIn(w http.ResponseWriter, r *http.Request, u *User) (*Session, error) {
	s.PurgeExpired(r.Context(), httpx.Logger(r.Context()))
	sess, token, err := s.store.CreateSession(r.Context(), u, s.opts.SessionTTL, s.opts.MaxSessionAge)
	if err != nil {
		return nil, err
	}
	s.setCookie(w, token, sess)
	w.Header().Set("Cache-Control", "no-store")
	return sess, nil
}

// ErrBusy is Hash's answer when every password hashing slot stayed taken
// (answer 503 with Retry-After, as sign-in does).
var ErrBusy = errors.New("too many password checks at once; try again in a moment")

// Hash returns the argon2id hash of a new password, in one of the slots
// that bound sign-in's concurrent hashes (and their memory) per instance;
// ErrBusy when none freed up in time.
func (s *Service) Hash(ctx context.Context, password string) (string, error) {
	if !s.acquireHashSlot(ctx) {
		return "", ErrBusy
	}
	defer func() { <-s.hashSlots }()
	return HashPassword(password)
}

// SameOrigin reports whether r comes from the site's own origin (the check
// RequireAdmin makes on writes), for sign-in-like calls made without a
// session.
func (s *Service) SameOrigin(r *http.Request) bool { return s.sameOrigin(r) }

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

type sessionInfo struct {
	Email     string     `json:"email"`
	CSRFToken string     `json:"csrfToken"`
	ExpiresAt *time.Time `json:"expiresAt,omitempty"`
}

const msgInvalidLogin = "Invalid email or password"

func (s *Service) login(w http.ResponseWriter, r *http.Request) {
	if !s.sameOrigin(r) {
		httpx.Error(w, r, http.StatusForbidden, "cross-origin request refused", nil)
		return
	}
	var req loginRequest
	if err := httpx.DecodeJSON(w, r, &req, 4<<10); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	email := NormalizeEmail(req.Email)
	if email == "" || len(email) > 254 || strings.ContainsRune(email, 0) || req.Password == "" || len(req.Password) > 1024 {
		httpx.Error(w, r, http.StatusUnauthorized, msgInvalidLogin, nil)
		return
	}
	ip := httpx.ClientIP(r, s.opts.TrustProxyHeaders)
	ctx, log := r.Context(), httpx.Logger(r.Context())
	// The attempt counts before the password is hashed, so parallel
	// requests cannot all pass a check made before any of them failed.
	wait, err := s.limiter.reserve(ctx, ip, email)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	if wait > 0 {
		httpx.TooManyRequests(w, r, wait)
		return
	}
	// Giving an attempt back must happen even if the client has gone.
	if !s.acquireHashSlot(ctx) {
		if err := s.limiter.giveBack(context.WithoutCancel(ctx), ip, email, false); err != nil {
			log.Warn("give back sign-in attempt", "err", err)
		}
		w.Header().Set("Retry-After", "1")
		httpx.Error(w, r, http.StatusServiceUnavailable, "Too many sign-ins at once. Please try again in a moment.", nil)
		return
	}
	user, err := func() (*User, error) {
		defer func() { <-s.hashSlots }()
		return s.check(r, email, req.Password)
	}()
	if errors.Is(err, ErrNotFound) {
		log.Warn(s.role.name+" sign-in failed", "ip", ip)
		httpx.Error(w, r, http.StatusUnauthorized, msgInvalidLogin, nil)
		return
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	if err := s.limiter.giveBack(context.WithoutCancel(ctx), ip, email, true); err != nil {
		log.Warn("give back sign-in attempt", "err", err)
	}
	if s.admit != nil {
		var refusal *Refusal
		if err := s.admit(ctx, user); errors.As(err, &refusal) {
			log.Warn(s.role.name+" sign-in refused", "user_id", user.ID, "reason", refusal.Msg)
			httpx.Error(w, r, http.StatusForbidden, refusal.Msg, nil)
			return
		} else if err != nil {
			httpx.ServerError(w, r, err)
			return
		}
	}
	s.PurgeExpired(r.Context(), httpx.Logger(r.Context()))
	sess, token, err := s.store.CreateSession(r.Context(), user, s.opts.SessionTTL, s.opts.MaxSessionAge)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	s.setCookie(w, token, sess)
	w.Header().Set("Cache-Control", "no-store")
	httpx.Logger(r.Context()).Info(s.role.name+" signed in", "user_id", user.ID)
	httpx.WriteJSON(w, http.StatusOK, sessionInfo{Email: user.Email, CSRFToken: sess.CSRFToken})
}

// acquireHashSlot waits up to hashWait for one of the password
// verification slots (release it by receiving from hashSlots).
func (s *Service) acquireHashSlot(ctx context.Context) bool {
	select {
	case s.hashSlots <- struct{}{}:
		return true
	default:
	}
	t := time.NewTimer(s.hashWait)
	defer t.Stop()
	select {
	case s.hashSlots <- struct{}{}:
		return true
	case <-t.C:
		return false
	case <-ctx.Done():
		return false
	}
}

// check verifies the credentials, spending the same argon2id work whether or
// not the email exists. A mismatch is ErrNotFound.
func (s *Service) check(r *http.Request, email, password string) (*User, error) {
	user, err := s.store.UserByEmail(r.Context(), email)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	hash := dummyHash()
	if user != nil {
		hash = user.PasswordHash
	}
	ok, verr := s.verify(hash, password)
	if verr != nil {
		return nil, verr
	}
	if user == nil || !ok {
		return nil, ErrNotFound
	}
	return user, nil
}

func (s *Service) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.store.DeleteSession(r.Context(), s.sessionFrom(r.Context()).TokenHash); err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	s.clearCookie(w)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) session(w http.ResponseWriter, r *http.Request) {
	sess := s.sessionFrom(r.Context())
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, sessionInfo{Email: sess.Email, CSRFToken: sess.CSRFToken, ExpiresAt: &sess.ExpiresAt})
}

// sessionFrom returns the service's role's session in ctx.
func (s *Service) sessionFrom(ctx context.Context) *Session {
	sess, _ := ctx.Value(sessionKey{s.role}).(*Session)
	return sess
}
