/**
 * A raw RFC 822 message → the parts the judge reads: who sent it to whom, the subject, the body as
 * plain text (an HTML-only body is converted; quoted-printable, base64 and any charset decoded by
 * mailparser), and the headers that decide whether replying is safe. Attachments are never read as
 * orders. Never throws on bad input: a message that cannot be parsed comes back as `{ ok: false }`.
 * Every string it returns can be stored in PostgreSQL (storable-text.ts).
 */
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { MAX_MESSAGE_BYTES } from '../../rules/limits.js';
import { htmlToPlainText } from './html-text.js';
import { textCleaner } from './storable-text.js';

export interface InboundMail {
  readonly messageId?: string;
  /** The From address, lower case; `undefined` when it has none we can read. */
  readonly from?: string;
  readonly fromName?: string;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly subject: string;
  /** The sender's Date header (never trusted for timing, kept for the record). */
  readonly date?: Date;
  readonly text: string;
  readonly inReplyTo?: string;
  readonly references: readonly string[];
  /** RFC 3834 `Auto-Submitted` value other than `no`, if any. */
  readonly autoSubmitted?: string;
  /** `Precedence: bulk|junk|list`, if present. */
  readonly precedence?: string;
  /** A delivery status notification or other bounce. */
  readonly isBounce: boolean;
  readonly attachments: number;
  /** What was removed or replaced to make the text storable (NULs, lone surrogates), if anything (issue 16). */
  readonly cleaned?: string;
}

export type ParseMessageResult = { ok: true; mail: InboundMail } | { ok: false; reason: string };

function addresses(a: AddressObject | AddressObject[] | undefined, t: (s: string) => string): string[] {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  const out: string[] = [];
  for (const obj of list) for (const v of obj.value) if (v.address) out.push(t(v.address.toLowerCase()));
  return out;
}

function header(p: ParsedMail, name: string): string | undefined {
  const v = p.headers.get(name);
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : typeof v === 'object' && 'value' in v ? String((v as { value: unknown }).value) : String(v);
}

/**
 * A delivery status notification or other bounce, by the headers every MTA writes on one: a
 * `multipart/report` body, the null sender `Return-Path: <>`, or a From of MAILER-DAEMON or
 * postmaster. Pure.
 */
export function looksLikeBounce(h: { contentType: string; returnPath: string; from: string | undefined }): boolean {
  return /multipart\/report/i.test(h.contentType) || (/^<?>?$/.test(h.returnPath.trim()) && h.returnPath !== '') || /^(mailer-daemon|postmaster)@/i.test(h.from ?? '');
}

/** Parse one raw message. */
export async function parseMessage(raw: Buffer): Promise<ParseMessageResult> {
  if (raw.length > MAX_MESSAGE_BYTES) return { ok: false, reason: `the message is larger than ${MAX_MESSAGE_BYTES} bytes` };
  let p: ParsedMail;
  try {
    p = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true, skipHtmlToText: true, maxHtmlLengthToParse: MAX_MESSAGE_BYTES });
  } catch (e) {
    return { ok: false, reason: `the message could not be parsed: ${(e as Error).message}` };
  }
  const from = p.from?.value[0];
  const contentType = header(p, 'content-type') ?? '';
  const auto = header(p, 'auto-submitted');
  const precedence = header(p, 'precedence')?.toLowerCase();
  const returnPath = header(p, 'return-path') ?? '';
  const isBounce = looksLikeBounce({ contentType, returnPath, from: from?.address });
  const refs = p.references === undefined ? [] : Array.isArray(p.references) ? p.references : [p.references];
  // Every string is made storable (no NUL, no lone surrogate): the text and the header values end up
  // in text and jsonb columns (decisions, order sets, replies); the raw bytes keep the original.
  const cleaner = textCleaner();
  const c = cleaner.clean;
  const t = (s: string) => c('headers', s);
  const mail: InboundMail = {
    ...(p.messageId ? { messageId: t(p.messageId) } : {}),
    ...(from?.address ? { from: t(from.address.toLowerCase()) } : {}),
    ...(from?.name ? { fromName: c('From name', from.name) } : {}),
    to: addresses(p.to, t),
    cc: addresses(p.cc, t),
    subject: c('subject', p.subject ?? ''),
    ...(p.date ? { date: p.date } : {}),
    // An HTML-only body is converted here, keeping table cells apart (html-text.ts).
    text: c('body', (p.text ?? '').trim() === '' && typeof p.html === 'string' ? htmlToPlainText(p.html) : p.text ?? ''),
    ...(p.inReplyTo ? { inReplyTo: t(p.inReplyTo) } : {}),
    references: refs.map(t),
    ...(auto && !/^no\b/i.test(auto) ? { autoSubmitted: t(auto) } : {}),
    ...(precedence && /^(bulk|junk|list)$/.test(precedence) ? { precedence } : {}),
    isBounce,
    attachments: p.attachments.length,
  };
  const cleaned = cleaner.note();
  return { ok: true, mail: cleaned ? { ...mail, cleaned } : mail };
}
