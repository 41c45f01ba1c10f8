/**
 * Failed attempts at deciding a stored inbound message (issue 20): how many, the last error, and
 * when the retry sweep may try again. A message is retried on its own with exponential backoff and
 * quarantined after {@link MAX_DECIDE_ATTEMPTS}; the row stays as the record of what went wrong.
 */
import { sql } from 'kysely';
import { DECIDE_RETRY_BASE_MS, DECIDE_RETRY_MAX_MS, MAX_RECORDED_ERROR_CHARS } from '../rules/limits.js';
import { inTransaction } from './in-transaction.js';
import type { Db } from './schema.js';

/** The wait after the `attempts`-th failure: the base, doubled per earlier failure, capped. Pure. */
export function retryDelayMs(attempts: number): number {
  return Math.min(DECIDE_RETRY_MAX_MS, DECIDE_RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/** One failed attempt at message `inboundId`, at `at`; returns the number of attempts so far. */
export async function recordDecideAttempt(db: Db, inboundId: number, error: string, at: Date): Promise<number> {
  const lastError = error.slice(0, MAX_RECORDED_ERROR_CHARS);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('inbound_attempts')
      .values({ inbound_message_id: inboundId, attempts: 1, last_error: lastError, last_attempt_at: at, next_attempt_at: at })
      .onConflict((oc) => oc.column('inbound_message_id').doUpdateSet({ attempts: sql<number>`inbound_attempts.attempts + 1`, last_error: lastError, last_attempt_at: at }))
      .returning('attempts')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('inbound_attempts')
      .set({ next_attempt_at: new Date(at.getTime() + retryDelayMs(row.attempts)) })
      .where('inbound_message_id', '=', inboundId)
      .execute();
    return row.attempts;
  });
}

/** A stored message nobody has decided yet, due for another attempt. */
export interface UndecidedMessage {
  readonly id: number;
  readonly raw: Buffer;
  readonly receivedAt: Date;
  readonly source: 'imap' | 'smtp' | 'pipe' | 'cli';
  readonly role: 'game' | 'confirm';
  readonly mailbox: string | null;
  readonly uidvalidity: number | null;
  readonly uid: number | null;
  readonly messageId: string | null;
}

/**
 * Undecided messages stored before `storedBefore` whose next attempt is due at `now` (or that were
 * never attempted), oldest first.
 */
export async function findUndecidedDue(db: Db, options: { now: Date; storedBefore: Date; limit: number }): Promise<UndecidedMessage[]> {
  const rows = await db
    .selectFrom('inbound_messages as m')
    .leftJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id')
    .leftJoin('inbound_attempts as a', 'a.inbound_message_id', 'm.id')
    .select(['m.id', 'm.raw', 'm.received_at', 'm.source', 'm.role', 'm.mailbox', 'm.uidvalidity', 'm.uid', 'm.message_id'])
    .where('d.inbound_message_id', 'is', null)
    .where('m.stored_at', '<', options.storedBefore)
    .where((eb) => eb.or([eb('a.next_attempt_at', 'is', null), eb('a.next_attempt_at', '<=', options.now)]))
    .orderBy('m.id')
    .limit(options.limit)
    .execute();
  return rows.map((r) => ({
    id: r.id, raw: r.raw, receivedAt: r.received_at, source: r.source, role: r.role, mailbox: r.mailbox, uidvalidity: r.uidvalidity, uid: r.uid, messageId: r.message_id,
  }));
}

/** Every message not decided yet, with its attempts (the operator's `mailjudge quarantine` listing). */
export async function findUndecided(db: Db): Promise<{ id: number; receivedAt: Date; storedAt: Date; size: number; attempts: number; lastError: string | null; nextAttemptAt: Date | null }[]> {
  const rows = await db
    .selectFrom('inbound_messages as m')
    .leftJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id')
    .leftJoin('inbound_attempts as a', 'a.inbound_message_id', 'm.id')
    .select(['m.id', 'm.received_at', 'm.stored_at', 'm.size', 'a.attempts', 'a.last_error', 'a.next_attempt_at'])
    .where('d.inbound_message_id', 'is', null)
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({ id: r.id, receivedAt: r.received_at, storedAt: r.stored_at, size: r.size, attempts: r.attempts ?? 0, lastError: r.last_error, nextAttemptAt: r.next_attempt_at }));
}
