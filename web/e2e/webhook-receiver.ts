import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got: its path, Standard Webhooks headers and parsed body. */
export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: Record<string, unknown>;
}

/** A local webhook receiver (the server runs with ALLOW_PRIVATE_WEBHOOKS=true): every POST answers 200 and is kept. */
export async function startReceiver(): Promise<{ url: string; got: Received[]; close: () => Promise<void> }> {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        /* kept raw */
      }
      got.push({ path: req.url ?? '', headers: req.headers, raw, body });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether r carries a valid Standard Webhooks signature for secret (whsec_…). */
export function signedBy(r: Received, secret: string): boolean {
  const id = String(r.headers['webhook-id'] ?? '');
  const ts = String(r.headers['webhook-timestamp'] ?? '');
  const sigs = String(r.headers['webhook-signature'] ?? '').split(' ');
  if (!id || !ts) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const want = Buffer.from(`v1,${createHmac('sha256', key).update(`${id}.${ts}.${r.raw}`).digest('base64')}`);
  return sigs.some((s) => s.length === want.length && timingSafeEqual(Buffer.from(s), want));
}
