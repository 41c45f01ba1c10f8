/**
 * End to end through real servers: players send through Postfix (SMTP on loopback), Postfix
 * delivers into Dovecot over LMTP, the running judge (startJudge) reads the game and confirmation
 * mailboxes over IMAP with imapflow, decides, and sends its answers back through Postfix into the
 * players' Dovecot mailboxes, where this test reads them with imapflow. DKIM/SPF/DMARC are checked by
 * mailauth against an injected DNS zone (the messages are really signed, and SPF sees Postfix's
 * Received header). Exact receipt times come from IMAP APPEND with a chosen INTERNALDATE.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { findOrderSets } from '../../src/db/order-sets.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { CLI } from '../helpers/cli.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { insertPerson } from '../../src/db/people.js';
import { insertTournament, insertTournamentMember } from '../../src/db/tournaments.js';
import { TestDomains } from '../helpers/dkim.js';
import { imapClient, kickImapUser, mailPrefix, mailServers, MAIL_PASSWORD, readMailbox, sendViaPostfix, waitForMessages } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { until } from '../helpers/poll.js';

const P = mailPrefix(import.meta.url);
const JUDGE = `${P}-judge@judge.example.org`;
const CONFIRM = `${P}-confirm@judge.example.org`;
const domains = new TestDomains(['example.org', 'evil.test']);
const far = new Date('2031-01-01T12:00:00Z');

let t: TestDatabase;
let stateDir: string;
let judge: RunningJudge;
let n = 0;

const game = (name: string) => `${P}-${name}`;
const player = (g: string, power: string) => `${g}-${power.toLowerCase()}@example.org`;

beforeAll(async () => {
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mj-e2e-'));
  const { host, imapPort, smtpPort } = mailServers();
  const r = loadConfig({
    DATABASE_URL: t.url,
    MAILJUDGE_STATE_DIR: stateDir,
    MAILJUDGE_FROM_ADDRESS: JUDGE,
    MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(JUDGE)}@${host}:${imapPort}`,
    MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD,
    MAILJUDGE_CONFIRM_IMAP_URL: `imap://${encodeURIComponent(CONFIRM)}@${host}:${imapPort}`,
    MAILJUDGE_CONFIRM_IMAP_PASSWORD: MAIL_PASSWORD,
    MAILJUDGE_CONFIRM_ADDRESS: CONFIRM,
    MAILJUDGE_SMTP_URL: `smtp://${host}:${smtpPort}`,
  });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  judge = await startJudge(r.config, {
    sweepEvery: 3_600_000,
    ingest: { idle: false, pollIntervalMs: 3_600_000, lockRetryMs: 50, retryDelayMs: 20, logger: SILENT_LOGGER },
    receive: { auth: { resolver: domains.resolver } },
  });
});
afterAll(async () => {
  await judge?.stop();
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

/**
 * A game whose address is the judge's mailbox with a `+<game>` tag (`judge+wm-r1-b7@…`, DESIGN.md):
 * Postfix and Dovecot deliver it into the one mailbox the judge reads, and the judge routes it by
 * the address.
 */
async function newGame(name: string, policies: { revisedSets?: 'replace' | 'merge' } = {}): Promise<string> {
  const id = game(name);
  await gameWithPlayers(t.db, id, far);
  await t.db.updateTable('games').set({ address: JUDGE.replace('@', `+${name}@`), ...(policies.revisedSets ? { revised_sets: policies.revisedSets } : {}) }).where('id', '=', id).execute();
  return id;
}
const addressOf = async (id: string) => (await t.db.selectFrom('games').select('address').where('id', '=', id).executeTakeFirstOrThrow()).address;

/** Send a signed message through Postfix (To the game unless told otherwise) and let the judge read it. */
async function mail(from: string, m: { to?: string | string[]; cc?: string | string[]; subject?: string; text?: string; html?: string; signAs?: string | false; headers?: Record<string, string>; messageId?: string; envelopeFrom?: string }) {
  const messageId = m.messageId ?? `<${P}-${++n}@example.org>`;
  const raw = await domains.build({ from, to: m.to, cc: m.cc, subject: m.subject ?? 'orders', text: m.text, html: m.html, signAs: m.signAs, headers: m.headers, messageId });
  const to = [...[m.to ?? []].flat(), ...[m.cc ?? []].flat()];
  await sendViaPostfix({ from: m.envelopeFrom ?? from, to, raw });
  return messageId;
}

