/** An error answer of the API (`{"error", "fields"}`), with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Seconds from Retry-After on a 429, when given. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** True for the API's "no admin session" answer. */
export const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

// The session's CSRF token, sent in X-CSRF-Token on every state-changing request.
let csrfToken: string | null = null;

/** Remembers (or forgets) the CSRF token from login or GET /api/admin/session. */
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

/** The X-CSRF-Token header for a state-changing call, when a session's token is known. */
export function csrfHeaders(): Record<string, string> {
  return csrfToken ? { 'X-CSRF-Token': csrfToken } : {};
}

/**
 * Checks an answer and gives it its type; throws when it does not fit. A zod
 * schema is one; pages that must stay light (the public blog) pass a
 * hand-written one instead of loading zod.
 */
export interface Parser<T> {
  parse(value: unknown): T;
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData as multipart/form-data. */
  body?: unknown;
  /** Validates the answer; omitted for answers without a body. */
  schema?: Parser<T>;
}

async function toApiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { error?: unknown; fields?: unknown } | null;
  const message = typeof body?.error === 'string' ? body.error : `Request failed (${res.status})`;
  const fields: Record<string, string> = {};
  if (body && typeof body.fields === 'object' && body.fields !== null) {
    for (const [k, v] of Object.entries(body.fields)) if (typeof v === 'string') fields[k] = v;
  }
  const retry = Number(res.headers.get('Retry-After'));
  return new ApiError(res.status, message, fields, Number.isFinite(retry) && retry > 0 ? retry : null);
}

/** Calls an admin endpoint with the session cookie; non-2xx answers throw ApiError. */
export async function apiRequest<T = undefined>(path: string, { method = 'GET', body, schema }: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (a file upload) goes as multipart/form-data: fetch sets the Content-Type with its boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers: method === 'GET' ? headers : { ...headers, ...csrfHeaders() },
    credentials: 'same-origin',
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  if (!schema || res.status === 204) return undefined as T;
  return schema.parse(await res.json());
}
