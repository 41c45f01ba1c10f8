/**
 * The restart race of issue 20, with the real processes: `mailjudge start` reads a player's message
 * from the real Dovecot over IMAP, stores it, and is SIGKILLed before it can decide it (the decision
 * table is locked by the test). Since issue 29 the receipt (message, decision job, checkpoint) is one
 * transaction and the decision a job: the restarted judge finds the dead worker's job (released by
 * the process registry) and the sweep of undecided messages finds the message, and it must be
 * decided once and answered once, with no error logged and no sync abandoned; SIGTERM then stops it
 * with exit code 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateQueue } from '../../src/worker/queue.js';
import { CLI } from '../helpers/cli.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { MAIL_PASSWORD, mailPrefix, mailServers, sendViaPostfix, waitForMessages } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { until } from '../helpers/poll.js';
import { queryOnce } from '../helpers/pg-once.js';

const PREFIX = mailPrefix(import.meta.url);
const GAME = `${PREFIX}-g1`;
const GAME_ADDRESS = `${GAME}@judge.example.org`;
let t: TestDatabase;
let stateDir: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  stateDir = mkdtempSync(join(tmpdir(), 'mj-killed-intake-'));
  await gameWithPlayers(t.db, GAME);
  await sql`UPDATE games SET identity = 'address' WHERE id = ${GAME}`.execute(t.db);
});
afterAll(async () => {
  for (const p of running) p.kill('SIGKILL');
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

interface Judge {
  readonly child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
}

function startJudge(): Promise<Judge> {
  const { host, imapPort } = mailServers();
  const env = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org',
    MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(GAME_ADDRESS)}@${host}:${imapPort}`, MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD,
  };
  const child = spawn(process.execPath, [CLI, 'start', '--concurrency', '2'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('mailjudge is running')) resolve({ child, stderr: () => err });
    });
    child.once('exit', (code) => reject(new Error(`mailjudge start exited ${code}: ${out}${err}`)));
  });
}

const pgRows = <T>(text: string, values: unknown[] = []) => queryOnce<T>(t.url, text, values);

const count = async (table: string) => Number((await pgRows<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

describe('mailjudge start, killed between storing and deciding a message, restarted', () => {
  it('decides and answers the message once, with no error, and stops cleanly on SIGTERM', async () => {
    await sendViaPostfix({ from: `${GAME}-france@example.org`, to: GAME_ADDRESS, subject: 'S1901M orders', text: 'A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n' });
    await waitForMessages(GAME_ADDRESS, 1);

    // 1. The judge stores the message, then waits on the decision table we hold; it is killed there.
    const blocker = new pg.Client({ connectionString: t.url });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE inbound_decisions IN ACCESS EXCLUSIVE MODE');
    const first = await startJudge();
    await until('the message to be stored', async () => ((await count('inbound_messages')) === 1 ? true : undefined));
    await until('the judge to wait to decide it', async () => {
      const r = await pgRows(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%from "inbound_decisions"%'`);
      return r[0];
    });
    await new Promise<void>((resolve) => {
      first.child.once('exit', () => resolve());
      first.child.kill('SIGKILL');
    });
    await blocker.query('COMMIT');
    await blocker.end();
    await until('the killed process\'s backends to go', async () => {
      const r = await pgRows(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()`);
      return r.length === 0 ? true : undefined;
    });
    expect(await count('inbound_decisions')).toBe(0);
    // Issue 29: receipt stored the message, its decision job and the checkpoint in one transaction;
    // the kill came in the job. The job is still there (locked by the dead worker), nothing is refetched.
    expect(await pgRows(`SELECT last_uid FROM mailbox_checkpoints`)).toEqual([{ last_uid: '1' }]);
    expect(await pgRows(`SELECT task_identifier, queue_name FROM graphile_worker.jobs WHERE key LIKE 'decide:%'`)).toEqual([{ task_identifier: 'decide-message', queue_name: `game:${GAME}` }]);

    // 2. Restarted: the released job and the sweep of undecided messages both reach the stored message.
    const second = await startJudge();
    const ack = await until('the acknowledgement to be sent', async () => {
      const r = await pgRows<{ kind: string; status: string }>(`SELECT kind, status FROM outbox WHERE kind = 'orders-received'`);
      return r.length > 0 && r.every((m) => m.status === 'sent') ? r : undefined;
    });
    await until('the checkpoint to move past the message', async () => ((await pgRows<{ last_uid: string }>(`SELECT last_uid FROM mailbox_checkpoints`))[0]?.last_uid === '1' ? true : undefined));
    await new Promise((r) => setTimeout(r, 500)); // time for a losing path to log
    const exitCode = await new Promise<number | null>((resolve) => {
      second.child.once('exit', (code) => resolve(code));
      second.child.kill('SIGTERM');
    });
    expect(exitCode).toBe(0);

    expect(ack).toHaveLength(1);
    expect(await count('inbound_messages')).toBe(1);
    expect(await pgRows(`SELECT outcome FROM inbound_decisions`)).toEqual([{ outcome: 'orders' }]);
    expect(await pgRows(`SELECT action FROM audit_log WHERE action LIKE 'mail.%'`)).toEqual([{ action: 'mail.orders' }]);
    expect(await count('order_sets')).toBe(1);
    const sent = (await pgRows(`SELECT id FROM outbox WHERE status = 'sent'`)).length;
    const failed = (await pgRows(`SELECT id FROM outbox WHERE status = 'failed'`)).length;
    console.log(`faults: stored ${await count('inbound_messages')}/1, decided ${(await pgRows(`SELECT DISTINCT inbound_message_id FROM inbound_decisions`)).length}/1, sent ${sent}, failed ${failed} (SIGKILL between storing and deciding)`);
    expect(second.stderr()).not.toMatch(/duplicate key|sync failed|intake retry|message still undecided|intake\.retry\.error/);
  }, 120_000);
});
