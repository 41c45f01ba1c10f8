/**
 * Issue 29: a judge process with the scheduler role and not the worker's (`mailjudge start --role
 * ingest,scheduler`, the receiving process of a split deployment) runs only the calendar tick, so it
 * must not ask the job queue for jobs on each of the receipts' "jobs:insert" notifications (one job
 * query per stored group: CPU of the receiving process and of the database). After a fetch that found
 * nothing it waits a second (run-judge.ts, graphile-worker's refetch delay); a calendar-tick job still
 * runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { enqueueJob } from '../../src/db/jobs.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { until } from '../helpers/poll.js';

let t: TestDatabase;
let stateDir: string;
let judge: RunningJudge | undefined;
/** graphile-worker's job fetches sent by any pg client of this process (the judge's queue pool). */
let fetches = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;

beforeAll(async () => {
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mj-scheduler-fetches-'));
  (pg.Client.prototype as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    if (/^\s*with j as \(/i.test(text) && text.includes('graphile_worker')) fetches++;
    return query.apply(this, args);
  };
});
afterAll(async () => {
  (pg.Client.prototype as { query: (...args: unknown[]) => unknown }).query = query;
  await judge?.stop();
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a scheduler process without the worker role', () => {
  it('fetches jobs at most about once a second while decision jobs are added, and still runs a calendar tick', async () => {
    const r = loadConfig({ DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org' });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    judge = await startJudge(r.config, { roles: ['scheduler'], sweepEvery: 3_600_000 });
    await sleep(1_500); // its first fetch (found nothing) and the delay after it
    const before = fetches;
    // Twenty receipts, each adding a decision job (each notifies "jobs:insert"), over about 400 ms.
    for (let i = 0; i < 20; i++) {
      await enqueueJob(t.db, 'decide-message', { inboundId: 1_000_000 + i }, { queueName: `game:sf-${i}`, jobKey: `decide:sf-${i}` });
      await sleep(20);
    }
    const during = fetches - before;
    expect(during).toBeLessThanOrEqual(2); // without the delay: about one per notification
    // The scheduler's own task still runs (within the delay and its poll).
    await enqueueJob(t.db, 'calendar-tick', {}, { jobKey: 'sf-tick' });
    await until('the calendar tick ran', async () => {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = 'sf-tick'`.execute(t.db);
      return rows[0]!.n === 0 ? true : undefined;
    }, { ms: 10_000 });
  });
});
