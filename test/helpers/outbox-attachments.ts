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
