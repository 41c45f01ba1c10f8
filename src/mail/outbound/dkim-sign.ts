/**
 * DKIM signing of a message already built into one Buffer (issue 29), with nodemailer's own pieces:
 * its header parser (`MessageParser.parseHeaders`) and its signer (`nodemailer/lib/dkim/sign.js`:
 * relaxed/relaxed, rsa-sha256, the h= list given), so the DKIM-Signature field is the one
 * nodemailer's streaming signer (`dkim` transport option) writes, byte for byte. What differs is the
 * body hash: nodemailer's `RelaxedBody` canonicalizes every byte of the body in a JavaScript loop (a
 * results mail is ~370 KB of base64); {@link relaxedBodyHash} finds the few bytes that change
 * (runs of spaces and tabs) with `Buffer.indexOf` and hashes the rest as it stands. A body with a
 * bare CR or a bare LF (never one the judge composes) is hashed by nodemailer's `RelaxedBody` itself.
 * `test/mail/outbound/dkim-sign.test.ts` compares both hashes on random bodies and the whole signed
 * message with nodemailer's signer's.
 */
import { createHash } from 'node:crypto';
import MessageParser from 'nodemailer/lib/dkim/message-parser.js';
import RelaxedBody from 'nodemailer/lib/dkim/relaxed-body.js';
import sign from 'nodemailer/lib/dkim/sign.js';

const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const TAB = 0x09;
const CRLF = Buffer.from('\r\n');
const SPACE = Buffer.from(' ');

export interface DkimSignOptions {
  readonly domainName: string;
  readonly keySelector: string;
  readonly privateKey: string;
  /** The h= fields, `:`-separated (nodemailer's `headerFieldNames`). */
  readonly headerFieldNames: string;
}

/** Whether `buf` has a CR not followed by LF or an LF not preceded by CR. Pure. */
export function hasBareLineBreak(buf: Buffer): boolean {
  let pos = 0;
  for (;;) {
    const cr = buf.indexOf(CR, pos);
    const lf = buf.indexOf(LF, pos);
    if (cr === -1) return lf !== -1;
    if (lf !== cr + 1) return true;
    pos = cr + 2;
  }
}

/**
 * `buf` with every LF that no CR precedes made CRLF (what nodemailer's `newline: 'windows'` does),
 * `prev` being the byte before `buf` (`false`: none); `buf` itself when there is none. Pure.
 */
export function withCrlf(buf: Buffer, prev: number | false = false): Buffer {
  const pieces: Buffer[] = [];
  let from = 0;
  for (let lf = buf.indexOf(LF); lf !== -1; lf = buf.indexOf(LF, lf + 1)) {
    if ((lf > 0 ? buf[lf - 1] : prev) === CR) continue;
    pieces.push(buf.subarray(from, lf), CRLF);
    from = lf + 1;
  }
  if (pieces.length === 0) return buf;
  pieces.push(buf.subarray(from));
  return Buffer.concat(pieces);
}

/** nodemailer's RelaxedBody hash of `body` (its own code: the reference for every other input). */
export function relaxedBodyHashOriginal(body: Buffer, algo = 'sha256'): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new RelaxedBody({ hashAlgo: algo });
    r.once('hash', (h: string) => resolve(h));
    r.once('error', reject);
    r.resume();
    r.end(body);
  });
}

/**
 * The base64 hash of `body`'s relaxed canonicalization (RFC 6376 3.4.4): runs of SP/HTAB become one
 * SP, whitespace at a line's end goes, empty lines at the end go, a non-empty body ends with CRLF.
 * For a body whose line breaks are all CRLF; otherwise nodemailer's RelaxedBody decides. `knownCrlf`:
 * the caller has checked that there is no bare CR or LF (composeMail, part by part).
 */
export async function relaxedBodyHash(body: Buffer, algo = 'sha256', knownCrlf = false): Promise<string> {
  if (!knownCrlf && hasBareLineBreak(body)) return relaxedBodyHashOriginal(body, algo);
  // Every byte but SP, HTAB, CR and LF is content; the canonical body ends after the last of them.
  let end = body.length;
  while (end > 0) {
    const c = body[end - 1];
    if (c !== SP && c !== TAB && c !== CR && c !== LF) break;
    end--;
  }
  const hash = createHash(algo);
  if (end === 0) return hash.digest('base64');
  let from = 0; // the first byte not yet hashed
  let pos = 0;
  // The next space and the next tab at or after `pos`, each looked up again only once passed (a
  // body without tabs is searched for one once, not once per space).
  let sp = -2;
  let tab = -2;
  for (;;) {
    if (sp !== -1 && sp < pos) sp = body.indexOf(SP, pos);
    if (tab !== -1 && tab < pos) tab = body.indexOf(TAB, pos);
    const w = sp === -1 ? tab : tab === -1 ? sp : Math.min(sp, tab);
    if (w === -1 || w >= end) break;
    let q = w + 1;
    while (q < end && (body[q] === SP || body[q] === TAB)) q++;
    // A single space before content stays as it is; a longer run or a tab becomes one space; a run
    // before the line's CRLF goes (q < end: the run is followed by content or a line break).
    if (body[q] === CR) {
      hash.update(body.subarray(from, w));
      from = q;
    } else if (q - w > 1 || body[w] === TAB) {
      hash.update(body.subarray(from, w));
      hash.update(SPACE);
      from = q;
    }
    pos = q;
  }
  hash.update(body.subarray(from, end));
  hash.update(CRLF);
  return hash.digest('base64');
}

/** Where the header ends in `message` (after its empty line), as nodemailer's MessageParser finds it; -1: none. */
function headerEnd(message: Buffer): number {
  const a = message.indexOf('\n\r\n');
  const b = (a === -1 ? message : message.subarray(0, a + 3)).indexOf('\n\n');
  if (a === -1) return b === -1 ? -1 : b + 2;
  return b === -1 || a < b ? a + 3 : b + 2;
}

/**
 * `message` (headers, empty line, body) with a DKIM-Signature field in front: the bytes nodemailer's
 * DKIM signer produces for the same message and key. Throws when the key cannot sign. `knownCrlf`:
 * see {@link relaxedBodyHash}.
 */
export async function signMessage(message: Buffer, options: DkimSignOptions, knownCrlf = false): Promise<Buffer> {
  const at = headerEnd(message);
  const parser = new MessageParser();
  parser.rawHeaders = at === -1 ? message : message.subarray(0, at);
  const headers = parser.parseHeaders();
  const bodyHash = await relaxedBodyHash(at === -1 ? Buffer.alloc(0) : message.subarray(at), 'sha256', knownCrlf);
  const field = sign(headers, 'sha256', bodyHash, { domainName: options.domainName, keySelector: options.keySelector, privateKey: options.privateKey, headerFieldNames: options.headerFieldNames });
  if (!field) throw new Error(`DKIM: the key of selector ${options.keySelector} for ${options.domainName} cannot sign`);
  return Buffer.concat([Buffer.from(`${field}\r\n`), message]);
}
