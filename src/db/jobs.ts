/**
 * Enqueueing work for the job queue (graphile-worker's `add_job`/`remove_job` SQL functions), inside
 * the caller's transaction, so a job exists exactly when the state change that asks for it commits
 * (STYLE.md 6.3). The service and the intake call this; only src/worker runs the jobs.
 */
import { sql } from 'kysely';
import type { Db } from './schema.js';
import { realTimeOf } from '../config/clock.js';
import { addDecideJobs, DECIDE_JOB_MAX_ATTEMPTS } from './receipt-sql.js';
import { runStatement } from './run-statement.js';

export type TaskName = 'adjudicate-phase' | 'send-mail' | 'calendar-tick' | 'decide-message';

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
  /**
   * `preserve_run_at` (default) keeps a scheduled job's time; `replace` moves it (GM: adjudicate now);
   * `unsafe_dedupe` adds nothing when a job with the key exists at all (running, waiting or failed).
   */
  readonly jobKeyMode?: 'preserve_run_at' | 'replace' | 'unsafe_dedupe';
  /** graphile-worker's named queue: the jobs of one queue run one at a time, in order (run_at, then id). */
  readonly queueName?: string;
  /** Due jobs run lowest priority first (default 0), then by run_at. */
  readonly priority?: number;
}

/**
 * The priority of `send-mail` jobs (issue 29): a mail ready to go is sent before the due adjudications
 * of other games, so at a deadline of many boards each game's results go out as soon as its
 * adjudication commits, not after the last board's.
 */
export const SEND_MAIL_PRIORITY = -1;

/** graphile-worker's `add_job(…)` call for `task` (one expression: enqueueJob, enqueueJobRemoving). */
function addJobCall(task: TaskName, payload: object, options: JobOptions) {
  return sql`graphile_worker.add_job(
      ${task}::text,
      ${JSON.stringify(payload)}::json,
      queue_name := ${options.queueName ?? null}::text,
      run_at := ${options.runAt ? realTimeOf(options.runAt) : null}::timestamptz,
      max_attempts := ${options.maxAttempts ?? 25}::int,
      job_key := ${options.jobKey ?? null}::text,
      priority := ${options.priority ?? 0}::int,
      job_key_mode := ${options.jobKeyMode ?? 'preserve_run_at'}::text)`;
}

/** Add a job in the caller's transaction. */
export async function enqueueJob(trx: Db, task: TaskName, payload: object, options: JobOptions = {}): Promise<void> {
  await sql`SELECT ${addJobCall(task, payload, options)}`.execute(trx);
}

/**
 * {@link enqueueJob} of several keyed jobs in the default mode (`preserve_run_at`), in one statement:
 * graphile-worker's `add_jobs(specs, job_key_preserve_run_at := true)`, which its `add_job` calls with
 * one spec in that mode (graphile-worker 0.17, sql/000018), so each job is added as that call would add it.
 */
export async function enqueueJobsPreservingRunAt(trx: Db, jobs: readonly { task: TaskName; payload: object; options: JobOptions & { jobKey: string } }[]): Promise<void> {
  if (jobs.length === 0) return;
  for (const j of jobs) if (j.options.jobKeyMode !== undefined && j.options.jobKeyMode !== 'preserve_run_at') throw new Error(`enqueueJobsPreservingRunAt: ${j.options.jobKey} asks for ${j.options.jobKeyMode}`);
  await sql`SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(
      SELECT ROW(x.task, x.payload::json, x.queue, x.run_at, x.max_attempts::smallint, x.job_key, x.priority::smallint, NULL)::graphile_worker.job_spec
        FROM unnest(${jobs.map((j) => j.task)}::text[], ${jobs.map((j) => JSON.stringify(j.payload))}::text[], ${jobs.map((j) => j.options.queueName ?? null)}::text[],
                    ${jobs.map((j) => (j.options.runAt ? realTimeOf(j.options.runAt).toISOString() : null))}::timestamptz[], ${jobs.map((j) => j.options.maxAttempts ?? 25)}::int[],
                    ${jobs.map((j) => j.options.jobKey)}::text[], ${jobs.map((j) => j.options.priority ?? 0)}::int[])
          WITH ORDINALITY AS x(task, payload, queue, run_at, max_attempts, job_key, priority, ord)
       ORDER BY x.ord), true)`.execute(trx);
}

/**
 * {@link enqueueJob} and {@link removeJob} of another key in one statement (issue 29: the
 * adjudication opens the next phase's job and drops the early or deadline job of the phase it
 * adjudicated). The two keys must differ: each call is independent of the other.
 */
export async function enqueueJobRemoving(trx: Db, task: TaskName, payload: object, options: JobOptions, removeKey: string): Promise<void> {
  if (options.jobKey === removeKey) throw new Error(`enqueueJobRemoving: the job added and the job removed are one key (${removeKey})`);
  await sql`SELECT ${addJobCall(task, payload, options)} IS NULL AS added,
    graphile_worker.remove_job(${removeKey}::text) IS NULL AS removed`.execute(trx);
}

