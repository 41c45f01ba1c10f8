/**
 * The whole service process, SIGKILLed: `mailjudge start` is killed (no shutdown handler can run)
 * in the middle of an adjudication, restarted, killed again in the middle of sending, restarted
 * again. Exactly one adjudication, exactly one outbox row per email, every row sent, one file each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/db/audit-log.js';
import { findGame } from '../../src/db/games.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { CLI } from '../helpers/cli.js';
import { demoGameWithOrders } from '../helpers/demo-game.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
let stateDir: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  stateDir = mkdtempSync(join(tmpdir(), 'mj-killed-'));
});
afterAll(async () => {
  for (const p of running) p.kill('SIGKILL');
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

function startJudge(concurrency: number): Promise<ChildProcess> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org' };
  const child = spawn(process.execPath, [CLI, 'start', '--concurrency', String(concurrency)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('mailjudge is running')) resolve(child);
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`mailjudge start exited ${code}: ${out}`)));
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) {
      const jobs = await pgStat('SELECT task_identifier, locked_by, attempts, last_error, run_at FROM graphile_worker.jobs');
      const procs = await pgStat('SELECT token, worker_ids FROM judge_processes');
      const mails = await outbox();
      throw new Error(`timed out waiting for ${what}\njobs: ${JSON.stringify(jobs)}\nprocesses: ${JSON.stringify(procs)}\noutbox: ${JSON.stringify(mails.map((m) => [m.kind, m.status]))}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function pgStat(text: string): Promise<unknown[]> {
  const c = new pg.Client({ connectionString: t.url });
  c.on('error', () => {});
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

const phase = () => t.db.selectFrom('phases').select(['adjudicated_at']).where('game_id', '=', 'killed').where('name', '=', 'S1901M').executeTakeFirstOrThrow();
const outbox = () => t.db.selectFrom('outbox').select(['id', 'kind', 'status', 'message_id', 'to_address']).where('game_id', '=', 'killed').execute();

describe('mailjudge start, SIGKILLed and restarted', () => {
  it('adjudicates exactly once and sends each email exactly once', { timeout: 120_000 }, async () => {
    await demoGameWithOrders(t.db, 'killed'); // S1901M's deadline has passed: the judge adjudicates at once

    // 1. Kill the process while its adjudication transaction waits on a lock we hold.
    const blocker = new pg.Client({ connectionString: t.url });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE outbox IN EXCLUSIVE MODE');
    const first = await startJudge(4);
    await until('the adjudication to block on the outbox', async () => {
      // Not through `blocker`: inside its transaction pg_stat_activity is a snapshot that never changes.
      const r = await pgStat(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'insert into "outbox"%'`);
      return r[0];
    });
    await kill(first);
    await blocker.query('COMMIT');
    await blocker.end();
    // The dead process's transaction is rolled back once its backend notices: nothing of it survives.
    await until('the orphaned backend to go', async () => {
      const r = await pgStat(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()`);
      return r.length === 0 ? true : undefined;
    });
    expect((await phase()).adjudicated_at).toBeNull();
    expect((await outbox()).filter((m) => m.kind === 'adjudication-report')).toHaveLength(0);

    // 2. Restart with one worker; kill it as soon as the first email is out.
    const second = await startJudge(1);
    await until('the first sent email', async () => ((await outbox()).some((m) => m.status === 'sent') ? true : undefined));
    await kill(second);
    const afterKill = await outbox();
    expect(afterKill.some((m) => m.status === 'pending')).toBe(true); // killed mid-send, really

    // 3. Restart; everything completes.
    const third = await startJudge(4);
    const rows = await until('every email sent', async () => {
      const r = await outbox();
      return r.length > 0 && r.every((m) => m.status === 'sent') && r.some((m) => m.kind === 'adjudication-report') ? r : undefined;
    });
    await kill(third);

    expect((await phase()).adjudicated_at).not.toBeNull();
    expect((await findGame(t.db, 'killed'))!.currentPhase).toBe('F1901M');
    const reports = rows.filter((m) => m.kind === 'adjudication-report');
    expect(reports).toHaveLength(8); // seven players and the GM, once each
    expect(new Set(reports.map((m) => m.to_address)).size).toBe(8);
    expect(rows.filter((m) => m.kind === 'orders-received')).toHaveLength(7);
    const audits = await t.db.selectFrom('audit_log').select('action').where('game_id', '=', 'killed').where('action', '=', 'phase.adjudicate').execute();
    expect(audits).toHaveLength(1);
    // One .eml per outbox row, no half-written file (a write cut by a kill is removed at the next
    // start), no Message-ID twice.
    const files = readdirSync(join(stateDir, 'outbox'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(rows.length);
    expect(files.filter((f) => !f.endsWith('.eml'))).toEqual(['.partial']);
    expect(readdirSync(join(stateDir, 'outbox', '.partial'))).toEqual([]);
    const ids = files.filter((f) => f.endsWith('.eml')).map((f) => /^Message-ID: (.*)$/im.exec(readFileSync(join(stateDir, 'outbox', f), 'utf8'))![1]);
    expect(new Set(ids).size).toBe(rows.length);
    const stored = (await t.db.selectFrom('inbound_messages').select('id').execute()).length;
    const decided = new Set((await t.db.selectFrom('inbound_decisions').select('inbound_message_id').execute()).map((d) => d.inbound_message_id)).size;
    console.log(`faults: stored ${stored}/7, decided ${decided}/7, sent ${rows.filter((m) => m.status === 'sent').length}, failed ${rows.filter((m) => m.status === 'failed').length} (SIGKILL mid-adjudication, then mid-send)`);
    expect([stored, decided]).toEqual([7, 7]);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });
});
