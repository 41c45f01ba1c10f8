/**
 * A mail's bytes composed directly (issue 29, stop 46), without nodemailer's streaming composer.
 *
 * nodemailer's MailComposer builds a tree of MimeNodes and streams it: a PassThrough per node, a
 * `stream.pipeline` per encoded body and per message (each with an AbortController, whose
 * DOMException stack showed in the judge's profiles), `crypto.randomBytes` for every node's unused
 * boundary, `_normalizeHeaderKey`'s regular expressions on every header lookup. For the judge's mails
 * (a text, an HTML alternative with inline pictures, a calendar alternative, files) that is most of
 * the composition's cost. {@link composeMime} takes the same options nodemailer's MailComposer takes
 * (the object send.ts's `message` builds) and returns the same bytes, as pieces:
 *
 * - the tree as `MailComposer.compile` makes it (multipart/mixed, /alternative, /related by the
 *   same rules; the nodes numbered in the same order, so each boundary is nodemailer's
 *   `--_NmP-<base>-Part_<n>`, `<base>` random unless given);
 * - each node's header fields in nodemailer's order (`buildHeaders`: Content-Transfer-Encoding and
 *   MIME-Version added, Content-Type last at the root), each value encoded by nodemailer's own
 *   public `MimeNode#encodeHeaderValue` (RFC 2047 words, addresses, message ids, the date), the
 *   Content-Type and Content-Disposition parameters by its `mime-funcs` (`parseHeaderValue`,
 *   `buildHeaderValue`: RFC 2231 filenames, the `name=` parameter), each field folded by its
 *   `foldLines` at 76;
 * - each body as its streams encode it: 7bit text as it is, quoted-printable as `qp.Encoder` writes
 *   a single chunk (its trailing-whitespace and 64 KiB slice rules kept), base64 in lines of 76
 *   with CRLF; a `raw` part (a picture's part prepared once: mime-part.ts) as its bytes; CRLF
 *   delimiters, and a final CRLF as `LastNewline` adds it.
 *
 * Options outside what the judge sends (a `message/*` attachment, a file without a name, a
 * non-string header value, no Message-ID, …) are refused by {@link supportedByComposeMime}: send.ts
 * then composes with nodemailer as before. `test/mail/outbound/mime-bytes.test.ts` compares the two
 * on a table of mails, edge cases and random ones. Written against nodemailer 10.6.0's MailComposer
 * and MimeNode; the tests compare with the nodemailer installed, so an upgrade that changes what it
 * writes fails them rather than changing the mail unnoticed.
 */
import { randomBytes } from 'node:crypto';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs/index.js';
import MimeNode from 'nodemailer/lib/mime-node/index.js';
import * as qp from 'nodemailer/lib/qp/index.js';

/** An attachment as send.ts's `message` gives it to nodemailer. */
export interface MimeAttachment {
  readonly filename: string;
  readonly contentType: string;
  /** The file's bytes (encoded here), or … */
  readonly content?: Buffer;
  /** … its whole MIME part, made once (mime-part.ts). */
  readonly raw?: Buffer;
  readonly cid?: string;
}

/** An alternative body (the calendar event's text/calendar form). */
export interface MimeAlternative {
  readonly contentType: string;
  readonly content: string;
}

/** The MailComposer options send.ts's `message` builds. */
export interface MimeMessage {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly messageId: string;
  readonly date: Date;
  readonly headers: Readonly<Record<string, string>>;
  readonly alternatives?: readonly MimeAlternative[];
  readonly attachments?: readonly MimeAttachment[];
  readonly references?: string;
  readonly inReplyTo?: string;
  /** The boundaries' shared part (tests); default random, as nodemailer's. */
  readonly baseBoundary?: string;
}

