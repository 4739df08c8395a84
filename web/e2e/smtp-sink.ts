import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

// A local SMTP sink for the e2e server (SMTP_URL=smtp://127.0.0.1:<port>?tls=none, set by
// scripts/e2e-server.sh from the port playwright.config.ts gives it). It speaks just enough SMTP
// for the product's client (go-mail with TLS off and no credentials): EHLO/HELO, MAIL FROM,
// RCPT TO, DATA (dot-unstuffed), RSET, NOOP, QUIT; no AUTH, no STARTTLS. Playwright's
// globalSetup runs it in the runner process; each message is written as one JSON file
// (envelope and raw bytes) in a directory the tests, in their own worker processes, read
// (E2E_MAIL_DIR).

/** One message as the sink stored it: the SMTP envelope and the raw message (UTF-8). */
export interface StoredMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: string;
}

/** Starts the sink on 127.0.0.1:port; every message accepted is written to dir. */
export async function startSmtpSink(port: number, dir: string): Promise<{ close: () => Promise<void> }> {
  await mkdir(dir, { recursive: true });
  let seq = 0;
  const store = async (m: StoredMail) => {
    const name = `${Date.now()}-${String(++seq).padStart(6, '0')}`;
    const tmp = join(dir, `.${name}.tmp`);
    await writeFile(tmp, JSON.stringify(m));
    await rename(tmp, join(dir, `${name}.json`)); // readers never see half a file
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('latin1'); // one char per byte: the message is decoded as UTF-8 once whole
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buf = '';
    let from: string | null = null;
    let to: string[] = [];
    let data: string[] | null = null;
    const reset = () => {
      from = null;
      to = [];
      data = null;
    };
    reply('220 e2e-smtp-sink ESMTP ready');
    const command = (line: string) => {
      const verb = line.split(' ', 1)[0].toUpperCase();
      const arg = line.slice(verb.length).trim();
      switch (verb) {
        case 'EHLO':
          reset();
          return reply('250-e2e-smtp-sink\r\n250-8BITMIME\r\n250 SMTPUTF8');
        case 'HELO':
          reset();
          return reply('250 e2e-smtp-sink');
        case 'MAIL': {
          const m = /^FROM:\s*<([^>]*)>/i.exec(arg);
          if (!m) return reply('501 syntax: MAIL FROM:<address>');
          reset();
          from = m[1];
          return reply('250 OK');
        }
        case 'RCPT': {
          const m = /^TO:\s*<([^>]+)>/i.exec(arg);
          if (from === null) return reply('503 MAIL first');
          if (!m) return reply('501 syntax: RCPT TO:<address>');
          to.push(m[1]);
          return reply('250 OK');
        }
        case 'DATA':
          if (to.length === 0) return reply('503 RCPT first');
          data = [];
          return reply('354 end with <CRLF>.<CRLF>');
        case 'RSET':
          reset();
          return reply('250 OK');
        case 'NOOP':
          return reply('250 OK');
        case 'QUIT':
          reply('221 bye');
          return socket.end();
        default:
          return reply('502 5.5.1 command not recognised: this sink speaks HELO, EHLO, MAIL, RCPT, DATA, RSET, NOOP and QUIT'); // RFC 5321's answer to an unknown command
      }
    };
    // Lines are handled in order; while a message is being stored, the next lines wait, so the
    // 250 for DATA always comes before any later reply.
    let storing = false;
    const drain = () => {
      let nl: number;
      while (!storing && (nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).replace(/\r$/, '');
        buf = buf.slice(nl + 1);
        if (data === null) {
          command(line);
          continue;
        }
        if (line !== '.') {
          data.push(line.startsWith('.') ? line.slice(1) : line);
          continue;
        }
        const raw = Buffer.from(data.join('\r\n') + '\r\n', 'latin1').toString('utf8');
        const m: StoredMail = { from: from ?? '', to, raw, receivedAt: new Date().toISOString() };
        reset();
        storing = true;
        store(m)
          .then(
            () => reply('250 OK: queued'),
            (err: Error) => reply(`451 could not store: ${err.message}`),
          )
          .finally(() => {
            storing = false;
            drain();
          });
      }
    };
    socket.on('data', (chunk: string) => {
      buf += chunk;
      drain();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A message parsed: its headers (decoded, lowercase names), the text and HTML parts, decoded. */
export interface Mail extends StoredMail {
  headers: Record<string, string>;
  fromName: string;
  fromAddress: string;
  subject: string;
  text: string;
  html: string;
}

/** The directory the sink writes to (globalSetup sets it for the workers). */
function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the SMTP sink runs in playwright.config.ts globalSetup');
  return dir;
}

/** Every message the sink has received so far, oldest first, parsed. */
export async function allMail(): Promise<Mail[]> {
  const dir = mailDir();
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const out: Mail[] = [];
  for (const n of names) out.push(parseMail(JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredMail));
  return out;
}

/** The messages to address (envelope recipient), oldest first. */
export async function mailTo(address: string): Promise<Mail[]> {
  const want = address.toLowerCase();
  return (await allMail()).filter((m) => m.to.some((t) => t.toLowerCase() === want));
}

/**
 * Waits until at least count messages to address have arrived (polling the sink's directory
 * until the deadline, never a fixed sleep) and returns them all.
 */
export async function waitForMail(address: string, { count = 1, timeout = 30_000 } = {}): Promise<Mail[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const got = await mailTo(address);
    if (got.length >= count) return got;
    if (Date.now() > deadline) throw new Error(`waited ${timeout} ms for ${count} message(s) to ${address}; got ${got.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Parses a stored message: headers unfolded and RFC 2047-decoded, MIME parts decoded. */
export function parseMail(m: StoredMail): Mail {
  const part = parsePart(Buffer.from(m.raw, 'utf8'));
  const leaves = flatten(part);
  const text = leaves.find((p) => p.type === 'text/plain')?.body ?? '';
  const html = leaves.find((p) => p.type === 'text/html')?.body ?? '';
  const { name, address } = parseAddress(part.headers.from ?? '');
  return { ...m, headers: part.headers, fromName: name, fromAddress: address, subject: part.headers.subject ?? '', text, html };
}

interface Part {
  headers: Record<string, string>;
  type: string;
  body: string;
  parts: Part[];
}

function flatten(p: Part): Part[] {
  return p.parts.length ? p.parts.flatMap(flatten) : [p];
}

function parsePart(bytes: Buffer): Part {
  const s = bytes.toString('latin1');
  const m = /\r?\n\r?\n/.exec(s);
  const head = m ? s.slice(0, m.index) : s;
  const bodyBytes = Buffer.from(m ? s.slice(m.index + m[0].length) : '', 'latin1');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(Buffer.from(line.slice(i + 1).trim(), 'latin1').toString('utf8'));
  }
  const ctype = headers['content-type'] ?? 'text/plain';
  const type = ctype.split(';', 1)[0].trim().toLowerCase();
  const param = (name: string) => new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(ctype)?.[1];
  if (type.startsWith('multipart/')) {
    const boundary = param('boundary');
    if (!boundary) throw new Error(`multipart without a boundary: ${ctype}`);
    const body = bodyBytes.toString('latin1');
    const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
    // [preamble, part, part, ..., epilogue]
    const parts = sections.slice(1, -1).map((sec) => parsePart(Buffer.from(sec, 'latin1')));
    return { headers, type, body: '', parts };
  }
  const cte = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let raw: Buffer = bodyBytes;
  if (cte === 'quoted-printable') raw = decodeQP(bodyBytes.toString('latin1'));
  else if (cte === 'base64') raw = Buffer.from(bodyBytes.toString('latin1').replace(/\s+/g, ''), 'base64');
  const charset = (param('charset') ?? 'utf-8').toLowerCase();
  const body = new TextDecoder(charset).decode(raw).replace(/\r\n/g, '\n');
  return { headers, type, body, parts: [] };
}

/** Quoted-printable (RFC 2045): soft line breaks removed, =XX to bytes. */
function decodeQP(s: string): Buffer {
  const bytes: number[] = [];
  const t = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(t.slice(i + 1, i + 3))) {
      bytes.push(parseInt(t.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(t.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?charset?Q|B?…?=), adjacent ones joined without the space between. */
function decodeWords(v: string): string {
  return v
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, enc: string, text: string) => {
      const bytes = enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQP(text.replace(/_/g, ' ').replace(/=\r?\n/g, ''));
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    });
}

/** "Name <a@b>" or "\"Name\" <a@b>" or "a@b". */
function parseAddress(v: string): { name: string; address: string } {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(v);
  if (!m) return { name: '', address: v.trim() };
  return { name: m[1].replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1'), address: m[2] };
}