/** Wait until the judge's mailboxes hold `total` messages, then sync them. */
async function deliverAndSync(mailbox: string, total: number): Promise<void> {
  await waitForMessages(mailbox, total);
  await judge.ingest.syncNow();
}

async function decisionFor(messageId: string) {
  return t.db
    .selectFrom('inbound_messages as m')
    .innerJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id')
    .select(['d.outcome', 'd.reason', 'd.role', 'm.id', 'm.sha256', 'm.received_at'])
    .where('m.message_id', '=', messageId)
    .orderBy('m.id')
    .execute();
}

/** Wait for `n` messages in a player's mailbox and return them parsed. */
async function inbox(address: string, count: number) {
  await waitForMessages(address, count, 15_000);
  return readMailbox(address);
}

let judgeMail = 0;
const expectJudgeMail = async (k: number) => {
  judgeMail += k;
  await deliverAndSync(JUDGE, judgeMail);
};

const HOLDS: Record<string, string> = {
  AUSTRIA: 'A Vie H', FRANCE: 'A Par H', GERMANY: 'A Ber H', ITALY: 'A Rom H', RUSSIA: 'A Mos H', TURKEY: 'A Con H',
};

describe('orders by email, end to end', () => {
  it('Final and preliminary sets are acknowledged in the player\'s mailbox with what the judge understood', async () => {
    const g = await newGame('fin');
    const to = await addressOf(g);
    await mail(player(g, 'FRANCE'), { to, subject: 'France S1901M', text: 'A Par - Bur\nA Mar - Spa\nF Bre - Mid' });
    // One after the other: Postfix does not keep the order of mail sent at once.
    await expectJudgeMail(1);
    await mail(player(g, 'FRANCE'), { to, subject: 'France S1901M FINAL', text: 'A Par - Pic\nA Mar - Spa\nF Bre - Mid' });
    await expectJudgeMail(1);
    const got = await inbox(player(g, 'FRANCE'), 2);
    expect(got.map((m) => m.parsed.subject)).toEqual([`[${g}] FRANCE S1901M: orders received (preliminary)`, `[${g}] FRANCE S1901M: orders received (FINAL)`]);
    expect(got[1]!.parsed.text).toContain('A PAR - PIC');
    expect(got[1]!.parsed.headers.get('auto-submitted')).toBe('auto-replied');
    const sets = await findOrderSets(t.db, g, 'S1901M');
    expect(sets.map((s) => s.final)).toEqual([false, true]);
  });

  it('HTML-only and multipart messages are read', async () => {
    const g = await newGame('html');
    const to = await addressOf(g);
    await mail(player(g, 'ITALY'), { to, html: '<p>A Ven - Pie<br>A Rom - Apu</p><div>F Nap - Ion</div>' });
    await mail(player(g, 'GERMANY'), { to, text: 'A Ber - Kie\nA Mun - Ruh\nF Kie - Den', html: '<pre>A Ber - Kie\nA Mun - Ruh\nF Kie - Den</pre>' });
    await expectJudgeMail(2);
    expect((await inbox(player(g, 'ITALY'), 1))[0]!.parsed.text).toContain('A ROM - APU');
    expect((await inbox(player(g, 'GERMANY'), 1))[0]!.parsed.text).toContain('F KIE - DEN');
  });

  it('a revised partial set replaces, or is merged, as the game\'s policy says (D.III(3)); the GM processes by email', async () => {
    for (const policy of ['replace', 'merge'] as const) {
      const g = await newGame(`rev-${policy}`, { revisedSets: policy });
      const to = await addressOf(g);
      // Every power orders (D.VII(6)(b): no 1901 results while a power has none), England twice.
      for (const [power, orders] of Object.entries(HOLDS)) await mail(player(g, power), { to, text: orders });
      await mail(player(g, 'ENGLAND'), { to, text: 'F Lon - Nth\nF Edi - Nrg\nA Lvp - Yor' });
      // Postfix does not keep the order of mail sent at once, and the revision must be received after
      // the set it revises: it is sent once the first set is acknowledged.
      await expectJudgeMail(7);
      await mail(player(g, 'ENGLAND'), { to, text: 'A Lvp - Edi' });
      await expectJudgeMail(1);
      // No set is Final and the game has just started: the GM goes past D.VII(2), and says why.
      await mail(`${g}-gm@example.org`, { to, subject: 'PROCESS S1901M OVERRIDE e2e: adjudicate the revised sets now', text: '' });
      await expectJudgeMail(1);
      // Two acks, the GM's override announced, then the report of the adjudication the GM asked for.
      const got = await inbox(player(g, 'ENGLAND'), 4);
      expect(got.some((m) => /S1901M adjudicated before its deadline/.test(m.parsed.subject ?? '') && (m.parsed.text ?? '').includes('e2e: adjudicate the revised sets now'))).toBe(true);
      const report = got.find((m) => /S1901M/.test(m.parsed.subject ?? '') && !/orders received|before its deadline/.test(m.parsed.subject ?? ''))!;
      expect(report).toBeDefined();
      if (policy === 'replace') expect(report.parsed.text).not.toContain('F LON - NTH');
      else expect(report.parsed.text).toContain('F LON - NTH');
      expect(report.parsed.text).toContain('A LVP - EDI');
    }
  }, 60_000);
});

