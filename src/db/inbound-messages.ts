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
import { precompiled } from './precompiled.js';
import { findStoredInbound, insertInbound } from './receipt-sql.js';
import { runStatement } from './run-statement.js';

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

function infoFromRow(row: Omit<InboundMessageRow, 'raw' | 'envelope' | 'stored_by'>): InboundMessageInfo {
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
  // The statements are receipt-sql.ts's, which `mailjudge ingest`'s store path runs on a bare pg client.
  const values = {
    raw: m.raw, receivedAt: m.receivedAt, source: m.source, mailbox: m.mailbox ?? null, uidvalidity: toNumber(m.uidvalidity), uid: toNumber(m.uid),
    messageId: m.messageId ?? null, role: m.role ?? 'game', envelope: m.envelope ?? null,
  };
  const [inserted] = await runStatement<{ id: number }>(db, insertInbound(values));
  if (inserted) return { id: Number(inserted.id), created: true };
  const [existing] = await runStatement<{ id: number }>(db, findStoredInbound(values, createHash('sha256').update(m.raw).digest('hex')));
  if (!existing) throw new Error('inbound message neither stored nor found (a unique key other than the message\'s own?)');
  return { id: Number(existing.id), created: false };
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

/**
 * Store several messages in one statement (an IMAP FETCH of a range): for each, in order, its id and
 * whether it is new. Duplicates (already stored, or twice in `ms`) are left as they are and looked
 * up one by one, only when there are any (rare: a refetch after a crash). The caller's transaction makes it atomic.
 */
export async function insertInboundMessages(db: Db, ms: readonly NewInboundMessage[]): Promise<{ id: number; created: boolean }[]> {
  if (ms.length === 0) return [];
  if (ms.length === 1) return [await insertInboundMessage(db, ms[0]!)];
  const keyOf = (mailbox: string | null, uidvalidity: number | null, uid: number | null, source: string, sha256: string) =>
    uid !== null ? `u ${mailbox ?? ''} ${uidvalidity} ${uid}` : `b ${source} ${mailbox ?? ''} ${sha256}`;
  const rows = ms.map((m) => ({
    raw: m.raw, received_at: m.receivedAt, source: m.source, mailbox: m.mailbox ?? null, uidvalidity: toNumber(m.uidvalidity), uid: toNumber(m.uid),
    message_id: m.messageId ?? null, role: m.role ?? 'game', envelope: m.envelope ? JSON.stringify(m.envelope) : null,
  }));
  const keys = rows.map((r) => keyOf(r.mailbox, r.uidvalidity, r.uid, r.source, createHash('sha256').update(r.raw).digest('hex')));
  const inserted = await db
    .insertInto('inbound_messages')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'mailbox', 'uidvalidity', 'uid', 'source', 'sha256'])
    .execute();
  const found = new Map<string, { id: number; created: boolean }>();
  for (const r of inserted) found.set(keyOf(r.mailbox, r.uidvalidity, r.uid, r.source, r.sha256), { id: r.id, created: true });
  const out: { id: number; created: boolean }[] = [];
  const missing = keys.filter((k) => !found.has(k));
  if (missing.length > 0) {
    // Stored before (a refetch after a crash, an MTA's retry): rare, looked up one by one.
    for (const [i, m] of ms.entries()) {
      if (found.has(keys[i]!)) continue;
      const again = await insertInboundMessage(db, m);
      found.set(keys[i]!, { id: again.id, created: false });
    }
  }
  const seen = new Set<string>();
  for (const k of keys) {
    const f = found.get(k)!;
    // The same message twice in one batch: the second is a duplicate of the first.
    out.push(seen.has(k) ? { id: f.id, created: false } : f);
    seen.add(k);
  }
  return out;
}

/** A message waiting in a decision queue behind the running job (issue 29, {@link findQueuedBehind}). */
export type QueuedMessage = InboundMessage & {
  readonly envelope: { ip?: string; helo?: string; mailFrom?: string } | null;
  readonly decided: boolean;
  /** Its decision job's key (`decide:<id>`). */
  readonly jobKey: string;
};

/**
 * The next jobs of the queue of job `jobId` (graphile-worker's named queue, issue 29), in the order
 * the queue would run them (priority, run_at, id), at most `limit`: each a due, unlocked
 * `decide-message` job and its stored message (jobs given up on are passed over, as the queue does). Stops before the first job that is
 * not one (another task, not yet due, a message gone): what follows it must wait for it. The running
 * job holds the queue's lock, so no worker takes these meanwhile; its task decides them in this order,
 * each in its own transaction (service/intake/receive-message.ts, `decideQueuedBatch`). One statement.
 */
export async function findQueuedBehind(db: Db, jobId: string, limit: number): Promise<QueuedMessage[]> {
  const r = await sql<InboundMessageRow & { job_key: string | null; task_identifier: string; due: boolean; has_message: boolean; decided: boolean }>`
    SELECT j.key AS job_key, t.identifier AS task_identifier, (j.run_at <= now() AND j.locked_at IS NULL) AS due,
           m.id IS NOT NULL AS has_message, m.*,
           EXISTS (SELECT 1 FROM inbound_decisions d WHERE d.inbound_message_id = m.id) AS decided
      FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      LEFT JOIN inbound_messages m
        ON t.identifier = 'decide-message' AND m.id = (j.payload->>'inboundId')::int
     WHERE j.job_queue_id = (SELECT job_queue_id FROM graphile_worker._private_jobs WHERE id = ${jobId}::bigint)
       AND j.id <> ${jobId}::bigint
       AND j.attempts < j.max_attempts -- a job given up on is never run: passed over, as the queue does
     ORDER BY j.priority, j.run_at, j.id
     LIMIT ${limit}`.execute(db);
  const out: QueuedMessage[] = [];
  for (const row of r.rows) {
    if (row.task_identifier !== 'decide-message' || !row.due || !row.has_message || row.job_key === null) break;
    out.push({ ...infoFromRow(row), raw: row.raw, envelope: row.envelope, decided: row.decided, jobKey: row.job_key });
  }
  return out;
}

/** A stored message as its decision needs it (bytes, receipt, source, the SMTP envelope), or `undefined`. */
/** Issue 29: compiled once (precompiled.ts). */
export const MESSAGE_TO_DECIDE = precompiled((db, p: { id: number }) => db
  .selectFrom('inbound_messages as m')
  .selectAll('m')
  .select((eb) => eb.exists(eb.selectFrom('inbound_decisions as d').select('d.inbound_message_id').whereRef('d.inbound_message_id', '=', 'm.id')).as('decided'))
  .where('m.id', '=', p.id));

export async function findMessageToDecide(db: Db, id: number): Promise<(InboundMessage & { envelope: { ip?: string; helo?: string; mailFrom?: string } | null; decided: boolean }) | undefined> {
  // Issue 29: whether it is decided already, in the same statement (the decision job's first read).
  const row = await MESSAGE_TO_DECIDE.first(db, { id });
  return row && { ...infoFromRow(row), raw: row.raw, envelope: row.envelope, decided: Boolean(row.decided) };
}
