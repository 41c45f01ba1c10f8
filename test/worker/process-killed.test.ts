/**
 * A GM's "process now" survives a judge killed between the command and the task (issue 16).
 * `mailjudge process killed-pn S1901M --override …` is acknowledged ("will be adjudicated now");
 * a judge takes the phase's job and is SIGKILLed before it records its worker (the job stays locked
 * by a worker no live process claims); the judge is restarted. Before the fix the restart's
 * scheduler retired the locked job and put a new one at the deadline, three days away: the request
 * was lost. Now the request is on record (phase_process_requests, migration 0008) and the scheduler
 * honours it: the phase is adjudicated once, within seconds of the restart.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/db/audit-log.js';
import { findGame } from '../../src/db/games.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { CLI } from '../helpers/cli.js';
import { demoGameWithOrders } from '../helpers/demo-game.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const GAME = 'killed-pn';
const KEY = `adjudicate:${GAME}:S1901M`;
let t: TestDatabase;
let stateDir: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  stateDir = mkdtempSync(join(tmpdir(), 'mj-process-killed-'));
});
afterAll(async () => {
  for (const p of running) p.kill('SIGKILL');
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const env = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org' });

function startJudge(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'start', '--concurrency', '2'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
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

const phase = () => t.db.selectFrom('phases').select(['adjudicated_at', 'deadline']).where('game_id', '=', GAME).where('name', '=', 'S1901M').executeTakeFirstOrThrow();

describe('mailjudge process, then the judge killed before the task', () => {
  it('adjudicates the phase after the restart, once, though the deadline is days away', async () => {
    await demoGameWithOrders(t.db, GAME);
    // The deadline three days from now, no job yet for it; France revises to a preliminary set, so
    // D.VII(2) does not allow an early adjudication and the GM overrides it.
    await sql`SELECT graphile_worker.remove_job(${KEY}::text), graphile_worker.remove_job(${`adjudicate-early:${GAME}:S1901M`}::text)`.execute(t.db);
    await sql`UPDATE phases SET deadline = now() + interval '3 days' WHERE game_id = ${GAME} AND name = 'S1901M'`.execute(t.db);
    const revised = await new MailComposer({ from: 'france@example.org', to: `${GAME}@judge.example.org`, subject: 'orders', text: 'A PAR H\nA MAR H\nF BRE H\n', messageId: '<pn-france-2@example.org>' }).compile().build();
    expect((await receiveMessage(t.db, { fromAddress: 'judge@judge.example.org' }, { raw: revised, receivedAt: new Date(), source: 'cli' })).kind).toBe('orders');

    const cmd = spawnSync(process.execPath, [CLI, 'process', GAME, 'S1901M', '--override', 'restart after an outage'], { env: env() });
    expect(cmd.status, cmd.stderr.toString()).toBe(0);
    expect(cmd.stdout.toString()).toContain('will be adjudicated now');
    const requests = await t.db.selectFrom('phase_process_requests').selectAll().where('game_id', '=', GAME).execute();
    expect(requests).toMatchObject([{ phase: 'S1901M', generation: 0, early: false, override: 'restart after an outage' }]);

    // A judge took the job and was SIGKILLed before registering its worker: the job stays locked.
    const locked = await sql`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'killed-judge-worker' WHERE key = ${KEY} RETURNING id`.execute(t.db);
    expect(locked.rows).toHaveLength(1);
    expect((await phase()).adjudicated_at).toBeNull();

    const started = Date.now();
    const judge = await startJudge();
    const end = Date.now() + 30_000;
    while ((await phase()).adjudicated_at === null) {
      if (Date.now() > end) {
        const jobs = await sql`SELECT key, run_at, locked_by, attempts, max_attempts FROM graphile_worker._private_jobs`.execute(t.db);
        throw new Error(`S1901M not adjudicated 30 s after the restart; jobs: ${JSON.stringify(jobs.rows)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const tookMs = Date.now() - started;
    judge.kill('SIGKILL');
    expect(tookMs).toBeLessThan(30_000);
    expect((await findGame(t.db, GAME))!.currentPhase).toBe('F1901M');
    const adjudications = await t.db.selectFrom('audit_log').select('action').where('game_id', '=', GAME).where('action', '=', 'phase.adjudicate').execute();
    expect(adjudications).toHaveLength(1);
    // The request is spent: a later scheduler run leaves F1901M's job at its deadline.
    const { pendingProcessRequests } = await import('../../src/db/process-requests.js');
    expect(await pendingProcessRequests(t.db)).toEqual([]);
    expect(await verifyAuditChain(t.db)).toBeNull();
    console.log(`process-killed: adjudicated ${tookMs} ms after the restart (deadline ${(await phase()).deadline.toISOString()})`);
  }, 90_000);
});
