import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink } from './smtp-sink';

/**
 * Starts the SMTP sink (e2e/smtp-sink.ts) the e2e server sends mail to, on the port
 * playwright.config.ts gives the server (E2E_SMTP_PORT). Runs once, in the runner process;
 * the workers inherit E2E_MAIL_DIR, where the sink writes each message.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!port) throw new Error('E2E_SMTP_PORT is not set (playwright.config.ts sets it)');
  const dir = await mkdtemp(join(tmpdir(), 'signalpipe-e2e-mail-'));
  process.env.E2E_MAIL_DIR = dir;
  const sink = await startSmtpSink(port, dir);
  return async () => {
    await sink.close();
    await rm(dir, { recursive: true, force: true });
  };
}
