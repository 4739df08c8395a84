package auth

// Role is a kind of signed-in user: admins (the owner's console) or the
// people of a client (the client portal, docs/clients.md "Client portal").
// Each role has its own users and sessions tables, its own session cookie
// and its own routes, so a session of one role is never found by the other:
// a client session never passes RequireAdmin and an admin session is not a
// client session. Everything else (argon2id hashes, the password rule,
// CSRF and origin checks, the database-backed sign-in limits) is shared.
type Role struct {
	name     string
	users    string // users table: id, email, password_hash (and client_id)
	sessions string // sessions table: token_hash, user_id, csrf_token, created_at, expires_at
	// clientCol is the users' column naming their client ("" for admins).
	clientCol string
	// cookie is the session cookie over http; "__Host-" is prefixed over https.
	cookie string
	// hint is the readable companion cookie holding "1" (see HintCookieName).
	hint string
	// prefix is where the role's sign-in routes live: prefix+"/login" etc.
	prefix string
	// limitPrefix keeps the role's per-email sign-in counters apart (the
	// per-address counter is shared by both roles).
	limitPrefix string
}

// The roles.
var (
	RoleAdmin = &Role{name: "admin", users: "admin_users", sessions: "admin_sessions",
		cookie: CookieName, hint: HintCookieName, prefix: "/api/admin"}
	RoleClient = &Role{name: "client", users: "client_users", sessions: "client_sessions", clientCol: "client_id",
		cookie: ClientCookieName, hint: ClientHintCookieName, prefix: "/api/client", limitPrefix: "client:"}
)

// Client session cookies (the admin ones are CookieName and HintCookieName).
const (
	ClientCookieName     = "sp_client_session"
	ClientHintCookieName = "sp_client"
)

// Name is "admin" or "client".
func (r *Role) Name() string { return r.name }

// ForRole returns a store of role's users and sessions on the same database.
func (s *Store) ForRole(role *Role) *Store {
	c := *s
	c.role = role
	return &c
}

func (s *Store) roleOrAdmin() *Role {
	if s.role == nil {
		return RoleAdmin
	}
	return s.role
}

// ForRole returns the service of role on the same database with the same
// options, sharing this service's password hashing slots, so admins' and
// client users' sign-ins together hash at most maxConcurrentHashes at once.
func (s *Service) ForRole(role *Role) *Service {
	c := *s
	c.role, c.store = role, s.store.ForRole(role)
	c.limiter = newLoginLimiter(c.store)
	return &c
}
