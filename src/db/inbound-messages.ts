/**
 * Raw inbound mail, stored before anything parses it (DESIGN.md "Reliability and security
 * principles"). Immutable: the table refuses UPDATE and DELETE; `sha256` and `size` are computed by
 * the server from `raw`.
 *
 * Re-ingesting changes nothing: a message is the same message when it has the same mailbox,
 * UIDVALIDITY and UID (IMAP), or, without a UID, the same source, mailbox and bytes (a retried pipe
 * or SMTP delivery). Message-ID is indexed but not unique: the same message legitimately reaches the
 * game mailbox and the TD's confirmation mailbox (D.VII(1), D.VII(7)).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, InboundMessageRow, InboundRole, InboundSource } from './schema.js';

/** A received message to store. */
export interface NewInboundMessage {
  readonly raw: Buffer;
  /** Trusted receipt time: IMAP INTERNALDATE or our own MTA's Received: instant, never Date:. */
  readonly receivedAt: Date;
  readonly source: InboundSource;
  readonly mailbox?: string | null;
  /** IMAP UIDVALIDITY of `mailbox` (a 32-bit unsigned number; imapflow gives a bigint). */
  readonly uidvalidity?: number | bigint | null;
  readonly uid?: number | bigint | null;
  /** The Message-ID header as written, with its angle brackets. */
  readonly messageId?: string | null;
  /** The address it came in through (default: a game mailbox). */
  readonly role?: InboundRole;
  /** The SMTP envelope, when the judge received it by SMTP itself (sql/0024): kept for the replay. */
  readonly envelope?: { readonly ip?: string; readonly helo?: string; readonly mailFrom?: string } | null;
}

/** A stored message's metadata (everything but the bytes). */
export interface InboundMessageInfo {
  readonly id: number;
  readonly sha256: string;
  readonly size: number;
  readonly receivedAt: Date;
  readonly source: InboundSource;
  readonly mailbox: string | null;
  readonly uidvalidity: number | null;
  readonly uid: number | null;
  readonly messageId: string | null;
  readonly storedAt: Date;
  readonly role: InboundRole;
}

/** A stored message with its bytes. */
export interface InboundMessage extends InboundMessageInfo {
  readonly raw: Buffer;
}

const INFO_COLUMNS = ['id', 'sha256', 'size', 'received_at', 'source', 'mailbox', 'uidvalidity', 'uid', 'message_id', 'stored_at', 'role'] as const;

function infoFromRow(row: Omit<InboundMessageRow, 'raw' | 'envelope'>): InboundMessageInfo {
  return {
    id: row.id,
    sha256: row.sha256,
    size: row.size,
    receivedAt: row.received_at,
    source: row.source,
    mailbox: row.mailbox,
    uidvalidity: row.uidvalidity,
    uid: row.uid,
    messageId: row.message_id,
    storedAt: row.stored_at,
    role: row.role,
  };
}

function toNumber(v: number | bigint | null | undefined): number | null {
  return v === null || v === undefined ? null : Number(v);
}

/**
 * Store a message unless it is stored already. Returns its id and `created: false` for a duplicate
 * (the stored row is left exactly as it was). Safe against a concurrent insert of the same message.
 */
export async function insertInboundMessage(db: Db, m: NewInboundMessage): Promise<{ id: number; created: boolean }> {
  const uidvalidity = toNumber(m.uidvalidity);
  const uid = toNumber(m.uid);
  const mailbox = m.mailbox ?? null;
  const inserted = await db
    .insertInto('inbound_messages')
    .values({ raw: m.raw, received_at: m.receivedAt, source: m.source, mailbox, uidvalidity, uid, message_id: m.messageId ?? null, role: m.role ?? 'game', envelope: m.envelope ? JSON.stringify(m.envelope) : null })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  let q = db.selectFrom('inbound_messages').select('id');
  if (uid !== null) {
    q = q.where('mailbox', '=', mailbox).where('uidvalidity', '=', uidvalidity).where('uid', '=', uid);
  } else {
    const sha256 = createHash('sha256').update(m.raw).digest('hex');
    q = q
      .where('uid', 'is', null)
      .where('source', '=', m.source)
      .where(sql<string>`coalesce(mailbox, '')`, '=', mailbox ?? '')
      .where('sha256', '=', sha256);
  }
  const existing = await q.executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** The stored message with its bytes, or `undefined`. */
export async function findInboundMessage(db: Db, id: number): Promise<InboundMessage | undefined> {
  const row = await db.selectFrom('inbound_messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { ...infoFromRow(row), raw: row.raw };
}

/** Every stored copy of a Message-ID (without the bytes), earliest receipt first (D.VII(1)). */
export async function findInboundByMessageId(db: Db, messageId: string): Promise<InboundMessageInfo[]> {
  const rows = await db
    .selectFrom('inbound_messages')
    .select(INFO_COLUMNS)
    .where('message_id', '=', messageId)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  return rows.map(infoFromRow);
}
