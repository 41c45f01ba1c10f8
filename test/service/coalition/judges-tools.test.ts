/**
 * Issue 33 item 7: the judges' tools understand a Coalition round, through the game-kind interface.
 * A turn played through the real intake (the operator's pipe for the honest mail, the pipe with a
 * failing DNS for the forged and the stranger's mail): `game show` (turn, lock, the grid, the armies
 * each player controls, the judges, what is pending), `audit --player` and `audit --army` (every post
 * of the army's orders with receipt time, SHA-256, identity evidence and decision, and what the lock
 * did with it), `quarantine` (the sender's armies and 3.3.6), and the impersonation alarm and the
 * lookalike alert telling the Movement Judge and the Battle Judge (1.3, 1.6). The expectations come
 * from the seed's rules (000_…), worked out by hand in the comments.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../src/cli/commands/audit.js';
import { runGameShow } from '../../../src/cli/commands/game-show.js';
import { runQuarantine } from '../../../src/cli/commands/quarantine.js';
import { runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { adjudicateTurn } from '../../../src/service/game-kinds.js';
import { receiveMessage } from '../../../src/service/intake/receive-message.js';
import { MAX_MESSAGE_BYTES } from '../../../src/rules/limits.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { CLI } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, at, exampleMap, outboxTo } from './fixtures.js';

let t: TestDatabase;
const LOCK = at('2026-11-20T05:00:00Z');
const spec = {
  id: 'cvj1', address: 'cvj1@judge.example.org', pmAddress: 'cvj1-mj@judge.example.org', battleAddress: 'cvj1-battle@judge.example.org',
  movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
  world: {
    map: exampleMap(),
    armies: [
      { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D' },
      { name: 'Proxy1', team: 'coalition', rank: 'lieutenant', at: '6G' },
      { name: 'Darkhand5', team: 'coalition', rank: 'lieutenant', at: '6E' },
      { name: 'Gix', team: 'phyrexia', rank: 'praetor', at: '20H' },
      { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
    ],
  },
  players: [
    { name: 'Ann', email: 'ann@example.org', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Bob', email: 'bob@example.org', team: 'coalition' as const, rank: 'admiral', authority: true },
    { name: 'Sai Rei', email: 'sai@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Darkhand5', email: 'dark@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Gix', email: 'gix@example.org', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
    { name: 'Kara', email: 'kara@example.org', team: 'phyrexia' as const, rank: 'praetor', authority: true },
  ],
  lock: LOCK,
};
const sha = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');
const failingDns = async () => {
  throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
};

/** Honest mail, entered by the operator (identity trusted); returns the raw bytes with the outcome. */
async function send(from: string, to: string, text: string, receivedAt: Date, id: string, attachment?: Buffer) {
  const raw = await new MailComposer({ from, to, subject: 'turn 1', text, messageId: `<${id}@example.org>`, ...(attachment ? { attachments: [{ filename: 'map.bin', content: attachment }] } : {}) }).compile().build();
  const outcome = await receiveMessage(t.db, { fromAddress: JUDGE, now: () => receivedAt }, { raw, receivedAt, source: 'cli' });
  return { raw, outcome };
}

/** Mail through the pipe with every DNS look-up failing: identity rests on the secret (or fails). */
async function pipe(from: string, to: string, text: string, receivedAt: Date, id: string) {
  const raw = await new MailComposer({ from, to, subject: 'turn 1', text, messageId: `<${id}@elsewhere.test>` }).compile().build();
  const outcome = await receiveMessage(t.db, { fromAddress: JUDGE, auth: { resolver: failingDns }, now: () => receivedAt }, { raw, receivedAt, source: 'pipe', mailbox: 'pipe:game' });
  return { raw, outcome };
}

