/** Status texts of the connection test (docs/product.md §12.1; "Convex" reads "backend"). */
export const connectionStatus = {
  testing: 'Testing backend connection...',
  connected: 'Connected successfully!',
  notJson: 'Connection failed - not getting JSON response',
  failed: 'Connection failed',
} as const;

/** What the connection test found. */
export type ConnectionResult =
  | { status: typeof connectionStatus.connected; data: unknown }
  | { status: typeof connectionStatus.notJson; error: string }
  | { status: typeof connectionStatus.failed; error: string };

/** How much of a non-JSON answer the error panel shows (docs/product.md §12.1). */
export const previewLength = 200;

/**
 * Posts the published-posts query to the backend (docs/product.md §12.1) and reads the
 * answer as text, then as JSON, the way the original test page did.
 */
export async function testConnection(fetchImpl: typeof fetch = fetch): Promise<ConnectionResult> {
  try {
    const res = await fetchImpl('/api/query', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ path: 'blogPosts:getPublished', args: {} }),
    });
    const text = await res.text();
    try {
      return { status: connectionStatus.connected, data: JSON.parse(text) as unknown };
    } catch {
      return { status: connectionStatus.notJson, error: `Response is not JSON: ${text.slice(0, previewLength)}` };
    }
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : 'Unknown error';
    return { status: connectionStatus.failed, error: message };
  }
}