describe('what a player sees, end to end (issue 15)', () => {
  it('the results carry the map and the next deadline as a calendar event; MAP and HISTORY S1901M are answered; a moved deadline updates the same event', async () => {
    const g = await newGame('sees');
    const to = await addressOf(g);
    for (const [power, orders] of Object.entries({ ...HOLDS, ENGLAND: 'F Lon - Nth\nF Edi - Nrg\nA Lvp - Yor' })) await mail(player(g, power), { to, text: orders });
    await expectJudgeMail(7);
    await mail(`${g}-gm@example.org`, { to, subject: 'PROCESS S1901M OVERRIDE e2e: the player view', text: '' });
    await expectJudgeMail(1);
    // The ack, the override notice, the report.
    const before = await inbox(player(g, 'ITALY'), 3);
    const report = before.find((m) => /Spring 1901 Movement \(S1901M\) results/.test(m.parsed.subject ?? ''))!;
    expect(report.parsed.text).toMatch(/Position at the start of F1901M/);
    expect(report.parsed.text).toMatch(/Units:\nITALY /);
    expect(report.parsed.attachments.some((a) => a.contentType === 'image/png' && a.filename === `${g}-S1901M.png`)).toBe(true);
    // The HTML form: the same text in fixed columns, the map inline.
    const png = report.parsed.attachments.find((a) => a.contentType === 'image/png')!;
    expect(png.cid).toBe(`map-${g}-s1901m`);
    // mailparser resolves the cid: link into the picture's bytes.
    expect(report.parsed.html).toMatch(/<img src="(cid:map-|data:image\/png;base64,iVBOR)/);
    expect(report.parsed.html).toMatch(/<pre[^>]*>[\s\S]*Position at the start of F1901M/);
    const event = (m: (typeof before)[number]) => {
      const ics = m.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content.toString('utf8').replace(/\r\n[ \t]/g, '');
      return { uid: /\nUID:(.*)\r?\n/.exec(ics)![1], sequence: Number(/\nSEQUENCE:(\d+)/.exec(ics)?.[1] ?? 0) };
    };
    const first = event(report);
    expect(first.uid).toContain('f1901m');

    await mail(player(g, 'ITALY'), { to, subject: 'please', text: 'MAP' });
    await mail(player(g, 'ITALY'), { to, subject: 'last spring', text: 'HISTORY S1901M' });
    await expectJudgeMail(2);
    const answers = (await inbox(player(g, 'ITALY'), 5)).slice(3);
    const map = answers.find((m) => /MAP: Fall 1901 Movement/.test(m.parsed.subject ?? ''))!;
    expect(map.parsed.attachments.some((a) => a.contentType === 'image/png' && a.content.subarray(0, 4).toString('hex') === '89504e47')).toBe(true);
    const history = answers.find((m) => m !== map)!;
    expect(history.parsed.text).toContain('F LON - NTH');
    expect(history.parsed.text).not.toMatch(/A ROM - /);

    // The GM moves the deadline: the players' calendars get the same event, one revision later.
    await mail(`${g}-gm@example.org`, { to, subject: 'extend', text: 'EXTEND 48' });
    await expectJudgeMail(1);
    const moved = (await inbox(player(g, 'ITALY'), 6))[5]!;
    expect(event(moved)).toEqual({ uid: first.uid, sequence: first.sequence + 1 });
  }, 90_000);
});

describe('the TD\'s consent to a rollback, by the TD\'s own mail (D.VIII(1), issue 15)', () => {
  it('the GM asks, the TD is asked by mail and approves from the TD\'s address; the players get the reopened phase and the withdrawn one\'s cancelled calendar event', async () => {
    const g = await newGame('td');
    const to = await addressOf(g);
    const td = `${g}-td@example.org`;
    const tournament = await insertTournament(t.db, { slug: `${g}-t`.slice(0, 60), name: 'e2e' });
    const tdPerson = await insertPerson(t.db, { name: 'Tess Director', email: td });
    await insertTournamentMember(t.db, { tournamentId: tournament.id, personId: tdPerson.id, role: 'td' });
    await t.db.updateTable('games').set({ tournament_id: tournament.id }).where('id', '=', g).execute();
    for (const [power, orders] of Object.entries({ ...HOLDS, ENGLAND: 'F Lon H' })) await mail(player(g, power), { to, text: orders });
    await expectJudgeMail(7);
    await mail(`${g}-gm@example.org`, { to, subject: 'PROCESS S1901M OVERRIDE e2e: the rollback', text: '' });
    await expectJudgeMail(1);
    await inbox(player(g, 'ITALY'), 3); // the ack, the override notice, the report

    await mail(`${g}-gm@example.org`, { to, subject: 'rollback', text: "ROLLBACK S1901M Italy's orders were misread" });
    await expectJudgeMail(1);
    // The TD was told of the GM's override too; the request follows it.
    const asked = (await inbox(td, 2)).find((m) => /asks your consent/.test(m.parsed.subject ?? ''))!;
    expect(asked.parsed.subject).toBe(`[${g}] The GM asks your consent to roll back S1901M`);
    expect(asked.parsed.text).toContain("The GM's reason: Italy's orders were misread");
    expect(asked.parsed.text).toContain(`To answer, write to ${to} from your registered address, one line:\n  APPROVE ROLLBACK S1901M`);

    await mail(td, { to, subject: `Re: ${asked.parsed.subject}`, text: 'APPROVE ROLLBACK S1901M Tess Director: misread confirmed' });
    await expectJudgeMail(1);
    const answer = (await inbox(td, 3)).find((m) => /TD commands/.test(m.parsed.subject ?? ''))!;
    expect(answer.parsed.subject).toBe(`[${g}] TD commands`);
    expect(answer.parsed.text).toMatch(/^APPROVE ROLLBACK S1901M: approved: S1901M reopened as generation 1/);
    const got = (await inbox(player(g, 'ITALY'), 5)).slice(3);
    const reopened = got.find((m) => /S1901M reopened/.test(m.parsed.subject ?? ''))!;
    expect(reopened.parsed.text).toContain("The TD's approval: Tess Director: misread confirmed (the TD Tess Director");
    const withdrawn = got.find((m) => /F1901M withdrawn: its deadline is cancelled/.test(m.parsed.subject ?? ''))!;
    const ics = withdrawn.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content.toString('utf8').replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/\nMETHOD:CANCEL\r?\n/);
    expect(ics).toMatch(/\nSTATUS:CANCELLED\r?\n/);
    expect(/\nUID:(.*)\r?\n/.exec(ics)![1]).toBe(`${g}.f1901m@judge.example.org`.toLowerCase());
    expect(ics).toMatch(/\nSEQUENCE:1\r?\n/);
  }, 90_000);
});

