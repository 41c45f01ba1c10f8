/**
 * Delivering an outbox mail: over SMTP through a smarthost (nodemailer, pooled) when one is
 * configured, otherwise as an `.eml` file under `<stateDir>/outbox/` (written in `outbox/.partial/`
 * first and renamed into place; leftovers of killed writes are removed at start). Every mail carries its
 * deterministic Message-ID, `Auto-Submitted: auto-generated` (RFC 3834: nobody's autoresponder
 * answers it), a `List-Id` per game and threading headers, so a resend is recognisable as the same mail.
 *
 * Issue 27: when a DKIM key is configured every mail is signed (relaxed/relaxed, rsa-sha256, the
 * header fields in {@link DKIM_SIGNED_FIELDS}), over SMTP and in the file outbox alike; over SMTP the
 * envelope sender is the mail's own return path (return-path.ts), so its delivery report names it.
 *
 * Issue 29 (the cost of a deadline's results mail): a mail is built into one Buffer
 * ({@link composeMail}: the bytes nodemailer's MailComposer made, composed directly since stop 46 by
 * mime-bytes.ts, its large files as MIME parts prepared once per picture, mime-part.ts), signed over that Buffer (dkim-sign.ts: nodemailer's signer, the body hash
 * without a per-byte loop), and handed to the pooled SMTP transport as a `raw` message with its
 * envelope; the SMTP DATA escaping skips its per-byte loop when nothing needs escaping
 * (dot-stuffing.ts). The bytes are those nodemailer composed and signed before.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { SMTP_CONNECTION_TIMEOUT_MS, SMTP_GREETING_TIMEOUT_MS, SMTP_SOCKET_TIMEOUT_MS, STALE_PARTIAL_WRITE_MS } from '../../rules/limits.js';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { OutboxMail } from '../../db/outbox.js';
import { realNow } from '../../config/clock.js';
import { domainOf, domainPacer, smtpPoolSettings } from './smtp-pool.js';
import { preparedPart, usesPreparedPart } from './mime-part.js';
import { composeMime, supportedByComposeMime } from './mime-bytes.js';
import { hasBareLineBreak, signMessage, withCrlf } from './dkim-sign.js';
import { installFastDotStuffing, markNeedsNoEscaping, needsNoEscaping } from './dot-stuffing.js';

export interface MailTransport {
  /** Deliver one mail; throws on failure (`permanent` set on a 5xx refusal). */
  send(mail: OutboxMail): Promise<void>;
  /** A description for logs and `mailjudge outbox` (`smtp://host:port` or the folder). */
  readonly where: string;
  close(): void;
}

export class SendError extends Error {
  /** The smarthost's reply code, when it answered (550). */
  readonly responseCode: number | undefined;
  constructor(message: string, readonly permanent: boolean, options?: { cause?: unknown; responseCode?: number }) {
    super(message, options);
    this.responseCode = options?.responseCode;
  }
}

/** DKIM signing (nodemailer's signer: RSA, relaxed/relaxed). */
export interface DkimOptions {
  /** The d= domain: the From address's domain, so DMARC sees the signature aligned. */
  readonly domainName: string;
  readonly keySelector: string;
  /** PKCS#8 or PKCS#1 PEM. */
  readonly privateKey: string;
}

/**
 * The header fields the signature covers: what a reader sees and what threads or classifies the
 * mail (RFC 6376 5.4.1's list, plus Auto-Submitted, whose removal could start a loop). A field a
 * mail lacks is left out of h=.
 */
export const DKIM_SIGNED_FIELDS = [
  'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type',
  'Content-Transfer-Encoding', 'In-Reply-To', 'References', 'List-Id', 'Auto-Submitted',
] as const;

export function nodemailerDkim(d: DkimOptions) {
  return { domainName: d.domainName, keySelector: d.keySelector, privateKey: d.privateKey, headerFieldNames: DKIM_SIGNED_FIELDS.join(':') };
}

