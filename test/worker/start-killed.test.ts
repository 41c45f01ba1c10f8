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
import { until as poll } from '../helpers/poll.js';
import { queryOnce } from '../helpers/pg-once.js';

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

const until = <T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000) => poll(what, probe, {
  ms,
  diagnose: async () => {
    const jobs = await pgStat('SELECT task_identifier, locked_by, attempts, last_error, run_at FROM graphile_worker.jobs');
    const procs = await pgStat('SELECT token, worker_ids FROM judge_processes');
    const mails = await outbox();
    return `jobs: ${JSON.stringify(jobs)}\nprocesses: ${JSON.stringify(procs)}\noutbox: ${JSON.stringify(mails.map((m) => [m.kind, m.status]))}`;
  },
});

const pgStat = (text: string) => queryOnce<unknown>(t.url, text);

/** The dead process's transactions are rolled back once their backends notice: nothing of them survives. */
async function orphansGone(): Promise<void> {
  await until('the orphaned backends to go', async () => {
    const r = await pgStat(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()`);
    return r.length === 0 ? true : undefined;
  });
}

const phase = () => t.db.selectFrom('phases').select(['adjudicated_at']).where('game_id', '=', 'killed').where('name', '=', 'S1901M').executeTakeFirstOrThrow();
const outbox = () => t.db.selectFrom('outbox').select(['id', 'kind', 'status', 'message_id', 'to_address']).where('game_id', '=', 'killed').execute();

describe('mailjudge start, SIGKILLed and restarted', () => {
  it('adjudicates exactly once and sends each email exactly once', { timeout: 120_000 }, async () => {
    await demoGameWithOrders(t.db, 'killed'); // S1901M's deadline has passed: the judge adjudicates at once

    // 1. Kill the process while its adjudication transaction waits on a lock we hold: the phases
    // table (its result is written there), not the outbox, whose pending mails (game start,
    // acknowledgements) are sent first and would hold every worker at the lock.
    const blocker = new pg.Client({ connectionString: t.url });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE phases IN EXCLUSIVE MODE');
    const first = await startJudge(4);
    await until('the adjudication to block on the phases table', async () => {
      // Not through `blocker`: inside its transaction pg_stat_activity is a snapshot that never changes.
      const r = await pgStat(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'update "phases" set "state_after"%'`);
      return r[0];
    });
    await kill(first);
    await blocker.query('COMMIT');
    await blocker.end();
    await orphansGone();
    expect((await phase()).adjudicated_at).toBeNull();
    expect((await outbox()).filter((m) => m.kind === 'adjudication-report')).toHaveLength(0);

    // 2. Restart with one worker; kill it after it handed the results over (the .eml files are
    // written) and before it marked them sent: a trigger of the test's makes the marking wait on an
    // advisory lock the test holds.
    const gate = new pg.Client({ connectionString: t.url });
    gate.on('error', () => {});
    await gate.connect();
    await gate.query('SELECT pg_advisory_lock(4242)');
    await pgStat(`CREATE FUNCTION test_hold_sent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'sent' AND NEW.kind = 'adjudication-report' THEN
          PERFORM pg_advisory_lock_shared(4242);
          PERFORM pg_advisory_unlock_shared(4242);
        END IF;
        RETURN NEW;
      END $$`);
    await pgStat('CREATE TRIGGER test_hold_sent BEFORE UPDATE ON outbox FOR EACH ROW EXECUTE FUNCTION test_hold_sent()');
    const second = await startJudge(1);
    await until('the results handed over, their marking held', async () => {
      const r = await pgStat(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory' AND query ILIKE 'update "outbox"%'`);
      return r[0];
    });
    await kill(second);
    await gate.query('SELECT pg_advisory_unlock(4242)');
    await gate.end();
    await orphansGone();
    await pgStat('DROP TRIGGER test_hold_sent ON outbox');
    await pgStat('DROP FUNCTION test_hold_sent()');
    const afterKill = await outbox();
    // Killed mid-send, really: the results are in the outbox directory, their rows still pending.
    expect(afterKill.filter((m) => m.kind === 'adjudication-report' && m.status === 'pending')).toHaveLength(8);
    const handed = readdirSync(join(stateDir, 'outbox')).filter((f) => f.endsWith('.eml'))
      .filter((f) => /^Subject: .*S1901M.* results/im.test(readFileSync(join(stateDir, 'outbox', f), 'utf8')));
    expect(handed.length).toBeGreaterThan(0);

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
