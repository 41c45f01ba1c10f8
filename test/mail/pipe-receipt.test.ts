/**
 * Issue 29, `mailjudge ingest`'s store path (src/service/intake/pipe-receipt.ts, docs/startup.md): the
 * raw message stored with its decision job on a bare pg client before Kysely, zod or the MIME parser
 * loads. The same row and the same job as every other source stores (storeMessages), once however often
 * the MTA delivers it; a database that is not this build's schema is left to the full path (which
 * migrates); the job is decided by the real worker.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { migrationsExpected } from '../../src/db/migration-files.js';
import { QUEUE_SCHEMA_REVISION } from '../../src/db/receipt-sql.js';
import { storeFromPipe } from '../../src/service/intake/pipe-receipt.js';
import { storeMessages } from '../../src/service/intake/store-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { CLI } from '../helpers/cli.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { until } from '../helpers/poll.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const GAME = 'piperc-g1';
const JUDGE = 'judge@judge.example.org';
const SETTINGS = { fromAddress: JUDGE, statementTimeoutSeconds: 30 };
let t: TestDatabase;
let empty: TestDatabase | undefined;
let judge: RunningJudge | undefined;
const clients: pg.Client[] = [];
const stateDir = mkdtempSync(join(tmpdir(), 'mj-pipe-receipt-'));

beforeAll(async () => {
  t = await createTestDatabase();
  await gameWithPlayers(t.db, GAME);
  // The pipe has no DKIM here: the From address is the identity.
  await sql`UPDATE games SET identity = 'address' WHERE id = ${GAME}`.execute(t.db);
  await migrateQueue(t.url);
});
afterAll(async () => {
  await judge?.stop();
  for (const c of clients) await c.end().catch(() => {});
  await t.close();
  await empty?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

async function client(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  clients.push(c);
  return c;
}

const orders = (id: string, lines = ['F BRE - MAO', 'A PAR - BUR']) =>
  Buffer.from(
    [`Message-ID: <${id}@example.org>`, `From: France <${GAME}-france@example.org>`, `To: ${GAME}@judge.example.org`, 'Subject: S1901M orders', '', ...lines, ''].join('\r\n'),
  );

let reader: pg.Client | undefined;
const count = async (q: string, values: unknown[] = []) => Number((await (reader ??= await client(t.url)).query<{ n: string }>(q, values)).rows[0]!.n);

/** The decision job of an inbound message, as graphile-worker holds it. */
async function jobOf(inboundId: number) {
  const r = await sql<{ task_identifier: string; queue_name: string | null; key: string; max_attempts: number; payload: unknown }>`
    SELECT t.identifier AS task_identifier, q.queue_name, j.key, j.max_attempts, j.payload
      FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
     WHERE j.key = ${`decide:${inboundId}`}`.execute(t.db);
  return r.rows;
}

