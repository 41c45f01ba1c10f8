/** B.7: the declared period of a temporary replacement (a `positions` row of kind `temporary`). */
import type { Power } from '../diplomacy/index.js';
import type { Db } from './schema.js';
import { precompiled } from './precompiled.js';

export interface ReplacementPeriodRow {
  readonly positionId: number;
  readonly power: Power;
  readonly personId: number;
  readonly fromPhase: string;
  readonly untilPhase: string;
  readonly startedAt: Date;
  readonly endedAt: Date | null;
}

export async function insertReplacementPeriod(db: Db, p: { positionId: number; fromPhase: string; untilPhase: string; declaredAt: Date; declaredBy: string }): Promise<void> {
  await db
    .insertInto('replacement_periods')
    .values({ position_id: p.positionId, from_phase: p.fromPhase, until_phase: p.untilPhase, declared_at: p.declaredAt, declared_by: p.declaredBy })
    .execute();
}

/** Every declared period of a game (open or closed), oldest first. */
/** Issue 29: compiled once (precompiled.ts). */
export const REPLACEMENT_PERIODS = precompiled((db, q: { gameId: string }) => db
  .selectFrom('replacement_periods as r')
  .innerJoin('positions as p', 'p.id', 'r.position_id')
  .select(['r.position_id', 'p.power', 'p.person_id', 'r.from_phase', 'r.until_phase', 'p.started_at', 'p.ended_at'])
  .where('p.game_id', '=', q.gameId)
  .orderBy('p.started_at'));

export async function findReplacementPeriods(db: Db, gameId: string): Promise<ReplacementPeriodRow[]> {
  const rows = await REPLACEMENT_PERIODS.execute(db, { gameId });
  return rows.map((r) => ({ positionId: r.position_id, power: r.power, personId: r.person_id, fromPhase: r.from_phase, untilPhase: r.until_phase, startedAt: r.started_at, endedAt: r.ended_at }));
}

/** The open temporary holdings of a game with their declared periods. */
export async function findOpenReplacementPeriods(db: Db, gameId: string): Promise<ReplacementPeriodRow[]> {
  return (await findReplacementPeriods(db, gameId)).filter((p) => p.endedAt === null);
}
