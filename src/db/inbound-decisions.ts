/**
 * What the judge decided about each stored inbound message and on what evidence: the record the
 * TD's audit reads (D.VII(7)), the per-sender reply count the loop guard reads, and the alarms the
 * GM's digest shows (D.X(6)). One row per message; append-only.
 */
import { sql } from 'kysely';
import type { Power } from '../diplomacy/index.js';
import { toJson } from './canonical-json.js';
import type { Db, InboundRole, Json, ReplyBudget } from './schema.js';

export type DecisionOutcome = 'orders' | 'message' | 'confirmed' | 'refused' | 'late' | 'ignored' | 'quarantined' | 'command' | 'bounce';

export interface NewDecision {
  readonly inboundMessageId: number;
  readonly role: InboundRole;
  readonly decidedAt: Date;
  readonly fromAddress?: string | null;
  readonly gameId?: string | null;
  readonly phase?: string | null;
  readonly power?: Power | null;
  readonly personId?: number | null;
  readonly outcome: DecisionOutcome;
  readonly reason?: string | null;
  /** The evidence that decided identity (method, Authentication-Results header, verdicts). */
  readonly identity?: Record<string, unknown>;
  readonly replied: boolean;
  /** What was removed or replaced to make the message's text storable (NULs, lone surrogates), if anything. */
  readonly textCleaned?: string | null;
  /** 0018: the budget the reply came out of (default `own`: the person's own mail). */
  readonly replyBudget?: ReplyBudget;
}

export interface Decision extends Required<Omit<NewDecision, 'identity' | 'textCleaned' | 'replyBudget'>> {
  readonly identity: Json;
}

export async function insertDecision(db: Db, d: NewDecision): Promise<void> {
  await decisionInsert(db, d).execute();
}

/** The INSERT of {@link insertDecision}, unexecuted (issue 29: decide.ts sends it with the audit's lock, one statement). */
export function decisionInsert(db: Db, d: NewDecision) {
  return db
    .insertInto('inbound_decisions')
    .values({
      inbound_message_id: d.inboundMessageId,
      role: d.role,
      decided_at: d.decidedAt,
      from_address: d.fromAddress?.toLowerCase() ?? null,
      game_id: d.gameId ?? null,
      phase: d.phase ?? null,
      power: d.power ?? null,
      person_id: d.personId ?? null,
      outcome: d.outcome,
      reason: d.reason ?? null,
      identity: JSON.stringify(toJson(d.identity ?? {})),
      replied: d.replied,
      text_cleaned: d.textCleaned ?? null,
      reply_budget: d.replyBudget ?? 'own',
    });
}

/** When the judge answered `address` since `since` (the per-sender rate limit). */
export async function repliesTo(db: Db, address: string, since: Date, budget: ReplyBudget = 'own'): Promise<Date[]> {
  const rows = await db
    .selectFrom('inbound_decisions')
    .select('decided_at')
    .where(sql<string>`lower(from_address)`, '=', address.toLowerCase())
    .where('replied', '=', true)
    .where('reply_budget', '=', budget)
    .where('decided_at', '>', since)
    .execute();
  return rows.map((r) => r.decided_at);
}

/** Whether an unregistered `address` has had its one generic reply already. */
export async function unknownSenderAnswered(db: Db, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('inbound_decisions')
    .select('inbound_message_id')
    .where(sql<string>`lower(from_address)`, '=', address.toLowerCase())
    .where('reason', '=', 'unregistered')
    .where('replied', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** The decision on one message, if made. */
export async function findDecision(db: Db, inboundMessageId: number): Promise<Decision | undefined> {
  const r = await db.selectFrom('inbound_decisions').selectAll().where('inbound_message_id', '=', inboundMessageId).executeTakeFirst();
  return r && {
    inboundMessageId: r.inbound_message_id, role: r.role, decidedAt: r.decided_at, fromAddress: r.from_address, gameId: r.game_id, phase: r.phase,
    power: r.power, personId: r.person_id, outcome: r.outcome as DecisionOutcome, reason: r.reason, identity: r.identity, replied: r.replied,
  };
}

/** Of `ids`, the stored messages with no decision yet. */
export async function undecidedAmong(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const decided = await db.selectFrom('inbound_decisions').select('inbound_message_id').where('inbound_message_id', 'in', ids as number[]).execute();
  const done = new Set(decided.map((d) => d.inbound_message_id));
  return ids.filter((id) => !done.has(id));
}