describe('storeFromPipe', () => {
  it('graphile-worker\'s revision this build writes add_jobs for is the one migrateQueue installs', async () => {
    expect(await count('SELECT max(id) AS n FROM graphile_worker.migrations')).toBe(QUEUE_SCHEMA_REVISION);
  });

  it('stores the row and the job storeMessages stores, once under a second delivery', async () => {
    const c = await client(t.url);
    const receivedAt = new Date('2030-04-01T10:00:00Z');
    const first = await storeFromPipe(c, SETTINGS, { raw: orders('prc-a'), receivedAt, role: 'game' });
    expect(first).toMatchObject({ kind: 'stored', created: true, queue: `game:${GAME}` });
    const a = (first as { inboundId: number }).inboundId;
    const [b] = await storeMessages(t.db, JUDGE, [{ raw: orders('prc-b'), receivedAt, source: 'pipe', role: 'game', mailbox: 'pipe:game' }]);

    const rows = await t.db.selectFrom('inbound_messages').select(['id', 'source', 'mailbox', 'role', 'uid', 'uidvalidity', 'message_id', 'received_at', 'envelope', 'stored_by']).where('id', 'in', [a, b!.inboundId]).orderBy('id').execute();
    expect(rows.map(({ id: _id, message_id: _m, stored_by: _s, ...rest }) => rest)).toEqual([
      { source: 'pipe', mailbox: 'pipe:game', role: 'game', uid: null, uidvalidity: null, received_at: receivedAt, envelope: null },
      { source: 'pipe', mailbox: 'pipe:game', role: 'game', uid: null, uidvalidity: null, received_at: receivedAt, envelope: null },
    ]);
    expect(rows.map((r) => r.message_id)).toEqual(['<prc-a@example.org>', '<prc-b@example.org>']);
    // The same job: task, queue (the game's), key, attempts and payload.
    expect(await jobOf(a)).toEqual([{ task_identifier: 'decide-message', queue_name: `game:${GAME}`, key: `decide:${a}`, max_attempts: 25, payload: { inboundId: a } }]);
    expect(await jobOf(b!.inboundId)).toEqual([{ task_identifier: 'decide-message', queue_name: `game:${GAME}`, key: `decide:${b!.inboundId}`, max_attempts: 25, payload: { inboundId: b!.inboundId } }]);

    // The MTA delivers the same bytes again: the stored row, no second row, no second job.
    const again = await storeFromPipe(c, SETTINGS, { raw: orders('prc-a'), receivedAt: new Date('2030-04-01T10:05:00Z'), role: 'game' });
    expect(again).toEqual({ kind: 'stored', inboundId: a, created: false });
    expect(await count("SELECT count(*) AS n FROM inbound_messages WHERE message_id = '<prc-a@example.org>'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = $1", [`decide:${a}`])).toBe(1);
    // The confirmation address's copy of the same bytes is another message (D.VII(7)).
    const copy = await storeFromPipe(c, SETTINGS, { raw: orders('prc-a'), receivedAt, role: 'confirm' });
    expect(copy).toMatchObject({ kind: 'stored', created: true, queue: `game:${GAME}` });
  });

  it('a database short of this build\'s migrations, or with none: not-migrated, nothing written', async () => {
    const c = await client(t.url);
    const before = await count('SELECT count(*) AS n FROM inbound_messages');
    const files = migrationsExpected();
    const future = await storeFromPipe(c, SETTINGS, { raw: orders('prc-future'), receivedAt: new Date(), role: 'game' }, { count: files.count + 1, last: '9999_future' });
    expect(future).toMatchObject({ kind: 'not-migrated', why: expect.stringContaining(`the database has ${files.count} migrations up to ${files.last}`) });
    expect(await count('SELECT count(*) AS n FROM inbound_messages')).toBe(before);
    // The connection is usable afterwards (the transaction was rolled back).
    expect(await c.query('SELECT 1 AS one')).toMatchObject({ rows: [{ one: 1 }] });

    empty = await createTestDatabase({ empty: true });
    const bare = await storeFromPipe(await client(empty.url), SETTINGS, { raw: orders('prc-bare'), receivedAt: new Date(), role: 'game' });
    expect(bare).toMatchObject({ kind: 'not-migrated' });
  });

  it('the job it queues is decided by the worker (mailjudge start), in the game\'s queue', async () => {
    const c = await client(t.url);
    const stored = await storeFromPipe(c, SETTINGS, { raw: orders('prc-worker', ['A PAR - BUR', 'A MAR - SPA', 'F BRE - MAO']), receivedAt: new Date('2030-04-02T09:00:00Z'), role: 'game' });
    const id = (stored as { inboundId: number }).inboundId;
    const r = loadConfig({ DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: JUDGE });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    judge = await startJudge(r.config, { roles: ['worker'], concurrency: 2, sweepEvery: 3_600_000 });
    const decision = await until('the worker to decide the piped message', async () =>
      t.db.selectFrom('inbound_decisions').select(['outcome', 'power']).where('inbound_message_id', '=', id).executeTakeFirst(), { ms: 60_000 });
    // France's three units each move to an adjacent province (S1901M): a valid set, France's current one.
    expect(decision).toEqual({ outcome: 'orders', power: 'FRANCE' });
    const set = await t.db.selectFrom('order_sets').select(['orders']).where('inbound_message_id', '=', id).executeTakeFirstOrThrow();
    expect(set.orders).toEqual(['A PAR - BUR', 'A MAR - SPA', 'F BRE - MAO']);
    await until('its job to be gone', async () => ((await jobOf(id)).length === 0 ? true : undefined), { ms: 30_000 });
    await judge.stop();
    judge = undefined;
  }, 120_000);
});