describe('who sent it', () => {
  it('proxy orders are refused; the real player and the GM are told (D.II(3), D.X(6))', async () => {
    const g = await newGame('proxy');
    const other = await newGame('proxy-other');
    const to = await addressOf(g);
    // A registered player, of another board, sends Turkey's orders to this one.
    await mail(player(other, 'RUSSIA'), { to, text: 'F Ank - Bla\nA Con - Bul\nA Smy - Arm' });
    await expectJudgeMail(1);
    expect((await inbox(player(other, 'RUSSIA'), 1))[0]!.parsed.subject).toBe(`[${g}] not accepted: no proxy orders`);
    expect((await inbox(player(g, 'TURKEY'), 1))[0]!.parsed.subject).toBe(`[${g}] Alert: orders for TURKEY from someone else`);
    expect((await inbox(`${g}-gm@example.org`, 1))[0]!.parsed.subject).toBe(`[${g}] Alert: orders for TURKEY from someone else`);
  });

  it('a forged From (DKIM of another domain) is refused; the real player and the GM are warned', async () => {
    const g = await newGame('forged');
    const to = await addressOf(g);
    // The forger's own server: its own envelope sender and DKIM domain, the player's address in From.
    const id = await mail(player(g, 'AUSTRIA'), { to, text: 'A Vie - Gal', signAs: 'evil.test', envelopeFrom: 'forger@evil.test' });
    await expectJudgeMail(1);
    expect((await decisionFor(id))[0]).toMatchObject({ outcome: 'refused', reason: 'identity: dmarc-fail' });
    expect((await inbox(player(g, 'AUSTRIA'), 1))[0]!.parsed.text).toContain('someone tried to send orders in your name');
    expect((await inbox(`${g}-gm@example.org`, 1))[0]!.parsed.subject).toContain('failed verification');
    expect(await findOrderSets(t.db, g, 'S1901M')).toHaveLength(0);
  });

  it('a bounce and an auto-reply are stored and never answered', async () => {
    const g = await newGame('loops');
    const to = await addressOf(g);
    const auto = await mail(player(g, 'ENGLAND'), { to, subject: 'Out of office', text: 'I am away until Monday.', headers: { 'Auto-Submitted': 'auto-replied' } });
    const bounce = await mail(`mailer-daemon@example.org`, { to, subject: 'Undelivered Mail Returned to Sender', text: 'This is the mail system.', signAs: false, headers: { 'Auto-Submitted': 'auto-replied' } });
    // One ordinary message after them, so that "nothing arrived" is measured after a real answer.
    await mail(player(g, 'ENGLAND'), { to, text: 'STATUS' });
    await expectJudgeMail(3);
    expect((await decisionFor(auto))[0]!.outcome).toBe('ignored');
    expect((await decisionFor(bounce))[0]!.outcome).toBe('ignored');
    const got = await inbox(player(g, 'ENGLAND'), 1);
    expect(got.map((m) => m.parsed.subject)).toEqual([`[${g}] ENGLAND S1901M: STATUS`]);
  });
});

