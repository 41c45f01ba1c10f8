/**
 * A GM's "process now" (`mailjudge process`, the emailed PROCESS) and the judge's own "adjudicate
 * this withheld phase now" (D.VII(6)(b)), recorded with the phase and its generation in the same
 * transaction as the acknowledgement (issue 16). The adjudication job alone does not keep the
 * intent: a judge SIGKILLed while it held the job leaves it locked, and re-adding the phase's job
 * (graphile-worker's add_job on a locked key) retires the locked one and puts a new one at the
 * deadline. The scheduler (schedule-jobs.ts) re-reads these requests, so an acknowledged request
 * survives any crash until the phase generation it names is adjudicated. Append-only.
 */
import { sql } from 'kysely';
import type { Db } from './schema.js';

export interface NewProcessRequest {
  readonly gameId: string;
  readonly phase: string;
  /** When the adjudication may run (now, or the end of an unavailable window). */
  readonly runAt: Date;
  /** The early adjudication of D.VII(2) (re-checked when it runs), rather than "adjudicate at runAt". */
  readonly early: boolean;
  readonly requestedAt: Date;
  /** Who asked: a GM command's actor, or `judge`. */
  readonly requestedBy: string;
  readonly override?: string | null;
}

/** Record a request for the phase's current generation, in the caller's transaction. */
export async function recordProcessRequest(db: Db, r: NewProcessRequest): Promise<void> {
  await sql`INSERT INTO phase_process_requests (game_id, phase, generation, run_at, early, requested_at, requested_by, override)
    SELECT game_id, name, generation, ${r.runAt}, ${r.early}, ${r.requestedAt}, ${r.requestedBy}, ${r.override ?? null}
      FROM phases WHERE game_id = ${r.gameId} AND name = ${r.phase}`.execute(db);
}

/** The pending "adjudicate at" requests: open, not-yet-adjudicated phase generations, the latest per phase. */
export async function pendingProcessRequests(db: Db): Promise<{ gameId: string; phase: string; runAt: Date }[]> {
  const rows = await sql<{ game_id: string; phase: string; run_at: Date }>`
    SELECT DISTINCT ON (r.game_id, r.phase) r.game_id, r.phase, r.run_at
      FROM phase_process_requests r
      JOIN games g ON g.id = r.game_id AND g.current_phase = r.phase AND g.status = 'active'
      JOIN phases p ON p.game_id = r.game_id AND p.name = r.phase AND p.generation = r.generation
     WHERE NOT r.early AND p.adjudicated_at IS NULL
     ORDER BY r.game_id, r.phase, r.id DESC`.execute(db);
  return rows.rows.map((r) => ({ gameId: r.game_id, phase: r.phase, runAt: r.run_at }));
}
