/**
 * The error rule of docs/product.md §4.7: the server's error field if present, else
 * 'HTTP {status}: {statusText}'.
 */
export async function responseError(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  if (body && typeof body.error === 'string' && body.error) return new Error(body.error);
  return new Error(`HTTP ${res.status}: ${res.statusText}`);
}

/** POSTs JSON to the research service; a failed request becomes `networkMessage`. */
export async function postJson(url: string, body: unknown, headers: Record<string, string>, networkMessage: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(networkMessage);
  }
  if (!res.ok) throw await responseError(res);
  return res.json().catch(() => ({}));
}
