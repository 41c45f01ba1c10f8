/**
 * The scheduler's sweep (issue 29, the `scheduler` role of `mailjudge start`): every open phase has
 * its adjudication job, and every stored message without a decision has its decision job. Run at
 * start and every minute by each scheduler process. Two schedulers at once never double anything:
 * the jobs are keyed (`adjudicate:<game>:<phase>`, `decide:<inbound id>`), and the sweep runs under
 * a session advisory lock that a second scheduler only tries (`pg_try_advisory_lock`): while one
 * sweeps, the other skips its turn instead of repeating the same work.
 */
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { scheduleOpenPhases } from '../db/schedule-jobs.js';
import { enqueueUndecided, type ReceiveContext } from '../service/intake/receive-message.js';

/** The scheduler sweep's advisory lock key ('mjsc' in ASCII). */
export const SCHEDULER_LOCK_KEY = 0x6d6a7363;

/** What one sweep did: skipped (another scheduler held the lock), or how many phases and messages it checked. */
export type SweepReport = { readonly swept: false } | { readonly swept: true; readonly phases: number; readonly messages: number };

/**
 * One sweep, unless another process's sweep holds the lock. `graceMs`: how long a stored message
 * may wait for its decision before it counts as undecided (default a minute; 0 at start).
 */
export async function schedulerSweep(db: Db, ctx: Pick<ReceiveContext, 'fromAddress' | 'now'>, options: { graceMs?: number } = {}): Promise<SweepReport> {
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${SCHEDULER_LOCK_KEY}::bigint) AS ok`.execute(conn);
    if (!got.rows[0]?.ok) return { swept: false };
    try {
      const phases = await scheduleOpenPhases(conn);
      const messages = await enqueueUndecided(conn, ctx, options.graceMs === undefined ? {} : { graceMs: options.graceMs });
      return { swept: true, phases, messages };
    } finally {
      await sql`SELECT pg_advisory_unlock(${SCHEDULER_LOCK_KEY}::bigint)`.execute(conn);
    }
  });
}
