/**
 * Phases of a game: the position before, the GMT deadline, and once adjudicated the position after
 * and every order's result. A phase is adjudicated once ({@link savePhaseResult} is idempotent) and
 * may be published later (D.VII(6)(b): withheld while a 1901 movement phase has an NMR).
 */
import { formatPhase, parsePhase, phaseIndex, type GameState } from '../diplomacy/index.js';
import { gameStateFromJson, gameStateToJson } from './state-json.js';
import { canonicalJson } from './canonical-json.js';
import type { Db, Json, PhaseRow } from './schema.js';
import { precompiled } from './precompiled.js';

/** A phase as stored. */
export interface PhaseRecord {
  readonly gameId: string;
  /** `S1901M`. */
  readonly name: string;
  readonly stateBefore: GameState;
  readonly stateAfter: GameState | null;
  /** The adjudication's results, as the adjudicating task chose to store them. */
  readonly results: Json | null;
  readonly deadline: Date;
  readonly adjudicatedAt: Date | null;
  readonly publishedAt: Date | null;
  readonly createdAt: Date;
  /** 0 at first; bumped each time a rollback (D.VIII(1)) reopens or re-creates the phase. */
  readonly generation: number;
  /** Set while the phase lies after a rolled-back one (no longer part of the game's history). */
  readonly supersededAt: Date | null;
  /** The deadline's revision: 0 at first, raised on every move and reopening (the calendar event's SEQUENCE). */
  readonly deadlineSequence: number;
  /** When the deadline was last moved (extension, the GM's change); null if never since the phase opened. */
  readonly deadlineMovedAt: Date | null;
}

/** Map a row to a {@link PhaseRecord} (throws a DbError if the stored state is corrupt). */
export function phaseFromRow(row: PhaseRow): PhaseRecord {
  return {
    gameId: row.game_id,
    name: row.name,
    stateBefore: gameStateFromJson(row.state_before),
    stateAfter: row.state_after === null ? null : gameStateFromJson(row.state_after),
    results: row.results,
    deadline: row.deadline,
    adjudicatedAt: row.adjudicated_at,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    generation: row.generation,
    supersededAt: row.superseded_at,
    deadlineSequence: row.deadline_sequence,
    deadlineMovedAt: row.deadline_moved_at,
  };
}

/**
 * Open a phase: its name is `state.phase`. A phase superseded by a rollback (D.VIII(1)) is re-opened
 * in place under the next generation; any other existing phase is an error (throws).
 */
export async function insertPhase(db: Db, p: { gameId: string; state: GameState; deadline: Date }): Promise<PhaseRecord> {
  const stateBefore = JSON.stringify(gameStateToJson(p.state));
  const row = await db
    .insertInto('phases')
    .values({ game_id: p.gameId, name: formatPhase(p.state.phase), state_before: stateBefore, deadline: p.deadline })
    .onConflict((oc) =>
      oc
        .columns(['game_id', 'name'])
        .doUpdateSet((eb) => ({
          state_before: stateBefore,
          deadline: p.deadline,
          state_after: null,
          results: null,
          adjudicated_at: null,
          published_at: null,
          superseded_at: null,
          generation: eb('phases.generation', '+', 1),
          deadline_sequence: eb('phases.deadline_sequence', '+', 1),
          deadline_moved_at: null,
        }))
        .where('phases.superseded_at', 'is not', null),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error(`phase ${formatPhase(p.state.phase)} of ${p.gameId} exists already`);
  return phaseFromRow(row);
}

/** The phase, or `undefined`. */
/** Issue 29: compiled once (precompiled.ts). */
export const PHASE = precompiled((db, p: { gameId: string; name: string }) => db.selectFrom('phases').selectAll().where('game_id', '=', p.gameId).where('name', '=', p.name));

export async function findPhase(db: Db, gameId: string, name: string): Promise<PhaseRecord | undefined> {
  const row = await PHASE.first(db, { gameId, name });
  return row && phaseFromRow(row);
}

/**
 * Issue 29: {@link findPhase} and the game's latest publication before its open phase (as
 * `findLastPublication` in calendar-facts.ts reads it: the latest `published_at` of the phases not
 * superseded), in one statement. `lastPublished` is `undefined` before the first publication.
 */
export async function findPhaseWithLastPublication(db: Db, gameId: string, name: string): Promise<{ phase: PhaseRecord; lastPublished: Date | undefined } | undefined> {
  const row = await db
    .selectFrom('phases')
    .selectAll()
    .select((eb) => eb.selectFrom('phases as h').select((h) => h.fn.max('h.published_at').as('at')).where('h.game_id', '=', gameId).where('h.superseded_at', 'is', null).as('last_published'))
    .where('game_id', '=', gameId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return undefined;
  const { last_published: last, ...phase } = row;
  return { phase: phaseFromRow(phase), lastPublished: last ?? undefined };
}

/** Every phase of a game's history, in game order (S1901M, F1901M, F1901R, W1901A, S1902M, …); phases superseded by a rollback are left out. */
export async function findPhases(db: Db, gameId: string): Promise<PhaseRecord[]> {
  const rows = await db.selectFrom('phases').selectAll().where('game_id', '=', gameId).where('superseded_at', 'is', null).execute();
  const order = (name: string) => {
    const p = parsePhase(name);
    return p ? phaseIndex(p) : Number.MAX_SAFE_INTEGER;
  };
  return rows.map(phaseFromRow).sort((a, b) => order(a.name) - order(b.name));
}

/**
 * Store the adjudication of a phase (with `publishedAt`, also its publication, as {@link markPhasePublished}
 * would record it). Idempotent: returns `false` and changes nothing when the phase
 * was adjudicated already (a retried job), `true` when this call stored it. `results` must be JSON
 * (an engine outcome passes through a JSON round trip).
 */
export async function savePhaseResult(
  db: Db,
  gameId: string,
  name: string,
  r: { stateAfter: GameState; results: unknown; adjudicatedAt: Date; publishedAt?: Date },
): Promise<boolean> {
  const res = await db
    .updateTable('phases')
    .set({
      state_after: JSON.stringify(gameStateToJson(r.stateAfter)),
      results: canonicalJson(r.results),
      adjudicated_at: r.adjudicatedAt,
      // Issue 29: published in the same statement when the caller publishes it in this transaction anyway.
      ...(r.publishedAt ? { published_at: r.publishedAt } : {}),
    })
    .where('game_id', '=', gameId)
    .where('name', '=', name)
    .where('adjudicated_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Mark an adjudicated phase published at `at`; returns `false` if it is not adjudicated or already published. */
export async function markPhasePublished(db: Db, gameId: string, name: string, at: Date): Promise<boolean> {
  const res = await db
    .updateTable('phases')
    .set({ published_at: at })
    .where('game_id', '=', gameId)
    .where('name', '=', name)
    .where('adjudicated_at', 'is not', null)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/**
 * Move the deadline of a phase not yet adjudicated (D.VII(5) extension), recording when it moved
 * (`movedAt`: the reminders of a deadline moved inside their lead time go at once, issue 28);
 * returns `false` otherwise.
 */
export async function updatePhaseDeadline(db: Db, gameId: string, name: string, deadline: Date, movedAt?: Date): Promise<boolean> {
  const res = await db
    .updateTable('phases')
    .set((eb) => ({ deadline, deadline_sequence: eb('deadline_sequence', '+', 1), ...(movedAt ? { deadline_moved_at: movedAt } : {}) }))
    .where('game_id', '=', gameId)
    .where('name', '=', name)
    .where('adjudicated_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}
