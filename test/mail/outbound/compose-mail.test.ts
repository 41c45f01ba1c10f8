/**
 * Issue 29: a results mail is composed once into one Buffer, its map pictures as MIME parts prepared
 * once per picture (mime-part.ts), and signed over that Buffer (dkim-sign.ts). Checked here against
 * the way it was composed before (nodemailer's stream transport and its DKIM signer, the pictures
 * encoded per mail — `composedBefore` below): the same bytes, signature included, for a results
 * report (two inline pictures, the HTML part naming their Content-IDs), a mail with a calendar event,
 * and a plain reply; the prepared part decodes to the picture's bytes; the relaxed body hash agrees
 * with nodemailer's RelaxedBody on random bodies; mailauth verifies the signature. (The trip through
 * the real Postfix and Dovecot with a verified signature: test/e2e/mail-delivery.test.ts.)
 */
import { authenticate } from 'mailauth';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxAttachment, OutboxMail } from '../../../src/db/outbox.js';
import { composeMail, message, nodemailerDkim, type DkimOptions } from '../../../src/mail/outbound/send.js';
import { buildPart, clearPreparedParts, preparedPart, PREPARED_PART_CACHE } from '../../../src/mail/outbound/mime-part.js';
import { markedNeedsNoEscaping, needsNoEscaping } from '../../../src/mail/outbound/dot-stuffing.js';
import { relaxedBodyHash, relaxedBodyHashOriginal, signMessage, withCrlf } from '../../../src/mail/outbound/dkim-sign.js';
import { mulberry32 } from '../../helpers/mulberry32.js';
import { DKIM, resolver, seededBytes } from '../../helpers/judge-dkim.js';

const FROM = 'judge@judge.example.org';
const BOUNDARY = 'fixedboundary29';



const WIDE = seededBytes(131_072, 1);
const PHONE = seededBytes(143_360, 2);
const pictures = (): OutboxAttachment[] => [
  { filename: 'S1901M-map.png', contentType: 'image/png', cid: 'map-wide@judge.example.org', content: WIDE.toString('base64') },
  { filename: 'S1901M-map-phone.png', contentType: 'image/png', cid: 'map-phone@judge.example.org', content: PHONE.toString('base64') },
];
const EVENT: OutboxAttachment = { filename: 'deadline.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', calendarMethod: 'PUBLISH', content: Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n').toString('base64') };

/** A results report as the send job reads it from the outbox. */
function report(to: string, attachments: readonly OutboxAttachment[] = pictures()): OutboxMail {
  return {
    id: 42, dedupeKey: `report:g29:S1901M:${to}`, gameId: 'g29', kind: 'adjudication-report', fromAddress: null, to,
    subject: '[g29] Spring 1901 Movement (S1901M) results',
    // Fixed columns (runs of spaces), a line starting with a dot, trailing spaces, non-ASCII.
    bodyText: 'Results of Spring 1901 Movement.\n\nEngland:   F London -> North Sea.          Succeeds.\nFrance:    A Paris  -> Burgundy.    \n.\nCentres:   Österreich  3\n',
    headers: { 'Reply-To': 'judge+g29.tok@judge.example.org' }, attachments, messageId: `report-g29-${to}@judge.example.org`,
    status: 'pending', attempts: 0, lastError: null, createdAt: new Date('2031-01-01T12:00:05Z'), sentAt: null,
  };
}

/**
 * How a mail was composed and signed before issue 29's change (send.ts's composeMail then: the
 * pictures' bytes encoded per mail, nodemailer's DKIM signer), its line ends CRLF as its SMTP DATA
 * escaping sent them (nodemailer's quoted-printable text keeps the text's bare LFs).
 */
async function composedBefore(mail: OutboxMail, dkim?: DkimOptions): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', ...(dkim ? { dkim: nodemailerDkim(dkim) } : {}) });
  return (await t.sendMail({ ...message(mail, FROM), baseBoundary: BOUNDARY })).message as Buffer;
}

beforeEach(() => clearPreparedParts());

