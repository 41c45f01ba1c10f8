/**
 * Order sets: every accepted set, as received, append-only (the table refuses UPDATE and DELETE).
 * Which set counts is derived when it is needed (D.III(3): the last one before the deadline, or
 * under the alternative rule the latest order per unit across sets), never written over.
 *
 * "Latest" means greatest `received_at`, then greatest id: IMAP receipt times have one-second
 * resolution, and within one second insertion order follows the mailbox's UID order.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Power } from '../diplomacy/index.js';
import { toJson } from './canonical-json.js';
import type { Database, Db, Json, OrderSetRow } from './schema.js';
import { precompiled } from './precompiled.js';

/**
 * The phase's current generation (0 until a rollback, D.VIII(1)): a set belongs to the generation it
 * was received in, and only the current generation's sets count.
 */
function currentGeneration(gameId: string, phase: string) {
  return (eb: ExpressionBuilder<Database, 'order_sets'>) =>
    eb.selectFrom('phases').select('generation').where('phases.game_id', '=', gameId).where('phases.name', '=', phase);
}

/** One order set. */
export interface OrderSet {
  readonly id: number;
  readonly gameId: string;
  readonly phase: string;
  readonly power: Power;
  /** Who sent it. */
  readonly personId: number;
  /** The raw message it came from (none for a set entered by the GM at the CLI). */
  readonly inboundMessageId: number | null;
  /** The trusted receipt time that counts against the deadline (D.VII(1)). */
  readonly receivedAt: Date;
  /** D.II(1): marked "Final". */
  readonly final: boolean;
  /** The parsed sheet (lines, issues, marks), as the sheet parser produced it. */
  readonly sheet: Json;
  /** Canonical order text, in sheet order. */
  readonly orders: readonly string[];
  readonly createdAt: Date;
  /** The phase generation it was received in (D.VIII(1) rollbacks). */
  readonly phaseGeneration: number;
}

/** A set to record. */
export interface NewOrderSet {
  readonly gameId: string;
  readonly phase: string;
  readonly power: Power;
  readonly personId: number;
  readonly inboundMessageId?: number | null;
  readonly receivedAt: Date;
  readonly final: boolean;
  readonly sheet: unknown;
  readonly orders: readonly string[];
}

/** Whether and how a power has ordered, without the orders: safe to show anyone. */
export interface OrderSetStatus {
  readonly power: Power;
  /** The latest set's Final mark. */
  readonly final: boolean;
  /** The latest set's receipt time. */
  readonly receivedAt: Date;
  /** How many sets the power has sent this phase. */
  readonly sets: number;
}

/** Map a row to an {@link OrderSet}. */
export function orderSetFromRow(row: OrderSetRow): OrderSet {
  return {
    id: row.id,
    gameId: row.game_id,
    phase: row.phase,
    power: row.power,
    personId: row.person_id,
    inboundMessageId: row.inbound_message_id,
    receivedAt: row.received_at,
    final: row.final,
    sheet: row.sheet,
    orders: row.orders,
    createdAt: row.created_at,
    phaseGeneration: row.phase_generation,
  };
}

/** Record a set in the phase's current generation (the phase row must exist). */
/** Issue 29: compiled once (precompiled.ts). */
export const INSERT_ORDER_SET = precompiled((db, s: { gameId: string; phase: string; power: Power; personId: number; inboundMessageId: number | null; receivedAt: Date; final: boolean; sheet: string; orders: string }) => db
  .insertInto('order_sets')
  .values((eb) => ({
    // No phase row: 0, and the foreign key refuses the set (23503).
    phase_generation: eb.fn.coalesce(eb.selectFrom('phases').select('generation').where('game_id', '=', s.gameId).where('name', '=', s.phase), eb.lit(0)),
    game_id: s.gameId,
    phase: s.phase,
    power: s.power,
    person_id: s.personId,
    inbound_message_id: s.inboundMessageId,
    received_at: s.receivedAt,
    final: s.final,
    sheet: s.sheet,
    orders: s.orders,
  }))
  .returningAll());

export async function insertOrderSet(db: Db, s: NewOrderSet): Promise<OrderSet> {
  const row = await INSERT_ORDER_SET.first(db, {
    gameId: s.gameId, phase: s.phase, power: s.power, personId: s.personId, inboundMessageId: s.inboundMessageId ?? null,
    receivedAt: s.receivedAt, final: s.final, sheet: JSON.stringify(toJson(s.sheet)), orders: JSON.stringify(s.orders),
  });
  if (!row) throw new Error('insertOrderSet: no row returned');
  return orderSetFromRow(row);
}

/** Options of the order-set queries. */
export interface OrderSetQuery {
  /** Only this power's sets. */
  readonly power?: Power;
  /** Only sets received at or before this instant (the deadline, or the start of adjudication, D.VII(3)). */
  readonly receivedBy?: Date;
}