export interface TransportOptions {
  /** Sign every mail (absent: unsigned). */
  readonly dkim?: DkimOptions;
  /** The SMTP envelope sender of a mail (its VERP return path); absent: the From address. */
  readonly returnPath?: (mail: OutboxMail) => string | undefined;
  readonly from: string;
  /** `smtp://user:pass@host:port` (or smtps://); absent → files under `outboxDir`. */
  readonly smtpUrl?: string;
  readonly outboxDir: string;
  /** Waits on the smarthost (ms); default the SMTP_*_TIMEOUT_MS limits. */
  readonly timeouts?: { readonly connection?: number; readonly greeting?: number; readonly socket?: number };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The nodemailer message for an outbox row: every header the judge promises. `parts`: the prepared
 * MIME part of each large file (mime-part.ts), sent as nodemailer's `raw` attachment instead of its bytes.
 */
export function message(mail: OutboxMail, from: string, parts?: ReadonlyMap<OutboxMail['attachments'][number], Buffer>) {
  const domain = from.split('@')[1] ?? 'localhost';
  const headers: Record<string, string> = {
    'Auto-Submitted': 'auto-generated',
    ...(mail.gameId ? { 'List-Id': `<${mail.gameId}.${domain}>` } : {}),
    ...mail.headers,
  };
  const thread = mail.gameId ? `<${mail.gameId}@${domain}>` : undefined;
  // A calendar object goes as nodemailer's icalEvent: a text/calendar;method=… alternative to the text
  // (what Gmail, Outlook and Apple Mail read as an event) and an .ics attachment; the rest as files.
  const event = (mail.attachments ?? []).find((a) => a.calendarMethod);
  const files = (mail.attachments ?? []).filter((a) => a !== event);
  // Issue 15: a mail with an inline picture (the results report's map) also has an HTML form: the
  // plain text in a <pre> block, so its fixed columns keep their spacing, and the picture below it.
  const inline = files.filter((a) => a.cid && a.contentType.startsWith('image/'));
  const html = inline.length > 0
    ? `<!doctype html><html><body><pre style="font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;white-space:pre-wrap">${escapeHtml(mail.bodyText)}</pre>${inline.map((a) => `<p><img src="cid:${a.cid}" alt="${escapeHtml(a.filename)}" style="max-width:100%;height:auto"></p>`).join('')}</body></html>`
    : undefined;
  return {
    from: mail.fromAddress ?? from,
    to: mail.to,
    subject: mail.subject,
    text: mail.bodyText,
    ...(html ? { html } : {}),
    messageId: `<${mail.messageId}>`,
    date: mail.createdAt,
    headers,
    // Issue 28: the event as nodemailer's icalEvent would send it (a text/calendar alternative and a
    // file), but the file typed text/calendar with its method (RFC 5545 8.1, RFC 6047 2.4) instead of
    // nodemailer's application/ics.
    ...(event ? { alternatives: [{ contentType: `text/calendar; charset=utf-8; method=${event.calendarMethod}`, content: Buffer.from(event.content, 'base64').toString('utf8') }] } : {}),
    ...(files.length > 0 || event ? { attachments: [...files, ...(event ? [event] : [])].map((a) => ({ filename: a.filename, contentType: a === event ? `text/calendar; charset=utf-8; method=${event.calendarMethod}` : a.contentType, ...(parts?.has(a) ? { raw: parts.get(a)! } : { content: Buffer.from(a.content, 'base64') }), ...(a.cid ? { cid: a.cid } : {}) })) } : {}),
    ...(thread && !headers['References'] ? { references: thread } : {}),
    ...(thread && !headers['In-Reply-To'] ? { inReplyTo: thread } : {}),
  };
}

/**
 * The raw RFC 822 bytes of a mail (what the SMTP transport sends, the file transport writes, tests
 * read), DKIM-signed when `dkim` is given: one Buffer, the large files as prepared parts.
 * `baseBoundary`: the multipart boundaries' shared part (tests; default random, as nodemailer's).
 *
 * Stop 46: composed by mime-bytes.ts (the bytes nodemailer's MailComposer streamed, without its
 * streams); options it does not take (none the judge sends) are composed by nodemailer as before.
 * `composer: 'nodemailer'`: that way always (the benchmark's and the tests' comparison).
 */
export async function composeMail(mail: OutboxMail, from: string, dkim?: DkimOptions, options: { readonly baseBoundary?: string; readonly composer?: 'direct' | 'nodemailer' } = {}): Promise<Buffer> {
  const parts = new Map<OutboxMail['attachments'][number], Buffer>();
  for (const a of mail.attachments) if (usesPreparedPart(a)) parts.set(a, preparedPart(a));
  const partSet = new Set(parts.values());
  const msg = { ...message(mail, from, parts), ...(options.baseBoundary ? { baseBoundary: options.baseBoundary } : {}) };
  const composed = options.composer !== 'nodemailer' && supportedByComposeMime(msg) ? composeMime(msg) : await composedByNodemailer(msg);
  // The message piece by piece: nodemailer's quoted-printable text (and its 7bit text) keeps the
  // text's bare LFs; on the wire its DATA escaping made them CRLF, and the signature hashed them as
  // line ends, so they are made CRLF here and what was sent is unchanged. Each piece is checked for
  // what the DATA escaping and the body hash look for (a prepared part once, by partChecks), so
  // neither scans the whole mail again. Consecutive strings are one piece.
  const pieces: Buffer[] = [];
  let last: number | false = false;
  let escapeFree = true;
  let crlf = true;
  const add = (chunk: Buffer) => {
    let piece = chunk;
    const check = partSet.has(piece) && last === LF ? partCheck(piece) : undefined;
    if (check) {
      escapeFree &&= check.escapeFree;
      crlf &&= check.crlf;
    } else {
      piece = withCrlf(piece, last);
      escapeFree &&= needsNoEscaping(piece, last);
      // A CR at a piece's end is followed by the next piece's LF or is bare: not known here, so the
      // body hash looks for itself.
      crlf &&= piece[piece.length - 1] !== CR && !hasBareLineBreak(piece);
    }
    if (piece.length === 0) return;
    pieces.push(piece);
    last = piece[piece.length - 1]!;
  };
  let text = '';
  for (const p of composed) {
    if (typeof p === 'string') {
      text += p;
      continue;
    }
    if (text) add(Buffer.from(text, 'utf8'));
    text = '';
    add(p);
  }
  if (text) add(Buffer.from(text, 'utf8'));
  const raw = Buffer.concat(pieces);
  const out = dkim ? await signMessage(raw, nodemailerDkim(dkim), crlf) : raw;
  // The signature's field is CRLF text (nodemailer folds it so): the whole message is as clean as its body.
  if (escapeFree) markNeedsNoEscaping(out);
  return out;
}

/** The message as nodemailer's MailComposer streams it, its chunks (what composeMail did before stop 46). */
async function composedByNodemailer(msg: ReturnType<typeof message> & { readonly baseBoundary?: string }): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of new MailComposer(msg).compile().createReadStream() as AsyncIterable<Buffer>) chunks.push(chunk);
  return chunks;
}