describe('composeMail', () => {
  it('composes a results report with prepared picture parts into the bytes nodemailer composed before, signature included', async () => {
    for (const dkim of [undefined, DKIM]) {
      const mail = report('ann@example.org');
      const now = await composeMail(mail, FROM, dkim, { baseBoundary: BOUNDARY });
      const before = await composedBefore(mail, dkim);
      expect(now.toString('latin1')).toBe(before.toString('latin1'));
    }
  });

  it('a mail with a calendar event and the pictures, and a plain reply, are the same bytes too', async () => {
    for (const mail of [report('bob@example.org', [EVENT, ...pictures()]), report('cy@example.org', []), report('di@example.org', [EVENT])]) {
      expect((await composeMail(mail, FROM, DKIM, { baseBoundary: BOUNDARY })).toString('latin1')).toBe((await composedBefore(mail, DKIM)).toString('latin1'));
    }
  });

  it('records a mail as needing no DATA escaping exactly when it needs none, and the pictures were taken as prepared', async () => {
    const mails = [report('ann@example.org'), report('bob@example.org', [EVENT, ...pictures()]), report('cy@example.org', []),
      { ...report('dot@example.org'), bodyText: 'No line starts with a dot here.\n' }];
    let marked = 0;
    for (const mail of mails) {
      for (const dkim of [undefined, DKIM]) {
        const raw = await composeMail(mail, FROM, dkim);
        expect(markedNeedsNoEscaping(raw)).toBe(needsNoEscaping(raw, false));
        if (markedNeedsNoEscaping(raw)) marked++;
      }
    }
    // The report's text has a line "." (stuffed on the wire); the mail without it is recorded.
    expect(marked).toBeGreaterThan(0);
    expect(marked).toBeLessThan(8);
    // The prepared part is in the mail as it was made.
    const part = await preparedPart(pictures()[0]!);
    const raw = await composeMail({ ...report('dot@example.org'), bodyText: 'x\n' }, FROM);
    expect(raw.indexOf(part)).toBeGreaterThan(0);
  });

  it('keeps the structure readers get: text and HTML alternatives, the HTML naming the inline pictures by Content-ID, the pictures intact', async () => {
    const raw = await composeMail(report('ann@example.org'), FROM, DKIM);
    const parsed = await simpleParser(raw, { keepCidLinks: true });
    expect(String((parsed.headers.get('content-type') as { value: string }).value)).toBe('multipart/alternative');
    expect(parsed.text).toContain('England:   F London -> North Sea.');
    expect(parsed.html).toContain('cid:map-wide@judge.example.org');
    expect(parsed.html).toContain('cid:map-phone@judge.example.org');
    const byCid = new Map(parsed.attachments.map((a) => [a.cid, a]));
    expect(byCid.get('map-wide@judge.example.org')!.content.equals(WIDE)).toBe(true);
    expect(byCid.get('map-phone@judge.example.org')!.content.equals(PHONE)).toBe(true);
    expect(byCid.get('map-wide@judge.example.org')!.contentDisposition).toBe('inline');
    expect(raw.toString('latin1')).toMatch(/Content-Type: multipart\/related;/);
  });

  it('the signed mail verifies under DKIM (mailauth, the key published in the resolver)', async () => {
    const raw = await composeMail(report('ann@example.org', [EVENT, ...pictures()]), FROM, DKIM);
    expect(raw.toString('latin1')).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=judge\.example\.org;/);
    const auth = await authenticate(raw, { ip: '127.0.0.1', helo: 'mx.judge.example.org', sender: FROM, mta: 'mx.example.org', resolver: resolver as never });
    expect(auth.dkim.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['judge.example.org', 'pass']]);
  });
});

