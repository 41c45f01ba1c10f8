/**
 * An upgrade (issue 27): a database written by the previous migration set (every migration but the
 * newest) with a game in it; while the judge is down, a player's orders arrive in the mailbox through
 * Postfix. The new build's start migrates the database forward and takes the mail from the IMAP
 * checkpoint: the set is recorded and acknowledged, timed by the mailbox's receipt time.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { migrate } from '../../src/db/migrate.js';
import { defaultMigrationsDir } from '../../src/db/migration-files.js';
import { findOrderSets } from '../../src/db/order-sets.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { mailPrefix, mailServers, MAIL_PASSWORD, readMailbox, sendViaPostfix, waitForMessages } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const P = mailPrefix(import.meta.url);
const JUDGE = `${P}-judge@judge.example.org`;
let t: TestDatabase;
let stateDir: string;
let judge: RunningJudge | undefined;

beforeAll(async () => {
  t = await createTestDatabase({ empty: true });
  stateDir = mkdtempSync(join(tmpdir(), 'mj-upgrade-'));
});
afterAll(async () => {
  await judge?.stop();
  await t?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('upgrade', () => {
  it('the previous schema is migrated forward at start, and mail that arrived while down is read from the IMAP checkpoint', async () => {
    // The previous build: every migration but the newest.
    const all = readdirSync(defaultMigrationsDir()).filter((f) => f.endsWith('.sql')).sort();
    const newest = all.at(-1)!.replace(/\.sql$/, '');
    const previous = mkdtempSync(join(tmpdir(), 'mj-previous-sql-'));
    for (const f of all.slice(0, -1)) copyFileSync(join(defaultMigrationsDir(), f), join(previous, f));
    const applied = await migrate(t.db, { dir: previous });
    rmSync(previous, { recursive: true, force: true });
    expect(applied).not.toContain(newest);
    const id = `${P}-g`;
    const { players } = await gameWithPlayers(t.db, id, new Date('2031-01-01T12:00:00Z'));
    const address = JUDGE.replace('@', '+g@');
    await t.db.updateTable('games').set({ address }).where('id', '=', id).execute();

    // Down: France's orders reach the mailbox.
    const france = players.get('FRANCE')!.email;
    await sendViaPostfix({ from: france, to: address, subject: 'S1901M', text: 'A Par - Bur\nA Mar - Spa\nF Bre - Mid' });
    await waitForMessages(JUDGE, 1);
    const [arrived] = await readMailbox(JUDGE);

    // The new build starts: migrations first, then the intake from the checkpoint.
    const { host, imapPort, smtpPort } = mailServers();
    const r = loadConfig({
      DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: JUDGE,
      MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(JUDGE)}@${host}:${imapPort}`, MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD,
      MAILJUDGE_SMTP_URL: `smtp://${host}:${smtpPort}`,
    });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    judge = await startJudge(r.config, { sweepEvery: 3_600_000, ingest: { idle: false, pollIntervalMs: 3_600_000, lockRetryMs: 50, retryDelayMs: 20, logger: SILENT_LOGGER } });
    expect(judge.database.applied).toEqual([newest]);
    await judge.ingest.syncNow();
    const sets = await findOrderSets(t.db, id, 'S1901M');
    expect(sets).toHaveLength(1);
    // Timed by the mailbox's receipt (INTERNALDATE), not by the start.
    expect(sets[0]!.receivedAt.getTime()).toBe(arrived!.internalDate.getTime());
    await waitForMessages(france, 1, 15_000);
    const [ack] = await readMailbox(france);
    expect(ack!.parsed.subject).toBe(`[${id}] FRANCE S1901M: orders received (preliminary)`);
  });
});