const CR = 0x0d;
const LF = 0x0a;

/** What the DATA escaping and the body hash look for, in a prepared part (each checked once, kept with it). */
const partChecks = new WeakMap<Buffer, { readonly escapeFree: boolean; readonly crlf: boolean }>();
function partCheck(part: Buffer): { readonly escapeFree: boolean; readonly crlf: boolean } {
  let c = partChecks.get(part);
  if (!c) partChecks.set(part, (c = { escapeFree: needsNoEscaping(part, LF), crlf: part[part.length - 1] !== CR && !hasBareLineBreak(part) }));
  return c;
}

/** A file name that is the same for every attempt at the same mail. */
export function outboxFileName(mail: Pick<OutboxMail, 'id' | 'kind' | 'to' | 'createdAt'>): string {
  return `${mail.createdAt.toISOString().slice(0, 10)}-${mail.kind}-${mail.id}-${mail.to.replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`;
}

/**
 * Where the file outbox writes a mail before renaming it into place: a folder of its own, so a
 * write cut short (a killed process) can never be mistaken for mail. Names end in `.<pid>`.
 */
export const PARTIAL_DIR = '.partial';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/**
 * Remove the leftovers of writes cut short in the file outbox `dir`: files in {@link PARTIAL_DIR},
 * and `….eml.tmp-<pid>` files beside the mail (where earlier versions wrote), whose writer is dead or
 * which are older than {@link STALE_PARTIAL_WRITE_MS}. A write in progress in another live process
 * sharing the folder is left alone. Returns the paths removed.
 */
