// Package portal is the client portal over the clients model
// (docs/clients.md "Client portal", docs/api.md for the HTTP calls): what a
// client's own people and tools see of their workspace. Its files:
//   - portal.go: the portal's route table, the admin's invite call, the
//     invitee's acceptance and the signed-in calls on the client's leads;
//     store.go the store (the clients store with the portal's tables);
//     invites.go the invites and the onboarding contact they mark;
//     invite_mail.go the invite email.
//   - workspace.go: the client's own agents and channels (channels are
//     made and enabled by the delivery); accounts.go the client's
//     accounts; workflow.go a lead's state, owner and note; brand.go the
//     portal's brand before sign-in; brand_logo.go the logo upload and
//     the public logo files.
//   - apitokens.go: the client's API tokens and the /api/v1 calls they
//     open; scopes.go the tokens' scopes, admin tokens (every client, for
//     internal/mcp) and the token guard's Caller; policy.go the guards of a
//     paused or churned client's sessions and tokens.
//
// It imports the clients model (internal/clients) and never the reverse.
package portal
