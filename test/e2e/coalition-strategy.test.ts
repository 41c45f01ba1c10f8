/**
 * The Coalition strategy path end to end through real servers (issue 12): the running judge reads
 * its Dovecot mailbox with imapflow, players and the Battle Judge send through Postfix, and every
 * answer comes back through Postfix into their Dovecot mailboxes, read here with imapflow. A battle
 * announced at the lock → a strategy mailed to the battle address → acknowledged to its sender only
 * → the other side's strategy → the Battle Judge's early verdict (4.1.1, every strategy in) → at the
 * battle deadline the digest → at the next lock the Battle Results in every player's mailbox. The
 * lock and deadline jobs are run with a simulated clock (the turn is days long); every mail is real.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { runCoalitionCreate } from '../../src/service/coalition/create-game.js';
import { adjudicateTurn } from '../../src/service/game-kinds.js';
import { startJudge, type RunningJudge } from '../../src/worker/run-judge.js';
import { ROOT } from '../helpers/cli.js';
import { TestDomains } from '../helpers/dkim.js';
import { mailPrefix, mailServers, MAIL_PASSWORD, readMailbox, sendViaPostfix, waitForMessages } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const P = mailPrefix(import.meta.url);
const JUDGE = `${P}-judge@judge.example.org`;
const domains = new TestDomains(['example.org']);
const who = (name: string) => `${P}-${name}@example.org`;
const tagged = (tag: string) => JUDGE.replace('@', `+${tag}@`);
const map = JSON.parse(readFileSync(join(ROOT, 'data/coalition/example-map.json'), 'utf8')) as object;
const troop = (creature: string, colours: string[], size: number, slot: number, count: number) => ({ creature, colours, power: size, toughness: size, slot, count, alive: count });

let t: TestDatabase;
let stateDir: string;
let judge: RunningJudge;
let n = 0;
let judgeMail = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mj-e2e-cv-'));
  const { host, imapPort, smtpPort } = mailServers();
  const r = loadConfig({
    DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: JUDGE,
    MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(JUDGE)}@${host}:${imapPort}`, MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD,
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

async function mail(from: string, to: string, text: string): Promise<void> {
  const raw = await domains.build({ from, to, subject: 'battle', text, messageId: `<${P}-${++n}@example.org>` });
  await sendViaPostfix({ from, to: [to], raw });
  judgeMail += 1;
  await waitForMessages(JUDGE, judgeMail);
  await judge.ingest.syncNow();
}
/** The mailbox's messages once it holds one whose subject matches. */
/** `address`'s mailbox once it holds `count` messages whose subject matches. */
async function waitFor(address: string, subject: RegExp, timeoutMs = 20_000, count = 1) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const box = await readMailbox(address).catch(() => []);
    if (box.filter((m) => subject.test(m.parsed.subject ?? '')).length >= count) return box;
    if (Date.now() > end) throw new Error(`${address}: no message "${subject}" (has: ${box.map((m) => m.parsed.subject).join(' | ')})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const find = (box: Awaited<ReturnType<typeof waitFor>>, subject: RegExp) => box.find((m) => subject.test(m.parsed.subject ?? ''))!;

describe('the Coalition strategy path through Postfix and Dovecot', () => {
  it('strategy → acknowledgement → digest → verdict → Battle Results', async () => {
    const id = `${P}-cv`.slice(0, 60);
    const lock = new Date(Date.now() + 3_600_000);
    lock.setUTCSeconds(0, 0);
    const created = await runCoalitionCreate(t.db, {
      id, address: tagged('cv'), pmAddress: tagged('cv-mj'), battleAddress: tagged('cv-battle'),
      movementJudge: { name: 'Mo', email: who('mo') }, battleJudge: { name: 'Bea', email: who('bea') },
      world: {
        map,
        armies: [
          { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '5D', colours: ['red'], troops: [troop('Goblin Raiders', ['red'], 1, 0, 5000)] },
          { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '5D', troops: [troop('Plague Rats', ['black'], 1, 0, 5000)] },
          { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
          { name: 'Kara', team: 'phyrexia', rank: 'praetor', at: '30C' },
        ],
      },
      players: [
        { name: 'Ann', email: who('ann'), team: 'coalition', rank: 'general', authority: true },
        { name: 'Sai Rei', email: who('sai'), team: 'coalition', rank: 'lieutenant', authority: true },
        { name: 'Gix', email: who('gix'), team: 'phyrexia', rank: 'chief-praetor', authority: true },
        { name: 'Kara', email: who('kara'), team: 'phyrexia', rank: 'praetor', authority: true },
      ],
      lock, turnHours: 72,
    }, 'test', new Date(), JUDGE);
    expect(created).toMatchObject({ ok: true });
    // The lock (simulated clock): Sai Rei and Gix share 5D: a no-attacker battle, announced to everyone.
    const after = (d: Date) => ({ now: () => new Date(d.getTime() + 60_000), fromAddress: JUDGE });
    expect(await adjudicateTurn(t.db, after(lock), { gameId: id, phase: 'T1' })).toBe('adjudicated');
    const announced = find(await waitFor(who('gix'), /Battle Announcements, turn 2/), /Battle Announcements/);
    expect(announced.parsed.text).toContain('5D (plains): Sai Rei vs Gix, no-attacker');

    await mail(who('sai'), tagged('cv-battle'), 'STRATEGY FOR Sai Rei\nGoblins screen, then charge at dusk.');
    const ack = find(await waitFor(who('sai'), /strategy for Sai Rei received/), /strategy for Sai Rei received/);
    expect(ack.parsed.text).toContain('This strategy counts for Sai Rei in the battle at 5D');
    expect(ack.parsed.headers.get('auto-submitted')).toBe('auto-replied');
    await mail(who('gix'), tagged('cv-battle'), 'Rats swarm the goblins at dawn.');
    await waitFor(who('gix'), /strategy for Gix received/);
    // Never shown to the other side.
    expect((await readMailbox(who('gix'))).some((m) => (m.parsed.text ?? '').includes('Goblins screen'))).toBe(false);

    // 4.1.1: every strategy in: the Battle Judge may judge before the deadline.
    await mail(who('bea'), tagged('cv-battle'), 'WEATHER 5D: clear\nDIGEST 5D\nVERDICT 5D\nstrategy Sai Rei 4\nsize Gix 1\nlosses Sai Rei: 400 Goblin Raiders\nlosses Gix: 900 Plague Rats');
    const took = find(await waitFor(who('bea'), /your verdicts and weather/), /your verdicts and weather/);
    expect(took.parsed.text).toContain('verdict for the battle at 5D recorded: strategy Sai Rei +4; size Gix +1');
    expect(find(await waitFor(who('ann'), /weather for the battle/), /weather/).parsed.text).toContain('clear');
    // 4.1.1: the Battle Judge asked for the digest early: every strategy is in.
    expect(find(await waitFor(who('bea'), /strategies at the deadline/), /strategies at the deadline/).parsed.text).toContain('EARLY digest, as you asked');

    // The battle deadline: the digest, to the Battle Judge alone.
    const battle = await t.db.selectFrom('coalition_battles').select('deadline').where('game_id', '=', id).executeTakeFirstOrThrow();
    expect(await adjudicateTurn(t.db, after(battle.deadline), { gameId: id, phase: 'T1', step: 'battle-deadline' })).toBe('adjudicated');
    // The second digest: the early one (above) is already in the mailbox.
    const digest = (await waitFor(who('bea'), /strategies at the deadline/, 20_000, 2)).filter((m) => /strategies at the deadline/.test(m.parsed.subject ?? '')).at(-1)!;
    expect(digest.parsed.text).toContain('(passed)');
    expect(digest.parsed.text).toContain('Goblins screen, then charge at dusk.');
    expect(digest.parsed.text).toContain('Rats swarm the goblins at dawn.');

    // The next lock: the Battle Results in every player's mailbox.
    const nextLock = new Date(lock.getTime() + 72 * 3_600_000);
    expect(await adjudicateTurn(t.db, after(nextLock), { gameId: id, phase: 'T2' })).toBe('adjudicated');
    for (const p of ['sai', 'gix', 'ann', 'kara', 'bea', 'mo']) {
      const results = find(await waitFor(who(p), /Battle Results, turn 2/), /Battle Results/);
      expect(results.parsed.text).toMatch(/Battle at 5D: (coalition|phyrexia) wins/);
      expect(results.parsed.text).toMatch(/coalition: Sai Rei — rolls Sai Rei \d+ \d+ \d+ \d+ \(\+1 colour\); bonus \+4/);
    }
  }, 90_000);
});
