/**
 * Issue 29: the SQL one game's adjudication at a deadline costs (DRAFT: printing).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { createTransport } from '../../src/mail/outbound/send.js';
import { sendMailTask, type SendMailPayload } from '../../src/worker/tasks/send-mail.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { DEMO_CTX, demoGameWithOrders } from '../helpers/demo-game.js';

let t: TestDatabase;
let outboxDir: string;

async function counting<T>(fn: () => Promise<T>): Promise<{ value: T; statements: string[] }> {
  const statements: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    statements.push(text.replace(/\s+/g, ' ').trim());
    return original.apply(this, args);
  };
  try {
    return { value: await fn(), statements };
  } finally {
    proto.query = original;
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  outboxDir = mkdtempSync(join(tmpdir(), 'mj-adj-stmts-'));
});
afterAll(async () => {
  await t.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

describe('statements of a game adjudicated at its deadline (issue 29)', () => {
  it('prints', async () => {
    await demoGameWithOrders(t.db, 'adj');
    await sql`DELETE FROM graphile_worker._private_jobs`.execute(t.db);
    const transport = createTransport({ outboxDir, from: DEMO_CTX.fromAddress });
    const adj = await counting(() => adjudicatePhaseTask(t.db, { ...DEMO_CTX, now: () => new Date('2026-03-06T12:00:01Z') }, { gameId: 'adj', phase: 'S1901M' }));
    expect(adj.value).toBe('adjudicated');
    const jobs = await sql<{ payload: SendMailPayload; id: string }>`SELECT j.id, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'send-mail' ORDER BY j.id`.execute(t.db);
    const send = await counting(async () => { for (const j of jobs.rows) await sendMailTask(t.db, transport, j.payload, { fromAddress: DEMO_CTX.fromAddress }, { job: { id: j.id }, takeOver: 20 }); });
    console.log(`--- adjudication ${adj.statements.length}\n${adj.statements.map((s) => s.slice(0, 150)).join('\n')}\n--- send ${send.statements.length}\n${send.statements.map((s) => s.slice(0, 150)).join('\n')}`);
    expect(readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(8);
  }, 60_000);
});
