/** How the server answered an onboarding submission. */
export type SubmitResult = { ok: true; id: string | null } | { ok: false; status: number | null; fields: Record<string, string> };

/**
 * Sends the answers to POST /api/onboarding. Never throws: a network failure
 * reads as status null; a 400 carries the server's per-field errors.
 */
export async function submitOnboarding(payload: Record<string, unknown>): Promise<SubmitResult> {
  let res: Response;
  try {
    res = await fetch('/api/onboarding', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    return { ok: false, status: null, fields: {} };
  }
  const body = (await res.json().catch(() => null)) as { id?: unknown; fields?: unknown } | null;
  if (res.ok) return { ok: true, id: typeof body?.id === 'string' ? body.id : null };
  const fields: Record<string, string> = {};
  if (body && typeof body.fields === 'object' && body.fields !== null) {
    for (const [k, v] of Object.entries(body.fields)) if (typeof v === 'string') fields[k] = v;
  }
  return { ok: false, status: res.status, fields };
}