const mails = (to: string, kind: string) => outboxTo(t.db, 'cvj1', to, kind);
const text = (r: Awaited<ReturnType<typeof runAudit>>) => {
  if (!r.ok) throw new Error(r.problems.join('; '));
  return r.text;
};
const raws: Record<string, Buffer> = {};

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  const created = await runCoalitionCreate(t.db, spec, 'test', at('2026-11-18T12:00:00Z'), JUDGE);
  expect(created, JSON.stringify(created)).toMatchObject({ ok: true });
  // 20:00: Sai Rei posts for his namesake and for Proxy1, which nobody controls yet (5.2.1: Proxy1 has no namesake player).
  raws.p1 = (await send('sai@example.org', spec.address, 'Sai Rei: 3D > 5D\nProxy1: 6G > 7G', at('2026-11-19T20:00:00Z'), 'p1')).raw;
  // 21:00: Ann (authority, 5.2.2.1) gives Proxy1 to Sai Rei, effective at the request's timestamp (5.2.1).
  raws.c1 = (await send('ann@example.org', spec.address, 'CONTROL Proxy1 TO Sai Rei', at('2026-11-19T21:00:00Z'), 'c1')).raw;
  // 22:00: Sai Rei changes his mind: of his two orders for Sai Rei only this last one counts (3.3.6).
  raws.p2 = (await send('sai@example.org', spec.address, 'Sai Rei: 3D > 4D', at('2026-11-19T22:00:00Z'), 'p2')).raw;
  // 23:00: a message from Sai Rei over the size limit: stored, not read (quarantined).
  raws.big = (await send('sai@example.org', spec.address, 'Proxy1: 6G > 8G', at('2026-11-19T23:00:00Z'), 'big', Buffer.alloc(MAX_MESSAGE_BYTES, 7))).raw;
  // 01:00: a forged post in Sai Rei's name with a wrong secret (1.6: no game action under another's name).
  raws.forged = (await pipe('sai@example.org', spec.address, 'Proxy1: 6G > 6H\nSecret: abcde-fghij-kmnop', at('2026-11-20T01:00:00Z'), 'forged')).raw;
  // 02:00: a stranger writing as "Sai Rei" from another address.
  raws.stranger = (await pipe('Sai Rei <sai.rei@elsewhere.test>', spec.address, 'Proxy1: 6G > 6H', at('2026-11-20T02:00:00Z'), 'stranger')).raw;
  // 04:00: Kara orders Gix, which is Gix's (5.2.1 namesake), not hers: it does not count (5.4.2).
  await send('kara@example.org', spec.address, 'Gix: 20H > 21H', at('2026-11-20T04:00:00Z'), 'k1');
  // 05:01:00: a post one minute after the lock minute: refused (3.1: 5:00 is in, 5:01 is out).
  raws.late = (await send('sai@example.org', spec.address, 'Proxy1: 6G > 7F', at('2026-11-20T05:01:00Z'), 'late')).raw;
});
afterAll(async () => t.close());