describe('prepared parts', () => {
  it("a picture's part is its header fields and base64 lines, which decode to the picture's bytes", async () => {
    const [wide] = pictures();
    const part = (await preparedPart(wide!)).toString('latin1');
    const [head, body] = [part.slice(0, part.indexOf('\r\n\r\n')), part.slice(part.indexOf('\r\n\r\n') + 4)];
    expect(head).toMatch(/^Content-Type: image\/png; name=S1901M-map\.png\r\n/);
    expect(head).toContain('Content-ID: <map-wide@judge.example.org>');
    expect(head).toContain('Content-Transfer-Encoding: base64');
    expect(head).toContain('Content-Disposition: inline; filename=S1901M-map.png');
    expect(body.split('\r\n').every((line) => line.length <= 76 && /^[A-Za-z0-9+/=]*$/.test(line))).toBe(true);
    expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64').equals(WIDE)).toBe(true);
  });

  it('is made once per picture: the mails of a game share it, and an equal copy of the picture finds it', async () => {
    const [wide] = pictures();
    const first = await preparedPart(wide!);
    // Eight mails at once, as the send job composes them: one part.
    const eight = await Promise.all(Array.from({ length: 8 }, () => preparedPart(wide!)));
    expect(eight.every((p) => p === first)).toBe(true);
    // The same picture read again by another claim (an equal string, not the same one).
    expect(await preparedPart({ ...wide!, content: `${wide!.content} `.trimEnd() })).toBe(first);
    // Another Content-ID is another part.
    expect(await preparedPart({ ...wide!, cid: 'other@judge.example.org' })).not.toBe(first);
    expect((await buildPart(wide!)).equals(first)).toBe(true);
  });

  it('keeps the last PREPARED_PART_CACHE parts', async () => {
    const files = Array.from({ length: PREPARED_PART_CACHE + 1 }, (_, i): OutboxAttachment => ({ filename: `m${i}.png`, contentType: 'image/png', content: seededBytes(5000, 100 + i).toString('base64') }));
    const parts = [];
    for (const f of files) parts.push(await preparedPart(f));
    expect(await preparedPart(files[PREPARED_PART_CACHE]!)).toBe(parts[PREPARED_PART_CACHE]); // kept
    expect(await preparedPart(files[0]!)).not.toBe(parts[0]); // evicted, made again
    expect((await preparedPart(files[0]!)).equals(parts[0]!)).toBe(true);
  });
});

describe('the relaxed body hash', () => {
  it("agrees with nodemailer's RelaxedBody on 3,000 random bodies (spaces, tabs, CRLF, bare CR and LF, empty lines at the end)", async () => {
    const rand = mulberry32(2029);
    const pieces = ['\r\n', '\r\n', '\r\n', 'a', 'QUJD', ' ', ' ', '  ', '\t', ' \t ', '.', '\r', '\n', '\r\n\r\n'];
    for (let i = 0; i < 3000; i++) {
      // Most bodies with CRLF only (the fast path), one in four with a bare CR or LF (nodemailer's own code).
      const usable = rand() < 0.75 ? pieces.filter((p) => p !== '\r' && p !== '\n') : pieces;
      let text = '';
      for (let n = Math.floor(rand() * 30); n > 0; n--) text += usable[Math.floor(rand() * usable.length)];
      const body = Buffer.from(text, 'latin1');
      expect(await relaxedBodyHash(body), JSON.stringify(text)).toBe(await relaxedBodyHashOriginal(body));
    }
  });

  it("signs a message with nodemailer's signature, byte for byte (its line ends CRLF, and as nodemailer composes it, with bare LFs)", async () => {
    const composed = await new MailComposer({ ...message(report('ann@example.org'), FROM), baseBoundary: BOUNDARY }).compile().build();
    for (const raw of [withCrlf(composed), composed]) {
      const t = nodemailer.createTransport({ streamTransport: true, buffer: true, dkim: nodemailerDkim(DKIM) });
      const theirs = (await t.sendMail({ raw, envelope: { from: FROM, to: ['ann@example.org'] } })).message as Buffer;
      expect((await signMessage(raw, nodemailerDkim(DKIM))).toString('latin1')).toBe(theirs.toString('latin1'));
    }
    expect(withCrlf(composed).equals(composed)).toBe(false);
    expect(withCrlf(Buffer.from('a\nb\r\nc\n')).toString()).toBe('a\r\nb\r\nc\r\n');
  });
});
