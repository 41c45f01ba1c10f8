/**
 * Recovery from killed processes. graphile-worker marks a job it runs as locked by the worker; if the
 * process dies without a shutdown (SIGKILL, power cut), the lock stays for four hours before another
 * worker may take the job. The judge cannot let an adjudication wait four hours, so each judge
 * process registers itself (judge_processes) and holds a session advisory lock on its token for as
 * long as it lives. A sweep — at start and every minute — tries each other process's lock: if it can
 * be taken, that process is dead, and the jobs its workers had locked are released at once. Jobs
 * locked by a worker no live process claims are released after a grace minute (a process killed
 * between taking a job and registering the worker). Every task is idempotent (the game lock and the
 * outbox keys), so releasing a job can cause a retry, never a second effect.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The advisory-lock class of judge-process liveness locks (the first key of the two-key form). */
const LIVENESS_LOCK_CLASS = 0x6d6a; // "mj"

export interface ProcessRegistry {
  readonly token: string;
  /** Record a graphile-worker pool or worker id (what `locked_by` names) as belonging to this process. */
  addWorker(workerId: string): void;
  /** Release the jobs of dead processes now; returns how many worker ids were unlocked. */
  sweep(): Promise<number>;
  /** Deregister (a clean shutdown) and release the liveness lock. */
  stop(): Promise<void>;
}

async function client(connectionString: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString, application_name: 'mailjudge-liveness' });
  c.on('error', () => {}); // 57P01 when the database stops: the process is going down anyway
  await c.connect();
  return c;
}

/** Register this process, take its liveness lock, and sweep once. */
export async function startProcessRegistry(connectionString: string, options: { sweepEvery?: number; onError?: (e: Error) => void } = {}): Promise<ProcessRegistry> {
  const token = randomBytes(16).toString('hex');
  const live = await client(connectionString);
  await live.query('SELECT pg_advisory_lock($1, hashtext($2))', [LIVENESS_LOCK_CLASS, token]);
  await live.query('INSERT INTO judge_processes (token, host, pid) VALUES ($1, $2, $3)', [token, hostname(), process.pid]);
  let pending = Promise.resolve();
  const addWorker = (workerId: string) => {
    pending = pending
      .then(() => live.query('UPDATE judge_processes SET worker_ids = array_append(worker_ids, $2) WHERE token = $1', [token, workerId]))
      .then(() => undefined, (e: Error) => options.onError?.(e));
  };

  const sweep = async (): Promise<number> => {
    await pending;
    const c = await client(connectionString);
    try {
      let unlocked = 0;
      const others = await c.query<{ token: string; worker_ids: string[] }>('SELECT token, worker_ids FROM judge_processes WHERE token <> $1', [token]);
      for (const p of others.rows) {
        const got = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LIVENESS_LOCK_CLASS, p.token]);
        if (!got.rows[0]!.ok) continue; // alive
        await c.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [p.worker_ids]);
        await c.query('DELETE FROM judge_processes WHERE token = $1', [p.token]);
        await c.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LIVENESS_LOCK_CLASS, p.token]);
        unlocked += p.worker_ids.length;
      }
      const orphans = await c.query<{ locked_by: string }>(
        `SELECT DISTINCT locked_by FROM graphile_worker._private_jobs
          WHERE locked_by IS NOT NULL AND locked_at < now() - interval '1 minute'
            AND NOT EXISTS (SELECT 1 FROM judge_processes p WHERE locked_by = ANY (p.worker_ids))`,
      );
      if (orphans.rows.length > 0) {
        await c.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [orphans.rows.map((r) => r.locked_by)]);
        unlocked += orphans.rows.length;
      }
      return unlocked;
    } finally {
      await c.end();
    }
  };

  await sweep();
  const timer = setInterval(() => void sweep().catch((e: Error) => options.onError?.(e)), options.sweepEvery ?? 60_000);
  timer.unref();
  return {
    token,
    addWorker,
    sweep,
    async stop() {
      clearInterval(timer);
      await pending;
      await live.query('DELETE FROM judge_processes WHERE token = $1', [token]).catch(() => {});
      await live.end().catch(() => {});
    },
  };
}
