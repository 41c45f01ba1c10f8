/**
 * Receipt (issue 29, "store first, decide per game"): what a source does before it answers the MTA
 * or moves its IMAP checkpoint. The raw bytes, the trusted receipt time and the SMTP envelope are
 * stored, and each new message's decision job is added (graphile-worker, task `decide-message`), all
 * in ONE transaction with the checkpoint when the caller gives one: a crash before the commit loses
 * nothing the server has not still got, a crash after it leaves a stored message with its job, never
 * one without (DESIGN.md "Reliability"). Parsing, authentication and the decision run in the job.
 *
 * The job's named queue serializes it per game: `game:<id>` for the game its To/Cc (or a subject tag,
 * or a player's reply address) names, so one game's messages are decided one at a time in the order
 * they were stored, and different games' in parallel; a message that names no game (the TD's
 * confirmation copies of no game, strangers, delivery reports) goes to `intake:confirm` or
 * `intake:other`. The queue is only the order: the decision itself reads the game again and may find
 * another one (the queue is then a harmless guess; the decision is idempotent either way).
 */
import { createHash } from 'node:crypto';
import { findStoredInbound, receiptCandidates, storeReceipt, type InboundValues } from '../../db/receipt-sql.js';
import { realNow } from '../../config/clock.js';
import { runStatement } from '../../db/run-statement.js';
import type { Db } from '../../db/schema.js';
import type { GameCandidate } from '../../rules/submission/index.js';
import type { IncomingMessage } from '../../mail/inbound/intake.js';
import { rawMessageId } from '../../mail/inbound/message-id.js';
import { queueQuestion, queuesOf } from './receipt-queue.js';
import { log } from '../../config/log.js';

const toNumber = (v: number | bigint | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** What receipt did with one message. */
export interface Receipt {
  readonly inboundId: number;
  /** `false`: these bytes were stored before (a refetch, an MTA's retry); no second job. */
  readonly created: boolean;
  /** The decision job's queue (new messages only). */
  readonly queue?: string;
}


/**
 * The decision queue of each message: one indexed query for the whole batch (the open games named by
 * any address or subject tag, with a Coalition game's PM and battle addresses), then the intake's own
 * addressing rule per message (receipt-queue.ts, which `mailjudge ingest`'s store path shares).
 */
export async function decideQueues(db: Db, judgeAddress: string, msgs: readonly Pick<IncomingMessage, 'raw' | 'role'>[]): Promise<string[]> {
  const q = queueQuestion(msgs);
  const candidates = q.addresses.length > 0 || q.tags.length > 0 ? await runStatement<GameCandidate>(db, receiptCandidates(q.addresses, q.tags)) : [];
  return queuesOf(judgeAddress, msgs, q, candidates);
}

/**
 * Store `msgs` (in order) and add the decision job of each new one, atomically; with `checkpoint`,
 * the IMAP mailbox's position moves in the same statement. Throws when it fails (nothing of it is
 * kept: the source answers 451 / does not move on).
 *
 * Two round trips: the queues' one read (outside: the queue is only the order, a guess the decision
 * corrects), then ONE statement that stores, adds the jobs and moves the checkpoint (receipt-sql.ts
 * storeReceipt: a single statement is its own transaction, so no BEGIN and COMMIT). A message stored
 * before (a refetch after a crash, an MTA's retry) is looked up afterwards: rare, one by one.
 */
export async function storeMessages(
  db: Db,
  judgeAddress: string,
  msgs: readonly IncomingMessage[],
  checkpoint?: { mailbox: string; uidvalidity: number | bigint; lastUid: number | bigint },
): Promise<Receipt[]> {
  const queues = msgs.length > 0 ? await decideQueues(db, judgeAddress, msgs) : [];
  const rows = msgs.map((m): InboundValues => ({
    raw: m.raw, receivedAt: m.receivedAt, source: m.source, mailbox: m.mailbox ?? null, uidvalidity: toNumber(m.uidvalidity), uid: toNumber(m.uid),
    messageId: rawMessageId(m.raw) ?? null, role: m.role ?? 'game', envelope: m.envelope ?? null,
  }));
  const [result] = await runStatement<{ stored: { id: number | string; ord: number | string }[] }>(
    db,
    storeReceipt(rows, queues, checkpoint ? { mailbox: checkpoint.mailbox, uidvalidity: Number(checkpoint.uidvalidity), lastUid: Number(checkpoint.lastUid), at: realNow() } : undefined),
  );
  const created = new Map((result?.stored ?? []).map((r) => [Number(r.ord) - 1, Number(r.id)]));
  const receipts: Receipt[] = [];
  for (const [i, row] of rows.entries()) {
    const id = created.get(i);
    if (id !== undefined) {
      receipts.push({ inboundId: id, created: true, queue: queues[i]! });
      continue;
    }
    const [existing] = await runStatement<{ id: number | string }>(db, findStoredInbound(row, createHash('sha256').update(row.raw).digest('hex')));
    if (!existing) throw new Error('inbound message neither stored nor found (a unique key other than the message\'s own?)');
    receipts.push({ inboundId: Number(existing.id), created: false });
  }
  for (const [i, r] of receipts.entries()) {
    const m = msgs[i]!;
    log().info({ event: 'message.received', inboundId: r.inboundId, source: m.source, mailbox: m.mailbox ?? null, role: m.role ?? 'game', receivedAt: m.receivedAt.toISOString(), bytes: m.raw.length, ...(r.created ? { queue: r.queue } : { duplicate: true }) }, r.created ? 'message stored' : 'message stored before');
  }
  return receipts;
}