describe('mailjudge ingest through the store path', () => {
  function ingest(url: string, input: Buffer, args: string[] = []) {
    const r = spawnSync(process.execPath, [CLI, 'ingest', ...args], { input, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: url, MAILJUDGE_LOG_LEVEL: 'silent' } });
    if (r.error) throw r.error;
    const stdout = r.stdout.toString();
    return { status: r.status, stderr: r.stderr.toString(), json: stdout ? (JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>) : undefined };
  }

  it('a database not migrated: the full path migrates it and stores the message; the MTA\'s second delivery is the same message, decided once', async () => {
    const fresh = await createTestDatabase({ empty: true });
    try {
      const first = ingest(fresh.url, orders('prc-cli'));
      expect(first.status, first.stderr).toBe(0);
      const id = first.json!.inboundId as number;
      expect(first.json).toMatchObject({ inboundId: expect.any(Number), kind: expect.any(String) });
      const migrated = await sql<{ n: string; last: string }>`SELECT count(*) AS n, max(name) AS last FROM schema_migrations`.execute(fresh.db);
      expect({ count: Number(migrated.rows[0]!.n), last: migrated.rows[0]!.last }).toEqual(migrationsExpected());

      // Now migrated: the store path takes the retry and finds the message stored and decided.
      const again = ingest(fresh.url, orders('prc-cli'));
      expect(again.status, again.stderr).toBe(0);
      expect(again.json).toMatchObject({ kind: 'duplicate', inboundId: id });
      expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM inbound_messages`.execute(fresh.db)).rows[0]!.n)).toBe(1);
      expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM inbound_decisions WHERE inbound_message_id = ${id}`.execute(fresh.db)).rows[0]!.n)).toBe(1);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('a new message through the store path is stored once and decided by the pipe, as before', async () => {
    const r = ingest(t.url, orders('prc-cli-2', ['A PAR H']));
    expect(r.status, r.stderr).toBe(0);
    const id = r.json!.inboundId as number;
    expect(await count('SELECT count(*) AS n FROM inbound_messages WHERE id = $1', [id])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM inbound_decisions WHERE inbound_message_id = $1', [id])).toBe(1);
    // The pipe decided it and withdrew its job.
    expect(await jobOf(id)).toEqual([]);
  });

  it('the database down: EX_TEMPFAIL (75), the MTA keeps the message', async () => {
    const r = ingest(`postgres://postgres@127.0.0.1:${await freePort()}/none`, orders('prc-down'));
    expect(r.status, r.stderr).toBe(75);
    expect(r.json).toMatchObject({ error: expect.stringContaining('the database is unavailable') });
  });

  it('--queue: stored with its job and nothing decided; the second delivery finds it stored', async () => {
    const first = ingest(t.url, orders('prc-queue'), ['--queue']);
    expect(first.status, first.stderr).toBe(0);
    const id = first.json!.inboundId as number;
    expect(first.json).toEqual({ kind: 'stored', inboundId: id, created: true, queue: `game:${GAME}`, receivedAt: expect.any(String), receiptFrom: 'clock', receiptNote: expect.any(String) });
    expect(await jobOf(id)).toEqual([{ task_identifier: 'decide-message', queue_name: `game:${GAME}`, key: `decide:${id}`, max_attempts: 25, payload: { inboundId: id } }]);
    expect(await count('SELECT count(*) AS n FROM inbound_decisions WHERE inbound_message_id = $1', [id])).toBe(0);
    const again = ingest(t.url, orders('prc-queue'), ['--queue']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json).toMatchObject({ kind: 'stored', inboundId: id, created: false });
    expect(await count("SELECT count(*) AS n FROM inbound_messages WHERE message_id = '<prc-queue@example.org>'")).toBe(1);
    expect(await count('SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = $1', [`decide:${id}`])).toBe(1);
  });

  it('--queue with a configuration the store path does not read wrong: stored, then 75 with the problem', async () => {
    const r = spawnSync(process.execPath, [CLI, 'ingest', '--queue'], { input: orders('prc-badconf'), env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_SMTP_LISTEN: 'nowhere', MAILJUDGE_LOG_LEVEL: 'silent' } });
    expect(r.status, r.stderr.toString()).toBe(75);
    const out = JSON.parse(r.stdout.toString().trim()) as { error: string; inboundId: number };
    expect(out.error).toMatch(/^MAILJUDGE_SMTP_LISTEN="nowhere": must be host:port/);
    expect(await count("SELECT count(*) AS n FROM inbound_messages WHERE id = $1 AND message_id = '<prc-badconf@example.org>'", [out.inboundId])).toBe(1);
  });
});