describe('intake resilience', () => {
  it('a connection dropped in the middle of a batch loses and duplicates nothing', async () => {
    const g = await newGame('kick');
    const to = await addressOf(g);
    const ids: string[] = [];
    for (const power of ['AUSTRIA', 'ENGLAND', 'FRANCE']) ids.push(await mail(player(g, power), { to, text: 'HELP' }));
    judgeMail += 3;
    await waitForMessages(JUDGE, judgeMail);
    const sync = judge.ingest.syncNow().catch(() => undefined);
    kickImapUser(JUDGE);
    await sync;
    for (const power of ['GERMANY', 'ITALY']) ids.push(await mail(player(g, power), { to, text: 'HELP' }));
    await expectJudgeMail(2);
    await judge.ingest.syncNow();
    for (const id of ids) expect(await decisionFor(id)).toHaveLength(1);
  });
});

describe('deadlines and the confirmation mailbox (D.VII(1), D.VII(7))', () => {
  /** Put a message straight into a Dovecot mailbox with a chosen INTERNALDATE (the trusted receipt time). */
  async function append(mailbox: string, raw: Buffer, at: Date): Promise<void> {
    const c = await imapClient(mailbox);
    try {
      await c.append('INBOX', raw, [], at);
    } finally {
      await c.logout();
    }
  }

  it('on time at the deadline; one second late is refused', async () => {
    const g = await newGame('dl');
    const to = await addressOf(g);
    const deadline = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);
    await t.db.updateTable('phases').set({ deadline }).where('game_id', '=', g).execute();
    await append(JUDGE, await domains.build({ from: player(g, 'ITALY'), to, text: 'A Ven - Pie', messageId: `<${g}-1@example.org>` }), deadline);
    await append(JUDGE, await domains.build({ from: player(g, 'ITALY'), to, text: 'A Ven - Tyr', messageId: `<${g}-2@example.org>` }), new Date(deadline.getTime() + 1000));
    await expectJudgeMail(2);
    expect((await decisionFor(`<${g}-1@example.org>`))[0]!.outcome).toBe('orders');
    expect((await decisionFor(`<${g}-2@example.org>`))[0]!.outcome).toBe('late');
    const got = await inbox(player(g, 'ITALY'), 2);
    // The two answers travel through Postfix at once, so they may arrive in either order.
    expect(got.map((m) => m.parsed.subject).sort()).toEqual([`[${g}] ITALY S1901M: late, not accepted`, `[${g}] ITALY S1901M: orders received (preliminary)`]);
  });

  it('the confirmation mailbox answers every copy; the TD\'s audit settles a deadline dispute from the archive', async () => {
    const g = await newGame('dispute');
    const to = await addressOf(g);
    const deadline = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
    await t.db.updateTable('phases').set({ deadline }).where('game_id', '=', g).execute();
    // England's set: Cc'd to the confirmation mailbox 30 s before the deadline, reached the game
    // mailbox 90 s after it (a slow provider). Germany Cc'd only the confirmation mailbox.
    const raw = await domains.build({ from: player(g, 'ENGLAND'), to, cc: CONFIRM, text: 'F Lon - Nth\nF Edi - Nrg\nA Lvp - Yor\nFinal', messageId: `<${g}-eng@example.org>` });
    await append(CONFIRM, raw, new Date(deadline.getTime() - 30_000));
    // The confirmation copy is in (and decided) before the game's copy arrives, as its two minutes'
    // head start means: otherwise the game's copy may be decided first, as a late 1901 set accepted
    // while the results are withheld (D.VII(6)(b)), and the answer names that rule instead.
    await judge.ingest.syncNow();
    await until('the confirmation copy decided', async () => ((await decisionFor(`<${g}-eng@example.org>`)).some((d) => d.role === 'confirm') ? true : undefined));
    await append(JUDGE, raw, new Date(deadline.getTime() + 90_000));
    await append(CONFIRM, await domains.build({ from: player(g, 'GERMANY'), to: CONFIRM, subject: `[${g}] orders`, text: 'A Ber - Kie', messageId: `<${g}-ger@example.org>` }), new Date(deadline.getTime() - 60_000));
    await waitForMessages(CONFIRM, 2);
    await expectJudgeMail(1);
    const eng = await inbox(player(g, 'ENGLAND'), 2);
    const receipt = eng.find((m) => m.parsed.subject?.startsWith('Receipt:'))!;
    const [confirmCopy] = (await decisionFor(`<${g}-eng@example.org>`)).filter((d) => d.role === 'confirm');
    expect(receipt.parsed.from?.value[0]?.address).toBe(CONFIRM);
    expect(receipt.parsed.text).toContain(`SHA-256:     ${confirmCopy!.sha256}`);
    expect(receipt.parsed.text).toContain('this copy counts');
    const ack = eng.find((m) => /orders received/.test(m.parsed.subject ?? ''))!;
    expect(ack.parsed.text).toContain('counts as received at');
    const ger = await inbox(player(g, 'GERMANY'), 1);
    expect(ger[0]!.parsed.text).toContain('this copy does not count (D.VII(7))');

    // The TD, from the archive alone.
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url };
    const audit = spawnSync(process.execPath, [CLI, 'audit', '--game', g, '--power', 'ENGLAND', '--phase', 'S1901M', '--json'], { encoding: 'utf8', env });
    expect(audit.status, audit.stderr).toBe(0);
    const report = JSON.parse(audit.stdout) as { receipts: { mailbox: string; outcome: string; sha256: string; sets: { countsAt: string }[] }[]; counted: { counts: { receivedAt: string; final: boolean } }[]; integrity: { verified: boolean } };
    const countsAt = `${new Date(deadline.getTime() - 30_000).toISOString().slice(0, 19).replace('T', ' ')} GMT`;
    // The game copy was refused as late or accepted, depending on which mailbox the judge read first;
    // either way its orders count at the confirmation copy's time.
    expect(report.receipts.map((r) => r.mailbox)).toEqual(['confirm', 'game']);
    expect(report.receipts[1]!.sets.map((x) => x.countsAt)).toEqual([countsAt]);
    expect(report.receipts[0]!.sha256).toBe(confirmCopy!.sha256);
    expect(report.counted[0]!.counts).toMatchObject({ receivedAt: countsAt, final: true });
    expect(report.integrity.verified).toBe(true);
  });
});
