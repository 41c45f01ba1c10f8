/**
 * Issue 29: the drop-in for nodemailer's DataStream `_transform` (src/mail/outbound/dot-stuffing.ts)
 * writes the same bytes as nodemailer's own, on every input: random bytes rich in what the escaping
 * is about (bare CR, bare LF, CRLF, dots at line starts) cut into random chunks (a CRLF or a CR and
 * its dot split across two chunks), and whole composed mails. Each input runs through a DataStream
 * with nodemailer's original `_transform` and one with the drop-in installed; output, byte counters
 * and the last byte are compared.
 */
import { describe, expect, it } from 'vitest';
import DataStream from 'nodemailer/lib/smtp-connection/data-stream.js';
import { installFastDotStuffing, needsNoEscaping, originalTransform } from '../../../src/mail/outbound/dot-stuffing.js';
import { mulberry32 } from '../../helpers/mulberry32.js';

installFastDotStuffing();

interface Run { readonly out: Buffer; readonly inBytes: number; readonly outBytes: number; readonly lastByte: number | false }

/** `chunks` through a DataStream; `reference`: with nodemailer's original `_transform`. */
function run(chunks: readonly Buffer[], reference: boolean): Promise<Run> {
  const s = new DataStream();
  if (reference) (s as unknown as { _transform: unknown })._transform = originalTransform;
  const out: Buffer[] = [];
  s.on('data', (d: Buffer) => out.push(d));
  return new Promise((resolve, reject) => {
    s.on('error', reject);
    s.on('end', () => resolve({ out: Buffer.concat(out), inBytes: s.inByteCount, outBytes: s.outByteCount, lastByte: s.lastByte }));
    for (const c of chunks) s.write(c);
    s.end();
  });
}

async function same(chunks: readonly Buffer[]): Promise<Run> {
  const fast = await run(chunks, false);
  const ref = await run(chunks, true);
  expect(fast.out.toString('latin1')).toBe(ref.out.toString('latin1'));
  expect([fast.inBytes, fast.outBytes, fast.lastByte]).toEqual([ref.inBytes, ref.outBytes, ref.lastByte]);
  return fast;
}

/** Random bytes from pieces that matter to the escaping, cut into 1–4 chunks at random places. */
function randomInput(rand: () => number): Buffer[] {
  const pieces = ['\r\n', '\r\n', '\r\n', '\r', '\n', '.', '..', 'a', 'QUJD', ' ', '\r\n.', '\r\n..\r\n'];
  const n = Math.floor(rand() * 40);
  let text = '';
  for (let i = 0; i < n; i++) text += pieces[Math.floor(rand() * pieces.length)];
  const bytes = Buffer.from(text, 'latin1');
  const cuts = [...new Set(Array.from({ length: Math.floor(rand() * 4) }, () => Math.floor(rand() * (bytes.length + 1))))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let at = 0;
  for (const c of [...cuts, bytes.length]) {
    chunks.push(bytes.subarray(at, c));
    at = c;
  }
  return chunks;
}

describe('the fast DATA escaping', () => {
  it('writes what nodemailer writes, on 5,000 random inputs in random chunks', async () => {
    const rand = mulberry32(29);
    let passedThrough = 0;
    for (let i = 0; i < 5000; i++) {
      const chunks = randomInput(rand);
      let last: number | false = false;
      let clean = true;
      for (const c of chunks) {
        if (c.length === 0) continue;
        clean &&= needsNoEscaping(c, last);
        last = c[c.length - 1]!;
      }
      if (clean) passedThrough++;
      await same(chunks);
    }
    // The inputs exercise both paths: some pass through whole, most need nodemailer's loop.
    expect(passedThrough).toBeGreaterThan(100);
    expect(passedThrough).toBeLessThan(4900);
  });

  it('decides the cases at a chunk boundary as nodemailer does', async () => {
    const b = (s: string) => Buffer.from(s, 'latin1');
    // A dot at the very start of the message is stuffed.
    expect((await same([b('.hello\r\n')])).out.toString()).toBe('..hello\r\n.\r\n');
    // CRLF split over two chunks, then a dot: stuffed.
    expect((await same([b('a\r'), b('\n.b\r\n')])).out.toString()).toBe('a\r\n..b\r\n.\r\n');
    // A CR at a chunk's end followed by no LF: a bare CR, made CRLF.
    expect((await same([b('a\r'), b('b\r\n')])).out.toString()).toBe('a\r\nb\r\n.\r\n');
    // An LF at a chunk's start after an LF: a bare LF.
    expect((await same([b('a\r\n'), b('\nb')])).out.toString()).toBe('a\r\n\r\nb\r\n.\r\n');
    // A bare CR followed by a dot (the SMTP smuggling case): CRLF and the dot stuffed.
    expect((await same([b('a\r.\r\n')])).out.toString()).toBe('a\r\n..\r\n.\r\n');
    // Clean CRLF text passes through whole, in the original chunk.
    expect(needsNoEscaping(b('Subject: x\r\n\r\nQUJD\r\nREVG\r\n'), false)).toBe(true);
    expect(needsNoEscaping(b('QUJD\r'), 0x0a)).toBe(true);
    expect(needsNoEscaping(b('\nQUJD'), 0x0d)).toBe(true);
    expect(needsNoEscaping(b('\n.QUJD'), 0x0d)).toBe(false);
    expect(needsNoEscaping(b('.QUJD'), 0x0a)).toBe(false);
    expect(needsNoEscaping(b('.QUJD'), 0x41)).toBe(true);
  });

  it('passes a large base64 message through in one chunk, unchanged', async () => {
    const rand = mulberry32(7);
    const bytes = Buffer.from(Array.from({ length: 200_000 }, () => Math.floor(rand() * 256)));
    const body = bytes.toString('base64').replace(/.{76}/g, '$&\r\n');
    const message = Buffer.from(`From: judge@example.org\r\nSubject: map\r\n\r\n${body}\r\n`);
    expect(needsNoEscaping(message, false)).toBe(true);
    const r = await same([message]);
    expect(r.out.subarray(0, message.length).equals(message)).toBe(true);
  });
});