/** Every set of a phase, oldest first (what D.III(3)'s merge rule walks). */
export async function findOrderSets(db: Db, gameId: string, phase: string, query: OrderSetQuery = {}): Promise<OrderSet[]> {
  let q = db.selectFrom('order_sets').selectAll().where('game_id', '=', gameId).where('phase', '=', phase).where('phase_generation', '=', currentGeneration(gameId, phase));
  if (query.power) q = q.where('power', '=', query.power);
  if (query.receivedBy) q = q.where('received_at', '<=', query.receivedBy);
  const rows = await q.orderBy('power').orderBy('received_at').orderBy('id').execute();
  return rows.map(orderSetFromRow);
}

/**
 * {@link findOrderSetStatus} of sets read whole already (issue 29: the adjudication reads the phase's
 * sets anyway): `sets` must be every set of the phase's current generation as {@link findOrderSets}
 * returns them (by power, then receipt time, then id), so each power's last is its latest. Pure.
 */
export function orderSetStatusOf(sets: readonly OrderSet[]): OrderSetStatus[] {
  const out = new Map<Power, OrderSetStatus>();
  for (const s of sets) {
    const before = out.get(s.power);
    out.set(s.power, { power: s.power, final: s.final, receivedAt: s.receivedAt, sets: (before?.sets ?? 0) + 1 });
  }
  return [...out.values()];
}

/** The latest set of each power that has one (D.III(3): the last set counts), ordered by power. */
export async function findLatestOrderSets(db: Db, gameId: string, phase: string, query: OrderSetQuery = {}): Promise<OrderSet[]> {
  let q = db
    .selectFrom('order_sets')
    .selectAll()
    .distinctOn('power')
    .where('game_id', '=', gameId)
    .where('phase', '=', phase)
    .where('phase_generation', '=', currentGeneration(gameId, phase));
  if (query.power) q = q.where('power', '=', query.power);
  if (query.receivedBy) q = q.where('received_at', '<=', query.receivedBy);
  const rows = await q.orderBy('power').orderBy('received_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(orderSetFromRow);
}

/**
 * Per power that has ordered: the latest set's Final mark and receipt time and the number of sets.
 * Never reads the orders themselves, so a status display cannot leak them.
 */
/** Issue 29: compiled once (precompiled.ts). */
export const ORDER_SET_STATUS = precompiled((db, p: { gameId: string; phase: string }) => db
  .selectFrom('order_sets')
  .select([
    'power',
    sql<boolean>`(array_agg(final ORDER BY received_at DESC, id DESC))[1]`.as('final'),
    sql<Date>`max(received_at)`.as('received_at'),
    sql<number>`count(*)`.as('sets'),
  ])
  .where('game_id', '=', p.gameId)
  .where('phase', '=', p.phase)
  .where('phase_generation', '=', currentGeneration(p.gameId, p.phase))
  .groupBy('power')
  .orderBy('power'));

export async function findOrderSetStatus(db: Db, gameId: string, phase: string): Promise<OrderSetStatus[]> {
  const rows = await ORDER_SET_STATUS.execute(db, { gameId, phase });
  return rows.map((r) => ({ power: r.power, final: r.final, receivedAt: r.received_at, sets: r.sets }));
}

/** The open turn as the calendar reads it after a set (after-order-set.ts). */
export interface TurnStatus {
  /** {@link findOrderSetStatus}'s rows. */
  readonly statuses: OrderSetStatus[];
  /** The powers in civil disorder now. */
  readonly civilDisorder: Power[];
  /** Whether the phase's results (of this generation) are withheld and not yet released (D.VII(6)(b)). */
  readonly withheld: boolean;
}

/**
 * Issue 29, stop 46: {@link findOrderSetStatus}, the powers in civil disorder and whether the phase
 * is withheld, in one statement (was two). The statuses come back as JSON: a receipt time is parsed
 * from PostgreSQL's ISO text to the same millisecond `pg` gives (both drop the microseconds).
 */
export async function findTurnStatus(db: Db, gameId: string, phase: string, generation: number): Promise<TurnStatus> {
  const r = await sql<{ statuses: { power: Power; final: boolean; received_at: string; sets: number }[]; cd: Power[]; withheld: boolean }>`
    SELECT (SELECT coalesce(json_agg(s ORDER BY s.power), '[]'::json) FROM (
              SELECT power, (array_agg(final ORDER BY received_at DESC, id DESC))[1] AS final, max(received_at) AS received_at, count(*) AS sets
                FROM order_sets
               WHERE game_id = ${gameId} AND phase = ${phase}
                 AND phase_generation = (SELECT generation FROM phases WHERE phases.game_id = ${gameId} AND phases.name = ${phase})
               GROUP BY power) s) AS statuses,
           (SELECT coalesce(json_agg(power), '[]'::json) FROM civil_disorder WHERE game_id = ${gameId} AND ended_at IS NULL) AS cd,
           EXISTS (SELECT 1 FROM withheld_phases WHERE game_id = ${gameId} AND phase = ${phase} AND generation = ${generation} AND released_at IS NULL) AS withheld`.execute(db);
  const row = r.rows[0]!;
  return {
    statuses: row.statuses.map((x) => ({ power: x.power, final: x.final, receivedAt: new Date(x.received_at), sets: Number(x.sets) })),
    civilDisorder: row.cd,
    withheld: row.withheld,
  };
}
