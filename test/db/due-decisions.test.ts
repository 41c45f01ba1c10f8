/**
 * Issue 29 / D.VII(1): an adjudication waits for the messages of its game that are stored and due to
 * be decided (their jobs in the game's queue), so a set received before the deadline counts however
 * busy the workers are. hasDueDecisions is what the adjudication task asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, hasDueDecisions, removeJob } from '../../src/db/jobs.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => {
  await t.close();
});

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
});
