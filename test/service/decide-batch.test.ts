/**
 * Issue 29: one `decide-message` job decides its own message and then the messages waiting behind it
 * in its game's queue (decideQueuedBatch), in the order they were stored, each in its own transaction.
 * Two sets from one player keep their order (D.VII(1): the later one received is the one that
 * counts); a message from `mailjudge ingest` (the pipe decides its own, to print the outcome) stops
 * the batch, and so does another game's queue; the decided messages' jobs are withdrawn, the others
 * keep theirs. Real PostgreSQL with graphile-worker's schema; the messages DKIM-signed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideQueuedBatch } from '../../src/service/intake/receive-message.js';
import { storeMessages } from '../../src/service/intake/store-message.js';
import type { IncomingMessage } from '../../src/mail/inbound/intake.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { TestDomains } from '../helpers/dkim.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const JUDGE = 'judge@judge.example.org';
const G = 'batch';
const G2 = 'batch2';
const domains = new TestDomains(['example.org']);
const ctx = { fromAddress: JUDGE, auth: { resolver: domains.resolver } };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await gameWithPlayers(t.db, G);
  await gameWithPlayers(t.db, G2);
});
afterAll(() => t.close());

const player = (game: string, power: string) => `${game}-${power}@example.org`;

async function message(game: string, power: string, text: string, n: number, source: IncomingMessage['source'] = 'smtp'): Promise<IncomingMessage> {
  const from = player(game, power);
  const raw = await domains.build({ from, to: `${game}@judge.example.org`, subject: 'S1901M orders', text, messageId: `<${game}-${power}-${n}@example.org>` });
  return { raw, receivedAt: new Date(Date.UTC(2030, 0, 1, 12, 0, n)), source, mailbox: `${source}:game`, ...(source === 'smtp' ? { envelope: { ip: '127.0.0.1', helo: 'client.example.org', mailFrom: from } } : {}) };
}

const jobOf = async (inboundId: number) =>
  (await sql<{ id: string }>`SELECT id::text AS id FROM graphile_worker.jobs WHERE key = ${`decide:${inboundId}`}`.execute(t.db)).rows[0]?.id;
const decided = async (ids: number[]) =>
  (await t.db.selectFrom('inbound_decisions').select('inbound_message_id').where('inbound_message_id', 'in', ids).execute()).map((r) => r.inbound_message_id).sort((a, b) => a - b);

describe('a decision job takes the messages waiting behind it in its queue (issue 29)', () => {
  it('decides them in the order stored, stops at a pipe message, leaves other games alone', async () => {
    // Stored as the intake stores them: each with its job in its game's queue, in this order.
    const stored = await storeMessages(t.db, JUDGE, [
      await message(G, 'france', 'A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n', 1),
      await message(G2, 'france', 'A PAR H\n', 2),
      await message(G, 'germany', 'A BER - KIE\nA MUN - RUH\nF KIE - DEN\n', 3),
      await message(G, 'france', 'A PAR H\nA MAR H\nF BRE H\nFinal\n', 4),
    ]);
    const [pipe] = await storeMessages(t.db, JUDGE, [await message(G, 'italy', 'A ROM H\n', 5, 'pipe')]);
    const [after] = await storeMessages(t.db, JUDGE, [await message(G, 'england', 'F LON - NTH\n', 6)]);
    const [first, other, germany, revision] = stored.map((r) => r.inboundId) as [number, number, number, number];
    expect(stored.map((r) => r.queue)).toEqual([`game:${G}`, `game:${G2}`, `game:${G}`, `game:${G}`]);

    // The first message's job runs (graphile-worker has locked it and its queue).
    const job = (await jobOf(first))!;
    await sql`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test' WHERE id = ${job}::bigint`.execute(t.db);
    const r = await decideQueuedBatch(t.db, ctx, { inboundId: first, jobId: job });
    expect(r.own.kind).toBe('orders');
    // Behind it in game:batch: Germany's set and France's revision; then the pipe's message stops it.
    expect(r.more).toBe(2);
    expect(await decided([first, other, germany, revision, pipe!.inboundId, after!.inboundId])).toEqual([first, germany, revision].sort((a, b) => a - b));
    // Their jobs are withdrawn; the pipe's, England's (behind it) and the other game's are not.
    expect(await jobOf(germany)).toBeUndefined();
    expect(await jobOf(revision)).toBeUndefined();
    expect(await jobOf(pipe!.inboundId)).toBeDefined();
    expect(await jobOf(after!.inboundId)).toBeDefined();
    expect(await jobOf(other)).toBeDefined();

    // France's two sets, decided in the order received: the revision (Final, all holds) is the later
    // set, so it is the one that counts (D.VII(1)).
    const france = await t.db.selectFrom('order_sets').select(['id', 'inbound_message_id', 'final', 'orders']).where('game_id', '=', G).where('power', '=', 'FRANCE').orderBy('id').execute();
    expect(france.map((s) => s.inbound_message_id)).toEqual([first, revision]);
    expect(france.map((s) => s.final)).toEqual([false, true]);
    expect(france[1]!.orders).toEqual(['A PAR H', 'A MAR H', 'F BRE H']);

    // The pipe's own job, run by a worker: its message, then England's behind it.
    await sql`DELETE FROM graphile_worker._private_jobs WHERE id = ${job}::bigint`.execute(t.db);
    const pipeJob = (await jobOf(pipe!.inboundId))!;
    const r2 = await decideQueuedBatch(t.db, ctx, { inboundId: pipe!.inboundId, jobId: pipeJob });
    expect(r2.own.kind).toBe('orders');
    expect(r2.more).toBe(1);
    expect(await decided([pipe!.inboundId, after!.inboundId])).toEqual([pipe!.inboundId, after!.inboundId].sort((a, b) => a - b));
    expect(await decided([other])).toEqual([]);
  }, 60_000);
});