describe("the judges' tools on a Coalition round", () => {
  it('game show before the lock: the turn, the grid, who controls what, the judges and who has an order in (never its text)', async () => {
    const r = await runGameShow(t.db, 'cvj1', at('2026-11-20T04:30:00Z'));
    if (!r.ok) throw new Error(r.problems.join('; '));
    const s = r.text;
    expect(s).toContain('Coalition round cvj1');
    expect(s).not.toMatch(/AUSTRIA|ENGLAND|FRANCE/);
    expect(s).toContain('Judges (1.3): Movement Judge Mo <mo@example.org>; Battle Judge Bea <bea@example.org>');
    // 3.1: the lock is 05:00 and the whole minute is in.
    expect(s).toContain('Turn 1: movement lock 2026-11-20 05:00:00 GMT; orders stamped up to Friday 20 November 2026, 05:00:59 GMT count (3.1)');
    // 5.2.1 at 04:30: Sai Rei has his namesake and Proxy1 (Ann's change of 21:00); Darkhand5, Ann and Gix their namesakes; Kara none.
    const row = (name: string) => s.split('\n').find((l) => l.trimStart().startsWith(name))!;
    expect(row('Sai Rei <sai@example.org>')).toMatch(/Coalition\s+lieutenant\s+-\s+Sai Rei, Proxy1$/);
    expect(row('Kara *')).toMatch(/Phyrexia\s+praetor\s+-\s+\(none\)$/);
    expect(row('Gix *')).toMatch(/Gix$/);
    // The grid: each army's square; orders in: Sai Rei 2 (p1, p2: last at 22:00), Proxy1 1 (p1; the
    // quarantined, forged and stranger's mail count for nothing), Gix 1 (Kara's), Darkhand5 and Ann none.
    expect(row('Sai Rei  ')).toMatch(/3D\s+-\s+0\s+Sai Rei\s+2, last Sai Rei 2026-11-19 22:00:00 GMT$/);
    expect(row('Proxy1')).toMatch(/6G\s+-\s+0\s+Sai Rei\s+1, last Sai Rei 2026-11-19 20:00:00 GMT$/);
    expect(row('Gix  ')).toMatch(/20H\s+-\s+0\s+Gix\s+1, last Kara 2026-11-20 04:00:00 GMT$/);
    expect(s).toContain('armies with no order for turn 1 yet: Darkhand5, Ann');
    expect(s).not.toContain('3D > 4D');
  });

  it('the forged post alarms the Movement Judge and the Battle Judge, and Sai Rei is told in the round\'s words', async () => {
    // 1.3: the Battle Judge sanctions a player who breaks the rules; 1.6: nobody acts under another's name.
    for (const judge of ['mo@example.org', 'bea@example.org']) {
      const alarm = await mails(judge, 'impersonation-alert');
      expect(alarm).toHaveLength(1);
      expect(alarm[0]!.body_text).toContain("A message claiming to come from sai@example.org (the player Sai Rei) was refused");
      expect(alarm[0]!.body_text).toContain('`mailjudge audit --game cvj1 --player "Sai Rei"` shows it to the judges (1.3, 1.6).');
      expect(alarm[0]!.body_text).not.toContain('D.X(6)');
    }
    for (const other of ['ann@example.org', 'gix@example.org']) expect(await mails(other, 'impersonation-alert')).toHaveLength(0);
    const told = (await mails('sai@example.org', 'orders-refused')).at(-1)!.body_text;
    expect(told).toContain('someone tried to act in your name, which no one may do (1.6): the Movement Judge and the Battle Judge have been told');
    expect(told).not.toContain('the GM');
  });

  it("the stranger using Sai Rei's name is decided for the round, and Sai Rei and both judges are told", async () => {
    const decision = await t.db.selectFrom('inbound_decisions as d').innerJoin('inbound_messages as m', 'm.id', 'd.inbound_message_id')
      .select(['d.game_id', 'd.reason']).where('m.message_id', '=', '<stranger@elsewhere.test>').executeTakeFirstOrThrow();
    expect(decision).toEqual({ game_id: 'cvj1', reason: 'unregistered' });
    const toSai = await mails('sai@example.org', 'lookalike-alert');
    expect(toSai).toHaveLength(1);
    expect(toSai[0]!.body_text).toContain('named the display name "Sai Rei" (the player Sai Rei\'s name)');
    expect(toSai[0]!.body_text).toContain('the Movement Judge and the Battle Judge have been told as well');
    for (const judge of ['mo@example.org', 'bea@example.org']) expect((await mails(judge, 'lookalike-alert'))[0]?.body_text).toContain('the player has been told as well');
    expect(await mails('ann@example.org', 'lookalike-alert')).toHaveLength(0);
  });

  it('quarantine --game lists the oversized message with the sender\'s armies and what not reading it means (3.3.6)', async () => {
    const r = await runQuarantine(t.db, { game: 'cvj1' });
    if (!r.ok) throw new Error('quarantine failed');
    expect(r.text).toContain('Quarantined messages of cvj1 (1)');
    expect(r.text).toContain('from sai@example.org  game cvj1');
    // At 23:00 Sai Rei controlled his namesake and Proxy1 (5.2.1, Ann's change of 21:00).
    expect(r.text).toContain('the player Sai Rei (Coalition lieutenant), controlling Sai Rei, Proxy1 when it arrived (5.2.1)');
    expect(r.text).toContain('each army keeps the last order received for it by the lock (3.3.6)');
  });

  it('audit refuses a power for a Coalition round, naming its players and armies', async () => {
    const r = await runAudit(t.db, { game: 'cvj1', power: 'FRANCE' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]).toContain('cvj1 is a Coalition round, which has no powers; audit --player <name> or --army <name>');
    expect(r.problems[0]).toContain('armies: Sai Rei, Proxy1, Darkhand5, Gix, Ann');
    expect(await runAudit(t.db, { game: 'cvj1', army: 'Nobody' })).toMatchObject({ ok: false });
  });

  it('after the lock: audit --army Proxy1 shows every post of its orders with hashes, evidence and what the lock did', async () => {
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'cvj1', phase: 'T1' })).toBe('adjudicated');
    const s = text(await runAudit(t.db, { game: 'cvj1', army: 'proxy1' }));
    expect(s).toContain('Audit of the army Proxy1 in cvj1');
    expect(s).toContain('control list: to Sai Rei from 2026-11-19 21:00:00 GMT, requested by Ann');
    expect(s).toContain('army: Coalition lieutenant at 7G; controlled by Sai Rei now');
    // Its receipts: p1 (its order), c1 (the control change), and the posts naming it that were not
    // taken: the forged one, the stranger's (1.6) and the late one (3.1); not p2 (Sai Rei only), not
    // the quarantined one (never read).
    expect(s).toContain('Receipts (5):');
    for (const k of ['p1', 'c1', 'forged', 'stranger', 'late']) expect(s).toContain(`sha256 ${sha(raws[k]!)}`);
    expect(s).not.toContain(sha(raws.p2!));
    expect(s).not.toContain(sha(raws.big!));
    expect(s).toContain('a post naming Proxy1: not stored as an order (unregistered)');
    // 5.4.2: Sai Rei controlled Proxy1 at the lock, so his order of 20:00 (sent before he controlled it) is valid.
    expect(s).toMatch(/order for Proxy1 \(line 2, posted in the thread, by Sai Rei\): "Proxy1: 6G > 7G" → turn 1: moved/);
    expect(s).toContain('control: Proxy1 to Sai Rei, effective 2026-11-19 21:00:00 GMT (5.2.1)');
    // The forged post: refused with its identity evidence; the late one: after the lock (3.1).
    expect(s).toMatch(/refused: identity: secret-wrong\n[\s\S]*a post naming Proxy1: not stored as an order \(identity: secret-wrong\)\n\s+identity: refused \(secret-wrong\)/);
    expect(s).toContain('late T1: after the lock');
    expect(s).toContain('a post naming Proxy1: not stored as an order (after the lock)');
    expect(s).toContain('Turn 1 (locked 2026-11-20 05:00:00 GMT):\n  controller at the lock (5.4.2): Sai Rei');
    expect(s).toContain('Integrity: verified.');
  });

  it('audit --player "Sai Rei" shows all his mail and, per turn, what each order came to (3.3.6)', async () => {
    const s = text(await runAudit(t.db, { game: 'cvj1', player: 'Sai Rei' }));
    expect(s).toContain('player: Sai Rei <sai@example.org>, Coalition lieutenant');
    // p1, p2, the quarantined, the forged and the late post: five messages from his address.
    expect(s).toContain('Receipts (5):');
    for (const k of ['p1', 'p2', 'big', 'forged', 'late']) expect(s).toContain(`sha256 ${sha(raws[k]!)}`);
    expect(s).toContain('quarantined: the message is larger than');
    expect(s).toContain('Turn 1 (locked 2026-11-20 05:00:00 GMT):\n  controlled at the lock (5.4.2): Sai Rei, Proxy1');
    // 3.3.6: of his two orders for Sai Rei the last (22:00) counts; the first is superseded.
    expect(s).toMatch(/Sai Rei: "Sai Rei: 3D > 5D" \(received 2026-11-19 20:00:00 GMT\): rejected: a later order for Sai Rei counts \(3\.3\.6\)/);
    expect(s).toMatch(/Sai Rei: "Sai Rei: 3D > 4D" \(received 2026-11-19 22:00:00 GMT\): moved/);
    expect(s).toMatch(/Proxy1: "Proxy1: 6G > 7G" \(received 2026-11-19 20:00:00 GMT\): moved/);
  });

  it('game show after the lock: turn 2, the armies where the update put them', async () => {
    const r = await runGameShow(t.db, 'cvj1', at('2026-11-20T06:00:00Z'));
    if (!r.ok) throw new Error(r.problems.join('; '));
    const s = r.text;
    // The lock moves on by the round's 24 hours (turn_hours default): 21 November 05:00.
    expect(s).toContain('Turn 2: movement lock 2026-11-21 05:00:00 GMT');
    const row = (name: string) => s.split('\n').find((l) => l.trimStart().startsWith(name))!;
    // Sai Rei 3D > 4D, Proxy1 6G > 7G carried out; Gix stays (Kara's order: 5.4.2); Darkhand5 and Ann had none.
    expect(row('Sai Rei  ')).toMatch(/\s4D\s/);
    expect(row('Proxy1')).toMatch(/\s7G\s/);
    expect(row('Gix  ')).toMatch(/\s20H\s/);
    expect(row('Darkhand5  ')).toMatch(/\s6E\s/);
    expect(s).toContain('armies with no order for turn 2 yet: Sai Rei, Proxy1, Darkhand5, Gix, Ann');
  });

  it('the compiled CLI: audit --army --json through the kind, and --power refused with exit 2', () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url };
    const ok = spawnSync(process.execPath, [CLI, 'audit', '--game', 'cvj1', '--army', 'Proxy1', '--phase', 'T1', '--json'], { encoding: 'utf8', env });
    expect(ok.status, ok.stderr).toBe(0);
    const report = JSON.parse(ok.stdout) as { by: string; subject: string; orders: { text: string; result: { outcome: string } | null }[]; integrity: { verified: boolean } };
    expect(report).toMatchObject({ by: 'army', subject: 'Proxy1', integrity: { verified: true } });
    expect(report.orders.map((o) => [o.text, o.result?.outcome])).toEqual([['Proxy1: 6G > 7G', 'moved']]);
    const bad = spawnSync(process.execPath, [CLI, 'audit', '--game', 'cvj1', '--power', 'FRANCE'], { encoding: 'utf8', env });
    expect(bad.status).toBe(2);
    expect(bad.stderr + bad.stdout).toContain('has no powers');
  });
});