/** Whether {@link composeMime} composes `m` (otherwise send.ts lets nodemailer do it). Pure. */
export function supportedByComposeMime(m: MimeMessage): boolean {
  if (!m.messageId || !(m.date instanceof Date) || Number.isNaN(m.date.getTime())) return false;
  for (const v of Object.values(m.headers)) if (typeof v !== 'string') return false;
  for (const a of m.attachments ?? []) {
    // nodemailer names a nameless file and labels message/* parts 7bit/8bit: not the judge's mails.
    if (!a.filename || !a.contentType || /^message\//i.test(a.contentType)) return false;
    if (!a.raw && !Buffer.isBuffer(a.content)) return false;
  }
  for (const alt of m.alternatives ?? []) if (!alt.contentType || typeof alt.content !== 'string') return false;
  return true;
}

interface Header {
  key: string;
  value: string | Date;
}

interface Node {
  readonly id: number;
  readonly headers: Header[];
  readonly filename?: string;
  /** A leaf's body (nodemailer's `content`); '' is none. */
  readonly content?: string | Buffer;
  readonly raw?: Buffer;
  readonly children: Node[];
}

/** Header keys as nodemailer's `_normalizeHeaderKey` writes them (its rules; memoised: a handful of keys). */
const normalizedKeys = new Map<string, string>();
function normalizeKey(key: string): string {
  let k = normalizedKeys.get(key);
  if (k === undefined) {
    k = key
      .replace(/[\s\x00-\x20\x7f:]/g, '')
      .toLowerCase()
      .replace(/^X-SMTPAPI$|^(MIME|DKIM|ARC|BIMI)\b|^OTP(?=-Token$)|^[a-z]|-(SPF|FBL|ID|MD5)$|-[a-z]/gi, (c) => c.toUpperCase())
      .replace(/^Content-Features$/i, 'Content-features');
    if (normalizedKeys.size > 1000) normalizedKeys.clear();
    normalizedKeys.set(key, k);
  }
  return k;
}

function getHeader(headers: readonly Header[], key: string): string | Date | undefined {
  for (const h of headers) if (h.key === key) return h.value;
  return undefined;
}

/** nodemailer's `setHeader`: the first field of the key replaced, later ones removed, or appended. `key` normalised. */
function setHeader(headers: Header[], key: string, value: string | Date): void {
  let added = false;
  for (let i = 0; i < headers.length; i++) {
    if (headers[i]!.key !== key) continue;
    if (!added) {
      headers[i] = { key, value };
      added = true;
    } else {
      headers.splice(i--, 1);
    }
  }
  if (!added) headers.push({ key, value });
}

/** The encoder of header values: nodemailer's own (`MimeNode#encodeHeaderValue`, stateless; a fixed base so it draws no random bytes). */
const encoder = new MimeNode(false, { baseBoundary: 'h' });

/** nodemailer's `_getTextEncoding` (no `textEncoding` option): Q when Latin letters outnumber the rest. Pure. */
function textEncoding(value: string): 'Q' | 'B' {
  let nonLatin = 0;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x08 || c === 0x0b || c === 0x0c || (c >= 0x0e && c <= 0x1f) || c >= 0x80) nonLatin++;
    else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) latin++;
  }
  return nonLatin < latin ? 'Q' : 'B';
}

const TEXT = /^text\//i;

/** The tree and its numbering, as MailComposer.compile builds it for the options the judge uses. */
function buildTree(m: MimeMessage): Node {
  let counter = 0;
  const node = (contentType: string, extra: { filename?: string; content?: string | Buffer; raw?: Buffer } = {}): Node =>
    ({ id: ++counter, headers: [{ key: 'Content-Type', value: contentType }], children: [], ...extra });

  interface Element { contentType: string; content: string | Buffer; filename?: string; cid?: string; raw?: Buffer; disposition?: string; cte?: string }
  const alternatives: Element[] = [];
  if (m.text) alternatives.push({ contentType: 'text/plain; charset=utf-8', content: m.text });
  if (m.html) alternatives.push({ contentType: 'text/html; charset=utf-8', content: m.html });
  for (const a of m.alternatives ?? []) alternatives.push({ contentType: a.contentType, content: a.content || '' });
  const htmlNode = alternatives.filter((a) => /^text\/html\b/i.test(a.contentType)).pop();
  const files: Element[] = (m.attachments ?? []).map((a) => ({
    contentType: a.contentType,
    disposition: /^image\//i.test(a.contentType) && a.cid ? 'inline' : 'attachment',
    cte: 'base64',
    filename: a.filename,
    ...(a.cid ? { cid: a.cid } : {}),
    ...(a.raw ? { raw: a.raw, content: '' } : { content: a.content ?? '' }),
  }));
  const attached = htmlNode ? files.filter((f) => !f.cid) : files;
  const related = htmlNode ? files.filter((f) => !!f.cid) : [];
  const useRelated = !!(htmlNode && related.length);
  const useAlternative = alternatives.length > 1;
  const useMixed = attached.length > 1 || (alternatives.length > 0 && attached.length === 1);

  const content = (parent: Node | undefined, e: Element): Node => {
    const n = node(e.contentType, { ...(e.filename ? { filename: e.filename } : {}), ...(e.raw ? { raw: e.raw } : { content: e.content }) });
    parent?.children.push(n);
    if (e.cid) setHeader(n.headers, 'Content-ID', `<${e.cid.replace(/[<>]/g, '')}>`);
    if (e.cte) setHeader(n.headers, 'Content-Transfer-Encoding', e.cte);
    if (!TEXT.test(e.contentType) || e.disposition) setHeader(n.headers, 'Content-Disposition', e.disposition ?? 'attachment');
    return n;
  };
  const relatedNode = (parent: Node | undefined): Node => {
    const n = node('multipart/related; type="text/html"');
    parent?.children.push(n);
    content(n, htmlNode!);
    for (const r of related) content(n, r);
    return n;
  };
  const alternativeNode = (parent: Node | undefined): Node => {
    const n = node('multipart/alternative');
    parent?.children.push(n);
    for (const a of alternatives) {
      if (useRelated && a === htmlNode) relatedNode(n);
      else content(n, a);
    }
    return n;
  };
  const mixedNode = (): Node => {
    const n = node('multipart/mixed');
    if (useAlternative) alternativeNode(n);
    else if (useRelated) relatedNode(n);
    for (const e of [...(!useAlternative ? alternatives : []), ...attached]) {
      if (!useRelated || e !== htmlNode) content(n, e);
    }
    return n;
  };
  return useMixed ? mixedNode()
    : useAlternative ? alternativeNode(undefined)
      : useRelated ? relatedNode(undefined)
        : content(undefined, [...alternatives, ...attached][0] ?? { contentType: 'text/plain', content: '' });
}

