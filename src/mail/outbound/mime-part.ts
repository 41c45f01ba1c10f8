/**
 * A large attachment's MIME part made once and reused by every mail that carries it (issue 29).
 *
 * A deadline's results go to a game's 7 players and its GM, each mail with the same two map pictures
 * (~130 KiB each). nodemailer encoded each picture again for every mail (the base64 lines, their
 * Buffer copies). {@link preparedPart} gives the part's bytes — its header fields and its base64
 * lines, exactly as nodemailer writes them inside a message — made the first time (since stop 46 by
 * mime-bytes.ts's `filePart`, nodemailer's composer no longer streamed for it), and from a small
 * cache after; the mail then carries it as a `raw` attachment (nodemailer's option for a prepared
 * MIME part: https://nodemailer.com/message/custom-source/, which mime-bytes.ts's composer honours
 * the same way). The message's structure (multipart/related under multipart/alternative, the
 * Content-IDs the HTML names) is unchanged. `test/mail/outbound/compose-mail.test.ts` and
 * `mime-bytes.test.ts` check mails built with prepared parts against nodemailer's, byte for byte.
 *
 * The cache is keyed by the part's description and its base64 text: the send job hands one string to
 * all the mails of a claim that share a stored picture (`readOutboxAttachments`), and two equal
 * strings of two claims find the same entry. It keeps the last {@link PREPARED_PART_CACHE} parts.
 */
import type { OutboxAttachment } from '../../db/outbox.js';
import { INLINE_ATTACHMENT_MAX_BYTES } from '../../db/outbox.js';
import { filePart } from './mime-bytes.js';

/** Parts kept: a few games' pictures (each ~180 KB of base64), enough for a send job's mails and the next. */
export const PREPARED_PART_CACHE = 16;

/** Whether `a` goes as a prepared part: a file larger than what the outbox keeps inline (the maps), never a calendar event. */
export function usesPreparedPart(a: OutboxAttachment): boolean {
  return !a.calendarMethod && Buffer.byteLength(a.content, 'base64') > INLINE_ATTACHMENT_MAX_BYTES;
}

/** content (base64) → description → the part; insertion order is the eviction order. */
const cache = new Map<string, Map<string, Buffer>>();
let entries = 0;

/** The part's bytes as nodemailer writes them inside a message: its header fields, an empty line, the base64 lines. Pure. */
export function buildPart(a: OutboxAttachment): Buffer {
  return filePart({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64'), ...(a.cid ? { cid: a.cid } : {}) });
}

/** {@link buildPart}, made once per distinct attachment and kept (see the module comment). */
export function preparedPart(a: OutboxAttachment): Buffer {
  const key = `${a.filename}\u0000${a.contentType}\u0000${a.cid ?? ''}`;
  const hit = cache.get(a.content)?.get(key);
  if (hit) return hit;
  const part = buildPart(a); // throws before anything is kept
  // Evict the oldest contents until there is room.
  while (entries >= PREPARED_PART_CACHE && cache.size > 0) {
    const [oldest, parts] = cache.entries().next().value as [string, Map<string, Buffer>];
    entries -= parts.size;
    cache.delete(oldest);
  }
  let byKey = cache.get(a.content);
  if (!byKey) cache.set(a.content, (byKey = new Map()));
  byKey.set(key, part);
  entries++;
  return part;
}

/** Forget every prepared part (tests). */
export function clearPreparedParts(): void {
  cache.clear();
  entries = 0;
}
