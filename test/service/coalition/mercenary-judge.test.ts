/**
 * The Mercenary Judge by email (chapter 6): named in the round file, he orders every mercenary army
 * through the thread like a player (his posts re-sent to everyone), his orders for a team's army are
 * refused, STATUS and HELP list the mercenary armies, the lock carries out his orders (a player's
 * order for a mercenary is not); without a Mercenary Judge the start mail says the mercenaries hold.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCoalitionGame } from '../../../src/db/coalition.js';
import { checkCoalitionSpec, runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { runCoalitionPlace } from '../../../src/service/coalition/place-raider.js';
import { adjudicateTurn } from '../../../src/service/game-kinds.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, at, exampleMap, sendMail, outboxTo, turnOneSeed } from './fixtures.js';

let t: TestDatabase;
const LOCK = new Date('2026-11-20T05:00:00Z');
const map = exampleMap();

const spec = (id: string, merc: boolean, extra: { name: string; team: string; rank: string; at: string; mercenary?: string }[] = []) => ({
  id, address: `${id}@judge.example.org`, pmAddress: `${id}-mj@judge.example.org`, battleAddress: `${id}-battle@judge.example.org`,
  movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
  ...(merc ? { mercenaryJudge: { name: 'Merc', email: 'merc@example.org' } } : {}),
  world: {
    map,
    armies: [
      { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D' },
      { name: 'Gix', team: 'phyrexia', rank: 'praetor', at: '20H' },
      { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
      { name: 'Raider1', team: 'mercenary', rank: '1/1-4/4', at: '24G', mercenary: 'raider' },
      { name: 'Keeper', team: 'mercenary', rank: '2/2-5/5', at: '19C', mercenary: 'town-defender' },
      ...extra,
    ],
  },
  players: [
    { name: 'Ann', email: 'ann@example.org', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Bob', email: 'bob@example.org', team: 'coalition' as const, rank: 'admiral', authority: true },
    { name: 'Sai Rei', email: 'sai@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Gix', email: 'gix@example.org', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
    { name: 'Kara', email: 'kara@example.org', team: 'phyrexia' as const, rank: 'praetor', authority: true },
  ],
  lock: LOCK,
});

const send = (from: string, to: string, text: string, receivedAt: Date, id: string) => sendMail(t.db, { from, to, text, receivedAt, id, subject: 'turn 1' });

const mails = (game: string, to: string, kind?: string) => outboxTo(t.db, game, to, kind);

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('the Mercenary Judge (chapter 6)', () => {
  it('cannot be a player of either team', () => {
    const s = spec('x1', true);
    const bad = { ...s, mercenaryJudge: { name: 'Kara', email: 'kara@example.org' } };
    expect(checkCoalitionSpec(bad, at('2026-11-18T12:00:00Z')).join('\n')).toContain('the Mercenary Judge cannot be a player on either team (chapter 6)');
    expect(checkCoalitionSpec(s, at('2026-11-18T12:00:00Z'))).toEqual([]);
  });

  it('orders the mercenary armies by email; his orders for a team army are refused', async () => {
    expect(await runCoalitionCreate(t.db, spec('merc1', true), 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    const start = (await mails('merc1', 'sai@example.org', 'coalition-start'))[0]!.body_text;
    expect(start).toContain('Mercenary Judge: Merc. He controls every mercenary army (chapter 6)');
    expect(await mails('merc1', 'merc@example.org', 'coalition-start')).toHaveLength(1);

    const r = await send('merc@example.org', 'merc1@judge.example.org', 'Raider1: 24G > 26G\nGix: 20H > 21H', at('2026-11-19T20:00:00Z'), 'm1');
    expect(r).toMatchObject({ kind: 'movement', armies: ['Raider1'], via: 'post' });
    const ack = (await mails('merc1', 'merc@example.org', 'coalition-received'))[0]!.body_text;
    expect(ack).toMatch(/line 1: Raider1: 24G > 26G\s+accepted/);
    expect(ack).toMatch(/line 2: Gix: 20H > 21H\s+refused: Gix is a phyrexia army; the Mercenary Judge orders only the mercenary armies \(chapter 6/);
    // 3.1: his thread post is re-sent to everyone else, like any post.
    for (const who of ['sai@example.org', 'gix@example.org', 'mo@example.org', 'bea@example.org']) {
      const thread = (await mails('merc1', who, 'coalition-thread'))[0]!.body_text;
      expect(thread).toContain('Raider1: 24G > 26G');
      expect(thread).not.toContain('Gix: 20H > 21H');
    }
    expect(await mails('merc1', 'merc@example.org', 'coalition-thread')).toHaveLength(0);

    // No control list for him; STATUS and HELP list the mercenary armies.
    await send('merc@example.org', 'merc1@judge.example.org', 'CONTROL Sai Rei TO Ann\nSTATUS\nHELP', at('2026-11-19T20:10:00Z'), 'm2');
    const status = (await mails('merc1', 'merc@example.org', 'coalition-received')).at(-1)!.body_text;
    expect(status).toContain('line 1: refused: the Mercenary Judge orders the mercenary armies and has no part in the teams\' control lists');
    expect(status).toContain('The mercenary armies, yours to order as Mercenary Judge (chapter 6):');
    expect(status).toMatch(/Raider1 \(raider, 1\/1-4\/4\) at 24G: Raider1: 24G > 26G \(received Thursday 19 November 2026, 20:00:00 GMT\)/);
    expect(status).toContain('Keeper (town-defender, 2/2-5/5) at 19C: no order yet');
    expect(status).toContain('HELP for the Mercenary Judge');
    expect(status).not.toContain('Authority over the list');

    // A player's order for a mercenary army: accepted as mail, but not his army at the lock (5.4.1, 5.4.2).
    await send('sai@example.org', 'merc1@judge.example.org', 'Keeper: 19C > 20C', at('2026-11-19T21:00:00Z'), 's1');
    expect((await mails('merc1', 'sai@example.org', 'coalition-received'))[0]!.body_text).toContain('Keeper is controlled by Merc now');

    // 6.3.2: with a Mercenary Judge the update waits for his After Lock Edit window (60 minutes by default).
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'merc1', phase: 'T1' })).toBe('skipped');
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T06:01:00Z'), fromAddress: JUDGE }, { gameId: 'merc1', phase: 'T1' })).toBe('adjudicated');
    const where = Object.fromEntries((await findCoalitionGame(t.db, 'merc1'))!.world.armies.map((a) => [a.name, a.at]));
    expect(where).toMatchObject({ Raider1: '26G', Keeper: '19C', Gix: '20H' });
    expect((await mails('merc1', 'merc@example.org', 'coalition-update'))).toHaveLength(1);
    const update = (await mails('merc1', 'ann@example.org', 'coalition-update'))[0]!.body_text;
    expect(update).toContain('Raider1');
    expect((await mails('merc1', 'bea@example.org', 'coalition-not-controller'))[0]!.body_text).toContain('Sai Rei sent an order for Keeper');
  });

  it('without a Mercenary Judge the start mail says the mercenaries hold', async () => {
    expect(await runCoalitionCreate(t.db, spec('merc2', false), 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    const start = (await mails('merc2', 'ann@example.org', 'coalition-start'))[0]!.body_text;
    expect(start).toContain('This round has no Mercenary Judge: the mercenary armies hold every turn (chapter 6).');
    expect(await mails('merc2', 'merc@example.org')).toHaveLength(0);
    await send('sai@example.org', 'merc2@judge.example.org', 'Raider1: 24G > 25G', at('2026-11-19T21:00:00Z'), 'n1');
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'merc2', phase: 'T1' })).toBe('adjudicated');
    expect((await findCoalitionGame(t.db, 'merc2'))!.world.armies.find((a) => a.name === 'Raider1')!.at).toBe('24G');
  });

  it('gives him one After Lock Edit a turn, within the window, to engage (6.3.2)', async () => {
    // Raider1 moves to 22H (a ruling would do as well): Proxy1 stands at 21H between it and Gix at 20H.
    const s = spec('merc3', true, [{ name: 'Proxy1', team: 'coalition', rank: 'lieutenant', at: '21H' }, { name: 'Raider2', team: 'mercenary', rank: '1/1-4/4', at: '25K', mercenary: 'raider' }]);
    s.world.armies = s.world.armies.map((a) => (a.name === 'Raider1' ? { ...a, at: '22H' } : a));
    expect(await runCoalitionCreate(t.db, s, 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    expect((await mails('merc3', 'gix@example.org', 'coalition-start'))[0]!.body_text).toMatch(/After each lock he has 60 minutes to change one Raider's move to an attack\s+\(6\.3\.2, After Lock Edit\): the movement update comes then \(turn 1: Friday 20 November 2026, 06:01:00 GMT\),\s+or as soon as he mails EDIT or NO EDIT/);
    const reply = async () => (await mails('merc3', 'merc@example.org', 'coalition-received')).at(-1)!.body_text;

    await send('merc@example.org', 'merc3@judge.example.org', 'Raider1: 22H > 23H', at('2026-11-19T20:00:00Z'), 'e0');
    await send('merc@example.org', 'merc3@judge.example.org', 'EDIT Raider1: 22H > 21H; engage Proxy1', at('2026-11-20T04:00:00Z'), 'e1');
    expect(await reply()).toContain('refused: an After Lock Edit is made after the movement lock of turn 1');
    await send('sai@example.org', 'merc3@judge.example.org', 'EDIT Raider1: 22H > 21H; engage Proxy1', at('2026-11-20T05:05:00Z'), 'e2');
    expect((await mails('merc3', 'sai@example.org', 'coalition-received')).at(-1)!.body_text).toContain('refused: only the Mercenary Judge may change a Raider\'s move after the lock (6.3.2, After Lock Edit)');

    // The lock's minute is over, but the window is open: no update yet.
    const ctx = (now: string) => ({ now: () => at(now), fromAddress: JUDGE });
    expect(await adjudicateTurn(t.db, ctx('2026-11-20T05:01:00Z'), { gameId: 'merc3', phase: 'T1' })).toBe('skipped');

    await send('merc@example.org', 'merc3@judge.example.org', 'EDIT Raider1: 22H > 24H', at('2026-11-20T05:10:00Z'), 'e3');
    expect(await reply()).toContain('refused: an After Lock Edit must be an attempt to engage an army: a move with "; engage <army>" (6.3.2)');
    expect((await reply())).not.toContain('Not accepted');
    await send('merc@example.org', 'merc3@judge.example.org', 'EDIT Raider1: 22H > 20H; engage Gix', at('2026-11-20T05:11:00Z'), 'e4');
    expect(await reply()).toContain('refused: an After Lock Edit must not take the army through the current position of any army (6.3.2): 21H');
    await send('merc@example.org', 'merc3@judge.example.org', 'EDIT Raider1: 22H > 21H; engage Proxy1', at('2026-11-20T05:12:00Z'), 'e5');
    expect(await reply()).toContain('accepted: Raider1 carries out "Raider1: 22H > 21H; engage Proxy1" in place of its order of the turn (6.3.2, After Lock Edit); the movement update of turn 1 is computed now');
    await send('merc@example.org', 'merc3@judge.example.org', 'EDIT Raider2: 25K > 25J; engage Proxy1', at('2026-11-20T05:13:00Z'), 'e6');
    expect(await reply()).toContain("refused: one After Lock Edit a turn, and Raider1's came first (6.3.2)");
    // The job was moved to the edit's instant.
    const jobs = await t.db.selectFrom('graphile_worker.jobs' as never).select(['key' as never, 'run_at' as never]).execute() as { key: string; run_at: Date }[];
    expect(jobs.find((j) => j.key === 'adjudicate:merc3:T1')?.run_at.toISOString()).toBe('2026-11-20T05:12:00.000Z');

    expect(await adjudicateTurn(t.db, ctx('2026-11-20T05:14:00Z'), { gameId: 'merc3', phase: 'T1' })).toBe('adjudicated');
    const update = (await mails('merc3', 'sai@example.org', 'coalition-update'))[0]!.body_text;
    expect(update).toContain("The Mercenary Judge's After Lock Edit (6.3.2):\n  received Friday 20 November 2026, 05:12:00 GMT: Raider1: 22H > 21H; engage Proxy1: carried out in place of its earlier order");
    expect(update).toMatch(/The movement update comes 60 minutes after the lock \(Saturday 21 November 2026, 06:01:00 GMT\)/);
    expect(update).toMatch(/Raider1[^\n]*21H/);
    const next = await t.db.selectFrom('graphile_worker.jobs' as never).select(['key' as never, 'run_at' as never]).execute() as { key: string; run_at: Date }[];
    expect(next.find((j) => j.key === 'adjudicate:merc3:T2')?.run_at.toISOString()).toBe('2026-11-21T06:01:00.000Z');
    // His battle strategy for the Raider goes to the battle address like a controller's (4.1.1, chapter 6).
    expect((await mails('merc3', 'merc@example.org', 'coalition-battles'))[0]!.body_text).toContain('21H');
    await send('merc@example.org', 'merc3-battle@judge.example.org', 'STRATEGY FOR Raider1\nHit the weakest, run if it hurts.', at('2026-11-20T07:00:00Z'), 'st1');
    expect((await mails('merc3', 'merc@example.org', 'coalition-strategy-received'))[0]!.body_text).toContain('This strategy counts for Raider1 in the battle at 21H');
    await send('sai@example.org', 'merc3-battle@judge.example.org', 'STRATEGY FOR Raider1\nRun.', at('2026-11-20T07:05:00Z'), 'st2');
    expect((await mails('merc3', 'sai@example.org', 'coalition-refused')).at(-1)!.body_text).toContain('Raider1 is controlled by Merc');
  });

  it('asks him to place a spawned Raider, checked against 6.3 and 6.3.1 (6.3.2)', async () => {
    const s = { ...spec('merc4', true), editWindowMinutes: 0 };
    s.world.armies = s.world.armies.filter((a) => a.mercenary !== 'raider');
    // A turn-1 seed whose update spawns a Raider (3 in 20 with no Raider on the map), found with the pure update.
    const seed = turnOneSeed(map, s.world.armies, LOCK, 'merc4', true);
    expect(await runCoalitionCreate(t.db, s, 'test', at('2026-11-18T12:00:00Z'), JUDGE, { seed })).toMatchObject({ ok: true });
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'merc4', phase: 'T1' })).toBe('adjudicated');
    const update = (await mails('merc4', 'gix@example.org', 'coalition-update'))[0]!.body_text;
    expect(update).toMatch(/A Raider spawns \(6\.3\.2, the Raider spawn roll below\): a (1\/1-4\/4|2\/2-5\/5) Raider\./);
    expect(update).toContain("Where it appears is the Mercenary Judge's: Raider T1 is not on the map until Merc places it");
    expect(update).toMatch(/d20: \d+ \(Raider spawn: 3 in 20 with 0 Raiders \(6\.3\.2\)\)/);
    let setup = (await findCoalitionGame(t.db, 'merc4'))!;
    expect(setup.world.armies.map((a) => a.name)).not.toContain('Raider T1');
    const rank = setup.world.pendingRaiders![0]!.rank;

    const reply = async () => (await mails('merc4', 'merc@example.org', 'coalition-received')).at(-1)!.body_text;
    await send('merc@example.org', 'merc4@judge.example.org', 'STATUS', at('2026-11-20T06:00:00Z'), 'p0');
    expect(await reply()).toContain(`Spawned Raiders waiting to be placed, not on the map until then (6.3.2):\n  Raider T1 (${rank}), spawned at the turn 1 update: PLACE Raider T1 AT <square>`);
    await send('sai@example.org', 'merc4@judge.example.org', 'PLACE Raider T1 AT 24G', at('2026-11-20T06:01:00Z'), 'p1');
    expect((await mails('merc4', 'sai@example.org', 'coalition-received')).at(-1)!.body_text).toContain("refused: where a spawned Raider appears is the Mercenary Judge's (6.3.2)");
    await send('merc@example.org', 'merc4@judge.example.org', 'PLACE Raider T1 AT 19D', at('2026-11-20T06:02:00Z'), 'p2');
    expect(await reply()).toContain('refused: 19D is next to the town at 19C: a Raider is never on a square adjacent to a base, portal or town (6.3.1)');
    await send('merc@example.org', 'merc4@judge.example.org', 'PLACE Raider T1 AT 20H', at('2026-11-20T06:03:00Z'), 'p3');
    expect(await reply()).toContain('refused: Gix stands on 20H: a Raider appears on an empty square (6.3)');
    await send('merc@example.org', 'merc4@judge.example.org', 'PLACE Raider T1 AT 24G', at('2026-11-20T06:04:00Z'), 'p4');
    expect(await reply()).toContain(`done: Raider T1 (${rank}) appears at 24G; everyone is told (6.3.2)`);
    for (const who of ['ann@example.org', 'gix@example.org', 'bea@example.org', 'mo@example.org']) {
      expect((await mails('merc4', who, 'coalition-raider-placed'))[0]!.body_text).toContain(`Raider T1, the ${rank} Raider that spawned at the turn 1 movement update (6.3.2), appears\nat 24G`);
    }
    setup = (await findCoalitionGame(t.db, 'merc4'))!;
    expect(setup.world.armies.find((a) => a.name === 'Raider T1')).toMatchObject({ at: '24G', team: 'mercenary', mercenary: 'raider', rank });
    expect(setup.world.pendingRaiders).toEqual([]);
    await send('merc@example.org', 'merc4@judge.example.org', 'PLACE Raider T1 AT 25G', at('2026-11-20T06:05:00Z'), 'p5');
    expect(await reply()).toContain('refused: no spawned Raider "Raider T1" waits to be placed (none waits; 6.3.2)');
  });

  it('heals a Town Defender 500 a turn in its home town, lowest rank first, and says so (6.1.2)', async () => {
    const s = spec('merc5', false);
    s.world.armies = s.world.armies.map((a) => (a.name === 'Keeper' ? { ...a, troops: [
      { creature: 'Grizzly Bears', colours: ['green'], power: 2, toughness: 2, slot: 1, count: 2500, alive: 2200 },
      { creature: 'Hill Giant', colours: ['red'], power: 3, toughness: 3, slot: 2, count: 1500, alive: 1000 },
    ] } : a)) as typeof s.world.armies;
    expect(await runCoalitionCreate(t.db, s, 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'merc5', phase: 'T1' })).toBe('adjudicated');
    const update = (await mails('merc5', 'ann@example.org', 'coalition-update'))[0]!.body_text;
    expect(update).toContain('Town Defenders healed in their home towns (6.1.2: 500 a turn, lowest rank first):\n  Keeper at 19C: 300 Grizzly Bears, 200 Hill Giant back');
    const keeper = (await findCoalitionGame(t.db, 'merc5'))!.world.armies.find((a) => a.name === 'Keeper') as unknown as { home: string; troops: { alive: number }[] };
    expect(keeper.home).toBe('19C');
    expect(keeper.troops.map((x) => x.alive)).toEqual([2500, 1200]);
  });

  it('disbands a Raider by the Mercenary Judge\'s order: it holds and leaves the map at the update (6.3.2)', async () => {
    const s = { ...spec('merc6', true), editWindowMinutes: 0 };
    expect(await runCoalitionCreate(t.db, s, 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    await send('merc@example.org', 'merc6@judge.example.org', 'Raider1: 24G > 25G\nDISBAND Raider1\nDISBAND Keeper', at('2026-11-19T20:00:00Z'), 'd1');
    const reply = (await mails('merc6', 'merc@example.org', 'coalition-received')).at(-1)!.body_text;
    expect(reply).toContain("recorded: Raider1 spends turn 1's movement disbanding and leaves the map at the update; its other orders this turn are not carried out (6.3.2)");
    expect(reply).toContain('refused: Keeper is not a Raider: only a Raider may Disband (6.3.2)');
    await send('gix@example.org', 'merc6@judge.example.org', 'DISBAND Raider1', at('2026-11-19T20:05:00Z'), 'd2');
    expect((await mails('merc6', 'gix@example.org', 'coalition-received')).at(-1)!.body_text).toContain('refused: only the Mercenary Judge disbands a Raider (6.3.2)');
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'merc6', phase: 'T1' })).toBe('adjudicated');
    expect((await mails('merc6', 'kara@example.org', 'coalition-update'))[0]!.body_text).toContain('Disbanded (6.3.2), removed from the map: Raider1');
    const world = (await findCoalitionGame(t.db, 'merc6'))!.world;
    expect(world.armies.map((a) => a.name)).not.toContain('Raider1');
    expect(world.armies.map((a) => a.name)).toContain('Keeper');
  });

  it('places a spawned Raider from the console too, logged for reproduce (mailjudge coalition place)', async () => {
    const s = { ...spec('merc7', true), editWindowMinutes: 0 };
    s.world.armies = s.world.armies.filter((a) => a.mercenary !== 'raider');
    expect(await runCoalitionCreate(t.db, s, 'test', at('2026-11-18T12:00:00Z'), JUDGE, { seed: turnOneSeed(map, s.world.armies, LOCK, 'merc7', true) })).toMatchObject({ ok: true });
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'merc7', phase: 'T1' })).toBe('adjudicated');
    expect(await runCoalitionPlace(t.db, 'merc7', 'Raider T1', '20C', 'cli:merc', at('2026-11-20T06:00:00Z'), JUDGE)).toEqual({ ok: false, problems: ['20C is next to the town at 19C: a Raider is never on a square adjacent to a base, portal or town (6.3.1)'] });
    expect(await runCoalitionPlace(t.db, 'merc7', 'Raider T1', '24G', 'cli:merc', at('2026-11-20T06:01:00Z'), JUDGE)).toMatchObject({ ok: true });
    expect((await mails('merc7', 'sai@example.org', 'coalition-raider-placed'))[0]!.body_text).toContain('appears\nat 24G: the Mercenary Judge, Merc, placed it at Friday 20 November 2026, 06:01:00 GMT');
    const log = await t.db.selectFrom('replay_log').select(['name', 'args']).where('game_id', '=', 'merc7').where('name', '=', 'coalition-place').execute();
    expect(log.map((e) => e.args)).toEqual([{ gameId: 'merc7', army: 'Raider T1', square: '24G' }]);
  });
});