/** nodemailer's `getTransferEncoding` for a node. */
function transferEncoding(n: Node): string | false {
  if (!n.content) return false;
  const contentType = String(getHeader(n.headers, 'Content-Type') ?? '').toLowerCase().trim();
  const set = String(getHeader(n.headers, 'Content-Transfer-Encoding') ?? '').toLowerCase().trim();
  if (set === 'base64' || set === 'quoted-printable') return set;
  if (TEXT.test(contentType)) {
    const plain = typeof n.content === 'string' && mimeFuncs.isPlainText(n.content);
    if (plain && !mimeFuncs.hasLongerLines(n.content as string, 76)) return '7bit';
    return textEncoding(n.content.toString()) === 'Q' ? 'quoted-printable' : 'base64';
  }
  if (!/^(multipart|message)\//i.test(contentType)) return set || 'base64';
  return set;
}

/** A node's header block as nodemailer's `buildHeaders` writes it (CRLF between fields); its boundary and lowercased type. */
function headerBlock(n: Node, root: boolean, base: string, te: string | false): { text: string; boundary: string | false; type: string } {
  const headers = n.headers;
  if (te) setHeader(headers, 'Content-Transfer-Encoding', te);
  if (n.filename && !getHeader(headers, 'Content-Disposition')) setHeader(headers, 'Content-Disposition', 'attachment');
  if (root) {
    // Date and Message-ID are always given (supportedByComposeMime).
    if (!getHeader(headers, 'MIME-Version')) setHeader(headers, 'MIME-Version', '1.0');
    for (let i = headers.length - 2; i >= 0; i--) {
      if (headers[i]!.key === 'Content-Type') headers.push(headers.splice(i, 1)[0]!);
    }
  }
  let boundary: string | false = false;
  let type = '';
  const lines: string[] = [];
  for (const h of headers) {
    const key = h.key;
    let value: string | Date = h.value;
    if (key === 'Content-Disposition') {
      const s = mimeFuncs.parseHeaderValue(value as string, { stripComments: true });
      if (n.filename) s.params.filename = n.filename;
      value = mimeFuncs.buildHeaderValue(s);
    } else if (key === 'Content-Type') {
      const s = mimeFuncs.parseHeaderValue(value as string, { stripComments: true });
      s.value = String(s.value || '').replace(/[\x00-\x1f\x7f]/g, '');
      type = s.value.trim().toLowerCase();
      if (/^multipart\//i.test(type)) {
        boundary = String(s.params.boundary || '').replace(/[\x00-\x1f\x7f]+/g, '') || `--_NmP-${base}-Part_${n.id}`;
        s.params.boundary = boundary;
      }
      if (/^text\/plain\b/.test(s.value) && typeof n.content === 'string' && /[\u0080-\uFFFF]/.test(n.content)) s.params.charset = 'utf-8';
      if (n.filename) for (const p of Object.keys(s.params)) if (/^name(\*|$)/i.test(p)) delete s.params[p];
      value = mimeFuncs.buildHeaderValue(s);
      if (n.filename) {
        const f = n.filename;
        let param = /[\x00-\x1f\x7f]/.test(f) ? mimeFuncs.encodeWord(f, textEncoding(f), 52) : mimeFuncs.encodeWords(f, textEncoding(f), 52, true);
        if (param !== f || /[\s'"\\;:/=(),<>@[\]?]|^-/.test(param)) param = JSON.stringify(param);
        value += `; name=${param}`;
      }
    } else if (key === 'Bcc') {
      continue;
    }
    // Not memoised: the values new in every mail (a boundary, the Message-ID; the date is a Date).
    const line = headerLine(key, value, !(key === 'Content-Type' && boundary) && !UNIQUE.has(key));
    if (line) lines.push(line);
  }
  return { text: lines.join('\r\n'), boundary, type };
}

/**
 * A field as nodemailer writes it: the value encoded (`encodeHeaderValue`), folded at 76; '' when the
 * value encodes to nothing (nodemailer leaves the field out). Memoised for text values (the From
 * address, Auto-Submitted, the part types, a player's Reply-To: the same in many mails); bounded.
 */
const lineCache = new Map<string, string>();
const UNIQUE = new Set(['Message-ID']);
function headerLine(key: string, value: string | Date, memoise: boolean): string {
  const memo = memoise && typeof value === 'string' && value.length < 1000 ? `${key}\n${value}` : undefined;
  let line = memo === undefined ? undefined : lineCache.get(memo);
  if (line === undefined) {
    const encoded = encoder.encodeHeaderValue(key, value);
    line = (encoded || '').toString().trim() ? mimeFuncs.foldLines(`${key}: ${encoded}`, 76) : '';
    if (memo !== undefined) {
      if (lineCache.size >= 4096) lineCache.clear();
      lineCache.set(memo, line);
    }
  }
  return line;
}

const QP_SLICE = 64 * 1024;
const HEX = '0123456789ABCDEF';
/** The bytes quoted-printable keeps as they are (nodemailer's QP_RANGES). */
const QP_LITERAL = new Uint8Array(256);
for (let i = 0; i < 256; i++) QP_LITERAL[i] = i === 0x09 || i === 0x0a || i === 0x0d || (i >= 0x20 && i <= 0x3c) || (i >= 0x3e && i <= 0x7e) ? 1 : 0;
const isWs = (c: number | undefined) => c === 0x20 || c === 0x09;

/** nodemailer's qp `encodeBytes` (not exported): `next` the byte after `buf`, `previous` the one before. Pure. */
function qpBytes(buf: Buffer, next: number | undefined, binary: boolean, previous: number | undefined): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    const following = i + 1 < buf.length ? buf[i + 1] : next;
    const lineBreakByte = binary && (c === 0x0d || c === 0x0a) ? (c === 0x0d ? following === 0x0a : (i > 0 ? buf[i - 1] : previous) === 0x0d) : true;
    if (QP_LITERAL[c] && lineBreakByte && !(isWs(c) && (following === undefined || following === 0x0a || following === 0x0d))) continue;
    out += buf.toString('latin1', from, i) + '=' + HEX[c >> 4] + HEX[c & 15];
    from = i + 1;
  }
  return out + buf.toString('latin1', from, buf.length);
}

/** The output of nodemailer's `qp.Encoder` (line length 76) given `buf` as one chunk. Pure. */
export function quotedPrintable(buf: Buffer, binary: boolean): string {
  let cur = '';
  let out = '';
  let lastByte: number | undefined;
  const slices = (b: Buffer) => {
    for (let start = 0; start < b.length; start += QP_SLICE) {
      const end = Math.min(start + QP_SLICE, b.length);
      const wrapped = qp.wrap(cur + qpBytes(b.subarray(start, end), end < b.length ? b[end] : undefined, binary, lastByte), 76);
      const lastLf = wrapped.lastIndexOf('\n');
      cur = wrapped.substring(lastLf + 1);
      out += wrapped.substring(0, lastLf + 1);
      lastByte = b[end - 1];
    }
  };
  if (buf.length === 0) return '';
  let end = buf.length;
  while (end > 0 && (isWs(buf[end - 1]) || (binary && buf[end - 1] === 0x0d))) end--;
  let rest: Buffer | undefined;
  let body = buf;
  if (buf.length - end <= QP_SLICE) {
    rest = end < buf.length ? buf.subarray(end) : undefined;
    body = buf.subarray(0, end);
  }
  slices(body);
  if (rest) slices(rest);
  return out + cur;
}

/** `bytes` in base64, lines of 76 characters joined by CRLF, no line break after the last (nodemailer's base64 `Encoder`). Pure. */
export function base64Lines(bytes: Buffer): Buffer {
  const src = Buffer.from(bytes.toString('base64'), 'latin1');
  if (src.length <= 76) return src;
  const lines = Math.ceil(src.length / 76);
  const out = Buffer.allocUnsafe(src.length + 2 * (lines - 1));
  let to = 0;
  for (let from = 0; from < src.length; from += 76) {
    if (from > 0) {
      out[to++] = 0x0d;
      out[to++] = 0x0a;
    }
    to += src.copy(out, to, from, Math.min(from + 76, src.length));
  }
  return out;
}

/** The pieces of a node, appended to `out` (strings are UTF-8, as nodemailer's streams write them). */
function emit(n: Node, root: boolean, base: string, out: (string | Buffer)[]): void {
  if (n.raw) {
    out.push(n.raw);
    return;
  }
  const te = transferEncoding(n);
  const { text, boundary, type } = headerBlock(n, root, base, te);
  out.push(`${text}\r\n\r\n`);
  if (n.content) {
    if (te === 'base64') out.push(base64Lines(typeof n.content === 'string' ? Buffer.from(n.content, 'utf8') : n.content));
    else if (te === 'quoted-printable') out.push(quotedPrintable(typeof n.content === 'string' ? Buffer.from(n.content, 'utf8') : n.content, !TEXT.test(type)));
    else out.push(n.content);
  }
  if (boundary) {
    n.children.forEach((child, i) => {
      out.push(`${i > 0 ? '\r\n' : ''}--${boundary}\r\n`);
      emit(child, false, base, out);
    });
    out.push(`\r\n--${boundary}--\r\n`);
  }
}

/**
 * The message nodemailer's MailComposer composes from `m`, as pieces in order (strings UTF-8, the
 * `raw` parts as the Buffers given), the final line break included. Before the caller's
 * CRLF pass (send.ts): the text keeps its line breaks as given, as nodemailer keeps them.
 * `m` must pass {@link supportedByComposeMime}.
 */
export function composeMime(m: MimeMessage): (string | Buffer)[] {
  const root = buildTree(m);
  const headers = root.headers;
  // MailComposer.compile: the caller's fields, then the message's own (set: replacing a caller's field of the same name).
  for (const [k, v] of Object.entries(m.headers)) headers.push({ key: normalizeKey(k), value: v });
  const own: [string, string | Date | undefined][] = [
    ['From', m.from], ['To', m.to], ['In-Reply-To', m.inReplyTo], ['References', m.references],
    ['Subject', m.subject], ['Message-ID', m.messageId], ['Date', m.date],
  ];
  for (const [k, v] of own) if (v) setHeader(headers, k, v);
  // nodemailer draws the random part for every message; only a multipart one uses it.
  const base = (m.baseBoundary || (root.children.length > 0 ? randomBytes(8).toString('hex') : '')).replace(/[\x00-\x1f\x7f]+/g, '');
  const out: (string | Buffer)[] = [];
  emit(root, true, base, out);
  // LastNewline: the message ends with a line break (after the last non-empty piece).
  let lastByte: number | undefined;
  for (let i = out.length - 1; i >= 0 && lastByte === undefined; i--) {
    const p = out[i]!;
    if (p.length > 0) lastByte = typeof p === 'string' ? p.charCodeAt(p.length - 1) : p[p.length - 1];
  }
  if (lastByte === 0x0d) out.push('\n');
  else if (lastByte !== 0x0a) out.push('\r\n');
  return out;
}

/**
 * A file's MIME part as nodemailer writes it inside a message (its header fields, an empty line,
 * the base64 lines; no line break after them): the part mime-part.ts prepares once per picture and
 * every mail carrying the picture takes as `raw`. Pure.
 */
export function filePart(a: MimeAttachment & { readonly content: Buffer }): Buffer {
  // The file as the second child of a text and the file (multipart/mixed), as nodemailer places it.
  const root = buildTree({ from: '', to: '', subject: '', text: 'x', messageId: 'x', date: new Date(0), headers: {}, attachments: [{ filename: a.filename, contentType: a.contentType, content: a.content, ...(a.cid ? { cid: a.cid } : {}) }] });
  const node = root.children[1];
  if (!node) throw new Error(`attachment ${a.filename}: no part made`);
  const out: (string | Buffer)[] = [];
  emit(node, false, 'x', out);
  return Buffer.concat(out.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
}
