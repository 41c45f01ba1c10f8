/**
 * The web view in a real browser (issue 31): Debian's Chromium driven by playwright-core (its
 * executablePath: no browser download; scripts/ensure-chromium.sh installs it for `npm test`), on a
 * running judge (startJudge, as `mailjudge start` runs it, with the web view of startWeb) over the
 * test's PostgreSQL and the real Postfix and Dovecot. France's player mails WEB to the game through
 * Postfix; the judge reads it over IMAP and mails the link back; the test reads it from France's
 * Dovecot mailbox with imapflow, opens it and signs in. Then the game, a phase of its history, and
 * refusals; the TD (a link from `web-link`) opens the tournament, the game and the audit of France's
 * mail; the GM is refused another game. Screenshots at 400 px (phone) and 1280 px go to
 * test-artifacts/web/ (gitignored).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadConfig } from '../../src/config/config.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { startWeb, type RunningWeb } from '../../src/web/start-web.js';
import { runWebLink } from '../../src/service/web-link.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { processNow } from '../../src/db/schedule-jobs.js';
import { findGame } from '../../src/db/games.js';
import { ensureRound, insertTournament } from '../../src/db/tournaments.js';
import { DEMO_ORDERS } from '../../src/cli/commands/demo.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { TestDomains } from '../helpers/dkim.js';
import { mailPrefix, mailServers, MAIL_PASSWORD, readMailbox, sendViaPostfix, waitForMessages } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { ROOT } from '../helpers/cli.js';
import { freePort } from '../helpers/free-port.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test-artifacts', 'web');
const P = mailPrefix(import.meta.url);
const JUDGE = `${P}-judge@judge.example.org`;
const domains = new TestDomains(['example.org']);
const far = new Date('2031-01-01T12:00:00Z');

let t: TestDatabase;
let stateDir: string;
let judge: RunningJudge;
let web: RunningWeb;
let browser: Browser;
const A = `${P}-a`;
const B = `${P}-b`;
const france = `${A}-france@example.org`;

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, width] of [['phone', 400], ['desktop', 1280]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${label}.png`), fullPage: true });
  }
}

async function tokenLink(ask: Parameters<typeof runWebLink>[1]): Promise<string> {
  const r = await runWebLink(t.db, ask, { now: new Date() });
  if (!r.ok) throw new Error(r.problems.join('; '));
  return (r.json as { url: string }).url;
}

/** A fresh browser context signed in through `link` (the page with the button, then the button). */
async function signedIn(link: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForLoadState('load');
  return page;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mj-web-'));
  const { host, imapPort, smtpPort } = mailServers();
  const r = loadConfig({
    DATABASE_URL: t.url,
    MAILJUDGE_STATE_DIR: stateDir,
    MAILJUDGE_FROM_ADDRESS: JUDGE,
    MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(JUDGE)}@${host}:${imapPort}`,
    MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD,
    MAILJUDGE_SMTP_URL: `smtp://${host}:${smtpPort}`,
    MAILJUDGE_WEB_LISTEN: `127.0.0.1:${await freePort()}`,
  });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  judge = await startJudge(r.config, {
    sweepEvery: 3_600_000,
    ingest: { idle: false, pollIntervalMs: 3_600_000, lockRetryMs: 50, retryDelayMs: 20, logger: SILENT_LOGGER },
    receive: { auth: { resolver: domains.resolver } },
  });
  web = (await startWeb(t.db, r.config))!;
  // Game A of round 1 of a tournament, its S1901M played (every power Final) and F1901M open; game B beside it.
  const tour = await insertTournament(t.db, { slug: `${P}-open`, name: 'Browser Open' });
  await ensureRound(t.db, { tournamentId: tour.id, number: 1 });
  for (const id of [A, B]) {
    await gameWithPlayers(t.db, id, far);
    await t.db.updateTable('games').set({ address: JUDGE.replace('@', `+${id.slice(P.length + 1)}@`), tournament_id: tour.id, round_number: 1 }).where('id', '=', id).execute();
  }
  for (const power of POWERS) {
    const raw = await new MailComposer({ from: `${A}-${power.toLowerCase()}@example.org`, to: JUDGE.replace('@', '+a@'), subject: 'orders FINAL', text: DEMO_ORDERS.S1901M[power], messageId: `<${A}-${power}@example.org>` }).compile().build();
    const got = await receiveMessage(t.db, { fromAddress: JUDGE, now: () => new Date() }, { raw, receivedAt: new Date(), source: 'cli' });
    expect(got, power).toMatchObject({ kind: 'orders' });
  }
  await processNow(t.db, A, 'S1901M', new Date(), { requestedBy: 'test' });
  const until = Date.now() + 30_000;
  while ((await findGame(t.db, A))!.currentPhase === 'S1901M') {
    if (Date.now() > until) throw new Error('S1901M was not adjudicated');
    await new Promise((res) => setTimeout(res, 100));
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await web?.stop();
  await judge?.stop();
  await t?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('the web view in Chromium', () => {
  let link: string;
  it('France mails WEB through Postfix; the judge mails a sign-in link back, read from Dovecot', async () => {
    const raw = await domains.build({ from: france, to: JUDGE.replace('@', '+a@'), subject: 'web', text: 'WEB', messageId: `<${P}-web@example.org>` });
    await sendViaPostfix({ from: france, to: JUDGE.replace('@', '+a@'), raw });
    await waitForMessages(JUDGE, 1);
    await judge.ingest.syncNow();
    // The acknowledgements of S1901M went to France already (by the file outbox? no: by SMTP): wait for the WEB reply.
    const until = Date.now() + 20_000;
    let found: string | undefined;
    while (!found && Date.now() < until) {
      const mails = await readMailbox(france).catch(() => []);
      const m = mails.find((x) => /WEB: your sign-in link/.test(x.parsed.subject ?? ''));
      found = m ? /http:\/\/\S+\/signin\?token=[A-Za-z0-9_-]+/.exec(m.parsed.text ?? '')?.[0] : undefined;
      if (!found) await new Promise((res) => setTimeout(res, 250));
    }
    expect(found).toBeDefined();
    // WEB is a question, not a set and not a GM command from a player: nothing refused, nobody alarmed.
    const decided = await t.db.selectFrom('inbound_messages as m').innerJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id').select(['d.outcome', 'd.reason']).where('m.message_id', '=', `<${P}-web@example.org>`).executeTakeFirstOrThrow();
    expect(decided.outcome).not.toBe('refused');
    expect(await t.db.selectFrom('order_sets').select('id').where('game_id', '=', A).where('phase', '=', 'F1901M').execute()).toEqual([]);
    link = found!;
    expect(link.startsWith(web.url)).toBe(true);
  }, 40_000);

  it('France signs in, sees the map, the position, their own set and the history; other powers\' open orders and game B are refused', async () => {
    const page = await signedIn(link);
    expect(new URL(page.url()).pathname).toBe(`/g/${A}`);
    await expect(page.locator('h1').textContent()).resolves.toBe(A);
    const text = await page.locator('main').innerText();
    // Fall 1901 is open; the S1901M orders moved France's army to Burgundy (DEMO_ORDERS: Army Paris -> Burgundy).
    expect(text).toContain('Fall 1901');
    // Hand-worked: A PAR - BUR, A MAR - SPA, F BRE - MAO are unopposed (Germany went to RUH, Italy to PIE): all move.
    expect(text).toMatch(/FRANCE\s+3\s+A BUR, F MAO, A SPA/);
    expect(text).toContain('Your sets (FRANCE)');
    const img = page.locator('img.map');
    await expect(img.evaluate((el) => { const i = el as unknown as { complete: boolean; naturalWidth: number }; return i.complete && i.naturalWidth > 0; })).resolves.toBe(true);
    await shoot(page, 'game-player');
    // The history: S1901M, with every power's orders and results (published), and its map.
    await page.getByRole('link', { name: 'S1901M' }).click();
    const phase = await page.locator('main').innerText();
    expect(phase).toContain('A PAR - BUR');
    expect(phase).toContain('A MUN - RUH');
    await shoot(page, 'phase-player');
    // The tournament page with where France stands: 14 players on the two boards (2 x 7), France still
    // on its 3 home centres (ownership changes only when the Fall season ends).
    await page.goto(`${web.url}/t/${P}-open`);
    expect(await page.locator('main').innerText()).toMatch(new RegExp(`Where I stand: You are (tied )?\\d+\\w\\w of 14, with [\\d.]+ \\(${A}, FRANCE, 3 centres\\)`));
    await shoot(page, 'tournament-player');
    // Refusals, as the browser sees them.
    const other = await page.goto(`${web.url}/g/${A}/orders/GERMANY`);
    expect(other!.status()).toBe(403);
    const b = await page.goto(`${web.url}/g/${B}`);
    expect(b!.status()).toBe(403);
    const audit = await page.goto(`${web.url}/audit?game=${A}&power=FRANCE`);
    expect(audit!.status()).toBe(403);
    // The link was used: a second browser is refused with it.
    const again = await signedIn(link);
    expect(await again.locator('.refusal').innerText()).toContain('used already');
  }, 60_000);

  it('the TD opens the tournament, the game and the audit of France\'s mail', async () => {
    const page = await signedIn(await tokenLink({ td: `${P}-open` }));
    await page.getByRole('link', { name: 'Browser Open' }).click();
    const tour = await page.locator('main').innerText();
    expect(tour).toContain('Round 1');
    expect(tour).toContain(A);
    expect(tour).toContain('F1901M');
    await shoot(page, 'tournament-td');
    await page.goto(`${web.url}/g/${A}`);
    await shoot(page, 'game-td');
    await page.goto(`${web.url}/audit?game=${A}&power=FRANCE`);
    const audit = await page.locator('main').innerText();
    expect(audit).toContain('Verified: the audit chain is intact');
    // France's S1901M set and the WEB message, each with its hash and time to the second.
    expect(audit).toMatch(/received \d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT/);
    expect(audit).toMatch(/sha256 [0-9a-f]{64}/);
    expect(audit).toContain('S1901M');
    await shoot(page, 'audit-td');
  }, 60_000);

  it('the GM of game A sees its live digest and is refused game B', async () => {
    const page = await signedIn(await tokenLink({ gm: A }));
    await page.goto(`${web.url}/g/${A}/gm`);
    const digest = await page.locator('main').innerText();
    expect(digest).toContain('F1901M');
    expect(digest).toContain('Orders:');
    await shoot(page, 'digest-gm');
    const b = await page.goto(`${web.url}/g/${B}`);
    expect(b!.status()).toBe(403);
  }, 60_000);
});
