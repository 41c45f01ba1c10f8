/**
 * The Coalition battle cycle by email on a simulated clock, through the real intake and the jobs
 * (3.1, 4.1.1, 4.1.2.3, 4.2, 4.3.1, 5.2.3): the lock announces a battle to everyone with its deadline
 * and "X attacks Y", kills an empty army with no battle; a contingency set by mail, its strategy
 * refused before its 24 hours and accepted in them, the controller's own winning over it; a strategy
 * from a player who controls nothing refused and reported; a late one refused; the weather sent to
 * everyone; an early verdict refused; the digest at the deadline with the strategy that counts and
 * "stratless"; a verdict with a bad line answered; the results at the next lock, applied to the world,
 * every roll recomputable from the revealed seed.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { formatReproduce, reproduceInto } from '../../../src/cli/reproduce/reproduce.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitment, roll } from '../../../src/dice/index.js';
import { findCoalitionGame } from '../../../src/db/coalition.js';
import { runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { runCoalitionJudgeText } from '../../../src/service/coalition/judge-command.js';
import { adjudicateTurn } from '../../../src/service/game-kinds.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { TEAM_COLOURS, squareCentre } from '../../../src/coalition/picture/index.js';
import { decodePng } from '../../helpers/decode-png.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, at, exampleMap, troop, sendMail, outboxTo } from './fixtures.js';
import { withAttachmentsOf } from '../../helpers/outbox-attachments.js';

let t: TestDatabase;
const map = exampleMap();

const spec = {
  id: 'cvb', address: 'cvb@judge.example.org', pmAddress: 'cvb-mj@judge.example.org', battleAddress: 'cvb-battle@judge.example.org',
  movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
  world: {
    map,
    armies: [
      { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D', colours: ['red', 'green', 'black'], troops: [troop('Goblin Raiders', ['red'], 1, 0, 5000), troop('Grizzly Bears', ['green'], 2, 1, 2500)] },
      { name: 'Darkhand5', team: 'coalition', rank: 'lieutenant', at: '10E', colours: ['red'], troops: [troop('Kris Mage', ['red'], 1, 0, 5000)] },
      { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '5D', troops: [troop('Plague Rats', ['black'], 1, 0, 5000), troop('Sengir Autocrat', ['black'], 2, 1, 2500)] },
      { name: 'Husk', team: 'phyrexia', rank: 'centurion', at: '10F', troops: [troop('Thrull', ['black'], 1, 0, 5000, 0)] },
      { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
      { name: 'Kara', team: 'phyrexia', rank: 'praetor', at: '30C' },
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
  lock: at('2026-11-20T05:00:00Z'),
  turnHours: 72,
};

const send = (from: string, to: string, text: string, receivedAt: Date, id: string) => sendMail(t.db, { from, to, text, receivedAt, id, subject: 'mail' });
const mails = (to: string, kind?: string) => outboxTo(t.db, 'cvb', to, kind);
const last = async (to: string, kind: string) => (await mails(to, kind)).at(-1)?.body_text ?? '';
/** The calendar event the last mail of `kind` to `to` carries (its filename and iCalendar text). */
async function ics(to: string, kind: string) {
  const row = await withAttachmentsOf(t.db, await t.db.selectFrom('outbox').select(['attachments']).where('game_id', '=', 'cvb').where('to_address', '=', to).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirstOrThrow());
  const a = row.attachments.filter((x) => x.contentType.startsWith('text/calendar'));
  expect(a, `${kind} to ${to}`).toHaveLength(1);
  return { filename: a[0]!.filename, text: Buffer.from(a[0]!.content, 'base64').toString('utf8').replace(/\r\n /g, '') };
}
const ctx = (now: string) => ({ now: () => at(now), fromAddress: JUDGE });

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('a Coalition battle by email', () => {
  it('is announced, strategised, digested, judged, rolled and applied', async () => {
    expect(await runCoalitionCreate(t.db, spec, 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    // Another game's battles took ids 1-30 in this database first: the battle here is row 31 in the
    // record and row 1 in a replay of this game alone, and its weather mail's key names it (below).
    await sql`SELECT setval(pg_get_serial_sequence('coalition_battles', 'id'), 30)`.execute(t.db);
    await send('sai@example.org', spec.address, 'Sai Rei: 3D > 5D; engage Gix', at('2026-11-19T20:00:00Z'), 'o1');
    await send('dark@example.org', spec.address, 'Darkhand5: 10E > 10F; engage Husk', at('2026-11-19T20:05:00Z'), 'o2');
    // 5.2.3: the contingency section, set by a player with authority; refused from one without.
    await send('sai@example.org', spec.address, 'CONTINGENCY Sai Rei IS Darkhand5', at('2026-11-19T20:30:00Z'), 'c0');
    expect(await last('sai@example.org', 'coalition-received')).toContain('refused: only the two players of your side with authority');
    await send('ann@example.org', spec.address, 'CONTINGENCY Sai Rei IS Darkhand5', at('2026-11-19T21:00:00Z'), 'c1');
    expect(await last('ann@example.org', 'coalition-received')).toContain("done: Darkhand5 is Sai Rei's contingency");

    // The start mail carries turn 1's lock as a calendar event.
    const start = await ics('gix@example.org', 'coalition-start');
    expect(start.filename).toBe('cvb-T1.ics');
    expect(start.text).toContain('UID:cvb.t1@judge.example.org');
    expect(start.text).toContain('DTSTART:20261120T050000Z');
    expect(start.text).toContain('SEQUENCE:0');
    expect(start.text).toContain('Movement orders for the movement lock of turn 1 in cvb (cvb) must reach cvb@judge.example.org stamped up to Friday 20 November 2026\\, 05:00:59 GMT');
    expect(await last('gix@example.org', 'coalition-start')).toContain('The attached calendar event puts the lock in your calendar.');

    expect(await adjudicateTurn(t.db, ctx('2026-11-20T05:01:00Z'), { gameId: 'cvb', phase: 'T1' })).toBe('adjudicated');
    // The update carries the next lock, the announcement the strategy deadline, each as a calendar event (UTC, one UID each).
    const nextLock = await ics('sai@example.org', 'coalition-update');
    expect(nextLock.filename).toBe('cvb-T2.ics');
    expect(nextLock.text).toContain('UID:cvb.t2@judge.example.org');
    expect(nextLock.text).toContain('DTSTART:20261123T050000Z');
    expect(nextLock.text).toContain('DTSTAMP:20261120T050000Z');
    expect(await last('sai@example.org', 'coalition-update')).toContain('The attached calendar event puts the lock in your calendar.');
    const battleDeadline = await ics('bea@example.org', 'coalition-battles');
    // Issue 33: one name per thing: the battles announced at turn 1's lock are "Battles of turn 2" in the mail and the event.
    expect(battleDeadline.filename).toBe('cvb-T2-battles.ics');
    expect(battleDeadline.text).toContain('UID:cvb.t2-battles@judge.example.org');
    expect(battleDeadline.text).toContain('SUMMARY:Battles of turn 2\\, cvb (cvb)');
    expect(battleDeadline.text).toContain('DTSTART:20261122T050000Z');
    expect(battleDeadline.text).toContain('Battle strategies for the battles of turn 2 in cvb (cvb) must reach cvb-battle@judge.example.org stamped up to Sunday 22 November 2026\\, 05:00:59 GMT');
    expect(await last('bea@example.org', 'coalition-battles')).toContain('Battles of turn 2 (announced');
    expect(await last('bea@example.org', 'coalition-battles')).toContain('The attached calendar event puts the deadline in your calendar.');
    // 3.1, 4.1.2.3, 4.3.1: the announcement to everyone, with the deadline 24 hours before the next lock.
    for (const who of ['sai@example.org', 'gix@example.org', 'kara@example.org', 'bea@example.org', 'mo@example.org']) {
      const a = await last(who, 'coalition-battles');
      expect(a).toContain('5D (plains): Sai Rei attacks Gix');
      expect(a).toContain('weather: not entered yet: the Battle Judge mails it before the deadline');
      expect(a).toContain('Strategy deadline: Sunday 22 November 2026, 05:00 GMT');
      expect(a).toContain('strategies stamped up to Sunday 22 November 2026, 05:00:59 GMT count');
      expect(a).toMatch(/Husk at 10F: the killing army may move on/);
    }
    // The digest job is queued for the end of the deadline's minute.
    const jobs = await t.db.selectFrom('graphile_worker.jobs' as never).select(['key' as never, 'run_at' as never, 'task_identifier' as never]).execute() as { key: string; run_at: Date; task_identifier: string }[];
    expect(jobs.find((j) => j.key === 'battle-deadline:cvb:T1')).toMatchObject({ run_at: at('2026-11-22T05:01:00Z'), task_identifier: 'adjudicate-phase' });
    let setup = (await findCoalitionGame(t.db, 'cvb'))!;
    expect(setup.world.armies.map((a) => a.name)).not.toContain('Husk');

    // 5.2.3: the contingency only in the last 24 hours before the deadline (from 20 Nov 05:00).
    expect(await send('dark@example.org', spec.battleAddress, 'STRATEGY FOR Sai Rei\nHold the ridge.', at('2026-11-21T04:59:00Z'), 's0')).toMatchObject({ kind: 'refused' });
    expect(await last('dark@example.org', 'coalition-refused')).toContain("you are Sai Rei's contingency: your strategy counts only in the last 24 hours before the deadline (5.2.3), from 2026-11-21T05:00:00Z");
    const contingency = await send('dark@example.org', spec.battleAddress, 'STRATEGY FOR Sai Rei\nHold the ridge, bears in front.', at('2026-11-21T10:00:00Z'), 's1');
    expect(contingency).toMatchObject({ kind: 'command' });
    expect(await last('dark@example.org', 'coalition-strategy-received')).toContain("(as Sai Rei's contingency (5.2.3))");
    expect(await last('dark@example.org', 'coalition-strategy-received')).toContain('This strategy counts for Sai Rei in the battle at 5D');
    // The controller's own, with no STRATEGY line (his only army in battle): it counts.
    await send('sai@example.org', spec.battleAddress, 'Goblins charge at dawn; bears hold the flank.', at('2026-11-21T12:00:00Z'), 's2');
    expect(await last('sai@example.org', 'coalition-strategy-received')).toContain('This strategy counts for Sai Rei in the battle at 5D, in place of the earlier one');
    await send('dark@example.org', spec.battleAddress, 'STRATEGY FOR Sai Rei\nRetreat north.', at('2026-11-21T20:00:00Z'), 's3');
    expect(await last('dark@example.org', 'coalition-strategy-received')).toContain("the one that counts for Sai Rei in the battle at 5D is Sai Rei's of Saturday 21 November 2026, 12:00:00 GMT: the original controller's strategy wins over the contingency's (5.2.3)");
    // STATUS shows the battles of one's armies and of those one stands in for, and which strategy counts.
    await send('dark@example.org', spec.address, 'STATUS', at('2026-11-21T20:30:00Z'), 'st');
    expect(await last('dark@example.org', 'coalition-received')).toContain("Sai Rei: 5D (plains): Sai Rei attacks Gix\n    strategy: Sai Rei's of Saturday 21 November 2026, 12:00:00 GMT counts; deadline: strategies stamped up to Sunday 22 November 2026, 05:00:59 GMT count");
    await send('gix@example.org', spec.address, 'STATUS', at('2026-11-21T20:31:00Z'), 'st2');
    expect(await last('gix@example.org', 'coalition-received')).toContain('Gix: 5D (plains): Sai Rei attacks Gix\n    strategy: none received yet: without one it is stratless (4.2.1)');
    // Never shown to the other side; nothing goes to the Battle Judge before the deadline.
    expect(await mails('gix@example.org', 'coalition-strategy-received')).toHaveLength(0);
    expect(await mails('bea@example.org', 'coalition-battle-digest')).toHaveLength(0);
    // 5.4.1: a strategy for an army Kara does not control: refused, the Battle Judge told.
    await send('kara@example.org', spec.battleAddress, 'STRATEGY FOR Sai Rei\nSurrender.', at('2026-11-21T21:00:00Z'), 's4');
    expect(await last('kara@example.org', 'coalition-refused')).toContain('Sai Rei is controlled by Sai Rei, whose contingency is Darkhand5; only they may send its strategy');
    expect(await last('bea@example.org', 'coalition-not-controller')).toContain('Kara');

    // 4.1.2.5: the weather, to everyone; 4.1.1: no verdict before the deadline while Gix has none.
    await send('bea@example.org', spec.battleAddress, 'WEATHER 5D: fog until noon\nDIGEST 5D\nVERDICT 5D\nsize Gix 3', at('2026-11-21T22:00:00Z'), 'w1');
    expect(await last('gix@example.org', 'coalition-weather')).toContain('fog until noon');
    const early = await last('bea@example.org', 'coalition-judge-received');
    expect(early).toContain('weather of the battle at 5D set to "fog until noon"');
    expect(early).toContain('Gix has no strategy yet: a verdict may come before the deadline only once every strategy is in (4.1.1)');
    expect(early).toContain('line 2 "DIGEST 5D": Gix has no strategy yet: before the deadline');
    // The same by the CLI (mailjudge coalition verdict): the weather changed, everyone told; a bad square named.
    const cli = await runCoalitionJudgeText(t.db, 'cvb', 'WEATHER 5D: rain from noon\nWEATHER 7Q: hail', 'cli:bea', at('2026-11-21T23:00:00Z'), JUDGE);
    expect(cli).toMatchObject({ ok: true });
    expect((cli as { text: string }).text).toContain('weather of the battle at 5D set to "rain from noon"');
    expect((cli as { text: string }).text).toContain('not taken: line 2 "WEATHER 7Q: hail": the accepted form is WEATHER <square>: <text>');
    expect(await last('sai@example.org', 'coalition-weather')).toContain('rain from noon');
    expect(await runCoalitionJudgeText(t.db, 'cvb', 'VERDICT 9F', 'cli:bea', at('2026-11-21T23:00:00Z'), JUDGE)).toEqual({ ok: false, problems: ['line 1 "VERDICT 9F": no battle waiting for a verdict at 9F (open: 5D)'] });
    // An empty strategy is refused; HELP to the battle address says what it takes.
    expect(await send('sai@example.org', spec.battleAddress, 'STRATEGY FOR Sai Rei', at('2026-11-21T23:10:00Z'), 'empty')).toMatchObject({ kind: 'refused' });
    expect(await last('sai@example.org', 'coalition-refused')).toContain('the message has no strategy for Sai Rei');
    await send('sai@example.org', spec.battleAddress, 'HELP', at('2026-11-21T23:11:00Z'), 'help');
    expect(await last('sai@example.org', 'coalition-refused')).toContain('the first line "STRATEGY FOR <army>"');
    // Late: 05:01 of the deadline day.
    expect(await send('sai@example.org', spec.battleAddress, 'Changed my mind.', at('2026-11-22T05:01:00Z'), 's5')).toMatchObject({ kind: 'refused' });
    expect(await last('sai@example.org', 'coalition-refused')).toContain('received after the battle deadline');

    // The deadline: one digest per battle, to the Battle Judge only.
    expect(await adjudicateTurn(t.db, ctx('2026-11-22T05:01:00Z'), { gameId: 'cvb', phase: 'T1', step: 'battle-deadline' })).toBe('adjudicated');
    expect(await adjudicateTurn(t.db, ctx('2026-11-22T05:02:00Z'), { gameId: 'cvb', phase: 'T1', step: 'battle-deadline' })).toBe('skipped');
    const digest = await mails('bea@example.org', 'coalition-battle-digest');
    expect(digest).toHaveLength(1);
    expect(digest[0]!.body_text).toContain('Goblins charge at dawn; bears hold the flank.');
    expect(digest[0]!.body_text).not.toContain('Retreat north.');
    expect(digest[0]!.body_text).toMatch(/== Gix[^\n]*\n[\s\S]*STRATLESS: no strategy by the deadline/);
    expect(digest[0]!.body_text).toContain('VERDICT 5D');
    expect(await mails('gix@example.org', 'coalition-battle-digest')).toHaveLength(0);

    // A verdict with a bad line: answered with the line and the form; nothing recorded.
    await send('bea@example.org', spec.battleAddress, 'VERDICT 5D\nsize Gix lots', at('2026-11-22T09:00:00Z'), 'v0');
    const bad = await last('bea@example.org', 'coalition-judge-received');
    expect(bad).toContain('line 2 "size Gix lots": the accepted form is size <army> <0-10>');
    expect(bad).toContain('VERDICT 5D (line 1) is not recorded');
    await send('bea@example.org', spec.battleAddress, 'VERDICT 5D\nsize Gix 3\nlosses Sai Rei: 300 Goblin Raiders\nlosses Gix: 1200 Plague Rats, 100 Sengir Autocrat', at('2026-11-22T09:10:00Z'), 'v1');
    const ok = await last('bea@example.org', 'coalition-judge-received');
    // 4.2.1 (issue 33): Gix is stratless, so Sai Rei's strategy bonus is the automatic +10, and the receipt says so.
    expect(ok).toContain('verdict for the battle at 5D recorded: strategy Sai Rei +10 (automatic: the other side is stratless, 4.2.1); size Gix +3; Sai Rei loses 300 Goblin Raiders; Gix loses 1200 Plague Rats, 100 Sengir Autocrat; stratless: Gix');
    expect(ok).toContain('rolled at the movement lock of turn 2');

    // The next lock: rolled with turn 2's dice, published to everyone, applied.
    expect(await adjudicateTurn(t.db, ctx('2026-11-23T05:01:00Z'), { gameId: 'cvb', phase: 'T2' })).toBe('adjudicated');
    const results = await last('kara@example.org', 'coalition-battle-results');
    expect(results).toContain('Battle at 5D: coalition wins (the other side sent no strategy, 4.2.4)');
    expect(results).toMatch(/phyrexia: Gix \(stratless\) — rolls Gix \d+ \d+ \d+ \d+/);
    setup = (await findCoalitionGame(t.db, 'cvb'))!;
    const gix = setup.world.armies.find((a) => a.name === 'Gix')! as unknown as { at: string; troops: { creature: string; alive: number }[] };
    expect(gix.at).not.toBe('5D');
    expect(results).toContain(`Gix moves to ${gix.at}`);
    // 3.1, 4.2.5: the update sent after this lock shows Gix where the battle moved it, in the text and the picture.
    const t2 = await last('kara@example.org', 'coalition-update');
    // 4.2.5 (issue 33): losses and troops left. Gix: 5000 + 2500 = 7500, loses 1200 + 100 = 1300, 6200 left;
    // Sai Rei: 5000 + 2500 = 7500, loses 300, 7200 left.
    expect(t2).toContain(`  Gix: at 5D; then ${gix.at} after losing its battle at this lock (4.2.5), day 0; 6200 troops (lost 1300 in its battle rolled at this lock, 4.2.5)\n`);
    expect(t2).toContain('  Sai Rei: at 5D; 7200 troops (lost 300 in its battle rolled at this lock, 4.2.5)\n');
    expect(results).toContain('  Troops lost (4.2.5):\n    Sai Rei lost 300 Goblin Raiders; 7200 troops left: 4700/5000 Goblin Raiders, 2500/2500 Grizzly Bears\n    Gix lost 1200 Plague Rats, 100 Sengir Autocrat; 6200 troops left: 3800/5000 Plague Rats, 2400/2500 Sengir Autocrat\n');
    const pngRow = await withAttachmentsOf(t.db, await t.db.selectFrom('outbox').select(['attachments']).where('game_id', '=', 'cvb').where('to_address', '=', 'kara@example.org').where('kind', '=', 'coalition-update').orderBy('id', 'desc').executeTakeFirstOrThrow());
    const img = decodePng(Buffer.from(pngRow.attachments.find((x) => x.contentType === 'image/png')!.content, 'base64'));
    const [gx, gy] = squareCentre(gix.at);
    expect(img.pixel(Math.round(gx) - 3, Math.round(gy) + 8).slice(0, 3)).toEqual([1, 3, 5].map((i) => parseInt(TEAM_COLOURS.phyrexia.slice(i, i + 2), 16)));
    expect(gix.troops.map((x) => x.alive)).toEqual([3800, 2400]);
    const sai = setup.world.armies.find((a) => a.name === 'Sai Rei')! as unknown as { at: string; troops: { alive: number }[] };
    expect(sai).toMatchObject({ at: '5D' });
    expect(sai.troops[0]!.alive).toBe(4700);
    // Every roll recomputable from the seed revealed in the same lock's update.
    const update = await last('kara@example.org', 'coalition-update');
    const seed = /is\n([0-9a-f]+)\n/.exec(update)![1]!;
    expect(results).toContain(`committed to as ${commitment(seed)}`);
    const lines = [...results.matchAll(/^\s+(cvb:T2:\d+) (\S+): ([\d ]+) \(/gm)];
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const [, nonce, notation, dice] of lines) expect(roll(seed, nonce!, notation!).dice.join(' ')).toBe(dice!.trim());

    // Rulings (1.3, 3.3.3): by the Battle Judge's mail, by the Movement Judge's mail, by the CLI; audited and announced.
    await send('bea@example.org', spec.battleAddress, 'RULING Gix: alive Plague Rats 3500 BECAUSE 5.4.1: a strategy for an army he did not control', at('2026-11-23T08:00:00Z'), 'r1');
    expect(await last('bea@example.org', 'coalition-judge-received')).toContain('ruling on Gix: Plague Rats alive 3800 → 3500 (because 5.4.1: a strategy for an army he did not control); announced to everyone');
    for (const who of ['sai@example.org', 'gix@example.org', 'mo@example.org']) expect(await last(who, 'coalition-ruling')).toMatch(/Bea \(Battle Judge\) has ruled on Gix[^\n]*:\n  Plague Rats alive 3800 → 3500\nReason: 5\.4\.1/);
    await send('mo@example.org', spec.address, 'RULING Sai Rei: at 7D; days 0 BECAUSE misread post\nVERDICT 5D', at('2026-11-23T09:00:00Z'), 'r2');
    const mo = await last('mo@example.org', 'coalition-judge-received');
    expect(mo).toContain('ruling on Sai Rei: moved from 5D to 7D; day count 0 → 0 (because misread post)');
    expect(mo).toContain("line 2: weather, digests and verdicts are the Battle Judge's");
    const badRuling = await runCoalitionJudgeText(t.db, 'cvb', 'RULING Sai Rei: at 3D; alive Ogres 10 BECAUSE test\nRULING Darkhand5 moved', 'cli:bea', at('2026-11-23T10:00:00Z'), JUDGE);
    expect(badRuling).toEqual({ ok: false, problems: [
      'line 2 "RULING Darkhand5 moved": a ruling names the army, the changes and the reason; the accepted form is RULING <army>: <change>; <change> BECAUSE <reason>, the changes "at <square>", "days <n>", "alive <creature> <n>" or "remove", e.g. "RULING Sai Rei: at 12F; days 0 BECAUSE the post was misread"',
      'line 1 "RULING Sai Rei: at 3D; alive Ogres 10 BECAUSE test": not done: Sai Rei has no "Ogres" (its creatures: Goblin Raiders, Grizzly Bears)',
    ] });
    setup = (await findCoalitionGame(t.db, 'cvb'))!;
    expect(setup.world.armies.find((a) => a.name === 'Sai Rei')!.at).toBe('7D');
    const rulings = await t.db.selectFrom('audit_log').select(['detail']).where('game_id', '=', 'cvb').where('action', '=', 'coalition.ruling').execute();
    expect(rulings.map((r) => (r.detail as { reason: string }).reason)).toEqual(['5.4.1: a strategy for an army he did not control', 'misread post']);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('game_id', '=', 'cvb').where('action', '=', 'coalition.battle').execute();
    expect(audit).toHaveLength(1);

    // `mailjudge reproduce --game cvb` (stop 48): the battle's id in the weather mail's key
    // (`weather:cvb:31:…`) is compared by its rank in the game, so the replay alone matches.
    expect((await t.db.selectFrom('coalition_battles').select('id').where('game_id', '=', 'cvb').executeTakeFirstOrThrow()).id).toBe(31);
    const fresh = await createTestDatabase();
    try {
      await migrateQueue(fresh.url);
      const r = await reproduceInto(t.db, fresh.db, ['cvb'], { fromAddress: JUDGE });
      expect(r, formatReproduce(r)).toMatchObject({ kind: 'matched', failures: [] });
    } finally {
      await fresh.close();
    }
  });
});
