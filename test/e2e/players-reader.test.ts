/**
 * The rehearsal's players' reader (scripts/rehearse/mailbox-reader.ts), stop 44: what it fetches and
 * where it looks.
 *
 * - `fetch: 'shown'`: of the judge's own mails (composed by src/mail/outbound/send.ts's composeMail, as
 *   the send job composes them: a results report with its two map pictures, its HTML form and calendar
 *   event; a standings mail with its CSV; a receipt), delivered through the real Postfix into Dovecot,
 *   the reader fetches the structure and the parts a player reads, and mailparser reads that to the
 *   same subject, Message-ID, In-Reply-To, From, text and CSV as it reads the whole source; the
 *   pictures are not fetched; an HTML-only mail and a small receipt are fetched whole.
 * - `deliveryLog`: a pass asks STATUS only of the mailboxes Dovecot logged a delivery to, none when
 *   nothing was delivered, and a sweep of every mailbox still finds mail the log did not name.
 * - Each message is read once.
 *
 * Starts its own private Dovecot (with the shared namespace) and Postfix; needs root, as the
 * rehearsal does.
 */
import { writeFileSync } from 'node:fs';
import { createServer, connect as tcpConnect, type Socket } from 'node:net';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxAttachment, OutboxMail } from '../../src/db/outbox.js';
import { composeMail } from '../../src/mail/outbound/send.js';
import { deliveriesIn } from '../../scripts/rehearse/delivery-log.js';
import { MailboxReader, type ReadMessage } from '../../scripts/rehearse/mailbox-reader.js';
import { reducedSource, shownParts } from '../../scripts/rehearse/shown-parts.js';
import { MAIL_PASSWORD } from '../helpers/mail-servers-context.js';
import { startMailServers, type RunningMailServers } from '../helpers/mail-servers-process.js';
import { mulberry32 } from '../helpers/mulberry32.js';

const FROM = 'judge@judge.example.org';
const READER = 'players-reader@example.org';

function bytes(n: number, seed: number): Buffer {
  const rand = mulberry32(seed);
  return Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));
}