export function removePartialWrites(dir: string, now: number = realNow().getTime()): string[] {
  const candidates: { path: string; pid: number }[] = [];
  const scan = (folder: string, pattern: RegExp) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return; // no folder, nothing left over
    }
    for (const name of names) {
      const m = pattern.exec(name);
      if (m) candidates.push({ path: join(folder, name), pid: Number(m[1]) });
    }
  };
  scan(dir, /\.eml\.tmp-(\d+)$/);
  scan(join(dir, PARTIAL_DIR), /\.eml\.(\d+)$/);
  const removed: string[] = [];
  for (const c of candidates) {
    let mtime: number;
    try {
      mtime = statSync(c.path).mtimeMs;
    } catch {
      continue; // renamed into place meanwhile
    }
    if (processAlive(c.pid) && now - mtime < STALE_PARTIAL_WRITE_MS) continue;
    rmSync(c.path, { force: true });
    removed.push(c.path);
  }
  return removed;
}

export function createTransport(options: TransportOptions): MailTransport {
  if (options.smtpUrl) {
    // Pooled (issue 29: a few long-lived connections, maxConnections/maxMessages from the URL, a
    // bounded rate per recipient domain: smtp-pool.ts), and never waiting on a smarthost without limit.
    const pool = smtpPoolSettings(options.smtpUrl);
    const pace = domainPacer(pool.ratePerDomain);
    installFastDotStuffing();
    const t = nodemailer.createTransport({
      url: pool.url,
      ...(pool.pool ? { pool: true, maxConnections: pool.maxConnections, maxMessages: pool.maxMessages } : {}),
      connectionTimeout: options.timeouts?.connection ?? SMTP_CONNECTION_TIMEOUT_MS,
      greetingTimeout: options.timeouts?.greeting ?? SMTP_GREETING_TIMEOUT_MS,
      socketTimeout: options.timeouts?.socket ?? SMTP_SOCKET_TIMEOUT_MS,
      // No `dkim` here: composeMail signs the built message (the same signature, without nodemailer's per-byte body hash).
    });
    const where = options.smtpUrl.replace(/\/\/[^@/]*@/, '//').replace(/\?.*$/, '');
    return {
      where,
      async send(mail) {
        await pace.take(domainOf(mail.to));
        try {
          const returnPath = options.returnPath?.(mail);
          // A raw message needs its envelope: the return path (VERP) or the From address, as nodemailer derived it before.
          const raw = await composeMail(mail, options.from, options.dkim);
          // `messageId`: the mail's own (nodemailer's pool logs it; without it nodemailer draws a random
          // one for the raw message, five randomBytes calls per mail, never written into the bytes).
          await t.sendMail({ raw, envelope: { from: returnPath ?? mail.fromAddress ?? options.from, to: [mail.to] }, messageId: `<${mail.messageId}>` });
        } catch (e) {
          const code = (e as { responseCode?: number }).responseCode;
          throw new SendError(`SMTP ${where}: ${(e as Error).message}`, code !== undefined && code >= 500, { cause: e, ...(code !== undefined ? { responseCode: code } : {}) });
        }
      },
      close: () => t.close(),
    };
  }
  // What a killed process left half written is cleaned up at start.
  removePartialWrites(options.outboxDir);
  return {
    where: options.outboxDir,
    async send(mail) {
      const partial = join(options.outboxDir, PARTIAL_DIR);
      mkdirSync(partial, { recursive: true });
      const name = outboxFileName(mail);
      const file = join(options.outboxDir, name);
      if (existsSync(file)) return; // a retry of a mail already written: the same file, once
      const tmp = join(partial, `${name}.${process.pid}`);
      writeFileSync(tmp, await composeMail(mail, options.from, options.dkim));
      renameSync(tmp, file); // atomic, same file system: a killed worker leaves a file in .partial/, never half a mail
    },
    close: () => {},
  };
}
