/**
 * Issue 25 (6): replies are bounded. A 26 KB message of 1,999 order-like lines, sent to the running
 * judge's SMTP listener (startJudge with MAILJUDGE_SMTP_LISTEN), is acknowledged through the real
 * Postfix into the player's Dovecot mailbox, where the acknowledgement is measured as delivered: it
 * quotes the first 60 lines, counts the rest, says each problem once with its lines, and is under
 * 3× the size of what was sent (it once was 334 KB, 12.8×).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { MAX_ACK_LINES_SHOWN, MAX_ORDERS_PER_SHEET } from '../../src/rules/limits.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { mailPrefix, mailServers, readMailbox, waitForMessages } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const P = mailPrefix(import.meta.url);
const GAME = `${P}-g`;
const GAME_ADDRESS = `${GAME}@judge.example.org`;
const FRANCE = `${GAME}-france@example.org`;
let t: TestDatabase;
let stateDir: string;
let judge: RunningJudge;
let smtpPort: number;

beforeAll(async () => {
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mj-ack-bounded-'));
  await gameWithPlayers(t.db, GAME, new Date('2031-01-01T12:00:00Z'));
  // The player is known by address alone here (no DNS publishes anything for example.org).
  await t.db.updateTable('games').set({ identity: 'address' }).where('id', '=', GAME).execute();
  const { host, smtpPort: postfix } = mailServers();
  smtpPort = await freePort();
  const r = loadConfig({
    DATABASE_URL: t.url,
    MAILJUDGE_STATE_DIR: stateDir,
    MAILJUDGE_FROM_ADDRESS: `${P}-judge@judge.example.org`,
    MAILJUDGE_SMTP_URL: `smtp://${host}:${postfix}`,
    MAILJUDGE_SMTP_LISTEN: `127.0.0.1:${smtpPort}`,
  });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  judge = await startJudge(r.config, { sweepEvery: 3_600_000, ingest: { idle: false, pollIntervalMs: 3_600_000, logger: SILENT_LOGGER } });
});
afterAll(async () => {
  await judge?.stop();
  await t?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

// Six orders for France's three units, in turn: line n (from 1) is ORDERS[(n - 1) % 6].
const ORDERS = ['A PAR - BUR', 'A MAR - SPA', 'F BRE - MAO', 'A PAR - PIC', 'A MAR - BUR', 'F BRE - ENG'];

describe('an acknowledgement of a 1,999-line message', () => {
  it('is delivered at under 3× the size of the message, quoting the first lines and counting the rest', { timeout: 60_000 }, async () => {
    const body = Array.from({ length: 1999 }, (_, i) => ORDERS[i % 6]).join('\r\n') + '\r\n';
    const raw = [`Message-ID: <${P}-big@example.org>`, `From: ${FRANCE}`, `To: ${GAME_ADDRESS}`, 'Subject: S1901M orders', '', ''].join('\r\n') + body;
    expect(raw.length).toBeGreaterThan(26_000);
    expect(raw.length).toBeLessThan(28_000);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({ envelope: { from: FRANCE, to: [GAME_ADDRESS] }, raw });
    } finally {
      transport.close();
    }
    await waitForMessages(FRANCE, 1, 30_000);
    const [ack] = await readMailbox(FRANCE);
    const delivered = ack!.raw.length;
    console.log(`ack-bounded: a ${raw.length}-byte message of 1,999 lines got a ${delivered}-byte acknowledgement as delivered (${(delivered / raw.length).toFixed(2)}× its size)`);
    expect(delivered).toBeLessThan(3 * raw.length);
    const text = ack!.parsed.text ?? '';
    expect(ack!.parsed.subject).toBe(`[${GAME}] FRANCE S1901M: orders received (preliminary)`);
    // The first 60 lines are quoted, line 61 is not; the other 1,939 are counted.
    expect(MAX_ACK_LINES_SHOWN).toBe(60);
    // Line 60 is ORDERS[59 % 6] = ORDERS[5], F BRE - ENG, replaced by a later order for the fleet.
    expect(text).toMatch(/\n {2}60 {2}F BRE - ENG +\(replaced by a later order\) F BRE - ENG\n/);
    expect(text).not.toMatch(/\n {2}61 {2}/);
    expect(text).toContain('… and 1939 more lines (61 to 1999) not shown here');
    // 200 orders are read (MAX_ORDERS_PER_SHEET); the last for each unit counts (D.III(5)): lines 198,
    // 199, 200 = ORDERS[197 % 6 = 5], ORDERS[198 % 6 = 0], ORDERS[199 % 6 = 1].
    expect(MAX_ORDERS_PER_SHEET).toBe(200);
    const held = /Orders the judge holds from this set \(3\):\n((?: {2}.*\n){3})/.exec(text)?.[1]?.trim().split(/\n\s*/).sort();
    expect(held).toEqual(['A MAR - SPA', 'A PAR - BUR', 'F BRE - ENG']);
    // Lines 201 to 1,999 (1,799 lines) not read: said once, with five of its lines and a count.
    expect(text).toContain('lines 201, 202, 203, 204, 205 and 1794 more: a sheet may hold at most 200 orders; this line and those after it were not read');
    // Each of the six orders, replaced by a later order for its unit on many lines, is one warning
    // line naming five of its lines and a count, never one line per replaced order.
    expect(text.match(/\(warning\): .* is replaced by a later order/g)).toHaveLength(6);
  });
});