const EVENT: OutboxAttachment = { filename: 'rh-r1-b1-F1901M.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', calendarMethod: 'PUBLISH', content: Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n').toString('base64') };
const pictures = (): OutboxAttachment[] => [
  { filename: 'rh-r1-b1-S1901M.png', contentType: 'image/png', cid: 'map-wide@judge.example.org', content: bytes(150_000, 1).toString('base64') },
  { filename: 'rh-r1-b1-S1901M-phone.png', contentType: 'image/png', content: bytes(120_000, 2).toString('base64') },
];
// A results text as the judge writes it: fixed columns, a long line (quoted-printable soft breaks), a
// line with a dot, trailing spaces, non-ASCII, the tables the players read.
const RESULTS_TEXT = `Results of Spring 1901 Movement (S1901M) for r1-b1.\n\n${'Austria:   A Vienna -> Galicia.   Succeeds. '.repeat(4)}\n.\nCentres:   Österreich  3   \nUnits:\n  AUSTRIA  A Gal, F Tri, A Bud\nNext: Fall 1901 Movement (F1901M)\n`;

function mail(to: string, over: Partial<OutboxMail>): OutboxMail {
  return {
    id: 1, dedupeKey: `k:${to}:${over.messageId}`, gameId: 'rh-r1-b1', kind: 'adjudication-report', fromAddress: null, to,
    subject: '[rh-r1-b1] Spring 1901 Movement (S1901M) results', bodyText: RESULTS_TEXT,
    headers: { 'Reply-To': 'rh-r1-b1@judge.example.org' }, attachments: [], messageId: 'x@judge.example.org',
    status: 'pending', attempts: 0, lastError: null, createdAt: new Date('2027-03-02T12:00:05Z'), sentAt: null, ...over,
  };
}

/** The judge's mail shapes the players read, and a webmail's HTML-only mail. */
async function shapes(to: string): Promise<{ name: string; raw: Buffer }[]> {
  const csv = 'rank,player,team,game,power,score\r\n1,Ann Example,Team A,rh-r1-b1,AUSTRIA,34.5\r\n';
  const html = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return [
    { name: 'results', raw: await composeMail(mail(to, { messageId: `results-${to}@judge.example.org`, attachments: [...pictures(), EVENT] }), FROM) },
    { name: 'standings', raw: await composeMail(mail(to, { kind: 'standings', subject: '[rh] Round 1 standings', bodyText: 'The standings of round 1 are attached.\n', messageId: `standings-${to}@judge.example.org`, attachments: [{ filename: 'rh-round-1-standings.csv', contentType: 'text/csv', content: Buffer.from(csv).toString('base64') }, ...pictures()] }), FROM) },
    { name: 'receipt', raw: await composeMail(mail(to, { kind: 'orders-received', subject: '[rh-r1-b1] AUSTRIA S1901M: orders received (FINAL)', bodyText: 'A Vie - Gal\nFinal\n', headers: { 'In-Reply-To': '<abc@example.org>', References: '<abc@example.org>' }, messageId: `receipt-${to}@judge.example.org` }), FROM) },
    { name: 'html only', raw: (await html.sendMail({ from: FROM, to, subject: 'HTML only', messageId: `<html-${to}@judge.example.org>`, html: '<p>Hello<br>there</p><img src="cid:pic@example.org">', attachments: [{ filename: 'pic.png', cid: 'pic@example.org', content: bytes(40_000, 3) }] })).message as Buffer },
  ];
}

/** What the rehearsal keeps of a mail (scripts/rehearse.ts `Received`). */
function kept(p: ParsedMail) {
  return {
    subject: p.subject, messageId: p.messageId, inReplyTo: p.inReplyTo, from: p.from?.value[0]?.address, text: p.text,
    csv: p.attachments.filter((a) => a.filename?.endsWith('.csv')).map((a) => ({ filename: a.filename, content: a.content.toString('utf8') })),
  };
}

let servers: RunningMailServers;
let smtp: ReturnType<typeof nodemailer.createTransport>;
const readers: MailboxReader[] = [];

beforeAll(async () => {
  servers = await startMailServers({ log: () => {}, sharedMailboxes: true });
  smtp = nodemailer.createTransport({ host: servers.info.host, port: servers.info.smtpPort, secure: false, ignoreTLS: true });
}, 60_000);
afterAll(async () => {
  for (const r of readers) await r.close();
  smtp?.close();
  await servers?.stop();
});

async function reader(options: Partial<ConstructorParameters<typeof MailboxReader>[0]> = {}): Promise<MailboxReader> {
  const r = new MailboxReader({ host: servers.info.host, port: servers.info.imapPort, user: READER, pass: MAIL_PASSWORD, connections: 2, ...options });
  readers.push(r);
  await r.connect();
  return r;
}

const send = (to: string, raw: Buffer) => smtp.sendMail({ envelope: { from: FROM, to }, raw });
const dovecotLog = () => join(servers.info.dir, 'dovecot', 'dovecot.log');

/** Passes until `n` messages are read (or 15 s). */
async function readUntil(r: MailboxReader, n: number): Promise<ReadMessage[]> {
  const got: ReadMessage[] = [];
  const until = Date.now() + 15_000;
  while (got.length < n && Date.now() < until) {
    got.push(...(await r.pass()));
    if (got.length < n) await new Promise((res) => setTimeout(res, 100));
  }
  return got;
}

describe('the players\' reader fetches what a player reads', () => {
  it('reads the judge\'s mails from their text parts and CSV to what mailparser reads of the whole, without the pictures', async () => {
    const to = 'ann@example.org';
    const sent = await shapes(to);
    for (const s of sent) await send(to, s.raw);
    const shown = await reader({ keepAttachment: (name) => name.endsWith('.csv') });
    const whole = await reader({ fetch: 'whole' });
    for (const r of [shown, whole]) r.add(to);
    const a = await readUntil(shown, sent.length);
    const b = await readUntil(whole, sent.length);
    expect(a.map((m) => m.uid)).toEqual([1, 2, 3, 4]);
    expect(b.map((m) => m.uid)).toEqual([1, 2, 3, 4]);
    // Postfix delivers in its own order: the messages by their Message-ID.
    const byName = new Map<string, ReadMessage>();
    for (let i = 0; i < sent.length; i++) {
      const fromParts = kept(await simpleParser(a[i]!.source));
      // The whole source as Dovecot stored it (Postfix and LMTP added their Received lines).
      const fromWhole = kept(await simpleParser(b[i]!.source));
      expect(fromParts).toEqual(fromWhole);
      expect(b[i]!.whole).toBe(true);
      expect(a[i]!.size).toBe(b[i]!.source.length);
      byName.set(/^<([a-z ]+?)-/.exec(fromWhole.messageId ?? '')?.[1] ?? '?', a[i]!);
    }
    const [results, standings, receipt, htmlOnly] = ['results', 'standings', 'receipt', 'html'].map((n) => byName.get(n));
    expect(kept(await simpleParser(results!.source)).text).toContain('Centres:   Österreich  3');
    expect(kept(await simpleParser(standings!.source)).csv).toEqual([{ filename: 'rh-round-1-standings.csv', content: 'rank,player,team,game,power,score\r\n1,Ann Example,Team A,rh-r1-b1,AUSTRIA,34.5\r\n' }]);
    // The pictures stay on the server: the results mail is read from a few kB of its ~370 kB.
    expect(results!.whole).toBe(false);
    expect(standings!.whole).toBe(false);
    expect(results!.source.length).toBeLessThan(8_000);
    expect(results!.size).toBeGreaterThan(350_000);
    expect(results!.source.includes('image/png')).toBe(false);
    // A receipt is small, an HTML-only mail is not a shape the parts read the same from: whole.
    expect(receipt!.whole).toBe(true);
    expect(htmlOnly!.whole).toBe(true);
    const f = shown.figures();
    expect([f.fetchedParts, f.fetchedWhole]).toEqual([2, 2]);
    expect(f.fetchedBytes).toBeLessThan(f.messageBytes / 5);
    // Read once: nothing more on the next passes.
    expect(await shown.pass()).toEqual([]);
    expect(await whole.pass()).toEqual([]);
  }, 60_000);
});

describe('the players\' reader looks where Dovecot logged a delivery', () => {
  it('opens a connection again when the server sends no greeting (three tries), then reads as before', async () => {
    // A port in front of Dovecot whose first connection is accepted and never answered; the next
    // ones are passed through to Dovecot.
    const sockets: Socket[] = [];
    let seen = 0;
    const front = createServer((client) => {
      sockets.push(client);
      if (seen++ === 0) return; // silent: no greeting
      const back = tcpConnect(servers.info.imapPort, servers.info.host);
      sockets.push(back);
      client.pipe(back).pipe(client);
      client.on('error', () => back.destroy());
      back.on('error', () => client.destroy());
    });
    await new Promise<void>((res) => front.listen(0, '127.0.0.1', res));
    const port = (front.address() as { port: number }).port;
    try {
      const r = await reader({ port, connections: 1, greetingTimeoutMs: 1_000 });
      expect(seen).toBe(2);
      expect(r.figures().reconnects).toBe(1);
      r.add('gus@example.org');
      await send('gus@example.org', Buffer.from(`From: ${FROM}\r\nTo: x@y\r\nSubject: after the retry\r\nMessage-ID: <greeting@judge.example.org>\r\n\r\nhello\r\n`));
      const got = await readUntil(r, 1);
      expect(got.map((m) => m.address)).toEqual(['gus@example.org']);
      await r.close();
    } finally {
      for (const x of sockets) x.destroy();
      await new Promise((res) => front.close(res));
    }
  });

  it('asks STATUS of no mailbox when nothing was delivered, of the one delivered to when something was', async () => {
    const boxes = ['bea@example.org', 'cal@example.org', 'dan@example.org', 'eve@example.org'];
    // Every mailbox exists (a first mail each), read once by a sweep.
    const receipt = (await shapes('x@example.org'))[2]!.raw;
    for (const b of boxes) await send(b, receipt);
    const r = await reader({ deliveryLog: dovecotLog(), sweepMs: 600_000 });
    for (const b of boxes) r.add(b);
    // The first pass is the sweep (of every mailbox); the mail not in by then, the log names after.
    const early = await readUntil(r, boxes.length);
    expect(early.map((m) => m.address).sort()).toEqual(boxes);
    // A delivery logged after the sweep read its mail is looked at once more, in the next pass.
    await new Promise((res) => setTimeout(res, 500));
    expect(await r.pass()).toEqual([]);
    const before = r.figures();
    for (let i = 0; i < 5; i++) expect(await r.pass()).toEqual([]);
    // Nothing delivered: no STATUS at all.
    expect(r.figures().statusCommands).toBe(before.statusCommands);
    await send('cal@example.org', receipt);
    const got = await readUntil(r, 1);
    expect(got.map((m) => [m.address, m.uid])).toEqual([['cal@example.org', 2]]);
    const after = r.figures();
    // Only cal's mailbox was asked (once per pass until its mail was in, a handful at most).
    expect(after.statusCommands - before.statusCommands).toBeGreaterThanOrEqual(1);
    expect(after.statusCommands - before.statusCommands).toBeLessThan(10);
    expect(after.sweeps).toBe(1);
    expect(after.logDeliveries - before.logDeliveries).toBe(1);
  }, 60_000);

  it('finds mail the log did not name by the sweep', async () => {
    const empty = join(servers.info.dir, 'not-dovecot.log');
    writeFileSync(empty, '');
    const r = await reader({ deliveryLog: empty, sweepMs: 700 });
    r.add('fay@example.org');
    expect(await r.pass()).toEqual([]); // the sweep, before any mail
    await send('fay@example.org', (await shapes('fay@example.org'))[2]!.raw);
    const got = await readUntil(r, 1);
    expect(got.map((m) => m.address)).toEqual(['fay@example.org']);
    const f = r.figures();
    expect(f.logDeliveries).toBe(0);
    expect(f.foundBySweep).toBe(1);
    expect(f.sweeps).toBeGreaterThanOrEqual(2);
    // Between the sweeps, nothing was asked.
    expect(f.statusCommands).toBe(f.sweeps);
  }, 60_000);
});

describe('deliveriesIn, shownParts, reducedSource', () => {
  it('takes the user of each LMTP delivery line of Dovecot\'s log, and nothing else', () => {
    const log = [
      'Nov 28 08:45:55 lmtp(TeamNTurkey@example.org)<11850><SHhxKMOUCmtKLgAAg+zDdQ>: Info: msgid=<56fa@judge.example.org>: saved mail to INBOX',
      'Nov 28 08:45:55 lmtp(gm@example.org)<11949><IJ1lKMOUCmutLgAAg+zDdQ:T2>: Info: saved mail to INBOX',
      'Nov 28 08:45:55 lmtp(11850): Info: Connect from 127.0.0.1',
      'Nov 28 08:45:56 imap(players-reader@example.org)<1><x>: Info: Logged out in=1 out=2',
      'Nov 28 08:45:57 lmtp(ann@example.org)<1><y>: Error: msgid=<z>: save failed to INBOX: Quota exceeded',
    ].join('\n');
    expect(deliveriesIn(log)).toEqual(['teamnturkey@example.org', 'gm@example.org']);
  });

  it('reduces only the shapes mailparser reads the same', () => {
    const keep = (name: string) => name.endsWith('.csv');
    const leaf = (part: string, type: string, size: number, extra: object = {}) => ({ part, type, size, ...extra });
    const results = { type: 'multipart/mixed', childNodes: [
      { part: '1', type: 'multipart/alternative', childNodes: [leaf('1.1', 'text/plain', 3000), { part: '1.2', type: 'multipart/related', childNodes: [leaf('1.2.1', 'text/html', 4000), leaf('1.2.2', 'image/png', 200_000, { disposition: 'inline' })] }, leaf('1.3', 'text/calendar', 500)] },
      leaf('2', 'image/png', 180_000, { disposition: 'attachment', dispositionParameters: { filename: 'm.png' } }),
      leaf('3', 'text/calendar', 700, { disposition: 'attachment', dispositionParameters: { filename: 'e.ics' } }),
      leaf('4', 'text/csv', 300, { disposition: 'attachment', dispositionParameters: { filename: 'standings.csv' } }),
    ] };
    expect(shownParts(results, keep)).toEqual({ whole: false, parts: ['1.1', '4'], skippedBytes: 4000 + 200_000 + 500 + 180_000 + 700 });
    // HTML beside text in a mixed part (mailparser makes text of it), HTML only, one part, little to skip: whole.
    expect(shownParts({ type: 'multipart/mixed', childNodes: [leaf('1', 'text/plain', 10), leaf('2', 'text/html', 10), leaf('3', 'image/png', 90_000, { disposition: 'attachment' })] }, keep)).toEqual({ whole: true });
    expect(shownParts({ type: 'multipart/alternative', childNodes: [leaf('1', 'text/html', 10), leaf('2', 'image/png', 90_000, { disposition: 'inline' })] }, keep)).toEqual({ whole: true });
    expect(shownParts({ type: 'text/plain', part: '1', size: 10 }, keep)).toEqual({ whole: true });
    expect(shownParts({ type: 'multipart/mixed', childNodes: [leaf('1', 'text/plain', 10), leaf('2', 'image/png', 1000, { disposition: 'attachment' })] }, keep)).toEqual({ whole: true });
  });

  it('builds the reduced message from the header (its Content-Type fields replaced, folded lines too) and the parts', async () => {
    const header = Buffer.from('Subject: =?utf-8?Q?=C3=96sterreich?=\r\nMessage-ID: <a@b>\r\nContent-Type: multipart/mixed;\r\n boundary="zzz"\r\nContent-Transfer-Encoding: 7bit\r\nX-After: yes\r\n\r\n');
    const src = reducedSource(header, [{ mime: Buffer.from('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n'), body: Buffer.from('Gr=C3=BC=C3=9Fe =\r\nau=C3=9F') }]);
    expect(src.toString()).not.toContain('zzz');
    const p = await simpleParser(src);
    expect([p.subject, p.messageId, p.text, p.headers.get('x-after')]).toEqual(['Österreich', '<a@b>', 'Grüße auß', 'yes']);
  });
});
