import { useEffect, useState } from 'react';
import { connectionStatus, testConnection, type ConnectionResult } from '../lib/test-connection';

/**
 * /test-convex (docs/product.md §12.1): on load, posts the published-posts
 * query to the backend and shows the connection status with the response
 * JSON or the error panel.
 */
export default function TestConvexPage() {
  const [result, setResult] = useState<ConnectionResult | null>(null);

  useEffect(() => {
    let live = true;
    void testConnection().then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, []);

  const status = result?.status ?? connectionStatus.testing;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-white">Backend Connection Test</h1>
      <p role="status" className="mt-6 text-lg font-semibold text-white" data-testid="connection-status">
        {status}
      </p>
      {result && 'error' in result && (
        <div role="alert" className="mt-6 rounded-xl border border-rose-500/40 bg-rose-500/10 p-4">
          <h2 className="font-semibold text-rose-200">Error</h2>
          <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-rose-100">{result.error}</pre>
        </div>
      )}
      {result && 'data' in result && (
        <section className="mt-6" aria-labelledby="response-title">
          <h2 id="response-title" className="font-semibold text-white">
            Response
          </h2>
          <pre
            data-testid="connection-response"
            className="mt-2 max-h-[32rem] overflow-auto rounded-xl border border-ink-700 bg-ink-900 p-4 text-xs text-slate-200"
          >
            {JSON.stringify(result.data, null, 2)}
          </pre>
        </section>
      )}
    </main>
  );
}
