/**
 * Outbox rows with their attachments' bytes, as the sender reads them: since sql/0032 a large
 * attachment (a map picture) is stored once in outbox_blobs and the row names it by hash.
 */
import { readOutboxAttachments, type OutboxAttachment, type StoredOutboxAttachment } from '../../src/db/outbox.js';
import type { Db } from '../../src/db/schema.js';

export type WithAttachments<T> = Omit<T, 'attachments'> & { attachments: OutboxAttachment[] };

/** `rows` with each attachment's `content` (base64) filled in from outbox_blobs where the row names a blob. */
export async function withAttachments<T extends { attachments: readonly StoredOutboxAttachment[] }>(db: Db, rows: readonly T[]): Promise<WithAttachments<T>[]> {
  const lists = await readOutboxAttachments(db, rows.map((r) => r.attachments));
  return rows.map((r, i) => ({ ...r, attachments: lists[i]! }));
}

/** {@link withAttachments} of one row. */
export async function withAttachmentsOf<T extends { attachments: readonly StoredOutboxAttachment[] }>(db: Db, row: T): Promise<WithAttachments<T>> {
  return (await withAttachments(db, [row]))[0]!;
}

/** A game's outbox after row `afterId`, with the attachments' bytes: kind, to, subject, body, attachments. */
export async function outboxSince(db: Db, gameId: string, afterId: number) {
  return withAttachments(db, await db.selectFrom('outbox').select(['id', 'kind', 'to_address', 'subject', 'body_text', 'attachments']).where('game_id', '=', gameId).where('id', '>', afterId).orderBy('id').execute());
}

/** The last outbox row's id (0 when empty): what {@link outboxSince} counts from. */
export async function lastOutboxId(db: Db): Promise<number> {
  return (await db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0;
}
