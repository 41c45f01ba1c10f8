/**
 * Issue 27, end to end through the private Postfix and Dovecot: the running judge signs its mail
 * with the DKIM key `mailjudge dkim keygen` made (verified by mailauth after the trip through Postfix
 * and Dovecot, with this test's resolver serving the TXT record the key's public half gives), sends
 * each mail with its own return path (VERP), and notices every bounce: a delivery report Postfix
 * writes for France's unreachable mailbox comes back to the judge's mailbox, France's outbox rows
 * turn `failed` with the diagnostic, and the GM is told, asserted on the mail the GM receives. A
 * synchronous 5xx from the smarthost (Postfix refusing to relay) is the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate } from 'mailauth';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { generateDkimKey, dkimRecordText } from '../../src/mail/outbound/dkim-key.js';
import { bounceAddress } from '../../src/mail/outbound/return-path.js';
import { verpKey } from '../../src/db/judge-keys.js';
import { setAlternateEmail } from '../../src/db/people.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { DEMO_ORDERS } from '../../src/cli/commands/demo.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { mailPrefix, mailServers, MAIL_PASSWORD, readMailbox, waitForMessages } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const P = mailPrefix(import.meta.url);
const JUDGE = `${P}-judge@judge.example.org`;
const DEADLINE = new Date('2031-01-01T12:00:00Z');

let t: TestDatabase;
let stateDir: string;
let judge: RunningJudge;
let pem: string;

/** The judge domain's records as an operator publishes them: the keygen's TXT, SPF for our Postfix, strict DMARC. */
function judgeZone(): Record<string, Record<string, string[][]>> {
  return {
    'mj1._domainkey.judge.example.org': { TXT: [[dkimRecordText(pem)]] },
    'judge.example.org': { TXT: [['v=spf1 ip4:127.0.0.1 -all']] },
    '_dmarc.judge.example.org': { TXT: [['v=DMARC1; p=reject; adkim=s; aspf=r']] },
  };
}
const resolver = async (name: string, rr: string): Promise<unknown> => {
  const hit = judgeZone()[name.toLowerCase()]?.[rr];
  if (!hit) throw Object.assign(new Error(`nx ${name} ${rr}`), { code: 'ENOTFOUND' });
  return hit;
};

