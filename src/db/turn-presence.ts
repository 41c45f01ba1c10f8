/**
 * Issue 29: what an adjudication needs to know about a game's turn beyond its phase and its sets, in
 * one statement (were five): the powers in civil disorder (B.8(f)), each reader's MAPS choice, and
 * whether there is anything to read at all of the rest — a withheld phase (D.VII(6)(b)), a rollback
 * request waiting for the TD (D.VIII(1)), press of the phase (D.X(1)). At a deadline of many boards
 * most games have none of these, so each is then read no further; the caller reads what is there with
 * the usual query (findWithheldPhase, findPendingRollbackRequest, findPhasePress).
 */
import { sql } from 'kysely';
import type { Power } from '../diplomacy/index.js';
import type { MapChoice } from './map-choices.js';
import type { Db } from './schema.js';

export interface TurnPresence {
  /** findCivilDisorder's answer. */
  readonly civilDisorder: ReadonlySet<Power>;
  /** findMapChoices's answer: the choice in force of each person who made one. */
  readonly mapChoices: ReadonlyMap<number, MapChoice>;
  /** A withheld_phases row of the phase's current generation exists (released or not). */
  readonly withheld: boolean;
  /** A rollback request of the game is pending. */
  readonly pendingRollback: boolean;
  /** Press of the phase was received. */
  readonly press: boolean;
}

/** The {@link TurnPresence} of `phase` (its current generation) in `gameId`. */
export async function findTurnPresence(db: Db, gameId: string, phase: string): Promise<TurnPresence> {
  const r = await sql<{ civil_disorder: string[]; map_choices: [number, MapChoice][]; withheld: boolean; pending_rollback: boolean; press: boolean }>`
    SELECT ARRAY(SELECT c.power::text FROM civil_disorder c WHERE c.game_id = ${gameId} AND c.ended_at IS NULL) AS civil_disorder,
           (SELECT coalesce(json_agg(json_build_array(m.person_id, m.maps) ORDER BY m.person_id, m.id), '[]'::json)
              FROM map_choices m WHERE m.game_id = ${gameId}) AS map_choices,
           EXISTS (SELECT 1 FROM withheld_phases w WHERE w.game_id = ${gameId} AND w.phase = ${phase}
                      AND w.generation = (SELECT p.generation FROM phases p WHERE p.game_id = ${gameId} AND p.name = ${phase})) AS withheld,
           EXISTS (SELECT 1 FROM rollback_requests q WHERE q.game_id = ${gameId} AND q.status = 'pending') AS pending_rollback,
           EXISTS (SELECT 1 FROM press_items i WHERE i.game_id = ${gameId} AND i.phase = ${phase}) AS press`.execute(db);
  const row = r.rows[0]!;
  return {
    civilDisorder: new Set(row.civil_disorder as Power[]),
    // In (person, id) order, so the last row of a person is the choice in force, as findMapChoices reads it.
    mapChoices: new Map(row.map_choices.map(([person, maps]) => [Number(person), maps])),
    withheld: row.withheld,
    pendingRollback: row.pending_rollback,
    press: row.press,
  };
}
