import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { parseMail, waitForMail } from './smtp-sink';

// The SMTP sink the e2e server mails to (e2e/smtp-sink.ts): what it answers, how it stores a
// message (dot-unstuffed) and how the tests read one (MIME decoded). No browser.

/** One SMTP session with the sink: sends each line after the previous reply, returns the replies. */
async function session(lines: string[]): Promise<string[]> {
  const socket = connect(Number(process.env.E2E_SMTP_PORT), '127.0.0.1');
  socket.setEncoding('utf8');
  const replies: string[] = [];
  let buf = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (d: string) => {
    buf += d;
    // A reply is complete at a line "NNN text" (not "NNN-text").
    const m = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(buf);
    if (m) {
      replies.push(buf.trimEnd());
      buf = '';
      waiting?.();
    }
  });
  const next = () => new Promise<void>((resolve) => (waiting = resolve));
  await next(); // the greeting
  for (const line of lines) {
    const got = next();
    socket.write(`${line}\r\n`);
    await got;
  }
  socket.end();
  return replies;
}

test('the sink speaks SMTP, unstuffs dots and keeps the message for its recipient', async () => {
  const to = `sink-${Date.now()}@e2e.example`;
  const replies = await session([
    'EHLO tester',
    'NOOP',
    'RCPT TO:<nobody@e2e.example>',
    'MAIL FROM:<a@e2e.example>',
    'RSET',
    'DATA',
    'MAIL FROM:<from@e2e.example> BODY=8BITMIME',
    `RCPT TO:<${to}>`,
    'DATA',
    ['Subject: dots', '', '..leading dot', 'plain', '.'].join('\r\n'),
    'QUIT',
  ]);
  expect(replies.map((r) => r.slice(0, 3))).toEqual(['220', '250', '250', '503', '250', '250', '503', '250', '250', '354', '250', '221']);
  const [m] = await waitForMail(to);
  expect(m.from).toBe('from@e2e.example');
  expect(m.to).toEqual([to]);
  expect(m.subject).toBe('dots');
  expect(m.text).toBe('.leading dot\nplain\n');
});

test('a message is read as the product sends it: encoded headers, multipart, quoted-printable and base64', () => {
  const long = `${'word '.repeat(20)}end`;
  const qp = long
    .replace(/ $/, '')
    .match(/.{1,70}/g)!
    .join('=\r\n');
  const raw = [
    'From: "=?UTF-8?q?Caf=C3=A9_Growth?=" <leads@e2e.example>',
    'Subject: =?UTF-8?q?New_hot_lead:_Zo=C3=AB?=',
    ' =?UTF-8?b?UGFyaw==?=',
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative;',
    ' boundary=b1',
    '',
    '--b1',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    `${qp}`,
    'na=C3=AFve =3D fine',
    '--b1',
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('<p><a href="https://x.example/?a=1">Zoë</a></p>').toString('base64'),
    '--b1--',
    '',
  ].join('\r\n');
  const m = parseMail({ from: 'leads@e2e.example', to: ['x@e2e.example'], raw, receivedAt: '' });
  expect(m.fromName).toBe('Café Growth');
  expect(m.fromAddress).toBe('leads@e2e.example');
  expect(m.subject).toBe('New hot lead: ZoëPark');
  expect(m.text).toBe(`${long}\nnaïve = fine`);
  expect(m.html).toBe('<p><a href="https://x.example/?a=1">Zoë</a></p>');
});
