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
import { enqueueDecideJobs } from '../../db/jobs.js';
import { insertInboundMessages } from '../../db/inbound-messages.js';
import { saveMailboxCheckpoint } from '../../db/mailbox-checkpoints.js';
import { receiptCandidates } from '../../db/receipt-sql.js';
import { runStatement } from '../../db/run-statement.js';
import type { Db } from '../../db/schema.js';
import type { GameCandidate } from '../../rules/submission/index.js';
import type { IncomingMessage } from '../../mail/inbound/intake.js';
import { rawMessageId } from '../../mail/inbound/message-id.js';
import { queueQuestion, queuesOf } from './receipt-queue.js';
import { log } from '../../config/log.js';

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
 * Store `msgs` (in order) and add the decision job of each new one, in one transaction; with
 * `checkpoint`, the IMAP mailbox's position moves in the same transaction. Throws when the
 * transaction fails (nothing of it is kept: the source answers 451 / does not move on).
 */
export async function storeMessages(
  db: Db,
  judgeAddress: string,
  msgs: readonly IncomingMessage[],
  checkpoint?: { mailbox: string; uidvalidity: number | bigint; lastUid: number | bigint },
): Promise<Receipt[]> {
  const receipts = await db.transaction().execute(async (trx) => {
    const stored = await insertInboundMessages(
      trx,
      msgs.map((m) => {
        const messageId = rawMessageId(m.raw);
        return {
          raw: m.raw, receivedAt: m.receivedAt, source: m.source, mailbox: m.mailbox ?? null, uidvalidity: m.uidvalidity ?? null, uid: m.uid ?? null,
          messageId: messageId ?? null, role: m.role ?? 'game', ...(m.envelope ? { envelope: m.envelope } : {}),
        };
      }),
    );
    const fresh = stored.flatMap((s, i) => (s.created ? [i] : []));
    const queues = fresh.length > 0 ? await decideQueues(trx, judgeAddress, fresh.map((i) => msgs[i]!)) : [];
    await enqueueDecideJobs(trx, fresh.map((i) => stored[i]!.id), queues);
    if (checkpoint) await saveMailboxCheckpoint(trx, checkpoint);
    const queueOf = new Map(fresh.map((i, k) => [i, queues[k]!]));
    return stored.map((s, i): Receipt => ({ inboundId: s.id, created: s.created, ...(queueOf.has(i) ? { queue: queueOf.get(i)! } : {}) }));
  });
  for (const [i, r] of receipts.entries()) {
    const m = msgs[i]!;
    log().info({ event: 'message.received', inboundId: r.inboundId, source: m.source, mailbox: m.mailbox ?? null, role: m.role ?? 'game', receivedAt: m.receivedAt.toISOString(), bytes: m.raw.length, ...(r.created ? { queue: r.queue } : { duplicate: true }) }, r.created ? 'message stored' : 'message stored before');
  }
  return receipts;
}
