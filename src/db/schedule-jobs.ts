/**
 * The deadline scheduler: every open phase has exactly one `adjudicate-phase` job, keyed
 * `adjudicate:<game>:<phase>` and due at the phase's deadline. The adjudication task schedules the
 * next phase itself; this sweep covers games created from the CLI and any job lost with a database
 * restore. Idempotent (job keys), so every process may run it.
 */
import type { Db } from './schema.js';
import { adjudicateJobKey, enqueueJob } from './jobs.js';

/** Make sure each open phase of an active game has its adjudication job; returns how many were checked. */
export async function scheduleOpenPhases(db: Db): Promise<number> {
  const open = await db
    .selectFrom('games')
    .innerJoin('phases', (j) => j.onRef('phases.game_id', '=', 'games.id').onRef('phases.name', '=', 'games.current_phase'))
    .select(['games.id as gameId', 'phases.name as phase', 'phases.deadline as deadline'])
    .where('games.status', '=', 'active')
    .where('phases.adjudicated_at', 'is', null)
    // D.VII(6)(b): a withheld 1901 phase waits for its missing orders; the calendar tick releases it.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('withheld_phases as w')
            .select('w.phase')
            .whereRef('w.game_id', '=', 'phases.game_id')
            .whereRef('w.phase', '=', 'phases.name')
            .whereRef('w.generation', '=', 'phases.generation')
            .where('w.released_at', 'is', null),
        ),
      ),
    )
    .execute();
  for (const p of open) {
    await enqueueJob(db, 'adjudicate-phase', { gameId: p.gameId, phase: p.phase }, { jobKey: adjudicateJobKey(p.gameId, p.phase), runAt: p.deadline });
  }
  return open.length;
}

/** GM "process now" (njudge's `PROCESS S1901M`): move the phase's job to now. */
export async function processNow(db: Db, gameId: string, phase: string, at: Date): Promise<void> {
  await enqueueJob(db, 'adjudicate-phase', { gameId, phase }, { jobKey: adjudicateJobKey(gameId, phase), runAt: at, jobKeyMode: 'replace' });
}