/** Remove a pending job by its key (no-op when there is none or it is running). */
export async function removeJob(trx: Db, jobKey: string): Promise<void> {
  await sql`SELECT graphile_worker.remove_job(${jobKey}::text)`.execute(trx);
}

/** Remove pending jobs by their keys, in one statement (issue 29: a batch's decided messages). */
export async function removeJobs(trx: Db, jobKeys: readonly string[]): Promise<void> {
  if (jobKeys.length === 0) return;
  await sql`SELECT count(graphile_worker.remove_job(k)) FROM unnest(${jobKeys as string[]}::text[]) AS k`.execute(trx);
}

/** The key of a stored message's decision job: one per inbound message. */
export function decideJobKey(inboundId: number): string {
  return `decide:${inboundId}`;
}


/**
 * Add the decision jobs of newly stored messages in the caller's transaction, one statement for the
 * lot (receipt-sql.ts addDecideJobs, also run by `mailjudge ingest`'s store path): each in its queue
 * (`queues[i]`), keyed {@link decideJobKey}, in the order given.
 */
export async function enqueueDecideJobs(trx: Db, inboundIds: readonly number[], queues: readonly string[]): Promise<void> {
  if (inboundIds.length === 0) return;
  await runStatement(trx, addDecideJobs(inboundIds, queues));
}

/**
 * Whether a message of the game waits in its queue to be decided, due now (issue 29): its decision
 * job's run_at has come and it has attempts left. The adjudication runs after such messages, so a set
 * stored before the deadline is read before the phase is adjudicated however busy the workers are.
 * With `storedBy`, only messages stored by then count (their jobs added by then, the database's
 * clock): an adjudication that already waited once waits for what was there when it first looked,
 * never for what arrived since, so a stream of revisions cannot hold a deadline back (a set stored
 * after the adjudication first ran is late for it, D.VII(1), and is decided after it).
 */
export async function hasDueDecisions(db: Db, gameId: string, storedBy?: Date): Promise<boolean> {
  const r = await sql<{ due: boolean }>`SELECT ${dueDecisions(gameId, storedBy)} AS due`.execute(db);
  return r.rows[0]?.due ?? false;
}

/**
 * The SQL of {@link hasDueDecisions}'s test, on graphile-worker's own tables (issue 29: through its
 * `jobs` view the planner read every job of the queue table for each game at a deadline): the game's
 * queue found by its unique name first, so a game that has no queue (no message ever decided in one)
 * reads no job at all.
 */
function dueDecisions(gameId: string, storedBy?: Date) {
  // The jobs are looked at in a subplan run once per queue row found (none or one, by the queue
  // name's unique index): with no queue, not at all, whatever plan the table sizes suggest.
  return sql<boolean>`coalesce((
      SELECT EXISTS (
        SELECT 1 FROM graphile_worker._private_jobs j
         WHERE j.job_queue_id = q.id
           AND j.task_id = (SELECT t.id FROM graphile_worker._private_tasks t WHERE t.identifier = 'decide-message')
           AND j.run_at <= now() AND j.attempts < j.max_attempts
           -- storedBy came back through a JS Date (milliseconds): a set stored in the millisecond of
           -- the first look, microseconds after it, was stored before it too (stop 46).
           AND date_trunc('milliseconds', j.created_at) <= coalesce(${storedBy ?? null}::timestamptz, now()))
        FROM graphile_worker._private_job_queues q WHERE q.queue_name = ${`game:${gameId}`}), false)`;
}

/**
 * What the worker needs before it adjudicates a game's turn (issue 29: one statement, was two): the
 * game's kind (which service adjudicates it), {@link hasDueDecisions} (of the messages stored by
 * `storedBy` when given), and the database's clock at the look-up (`at`: what an adjudication that
 * waits passes as `storedBy` the next time). `undefined` when the game is gone.
 */
export async function turnJobFacts(db: Db, gameId: string, storedBy?: Date): Promise<{ kind: string; dueDecisions: boolean; at: Date } | undefined> {
  const r = await sql<{ kind: string; due: boolean; at: Date }>`SELECT g.kind, ${dueDecisions(gameId, storedBy)} AS due, now() AS at FROM games g WHERE g.id = ${gameId}`.execute(db);
  const row = r.rows[0];
  return row && { kind: row.kind, dueDecisions: row.due, at: row.at };
}

/** Whether a job of `queueName` other than `jobKey` is waiting or running ahead of it (added before it). */
export async function hasEarlierJobInQueue(db: Db, queueName: string, jobKey: string): Promise<boolean> {
  const r = await sql<{ earlier: boolean }>`SELECT EXISTS (
      SELECT 1 FROM graphile_worker.jobs j, graphile_worker.jobs mine
       WHERE mine.key = ${jobKey} AND j.queue_name = ${queueName} AND j.id < mine.id AND j.attempts < j.max_attempts) AS earlier`.execute(db);
  return r.rows[0]?.earlier ?? false;
}
