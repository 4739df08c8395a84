// Package auth is the admin sign-in: admin users with argon2id password
// hashes, server-side sessions in the database referenced by the HttpOnly
// sp_session cookie (__Host-sp_session over https), CSRF and same-origin
// checks on state-changing requests, and login rate limiting.
//
// The client portal's users sign in with the same machinery in another
// Role (role.go): adminService.ForRole(RoleClient) keeps them
// in client_users and client_sessions under the sp_client_session cookie,
// mounts /api/client/login, /logout and /session, and guards routes with
// RequireClient (read the session with ClientSessionFrom). A session of
// one role is never found by the other (docs/clients.md "Client portal").
//
// Other features protect their admin routes by declaring them
// Access: httpx.AccessAdmin in their route table; the server's router wraps
// each in Service.RequireAdmin (docs/architecture.md "Adding a route").
// RequireAdmin answers 401 without a valid session and, for every method
// other than GET, HEAD and OPTIONS, 403 unless the request carries the
// session's X-CSRF-Token and comes from the site's own origin. Handlers
// behind it read the signed-in admin with SessionFrom.
package auth
