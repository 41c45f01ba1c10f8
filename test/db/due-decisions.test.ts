/**
 * Issue 29 / D.VII(1): an adjudication waits for the messages of its game that are stored and due to
 * be decided (their jobs in the game's queue), so a set received before the deadline counts however
 * busy the workers are; and, once it has waited, only for the messages stored by the time it first
 * looked, so a stream of revisions cannot hold it back. hasDueDecisions is what the adjudication task
 * asks; adjudicateTurnTask is the task.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, hasDueDecisions, removeJob } from '../../src/db/jobs.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { adjudicateTurnTask, type AdjudicateTurnPayload } from '../../src/worker/tasks/adjudicate-turn.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { DEMO_CTX, demoGameWithOrders } from '../helpers/demo-game.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => {
  await t.close();
});

const dbNow = async () => (await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(t.db)).rows[0]!.now;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('hasDueDecisions', () => {
  it('is true only for a decision job of that game whose time has come', async () => {
    expect(await hasDueDecisions(t.db, 'g1')).toBe(false);
    // A decision of another game, and another task in g1's queue, do not hold g1's adjudication.
    await enqueueJob(t.db, 'decide-message', { inboundId: 1 }, { queueName: 'game:g2', jobKey: 'decide:1' });
    await enqueueJob(t.db, 'send-mail', { outboxId: 1 }, { queueName: 'game:g1', jobKey: 'send:1' });
    expect(await hasDueDecisions(t.db, 'g1')).toBe(false);
    // One not due yet (a retry's backoff) does not either: the adjudication is never held forever.
    await enqueueJob(t.db, 'decide-message', { inboundId: 2 }, { queueName: 'game:g1', jobKey: 'decide:2', runAt: new Date(Date.now() + 3_600_000) });
    expect(await hasDueDecisions(t.db, 'g1')).toBe(false);
    // A message of g1 stored and waiting: the adjudication of g1 comes after it.
    await enqueueJob(t.db, 'decide-message', { inboundId: 3 }, { queueName: 'game:g1', jobKey: 'decide:3' });
    expect(await hasDueDecisions(t.db, 'g1')).toBe(true);
    expect(await hasDueDecisions(t.db, 'g2')).toBe(true);
    await removeJob(t.db, 'decide:3');
    expect(await hasDueDecisions(t.db, 'g1')).toBe(false);
  });

  it('with storedBy, counts only the messages stored by then', async () => {
    await enqueueJob(t.db, 'decide-message', { inboundId: 4 }, { queueName: 'game:g3', jobKey: 'decide:4' });
    const between = await dbNow();
    await pause(20);
    await enqueueJob(t.db, 'decide-message', { inboundId: 5 }, { queueName: 'game:g3', jobKey: 'decide:5' });
    const before4 = new Date(between.getTime() - 60_000);
    expect(await hasDueDecisions(t.db, 'g3', between)).toBe(true); // message 4 was stored by then
    expect(await hasDueDecisions(t.db, 'g3', before4)).toBe(false); // neither was stored a minute before
    await removeJob(t.db, 'decide:4');
    expect(await hasDueDecisions(t.db, 'g3', between)).toBe(false); // 5 came after: it does not hold
    expect(await hasDueDecisions(t.db, 'g3')).toBe(true); // a first look waits for it
  });
});

describe('adjudicateTurnTask: the adjudication after the messages stored before it', () => {
  type JobRow = { payload: AdjudicateTurnPayload; key: string | null; run_at: Date };
  const adjudicateJob = async () =>
    (await sql<JobRow>`SELECT payload, key, run_at FROM graphile_worker._private_jobs WHERE key = 'adjudicate:turn:S1901M'`.execute(t.db)).rows;
  const adjudicatedAt = async () => (await t.db.selectFrom('phases').select('adjudicated_at').where('game_id', '=', 'turn').where('name', '=', 'S1901M').executeTakeFirstOrThrow()).adjudicated_at;

  it('waits for a set stored before it first looked, not for a revision stored every two seconds since', async () => {
    await demoGameWithOrders(t.db, 'turn');
    const ctx = { ...DEMO_CTX, now: () => new Date('2026-03-06T12:00:01Z') }; // a second after the deadline
    // A set of the game is stored and waits to be decided when the deadline's job first runs.
    await enqueueJob(t.db, 'decide-message', { inboundId: 101 }, { queueName: 'game:turn', jobKey: 'decide:101' });
    const first = await adjudicateTurnTask(t.db, ctx, { gameId: 'turn', phase: 'S1901M' }, 'adjudicate:turn:S1901M');
    expect(first).toBe('waiting');
    const [again] = await adjudicateJob();
    expect(again!.payload).toMatchObject({ gameId: 'turn', phase: 'S1901M' });
    const since = new Date(again!.payload.waitedSince!);
    expect(Math.abs(since.getTime() - Date.now())).toBeLessThan(5_000);
    // It comes back in two seconds.
    expect(again!.run_at.getTime() - since.getTime()).toBeGreaterThan(1_000);
    expect(await adjudicatedAt()).toBeNull();

    // Back while that set still waits: it waits again, from the same instant.
    await pause(20);
    expect(await adjudicateTurnTask(t.db, ctx, again!.payload, 'adjudicate:turn:S1901M')).toBe('waiting');
    expect((await adjudicateJob())[0]!.payload.waitedSince).toBe(again!.payload.waitedSince);

    // The set is decided (its job done); a revision is stored meanwhile, after the wait began.
    await removeJob(t.db, 'decide:101');
    await enqueueJob(t.db, 'decide-message', { inboundId: 102 }, { queueName: 'game:turn', jobKey: 'decide:102' });
    expect(await adjudicateTurnTask(t.db, ctx, again!.payload, 'adjudicate:turn:S1901M')).toBe('ran');
    expect(await adjudicatedAt()).not.toBeNull();
    // The revision is still there, to be decided after: late for S1901M (D.VII(1)).
    expect(await hasDueDecisions(t.db, 'turn')).toBe(true);
    // What the adjudication recorded for `reproduce` is the turn, not the wait.
    const replay = await sql<{ args: { payload: Record<string, unknown> } }>`SELECT args FROM replay_log WHERE game_id = 'turn' AND name = 'adjudicate-phase'`.execute(t.db);
    for (const r of replay.rows) expect(r.args.payload).not.toHaveProperty('waitedSince');
  });

  it('a game that is gone: nothing to do', async () => {
    expect(await adjudicateTurnTask(t.db, DEMO_CTX, { gameId: 'no-such-game', phase: 'S1901M' }, undefined)).toBe('no-game');
  });
});
