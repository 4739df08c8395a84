import type { AuthView } from '../lib/model';

/** The page's hero. */
export const hero = {
  eyebrow: 'Developers',
  title: 'API Reference',
  intro:
    'Every endpoint of the Signalpipe API: who may call it, what to send and what comes back, including errors. Generated from the same OpenAPI document the server publishes.',
} as const;

/** Where the machine-readable document is served. */
export const openApiUrl = '/api/openapi.json';

/** The introduction's notes on conventions that hold for every endpoint. */
export const conventions = [
  {
    title: 'JSON in, JSON out',
    text: 'Send bodies as application/json. Every error has one shape: {"error": "message", "fields": {"name": "message"}}; fields appears only for validation errors.',
  },
  {
    title: 'Authentication',
    text: "Public endpoints need nothing. Demo-key endpoints need the X-Demo-Key header. Admin endpoints need the session cookie from signing in to /admin, and writes also need its X-CSRF-Token header. Client portal endpoints need a client user's session the same way; REST API endpoints need a client's API token as Authorization: Bearer.",
  },
  {
    title: 'Limits',
    text: 'Rate-limited endpoints answer 429 with a Retry-After header; a busy service answers 503. Every response carries an X-Request-ID to quote when you report a problem.',
  },
] as const;

/** Names and badge texts of the access levels. */
export const authLevels: Record<AuthView['level'], { label: string; badge: string }> = {
  public: { label: 'Public', badge: 'Public' },
  demo: { label: 'Demo key', badge: 'Demo key' },
  admin: { label: 'Admin session', badge: 'Admin session' },
  other: { label: 'Authenticated', badge: 'Authenticated' },
};

/** Known security schemes by their key in the document; others are named from the key. */
export const schemeLabels: Record<string, string> = {
  demoKey: 'Demo key',
  adminSession: 'Admin session',
  clientSession: 'Client session',
  apiToken: 'API token',
};

/** Groups for operations the document leaves untagged: by who may call them, in this order. */
export const untaggedGroups: Record<AuthView['level'], { name: string; description: string }> = {
  public: { name: 'Public endpoints', description: 'Open to anyone, no credentials needed.' },
  demo: {
    name: 'Demo-key endpoints',
    description: 'The live lead search, callable with the public demo key and rate limited per client.',
  },
  admin: {
    name: 'Admin endpoints',
    description:
      "The owner's console: submissions, the blog, clients and their agents, analytics, stored leads, signals and search jobs. They need an admin session; writes also need the CSRF token.",
  },
  other: {
    name: 'Other endpoints',
    description:
      "The client portal (a client user's session; writes also need its CSRF token) and the REST API (a client's API token), described with each one.",
  },
};
