/** What an API token may do (docs/api.md "Scopes"); the portal's and the console's token forms offer them. A token made before scopes has leads:read. */
export const tokenScopes = [
  { id: 'leads:read', label: 'Read leads', hint: 'read leads and send Good / Noise feedback' },
  { id: 'leads:write', label: 'Update leads', hint: "change a lead's state (contacted, won, …) and note" },
  { id: 'agents:run', label: 'Run agents', hint: 'list agents, run one now and read its runs' },
] as const;

export type TokenScope = (typeof tokenScopes)[number]['id'];

/** The scope ids, in the order the server lists them. */
export const scopeIds = tokenScopes.map((s) => s.id) as [TokenScope, ...TokenScope[]];
