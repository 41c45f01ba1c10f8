/**
 * Issue 29, "store first, decide per game", with the running judge (startJudge) and its SMTP
 * listener: receipt only stores (the MTA gets its 250 while the game's decision cannot run), each
 * game's messages are decided one at a time in the order they were stored (graphile-worker's named
 * queue `game:<id>`), and another game's message is decided meanwhile, in parallel.
 *
 * The test holds game 1's row lock (the lock every decision that accepts a set takes), so game 1's
 * decisions cannot finish until it lets go.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { until as poll } from '../helpers/poll.js';

const G1 = 'perg-g1';
const G2 = 'perg-g2';
let t: TestDatabase;
let stateDir: string;
let judge: RunningJudge | undefined;
let holder: pg.Client | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mj-per-game-'));
  for (const g of [G1, G2]) {
    await gameWithPlayers(t.db, g);
    // The listener's client is 127.0.0.1 with no DKIM: the From address is the identity here.
    await sql`UPDATE games SET identity = 'address' WHERE id = ${g}`.execute(t.db);
  }
});
afterAll(async () => {
  await holder?.end().catch(() => {});
  await judge?.stop();
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const until = <T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) => poll(what, probe, { ms });

const decisions = (game: string) =>
  t.db.selectFrom('inbound_decisions').select(['inbound_message_id', 'outcome', 'power']).where('game_id', '=', game).orderBy('inbound_message_id').execute();

describe('decision jobs, one queue per game', () => {
  it('stores at once; decides one player\'s two sets in their order while another game is decided in parallel', async () => {
    const port = await freePort();
    const r = loadConfig({ DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org', MAILJUDGE_SMTP_LISTEN: `127.0.0.1:${port}` });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    judge = await startJudge(r.config, { concurrency: 4, sweepEvery: 3_600_000, ingest: { logger: SILENT_LOGGER } });

    // Game 1 is busy: its row is locked, as by a long adjudication.
    holder = new pg.Client({ connectionString: t.url });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [G1]);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const send = (from: string, to: string, text: string, id: string) =>
      transport.sendMail({ from, to, subject: 'S1901M orders', text, messageId: `<${id}@example.org>` });
    try {
      // Back to back: France's first set, France's revision, then England's set for game 2.
      await send(`${G1}-france@example.org`, `${G1}@judge.example.org`, 'A PAR H\nA MAR H\nF BRE H\n', 'perg-first');
      await send(`${G1}-france@example.org`, `${G1}@judge.example.org`, 'A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n', 'perg-revision');
      await send(`${G2}-england@example.org`, `${G2}@judge.example.org`, 'F LON - NTH\nF EDI - NWG\nA LVP - YOR\n', 'perg-england');
    } finally {
      transport.close();
    }
    // Each 250 came after its message was stored, not decided: game 1 cannot be decided now.
    const stored = await t.db.selectFrom('inbound_messages').select(['id', 'message_id']).orderBy('id').execute();
    expect(stored.map((m) => m.message_id)).toEqual(['<perg-first@example.org>', '<perg-revision@example.org>', '<perg-england@example.org>']);
    const [first, revision, england] = stored.map((m) => m.id) as [number, number, number];

    // Game 2 is decided while game 1 waits: different queues run in parallel.
    await until('game 2\'s set to be decided', async () => ((await decisions(G2)).length === 1 ? true : undefined));
    expect(await decisions(G2)).toEqual([{ inbound_message_id: england, outcome: 'orders', power: 'ENGLAND' }]);
    expect(await decisions(G1)).toEqual([]);
    // Game 1's queue: the first set's job runs (blocked on the row), the revision's waits its turn.
    const jobs = await sql<{ inbound: number; running: boolean }>`
      SELECT (j.payload->>'inboundId')::int AS inbound, j.locked_at IS NOT NULL AS running
        FROM graphile_worker._private_jobs j JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
       WHERE q.queue_name = ${`game:${G1}`} ORDER BY j.id`.execute(t.db);
    expect(jobs.rows).toEqual([{ inbound: first, running: true }, { inbound: revision, running: false }]);

    await holder.query('COMMIT');
    await holder.end();
    holder = undefined;
    await until('game 1\'s two sets to be decided', async () => ((await decisions(G1)).length === 2 ? true : undefined));
    expect(await decisions(G1)).toEqual([
      { inbound_message_id: first, outcome: 'orders', power: 'FRANCE' },
      { inbound_message_id: revision, outcome: 'orders', power: 'FRANCE' },
    ]);
    // Decided in the order received: the first set's row was written first, the revision's after it,
    // and the revision is France's current set (D.VII(1): the last set received counts).
    const sets = await t.db.selectFrom('order_sets').select(['id', 'inbound_message_id', 'orders']).where('game_id', '=', G1).where('power', '=', 'FRANCE').orderBy('id').execute();
    expect(sets.map((s) => s.inbound_message_id)).toEqual([first, revision]);
    expect(sets[1]!.orders).toEqual(['A PAR - BUR', 'A MAR - SPA', 'F BRE - MAO']);
    // Nothing left in the queue; every message decided once. graphile-worker marks a job done in its
    // own statement after the task's transaction commits, so the last job may still be listed for a
    // moment after its decision is visible: wait for the queue to empty (CI saw 1 left, stop 40).
    const decideJobs = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key LIKE 'decide:%'`.execute(t.db)).rows[0]!.n);
    await until('the decide queue to empty', async () => ((await decideJobs()) === 0 ? true : undefined));
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM inbound_decisions`.execute(t.db)).rows[0]!.n)).toBe(3);
  }, 180_000);
});
