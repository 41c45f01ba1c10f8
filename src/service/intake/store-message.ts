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
import { sql } from 'kysely';
import { enqueueDecideJobs } from '../../db/jobs.js';
import { insertInboundMessages } from '../../db/inbound-messages.js';
import { saveMailboxCheckpoint } from '../../db/mailbox-checkpoints.js';
import { parseReplyAddress } from '../../db/reply-tokens.js';
import type { Db } from '../../db/schema.js';
import { gameFromAddresses, normalizeAddress, subjectTags, type GameCandidate } from '../../rules/submission/index.js';
import { headerFields } from '../../mail/inbound/header-fields.js';
import { rawMessageId, type IncomingMessage } from '../../mail/inbound/intake.js';
import { log } from '../../config/log.js';

/** What receipt did with one message. */
export interface Receipt {
  readonly inboundId: number;
  /** `false`: these bytes were stored before (a refetch, an MTA's retry); no second job. */
  readonly created: boolean;
  /** The decision job's queue (new messages only). */
  readonly queue?: string;
}

/** Addresses (lower-cased) written in a header value: `a@b`, `Name <a@b>`, groups and lists. Pure. */
export function addressesIn(value: string): string[] {
  return [...value.matchAll(/[^\s<>,;:"()[\]]+@[^\s<>,;:"()[\]]+/g)].map((m) => normalizeAddress(m[0]));
}

/** The recipients (To, Cc) and the subject of a raw message, read from its header only. Pure. */
export function recipientsOf(raw: Buffer): { addresses: string[]; subject: string } {
  const fields = headerFields(raw);
  const addresses = fields.filter((f) => f.name === 'to' || f.name === 'cc').flatMap((f) => addressesIn(f.value));
  return { addresses: [...new Set(addresses)], subject: fields.find((f) => f.name === 'subject')?.value ?? '' };
}

/** The queue of a message whose game is not known at receipt. Pure. */
function otherQueue(role: 'game' | 'confirm'): string {
  return role === 'confirm' ? 'intake:confirm' : 'intake:other';
}

/**
 * The decision queue of each message: one indexed query for the whole batch (the open games named by
 * any address or subject tag, with a Coalition game's PM and battle addresses), then the intake's own
 * addressing rule (gameFromAddresses, D.II(2)) per message; a player's reply address names its game.
 */
export async function decideQueues(db: Db, judgeAddress: string, msgs: readonly Pick<IncomingMessage, 'raw' | 'role'>[]): Promise<string[]> {
  const read = msgs.map((m) => recipientsOf(m.raw));
  const addresses = [...new Set(read.flatMap((r) => r.addresses))];
  const tags = [...new Set(read.flatMap((r) => subjectTags(r.subject)))];
  const candidates: GameCandidate[] = [];
  if (addresses.length > 0 || tags.length > 0) {
    const rows = await sql<{ id: string; address: string }>`/* receipt */
      SELECT g.id, g.address FROM games g
       WHERE g.status <> 'finished' AND (lower(g.address) = ANY(${addresses}::text[]) OR g.id = ANY(${tags}::text[]))
      UNION ALL
      SELECT c.game_id, a.address FROM coalition_games c CROSS JOIN LATERAL (VALUES (c.pm_address), (c.battle_address)) AS a(address)
       WHERE lower(c.pm_address) = ANY(${addresses}::text[]) OR lower(c.battle_address) = ANY(${addresses}::text[])`.execute(db);
    candidates.push(...rows.rows);
  }
  return msgs.map((m, i) => {
    const { addresses: named, subject } = read[i]!;
    const match = gameFromAddresses(named, subject, candidates);
    if (match.gameId !== undefined) return `game:${match.gameId}`;
    const reply = named.map((a) => parseReplyAddress(judgeAddress, a)).find((r) => r !== undefined);
    return reply ? `game:${reply.gameId}` : otherQueue(m.role ?? 'game');
  });
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