beforeAll(async () => {
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mj-delivery-'));
  pem = generateDkimKey(join(stateDir, 'dkim', 'mj1.pem'));
  const { host, imapPort, smtpPort } = mailServers();
  const r = loadConfig({
    DATABASE_URL: t.url,
    MAILJUDGE_STATE_DIR: stateDir,
    MAILJUDGE_FROM_ADDRESS: JUDGE,
    MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(JUDGE)}@${host}:${imapPort}`,
    MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD,
    MAILJUDGE_SMTP_URL: `smtp://${host}:${smtpPort}`,
    MAILJUDGE_DKIM_SELECTOR: 'mj1',
  });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  judge = await startJudge(r.config, { sweepEvery: 3_600_000, ingest: { idle: false, pollIntervalMs: 3_600_000, lockRetryMs: 50, retryDelayMs: 20, logger: SILENT_LOGGER } });
});
afterAll(async () => {
  await judge?.stop();
  await t?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

/**
 * Game `id` with every S1901M set in (the demo's orders, FINAL), entered through the intake; `france`
 * is France's address, `home` her other registered address (sql/0029) when given.
 */
async function playedGame(id: string, france: string, home?: string) {
  const { game, gm, players } = await gameWithPlayers(t.db, id, DEADLINE);
  await t.db.updateTable('games').set({ address: JUDGE.replace('@', `+${id.slice(P.length + 1)}@`) }).where('id', '=', id).execute();
  await t.db.updateTable('people').set({ email: france }).where('id', '=', players.get('FRANCE')!.id).execute();
  if (home) await setAlternateEmail(t.db, players.get('FRANCE')!.id, home);
  const address = (await t.db.selectFrom('games').select('address').where('id', '=', id).executeTakeFirstOrThrow()).address;
  for (const power of POWERS) {
    const from = power === 'FRANCE' ? france : players.get(power)!.email;
    const raw = await new MailComposer({ from, to: address, subject: 'S1901M FINAL', text: DEMO_ORDERS.S1901M[power], messageId: `<${id}-${power}@example.org>` }).compile().build();
    const got = await receiveMessage(t.db, { fromAddress: JUDGE }, { raw, receivedAt: new Date(), source: 'cli' });
    expect(got.kind).toBe('orders');
  }
  return { game, gm, players };
}

/** The outbox rows of `to` in game `id`. */
function rowsTo(id: string, to: string) {
  return t.db.selectFrom('outbox').selectAll().where('game_id', '=', id).where('to_address', '=', to).orderBy('id').execute();
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('mail that arrives', () => {
  it('the results mail, through Postfix and Dovecot, passes DKIM aligned with From, and went out with its own return path', async () => {
    const id = `${P}-dkim`;
    const { players } = await playedGame(id, `${id}-france@example.org`);
    await adjudicatePhaseTask(t.db, { now: () => new Date(DEADLINE.getTime() + 1000), fromAddress: JUDGE }, { gameId: id, phase: 'S1901M' });
    const germany = players.get('GERMANY')!.email;
    // Germany's acknowledgement and results.
    await waitForMessages(germany, 2, 20_000);
    const got = await readMailbox(germany);
    const report = got.find((m) => / results$/.test(m.parsed.subject ?? ''))!;
    expect(report.parsed.subject).toBe(`[${id}] Spring 1901 Movement (S1901M) results`);
    const mail = report.raw;
    // The signature names the judge's domain and our selector, relaxed/relaxed, and covers Auto-Submitted.
    const sig = String(report.parsed.headers.get('dkim-signature') ?? '');
    expect(mail.toString('latin1')).toMatch(/DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=judge\.example\.org;[\s\S]*s=mj1/);
    expect(mail.toString('latin1')).toMatch(/h=[^;]*Auto-Submitted/i);
    expect(sig).not.toBe('');
    // The Message-ID is on the judge's domain; Auto-Submitted says no robot should answer it (RFC 3834).
    expect(report.parsed.messageId).toMatch(/@judge\.example\.org>$/);
    expect(report.parsed.headers.get('auto-submitted')).toMatch(/^auto-(generated|replied)$/);
    // The envelope sender Postfix saw (Return-Path, written at delivery) is this mail's own VERP address.
    const row = (await rowsTo(id, germany)).find((r) => `<${r.message_id}>` === report.parsed.messageId)!;
    const returnPath = /^Return-Path: <([^>]*)>/im.exec(mail.toString('latin1'))?.[1];
    expect(returnPath).toBe(bounceAddress(JUDGE, row.id, await verpKey(t.db)));
    // mailauth, with the TXT record the key gives: DKIM pass for judge.example.org, DMARC pass (aligned).
    const auth = await authenticate(mail, { ip: '127.0.0.1', helo: 'mx.judge.example.org', sender: returnPath!, mta: 'mx.example.org', resolver: resolver as never });
    const dkim = auth.dkim.results.find((r) => r.signingDomain === 'judge.example.org');
    expect(dkim?.status.result).toBe('pass');
    expect(auth.dmarc && auth.dmarc.status.result).toBe('pass');
    expect(auth.spf && auth.spf.status.result).toBe('pass');
  });
});

describe('every bounce noticed', () => {
  it("France's mailbox refuses the mail: Postfix's delivery report comes back to the return path, her rows turn failed, and the GM is told within a minute", async () => {
    const id = `${P}-bounce`;
    // Dovecot refuses a user name with "=" (auth_username_chars), so LMTP answers 5xx and Postfix bounces it.
    const france = `${id}-fr=nobox@example.org`;
    const { gm } = await playedGame(id, france);
    await adjudicatePhaseTask(t.db, { now: () => new Date(DEADLINE.getTime() + 1000), fromAddress: JUDGE }, { gameId: id, phase: 'S1901M' });
    // Two mails to France (her acknowledgement and the results), so two delivery reports at the judge's mailbox.
    await waitForMessages(JUDGE, 2, 30_000);
    const reports = await readMailbox(JUDGE);
    expect(reports.every((r) => /multipart\/report/.test(String(r.parsed.headers.get('content-type') && (r.parsed.headers.get('content-type') as { value: string }).value)))).toBe(true);
    await judge.ingest.syncNow();
    const rows = await waitFor('France\'s rows failed', async () => {
      const r = await rowsTo(id, france);
      return r.length === 2 && r.every((x) => x.status === 'failed') ? r : undefined;
    });
    expect(rows.map((r) => r.kind).sort()).toEqual(['adjudication-report', 'orders-received']);
    for (const r of rows) expect(r.last_error).toMatch(/^bounced: .*5\.\d\.\d/);
    const decisions = await t.db.selectFrom('inbound_decisions').select(['outcome', 'reason']).where('outcome', '=', 'bounce').where('reason', 'like', `%to ${france} failed:%`).execute();
    expect(decisions).toHaveLength(2);
    // The GM's mailbox: the game's mail to the GM, and one notice per bounced mail.
    const notices = await waitFor('the GM\'s two notices', async () => {
      const m = (await readMailbox(gm.email)).filter((x) => /Undelivered/.test(x.parsed.subject ?? ''));
      return m.length >= 2 ? m : undefined;
    });
    const subjects = notices.map((n) => n.parsed.subject).sort();
    expect(subjects).toEqual([
      `[${id}] Undelivered: FRANCE (Player ${id}-france)'s acknowledgement of orders did not arrive`,
      `[${id}] Undelivered: FRANCE (Player ${id}-france)'s results did not arrive`,
    ]);
    const results = notices.find((n) => /results/.test(n.parsed.subject ?? ''))!;
    const text = results.parsed.text ?? '';
    expect(text).toContain(`The judge's mail to FRANCE (Player ${id}-france) at ${france} did not arrive.`);
    expect(text).toContain(`Mail:      [${id}] Spring 1901 Movement (S1901M) results`);
    const diagnostic = rows.find((r) => r.kind === 'adjudication-report')!.last_error!.replace(/^bounced: /, '').replace(/ \(\d{4}-.*$/, '');
    expect(text).toContain(`Why:       ${diagnostic}`);
    expect(text).toContain('by a delivery report from');
    expect(text).toContain('The judge does not send it again');
    // Within a minute of the report's arrival (both instants are the mailboxes' own INTERNALDATEs, 1 s resolution).
    const lastReport = Math.max(...reports.map((r) => r.internalDate.getTime()));
    const told = Math.max(...notices.map((n) => n.internalDate.getTime()));
    expect(told - lastReport).toBeLessThan(60_000);
    // A report is never answered: nothing went back to the reporting MTA's null sender, and the judge's mailbox got no reply.
    expect(await t.db.selectFrom('outbox').select('id').where('to_address', 'like', '%mailer-daemon%').execute()).toEqual([]);
  });

  it('the smarthost refuses the recipient (554 at RCPT): the row is failed with the answer and the GM is told', async () => {
    const id = `${P}-refused`;
    // Postfix relays only its own domains: another domain is refused at once, 554 5.7.1.
    const france = `${id}-france@elsewhere.invalid`;
    const { gm } = await playedGame(id, france);
    const [row] = await waitFor('France\'s ack failed', async () => {
      const r = await rowsTo(id, france);
      return r.length === 1 && r[0]!.status === 'failed' ? r : undefined;
    });
    expect(row!.last_error).toMatch(/554 5\.7\.1 .*Relay access denied/);
    const bounce = await t.db.selectFrom('mail_bounces').selectAll().where('outbox_id', '=', row!.id).executeTakeFirstOrThrow();
    expect(bounce).toMatchObject({ source: 'smtp', status: '5.7.1', recipient: france });
    const notice = await waitFor('the GM\'s notice', async () => (await readMailbox(gm.email)).find((x) => /Undelivered/.test(x.parsed.subject ?? '')));
    expect(notice.parsed.subject).toBe(`[${id}] Undelivered: FRANCE (Player ${id}-france)'s acknowledgement of orders did not arrive`);
    expect(notice.parsed.text).toContain('by the smarthost when the judge sent it');
    expect(notice.parsed.text).toContain('Relay access denied');
  });

  it("France's mailbox bounces and she registered another address: the GM is told, and her other address gets the notice (what, game, phase, why, what to do), never the bouncing one", async () => {
    const id = `${P}-alt`;
    const france = `${id}-fr=nobox@example.org`;
    const home = `${id}-france-home@example.org`;
    const { gm } = await playedGame(id, france, home);
    const address = JUDGE.replace('@', `+${id.slice(P.length + 1)}@`);
    await adjudicatePhaseTask(t.db, { now: () => new Date(DEADLINE.getTime() + 1000), fromAddress: JUDGE }, { gameId: id, phase: 'S1901M' });
    // Her acknowledgement and her results bounce (two delivery reports); the judge reads them as they come.
    const rows = await waitFor('France\'s rows failed', async () => {
      await judge.ingest.syncNow();
      const r = await rowsTo(id, france);
      return r.length === 2 && r.every((x) => x.status === 'failed') ? r : undefined;
    }, 60_000);
    // Her other address: one notice per bounced mail.
    await waitForMessages(home, 2, 30_000);
    const notices = await readMailbox(home);
    expect(notices.map((n) => n.parsed.subject).sort()).toEqual([
      `[${id}] Your acknowledgement of orders did not reach ${france}`,
      `[${id}] Your results did not reach ${france}`,
    ]);
    const results = notices.find((n) => /results/.test(n.parsed.subject ?? ''))!;
    const text = results.parsed.text ?? '';
    const diagnostic = rows.find((r) => r.kind === 'adjudication-report')!.last_error!.replace(/^bounced: /, '').replace(/ \(\d{4}-.*$/, '');
    // By hand from the issue and the rules: the registered address that failed, the game (board = id in
    // the fixture), the power, the phase the results are for (S1901M), the server's words, and what to
    // do: orders count only from the registered address (D.II(3), D.X(6)), the deadline stands
    // (D.VII(1)), STATUS / HISTORY S1901M once it works, and the GM (gameWithPlayers: "Player <id>-gm").
    expect(text).toContain(`Player ${id}-france, the judge's mail to your registered address ${france} did not arrive.`);
    expect(text).toContain(`at your other registered address, ${home}; it is the only mail the judge sends here.`);
    expect(text).toContain(`  Game:      ${id} (${id}), where you play FRANCE`);
    expect(text).toContain('  Phase:     S1901M');
    expect(text).toContain(`  Mail:      [${id}] Spring 1901 Movement (S1901M) results`);
    expect(text).toContain(`  Why:       ${diagnostic}`);
    expect(diagnostic).toMatch(/5\.\d\.\d/);
    expect(text).toContain('by a delivery report from');
    expect(text).toContain(`- Orders and commands count only from ${france} (rules D.II(3) and D.X(6)); a message from this`);
    expect(text).toContain('usual (rule D.VII(1)).');
    expect(text).toContain(`- Once ${france} works, send STATUS from it to ${address} for what the judge holds for you,`);
    expect(text).toContain('or HISTORY S1901M for that phase\'s orders and results.');
    expect(text).toContain(`write to your GM, Player ${id}-gm <${gm.email}>,`);
    expect(text).toContain('who has been told of this bounce too.');
    const ack = notices.find((n) => /acknowledgement/.test(n.parsed.subject ?? ''))!;
    expect(ack.parsed.text).toContain('  Phase:     S1901M');
    expect(ack.parsed.text).toContain(`  Mail:      [${id}] FRANCE S1901M: orders received (FINAL)`);
    // The GM: told as before, and that France was told at her other address.
    const gmNotices = await waitFor('the GM\'s two notices', async () => {
      const m = (await readMailbox(gm.email)).filter((x) => /Undelivered/.test(x.parsed.subject ?? ''));
      return m.length >= 2 ? m : undefined;
    });
    for (const n of gmNotices) expect(n.parsed.text).toContain(`The player was told at their other registered address, ${home}: what did not arrive, why,`);
    // Within a minute of the reports (the mailboxes' own INTERNALDATEs): the judge's report, her notice.
    const reports = (await readMailbox(JUDGE)).filter((r) => r.raw.toString('latin1').includes(france));
    expect(reports).toHaveLength(2);
    const lastReport = Math.max(...reports.map((r) => r.internalDate.getTime()));
    expect(Math.max(...notices.map((n) => n.internalDate.getTime())) - lastReport).toBeLessThan(60_000);
    // Never to the bouncing address: nothing but the two original mails went to it, every notice to home.
    expect(await rowsTo(id, france)).toHaveLength(2);
    const alt = await t.db.selectFrom('outbox').select(['to_address', 'status']).where('kind', '=', 'bounce-alternate').where('subject', 'like', `[${id}]%`).execute();
    expect(alt).toEqual([{ to_address: home, status: 'sent' }, { to_address: home, status: 'sent' }]);
  });

  it('when the notice at the other address bounces too, the GM is told and nothing more is sent (no loop)', async () => {
    const id = `${P}-altloop`;
    const france = `${id}-fr=nobox@example.org`;
    const home = `${id}-home=nobox@example.org`;
    const { gm } = await playedGame(id, france, home);
    await adjudicatePhaseTask(t.db, { now: () => new Date(DEADLINE.getTime() + 1000), fromAddress: JUDGE }, { gameId: id, phase: 'S1901M' });
    // France's acknowledgement and results bounce → a notice to home for each, which bounce too → the
    // GM is told of all four: 2 mails × (the mail, its notice at the other address).
    const alts = () => t.db.selectFrom('outbox').select(['to_address', 'status']).where('kind', '=', 'bounce-alternate').where('subject', 'like', `[${id}]%`).execute();
    const gmNotices = await waitFor('the GM\'s four notices', async () => {
      await judge.ingest.syncNow();
      const m = (await readMailbox(gm.email).catch(() => [])).filter((x) => /Undelivered/.test(x.parsed.subject ?? ''));
      return m.length >= 4 ? m : undefined;
    }, 90_000);
    const who = `FRANCE (Player ${id}-france)`;
    expect(gmNotices.map((n) => n.parsed.subject).sort()).toEqual([
      `[${id}] Undelivered: ${who}'s acknowledgement of orders did not arrive`,
      `[${id}] Undelivered: ${who}'s bounce notice at the other address did not arrive`,
      `[${id}] Undelivered: ${who}'s bounce notice at the other address did not arrive`,
      `[${id}] Undelivered: ${who}'s results did not arrive`,
    ]);
    const second = gmNotices.filter((n) => /bounce notice/.test(n.parsed.subject ?? '')).map((n) => n.parsed.text ?? '');
    for (const text of second) {
      expect(text).toContain(`The judge's mail to ${who} at ${home} did not arrive.`);
      expect(text).toContain(`did not arrive at ${france}. Both addresses fail:`);
      expect(text).toContain('the judge sends nothing more about it; please reach the player another way.');
      // The GM's notice of the second bounce does not claim the player was told.
      expect(text).not.toContain('The player was told at their other registered address');
    }
    expect(second.some((x) => x.includes('that their acknowledgement of orders'))).toBe(true);
    expect(second.some((x) => x.includes('that their results'))).toBe(true);
    // Give the judge time to do anything more it would (it must not), reading its mailbox again.
    await new Promise((r) => setTimeout(r, 3000));
    await judge.ingest.syncNow();
    expect(await alts()).toEqual([{ to_address: home, status: 'failed' }, { to_address: home, status: 'failed' }]);
    expect(await rowsTo(id, france)).toHaveLength(2);
    const bounced = await t.db.selectFrom('mail_bounces').select('recipient').where('recipient', 'in', [france.toLowerCase(), home.toLowerCase()]).execute();
    expect(bounced.map((b) => b.recipient).sort()).toEqual([france, france, home, home].map((a) => a.toLowerCase()).sort());
    const toGm = await t.db.selectFrom('outbox').select('id').where('kind', '=', 'mail-bounced').where('subject', 'like', `[${id}]%`).execute();
    expect(toGm).toHaveLength(4);
  });
});
