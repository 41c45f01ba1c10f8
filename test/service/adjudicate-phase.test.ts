/**
 * The adjudication worker against a real PostgreSQL: a phase is adjudicated exactly once and each
 * email enqueued once, whatever happens to the worker — duplicate jobs, two workers at once, a worker
 * whose connection dies in the middle of the adjudication transaction, a send that dies after writing.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGame } from '../../src/db/games.js';
import { verifyAuditChain } from '../../src/db/audit-log.js';
import { createTransport, type MailTransport } from '../../src/mail/outbound/send.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { sendMailTask } from '../../src/worker/tasks/send-mail.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { DEMO_CTX, demoGameWithOrders } from '../helpers/demo-game.js';

let t: TestDatabase;
const ctx = DEMO_CTX;

const newGame = (id: string) => demoGameWithOrders(t.db, id);

async function reports(gameId: string) {
  return t.db.selectFrom('outbox').select(['to_address', 'kind']).where('game_id', '=', gameId).where('kind', '=', 'adjudication-report').execute();
}

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('adjudicate-phase: exactly once', () => {
  it('duplicate and concurrent jobs adjudicate once and enqueue each report once', async () => {
    await newGame('twice');
    const outcomes = await Promise.all([1, 2, 3].map(() => adjudicatePhaseTask(t.db, ctx, { gameId: 'twice', phase: 'S1901M' })));
    expect(outcomes.sort()).toEqual(['adjudicated', 'skipped', 'skipped']);
    expect(await adjudicatePhaseTask(t.db, ctx, { gameId: 'twice', phase: 'S1901M' })).toBe('skipped');
    expect((await findGame(t.db, 'twice'))!.currentPhase).toBe('F1901M');
    const r = await reports('twice');
    expect(r).toHaveLength(8); // seven players and the GM
    expect(new Set(r.map((x) => x.to_address)).size).toBe(8);
    const jobs = await t.db.selectFrom('graphile_worker.jobs' as never).select('key' as never).execute();
    expect(jobs.map((j) => (j as { key: string }).key)).toContain('adjudicate:twice:F1901M');
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('a worker killed in the middle of the adjudication transaction leaves nothing; the retry does it once', async () => {
    await newGame('killed');
    // Hold the outbox table so the task blocks after saving the result but before its mails...
    const blocker = new pg.Client({ connectionString: t.url });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE outbox IN EXCLUSIVE MODE');
    const task = adjudicatePhaseTask(t.db, ctx, { gameId: 'killed', phase: 'S1901M' }).then(() => 'done', (e: Error) => e.message);
    // ...find its backend waiting on the lock, and kill it, as a crashed worker's connection dies.
    let pid: number | undefined;
    for (let i = 0; i < 100 && pid === undefined; i++) {
      const r = await blocker.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`);
      pid = r.rows[0]?.pid;
      if (pid === undefined) await new Promise((res) => setTimeout(res, 20));
    }
    expect(pid).toBeDefined();
    await blocker.query('SELECT pg_terminate_backend($1)', [pid]);
    await blocker.query('COMMIT');
    await blocker.end();
    // The killed connection surfaces as PostgreSQL's FATAL or as the socket's reset, by timing.
    expect(await task).toMatch(/terminat|ECONNRESET/i);
    // Nothing of the dead transaction survived.
    expect((await findGame(t.db, 'killed'))!.currentPhase).toBe('S1901M');
    const phase = await t.db.selectFrom('phases').select(['adjudicated_at']).where('game_id', '=', 'killed').where('name', '=', 'S1901M').executeTakeFirstOrThrow();
    expect(phase.adjudicated_at).toBeNull();
    expect(await reports('killed')).toHaveLength(0);
    // The retry adjudicates exactly once.
    expect(await adjudicatePhaseTask(t.db, ctx, { gameId: 'killed', phase: 'S1901M' })).toBe('adjudicated');
    expect(await adjudicatePhaseTask(t.db, ctx, { gameId: 'killed', phase: 'S1901M' })).toBe('skipped');
    expect(await reports('killed')).toHaveLength(8);
    expect(await t.db.selectFrom('phases').select('name').where('game_id', '=', 'killed').execute()).toHaveLength(2);
  });
});

describe('send-mail: exactly one copy of each email', () => {
  it('a send that dies after writing the file, then a retry: one file, marked sent once', async () => {
    await newGame('sending');
    await adjudicatePhaseTask(t.db, ctx, { gameId: 'sending', phase: 'S1901M' });
    const dir = mkdtempSync(join(tmpdir(), 'mj-outbox-'));
    try {
      const files = createTransport({ from: ctx.fromAddress, outboxDir: dir });
      const dying: MailTransport = { where: dir, close() {}, async send(m) { await files.send(m); throw new Error('worker killed after the write, before the commit'); } };
      const rows = await t.db.selectFrom('outbox').select('id').where('game_id', '=', 'sending').orderBy('id').execute();
      for (const r of rows) await expect(sendMailTask(t.db, dying, { outboxId: r.id })).rejects.toThrow(/killed/);
      const mails = () => readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(mails()).toHaveLength(rows.length);
      for (const r of rows) await sendMailTask(t.db, files, { outboxId: r.id });
      for (const r of rows) await sendMailTask(t.db, files, { outboxId: r.id }); // a duplicate job
      expect(mails()).toHaveLength(rows.length);
      expect(readdirSync(join(dir, '.partial'))).toEqual([]); // nothing half written
      const sent = await t.db.selectFrom('outbox').select(['status', 'attempts']).where('game_id', '=', 'sending').execute();
      expect(sent.every((s) => s.status === 'sent')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
