/**
 * Mail intake wired into the running judge (startJudge): the game mailbox read over IMAP from the
 * real Dovecot, the SMTP listener taking the game and confirmation addresses, and the ingest lock
 * making a second judge on the same database a hot standby that takes over when the first stops.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config/config.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { INGEST_LOCK_KEY } from '../../src/mail/sources/start-ingest.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { mailPrefix, mailServers, MAIL_PASSWORD, sendViaPostfix, waitForMessages } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const PREFIX = mailPrefix(import.meta.url);
const GAME = `${PREFIX}-g1`;
const GAME_ADDRESS = `${GAME}@judge.example.org`;
const CONFIRM_ADDRESS = `${PREFIX}-confirm@judge.example.org`;
const INGEST = { idle: false, pollIntervalMs: 3_600_000, lockRetryMs: 50, retryDelayMs: 20, logger: SILENT_LOGGER };

let t: TestDatabase;
let stateDir: string;
const judges: RunningJudge[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mailjudge-ingest-'));
  await gameWithPlayers(t.db, GAME);
});
afterAll(async () => {
  await Promise.all(judges.map((j) => j.stop()));
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

async function config(): Promise<Config> {
  const { host, imapPort } = mailServers();
  const r = loadConfig({
    DATABASE_URL: t.url,
    MAILJUDGE_STATE_DIR: stateDir,
    MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org',
    MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(GAME_ADDRESS)}@${host}:${imapPort}`,
    MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD,
    MAILJUDGE_SMTP_LISTEN: `127.0.0.1:${await freePort()}`,
    MAILJUDGE_CONFIRM_ADDRESS: CONFIRM_ADDRESS,
  });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return r.config;
}

async function judge(): Promise<RunningJudge> {
  const j = await startJudge(await config(), { sweepEvery: 3_600_000, ingest: INGEST });
  judges.push(j);
  return j;
}

async function stopJudge(j: RunningJudge): Promise<void> {
  judges.splice(judges.indexOf(j), 1);
  await j.stop();
}

const imapName = () => `imap://${encodeURIComponent(GAME_ADDRESS)}@127.0.0.1/INBOX`;
const count = async (mailbox: string) =>
  Number((await t.db.selectFrom('inbound_messages').select((eb) => eb.fn.countAll().as('n')).where('mailbox', '=', mailbox).executeTakeFirstOrThrow()).n);

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('startJudge: mail intake', () => {
  it('reads the game mailbox, takes SMTP for the game and confirmation addresses, and hands over the mailbox to a standby', async () => {
    const first = await judge();
    expect(first.ingest.leader).toBe(true);
    expect(first.ingest.smtpPort).toBeGreaterThan(0);
    expect(await first.ingest.syncNow()).toEqual({ fetched: 0, stored: 0 }); // the start-up sync: empty

    // IMAP: a message delivered by Postfix into the game mailbox.
    await sendViaPostfix({ from: `${GAME}-france@example.org`, to: GAME_ADDRESS, subject: 'S1901M orders', text: 'A PAR H\n' });
    await waitForMessages(GAME_ADDRESS, 1);
    expect(await first.ingest.syncNow()).toEqual({ fetched: 1, stored: 1 });
    expect(await count(imapName())).toBe(1);

    // SMTP: the confirmation address is taken, an unknown address is refused.
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: first.ingest.smtpPort!, secure: false, ignoreTLS: true });
    try {
      const info = await transport.sendMail({ from: `${GAME}-france@example.org`, to: [CONFIRM_ADDRESS, 'stranger@judge.example.org'], subject: 'copy', text: 'A PAR H\n' });
      expect(info.accepted).toEqual([CONFIRM_ADDRESS]);
      expect(info.rejected).toEqual(['stranger@judge.example.org']);
    } finally {
      transport.close();
    }
    expect(await count('smtp:confirm')).toBe(1);

    // A second judge on the same database waits; it takes the mailbox over when the first stops.
    const second = await judge();
    expect(second.ingest.leader).toBe(false);
    expect(await second.ingest.syncNow()).toBeUndefined();
    await stopJudge(first);
    await until('the standby to take the ingest lock', () => second.ingest.leader);
    expect(await second.ingest.syncNow()).toEqual({ fetched: 0, stored: 0 }); // nothing read twice
    await sendViaPostfix({ from: `${GAME}-england@example.org`, to: GAME_ADDRESS, subject: 'S1901M orders', text: 'F LON H\n' });
    await waitForMessages(GAME_ADDRESS, 2);
    expect(await second.ingest.syncNow()).toEqual({ fetched: 1, stored: 1 });
    expect(await count(imapName())).toBe(2);

    // The lock's session dies (a network cut, a database restart): the sources stop, then the lock
    // is taken again on a new session and reading goes on.
    const holder = async () => {
      const r = await sql<{ pid: number }>`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = ${INGEST_LOCK_KEY} AND granted`.execute(t.db);
      return r.rows[0]?.pid;
    };
    const before = await holder();
    expect(before).toBeDefined();
    await sql`SELECT pg_terminate_backend(${before}::int)`.execute(t.db);
    await until('the lock to be taken again', async () => second.ingest.leader && (await holder()) !== undefined && (await holder()) !== before);
    await sendViaPostfix({ from: `${GAME}-italy@example.org`, to: GAME_ADDRESS, subject: 'S1901M orders', text: 'A ROM H\n' });
    await waitForMessages(GAME_ADDRESS, 3);
    await until('the third message', async () => {
      await second.ingest.syncNow();
      return (await count(imapName())) === 3;
    });
  });
});
