/**
 * A large attachment's MIME part made once and reused by every mail that carries it (issue 29).
 *
 * A deadline's results go to a game's 7 players and its GM, each mail with the same two map pictures
 * (~130 KiB each). nodemailer encoded each picture again for every mail (the base64 lines, their
 * Buffer copies). {@link preparedPart} gives the part's bytes — its header fields and its base64
 * lines, exactly as nodemailer writes them inside a message — made by nodemailer itself (a
 * MailComposer message holding just that file) the first time, and from a small cache after; the
 * mail then carries it as a `raw` attachment (nodemailer's supported way to hand over a prepared
 * MIME part: https://nodemailer.com/message/custom-source/). The message's structure (multipart/
 * related under multipart/alternative, the Content-IDs the HTML names) is unchanged: nodemailer still
 * places the part by its content type and cid. `test/mail/outbound/mime-part.test.ts` checks a mail
 * built with prepared parts against the one built from the bytes, byte for byte.
 *
 * The cache is keyed by the part's description and its base64 text: the send job hands one string to
 * all the mails of a claim that share a stored picture (`readOutboxAttachments`), and two equal
 * strings of two claims find the same entry. It keeps the last {@link PREPARED_PART_CACHE} parts.
 */
import { PassThrough } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type MimeNode from 'nodemailer/lib/mime-node/index.js';
import type { OutboxAttachment } from '../../db/outbox.js';
import { INLINE_ATTACHMENT_MAX_BYTES } from '../../db/outbox.js';

/** Parts kept: a few games' pictures (each ~180 KB of base64), enough for a send job's mails and the next. */
export const PREPARED_PART_CACHE = 16;

/** Whether `a` goes as a prepared part: a file larger than what the outbox keeps inline (the maps), never a calendar event. */
export function usesPreparedPart(a: OutboxAttachment): boolean {
  return !a.calendarMethod && Buffer.byteLength(a.content, 'base64') > INLINE_ATTACHMENT_MAX_BYTES;
}

/**
 * content (base64) → description → the part being made or made (a promise: the mails of one claim
 * are composed at once, and the first one's work is shared); insertion order is the eviction order.
 */
const cache = new Map<string, Map<string, Promise<Buffer>>>();
let entries = 0;

/** The attachment as nodemailer's message options take it (the same fields as send.ts gives for a file). */
function attachmentOptions(a: OutboxAttachment) {
  return { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64'), ...(a.cid ? { cid: a.cid } : {}) };
}

/** The part's bytes as nodemailer writes them inside a message: its header fields, an empty line, the base64 lines. */
export async function buildPart(a: OutboxAttachment): Promise<Buffer> {
  // A text and the file: multipart/mixed, the file its second child. A child streams only its own
  // header fields and body (no Date, Message-ID or MIME-Version), through `stream`, what its parent
  // calls to write it into the message (`build` would add a line break at the end).
  const root = new MailComposer({ text: 'x', attachments: [attachmentOptions(a)] }).compile() as unknown as { childNodes: MimeNode[] };
  const node = root.childNodes[1];
  if (!node) throw new Error(`attachment ${a.filename}: nodemailer made no part of it`);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await new Promise<void>((resolve, reject) => node.stream(out, {}, (e) => (e ? reject(e) : resolve())));
  out.end();
  await new Promise<void>((resolve) => out.once('end', resolve));
  return Buffer.concat(chunks);
}

/** {@link buildPart}, made once per distinct attachment and kept (see the module comment). */
export function preparedPart(a: OutboxAttachment): Promise<Buffer> {
  const key = `${a.filename}\u0000${a.contentType}\u0000${a.cid ?? ''}`;
  const hit = cache.get(a.content)?.get(key);
  if (hit) return hit;
  // Evict the oldest contents until there is room.
  while (entries >= PREPARED_PART_CACHE && cache.size > 0) {
    const [oldest, parts] = cache.entries().next().value as [string, Map<string, Promise<Buffer>>];
    entries -= parts.size;
    cache.delete(oldest);
  }
  let byKey = cache.get(a.content);
  if (!byKey) cache.set(a.content, (byKey = new Map()));
  const part = buildPart(a);
  byKey.set(key, part);
  entries++;
  // A failure is not kept: the next mail tries again.
  part.catch(() => {
    const parts = cache.get(a.content);
    if (parts?.get(key) === part) {
      parts.delete(key);
      entries--;
      if (parts.size === 0) cache.delete(a.content);
    }
  });
  return part;
}

/** Forget every prepared part (tests). */
export function clearPreparedParts(): void {
  cache.clear();
  entries = 0;
}
