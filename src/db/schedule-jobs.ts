/**
 * The deadline scheduler: every open phase has exactly one `adjudicate-phase` job, keyed
 * `adjudicate:<game>:<phase>` and due at the phase's deadline. The adjudication task schedules the
 * next phase itself; this sweep covers games created from the CLI and any job lost with a database
 * restore. Idempotent (job keys), so every process may run it. A phase with a pending "process now"
 * (process-requests.ts) gets its job at the requested time rather than at the deadline, so the
 * request survives a judge killed between the command and the task (issue 16).
 */
import type { Db } from './schema.js';
import { adjudicateJobKey, enqueueJob, enqueueJobsPreservingRunAt } from './jobs.js';
import { pendingProcessRequests, recordProcessRequest } from './process-requests.js';

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
  const requested = new Map((await pendingProcessRequests(db)).map((r) => [`${r.gameId}\u0001${r.phase}`, r.runAt]));
  const jobs = open.map((p) => {
    const asked = requested.get(`${p.gameId}\u0001${p.phase}`);
    const runAt = asked && asked.getTime() < p.deadline.getTime() ? asked : p.deadline;
    return { task: 'adjudicate-phase' as const, payload: { gameId: p.gameId, phase: p.phase }, options: { jobKey: adjudicateJobKey(p.gameId, p.phase), runAt } };
  });
  // Issue 29: one statement for every open phase (was one per phase, every minute).
  await enqueueJobsPreservingRunAt(db, jobs);
  return open.length;
}

/** GM "process now" (njudge's `PROCESS S1901M`): move the phase's job to now. */
export async function processNow(db: Db, gameId: string, phase: string, at: Date, by: { requestedBy?: string; override?: string; now?: Date } = {}): Promise<void> {
  await recordProcessRequest(db, { gameId, phase, runAt: at, early: false, requestedAt: by.now ?? at, requestedBy: by.requestedBy ?? 'judge', override: by.override ?? null });
  await enqueueJob(db, 'adjudicate-phase', { gameId, phase }, { jobKey: adjudicateJobKey(gameId, phase), runAt: at, jobKeyMode: 'replace' });
}
