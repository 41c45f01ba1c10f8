/**
 * D.VII(6)(b): "The GM will not release results during either of these seasons [Spring 1901 and the
 * Fall 1901 movement phase] if there is an NMR." A withheld phase stays open; the missing powers'
 * (replacements') orders are taken after the deadline, and the phase is adjudicated once they are in.
 */
import type { Power } from '../diplomacy/index.js';
import type { Db } from './schema.js';

export interface WithheldPhase {
  readonly gameId: string;
  readonly phase: string;
  readonly generation: number;
  /** The powers that had no orders at the deadline. */
  readonly missing: readonly Power[];
  readonly withheldAt: Date;
  readonly releasedAt: Date | null;
}

/** Record the withholding; `false` when it was recorded already (a retried job). */
export async function insertWithheldPhase(db: Db, w: { gameId: string; phase: string; generation: number; missing: readonly Power[]; at: Date }): Promise<boolean> {
  const row = await db
    .insertInto('withheld_phases')
    .values({ game_id: w.gameId, phase: w.phase, generation: w.generation, missing: [...w.missing], withheld_at: w.at, released_at: null })
    .onConflict((oc) => oc.columns(['game_id', 'phase', 'generation']).doNothing())
    .returning('phase')
    .executeTakeFirst();
  return row !== undefined;
}

/** The withholding of a phase generation, if any. */
export async function findWithheldPhase(db: Db, gameId: string, phase: string, generation: number): Promise<WithheldPhase | undefined> {
  const r = await db.selectFrom('withheld_phases').selectAll().where('game_id', '=', gameId).where('phase', '=', phase).where('generation', '=', generation).executeTakeFirst();
  return r && { gameId: r.game_id, phase: r.phase, generation: r.generation, missing: r.missing, withheldAt: r.withheld_at, releasedAt: r.released_at };
}

/** Every withheld phase not yet released (the calendar tick re-checks them). */
export async function findUnreleasedWithheld(db: Db): Promise<WithheldPhase[]> {
  const rows = await db.selectFrom('withheld_phases').selectAll().where('released_at', 'is', null).execute();
  return rows.map((r) => ({ gameId: r.game_id, phase: r.phase, generation: r.generation, missing: r.missing, withheldAt: r.withheld_at, releasedAt: r.released_at }));
}

/** Mark the results released (the phase has been adjudicated). */
export async function releaseWithheldPhase(db: Db, gameId: string, phase: string, generation: number, at: Date): Promise<void> {
  await db.updateTable('withheld_phases').set({ released_at: at }).where('game_id', '=', gameId).where('phase', '=', phase).where('generation', '=', generation).where('released_at', 'is', null).execute();
}
