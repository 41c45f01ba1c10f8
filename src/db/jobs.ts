/**
 * Enqueueing work for the job queue (graphile-worker's `add_job`/`remove_job` SQL functions), inside
 * the caller's transaction, so a job exists exactly when the state change that asks for it commits
 * (STYLE.md 6.3). The service and the intake call this; only src/worker runs the jobs.
 */
import { sql } from 'kysely';
import type { Db } from './schema.js';
import { realTimeOf } from '../config/clock.js';

export type TaskName = 'adjudicate-phase' | 'send-mail' | 'calendar-tick';

/** The key of a phase's adjudication at its deadline: one job per phase. */
export function adjudicateJobKey(gameId: string, phase: string): string {
  return `adjudicate:${gameId}:${phase}`;
}

/**
 * The key of a phase's early adjudication (D.VII(2): every surviving power Final, 24 hours after the
 * last publication). A separate job from the deadline's, so that cancelling it (a revised set that is
 * not Final) never touches the deadline's job; the task re-checks the conditions when it runs.
 */
export function earlyAdjudicateJobKey(gameId: string, phase: string): string {
  return `adjudicate-early:${gameId}:${phase}`;
}

export interface JobOptions {
  /** Jobs with the same key are one job: adding again replaces a job that has not started. */
  readonly jobKey?: string;
  /** On the judge's clock; graphile-worker waits for the matching REAL instant (src/config/clock.ts). */
  readonly runAt?: Date;
  readonly maxAttempts?: number;
  /** `preserve_run_at` (default) keeps a scheduled job's time; `replace` moves it (GM: adjudicate now). */
  readonly jobKeyMode?: 'preserve_run_at' | 'replace';
}

/** Add a job in the caller's transaction. */
export async function enqueueJob(trx: Db, task: TaskName, payload: object, options: JobOptions = {}): Promise<void> {
  await sql`SELECT graphile_worker.add_job(
      ${task}::text,
      ${JSON.stringify(payload)}::json,
      run_at := ${options.runAt ? realTimeOf(options.runAt) : null}::timestamptz,
      max_attempts := ${options.maxAttempts ?? 25}::int,
      job_key := ${options.jobKey ?? null}::text,
      job_key_mode := ${options.jobKeyMode ?? 'preserve_run_at'}::text)`.execute(trx);
}

/** Remove a pending job by its key (no-op when there is none or it is running). */
export async function removeJob(trx: Db, jobKey: string): Promise<void> {
  await sql`SELECT graphile_worker.remove_job(${jobKey}::text)`.execute(trx);
}
