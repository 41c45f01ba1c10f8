/**
 * The scenario of issue 12, on a simulated clock through the real intake and the jobs: two teams;
 * a control change mid-turn that makes an earlier order count (5.2.1, 5.4.2); a PM order held back
 * until the lock (3.1); a late order at 05:01 refused; a Joint Engage (3.2.5) making a 2-v-1 battle;
 * a transfer (3.2.4); a contingency's strategy counting for its player (5.2.3); a stratless army that
 * does not take part beside its partner (4.4); a Phyrexian portal destroyed after 4 days (1.7.1) —
 * with assertions on who got which mail and what it says, over two turns.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReproduce, reproduceInto, resolveGames } from '../../../src/cli/reproduce/reproduce.js';
import { recordedSeeds } from '../../../src/cli/reproduce/replay-timeline.js';
import { runCoalitionJudgeText } from '../../../src/service/coalition/judge-command.js';
import { findCoalitionGame } from '../../../src/db/coalition.js';
import { runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { adjudicateTurn } from '../../../src/service/game-kinds.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, at, exampleMap, troop, sendMail, outboxTo } from './fixtures.js';

let t: TestDatabase;
const map = exampleMap();

const spec = {
  id: 'scn', address: 'scn@judge.example.org', pmAddress: 'scn-mj@judge.example.org', battleAddress: 'scn-battle@judge.example.org',
  movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
  world: {
    map,
    armies: [
      { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '8D', colours: ['red'], troops: [troop('Goblin Raiders', ['red'], 1, 0, 5000), troop('Hill Giant', ['red'], 3, 2, 1500)] },
      { name: 'Darkhand5', team: 'coalition', rank: 'lieutenant', at: '10F', colours: ['black'], troops: [troop('Plague Rats', ['black'], 1, 0, 5000)] },
      { name: 'Proxy1', team: 'coalition', rank: 'lieutenant', at: '16D', colours: ['green'], troops: [troop('Llanowar Elves', ['green'], 1, 0, 5000)] },
      { name: 'Wedge', team: 'coalition', rank: 'lieutenant', at: '26E', days: 3, colours: ['white'], troops: [troop('Soldiers', ['white'], 1, 0, 5000)] },
      { name: 'Ann', team: 'coalition', rank: 'general', at: '16C', colours: ['green', 'white', 'red'], troops: [troop('Elves', ['green'], 6, 0, 3000)] },
      { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '10D', troops: [troop('Thrulls', ['black'], 1, 0, 5000), troop('Sengir Autocrat', ['black'], 2, 1, 2500)] },
      { name: 'Kara', team: 'phyrexia', rank: 'praetor', at: '30C' },
    ],
  },
  players: [
    { name: 'Ann', email: 'ann@example.org', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Bob', email: 'bob@example.org', team: 'coalition' as const, rank: 'admiral', authority: true },
    { name: 'Sai Rei', email: 'sai@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Darkhand5', email: 'dark@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Wedge', email: 'wedge@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Gix', email: 'gix@example.org', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
    { name: 'Kara', email: 'kara@example.org', team: 'phyrexia' as const, rank: 'praetor', authority: true },
  ],
  lock: at('2026-11-20T05:00:00Z'),
  turnHours: 72,
};

const send = (from: string, to: string, text: string, receivedAt: Date, id: string) => sendMail(t.db, { from, to, text, receivedAt, id, subject: 'turn' });
const mails = (to: string, kind: string) => outboxTo(t.db, 'scn', to, kind);
const last = async (to: string, kind: string) => (await mails(to, kind)).at(-1)?.body_text ?? '';
const ctx = (now: string) => ({ now: () => at(now), fromAddress: JUDGE });
const EVERYONE = ['ann@example.org', 'bob@example.org', 'sai@example.org', 'dark@example.org', 'wedge@example.org', 'gix@example.org', 'kara@example.org', 'mo@example.org', 'bea@example.org'];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('the issue 12 scenario', () => {
  it('plays two turns by mail', async () => {
    expect(await runCoalitionCreate(t.db, spec, 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    // Turn 1. A Joint Engage by two lieutenants on Gix's square (3.2.5); Wedge sits on a portal counting days.
    await send('sai@example.org', spec.address, 'Sai Rei: 8D > 10D; Joint Engage', at('2026-11-19T10:00:00Z'), 'je1');
    // 3.1: a PM to the Movement Judge in the last 28 hours: held back, not sent on to the thread.
    await send('dark@example.org', spec.pmAddress, 'Darkhand5: 10F > 10D; Joint Engage', at('2026-11-19T12:00:00Z'), 'je2');
    expect(await mails('gix@example.org', 'coalition-thread')).toHaveLength(1);
    await send('wedge@example.org', spec.address, 'Wedge: hold', at('2026-11-19T13:00:00Z'), 'w1');
    // A transfer by Bob for Proxy1, which nobody controls yet; the control change mid-turn makes it count (5.4.2).
    // 3.2.4.2: the creatures, mailed to the Movement Judge (a PM); a detail that breaks 2.3.3 is refused.
    await send('bob@example.org', spec.address, 'Proxy1: Transfer to Ann at 16C', at('2026-11-19T14:00:00Z'), 'tr');
    expect(await last('bob@example.org', 'coalition-received')).toContain('Proxy1 is controlled by nobody now: it counts only if you control it at the lock (5.4.2)');
    await send('bob@example.org', spec.pmAddress, 'TRANSFER 6000 Llanowar Elves FROM Proxy1 TO Ann', at('2026-11-19T14:05:00Z'), 'trd0');
    expect(await last('bob@example.org', 'coalition-received')).toContain('refused: Proxy1 has 5000 Llanowar Elves alive; cannot send 6000 (2.3.3)');
    await send('bob@example.org', spec.pmAddress, 'TRANSFER 1000 Llanowar Elves FROM Proxy1 TO Ann', at('2026-11-19T14:10:00Z'), 'trd');
    expect(await last('bob@example.org', 'coalition-received')).toContain('recorded: at the lock Proxy1 sends 1000 Llanowar Elves to Ann');
    await send('ann@example.org', spec.address, 'CONTROL Proxy1 TO Bob\nCONTINGENCY Sai Rei IS Darkhand5', at('2026-11-19T15:00:00Z'), 'cc');
    const annAck = await last('ann@example.org', 'coalition-received');
    expect(annAck).toContain('done: Proxy1 is controlled by Bob from Thursday 19 November 2026, 15:00:00 GMT (5.2.1)');
    expect(annAck).toContain("done: Darkhand5 is Sai Rei's contingency");
    for (const who of EVERYONE) expect(await last(who, 'coalition-control')).toContain('Proxy1 is controlled by Bob');
    // Late: 05:01 is out.
    expect(await send('gix@example.org', spec.address, 'Gix: 10D > 12D', at('2026-11-20T05:01:00Z'), 'late')).toMatchObject({ kind: 'ignored', reason: 'after the lock' });
    expect(await last('gix@example.org', 'coalition-received')).toContain('after the movement lock of turn 1');

    expect(await adjudicateTurn(t.db, ctx('2026-11-20T05:01:00Z'), { gameId: 'scn', phase: 'T1' })).toBe('adjudicated');
    const update1 = await last('kara@example.org', 'coalition-update');
    expect(update1).toContain('Darkhand5, received Thursday 19 November 2026, 12:00:00 GMT: Darkhand5: 10F > 10D; Joint Engage');
    expect(update1).toMatch(/transfer Proxy1 → Ann: this update \(3\.2\.4\.3\)/);
    const ann1 = await last('gix@example.org', 'coalition-battles');
    expect(ann1).toContain('10D (plains): Sai Rei and Darkhand5 attack Gix (Joint Engage)');
    for (const who of EVERYONE) expect(await mails(who, 'coalition-battles')).toHaveLength(1);
    let setup = (await findCoalitionGame(t.db, 'scn'))!;
    expect(setup.world.armies.find((a) => a.name === 'Wedge')).toMatchObject({ at: '26E', days: 4 });
    // The transfer carried out in the update (3.2.4.3.1): Bob (Proxy1's controller at the lock) and the Movement Judge told.
    const troopsOf = (name: string) => Object.fromEntries((setup.world.armies.find((a) => a.name === name) as unknown as { troops: { creature: string; alive: number }[] }).troops.map((x) => [x.creature, x.alive]));
    expect(troopsOf('Ann')).toEqual({ Elves: 3000, 'Llanowar Elves': 1000 });
    expect(troopsOf('Proxy1')).toEqual({ 'Llanowar Elves': 4000 });
    expect(await last('bob@example.org', 'coalition-transfer')).toContain('Proxy1 sent 1000 Llanowar Elves to Ann (3.2.4.3.1)');
    expect(await mails('mo@example.org', 'coalition-transfer')).toHaveLength(1);
    expect(await mails('gix@example.org', 'coalition-transfer')).toHaveLength(0);

    // Strategies: Gix's; Sai Rei's by his contingency in the last 24 hours; Darkhand5 none (stratless).
    await send('gix@example.org', spec.battleAddress, 'Thrulls dig in; the Autocrat feeds.', at('2026-11-21T08:00:00Z'), 'sg');
    await send('dark@example.org', spec.battleAddress, 'STRATEGY FOR Sai Rei\nGiants smash the line at noon.', at('2026-11-21T09:00:00Z'), 'ss');
    expect(await last('dark@example.org', 'coalition-strategy-received')).toContain("Your battle strategy for Sai Rei (as Sai Rei's contingency (5.2.3)) was received");
    expect(await mails('sai@example.org', 'coalition-strategy-received')).toHaveLength(0);
    expect(await adjudicateTurn(t.db, ctx('2026-11-22T05:01:00Z'), { gameId: 'scn', phase: 'T1', step: 'battle-deadline' })).toBe('adjudicated');
    const digest = await last('bea@example.org', 'coalition-battle-digest');
    expect(digest).toContain("Strategy that counts: from Darkhand5 (the controller's contingency, 5.2.3)");
    expect(digest).toContain('Giants smash the line at noon.');
    expect(digest).toMatch(/== Darkhand5[^\n]*\n[^=]*STRATLESS/);
    for (const who of EVERYONE.filter((w) => w !== 'bea@example.org')) expect(await mails(who, 'coalition-battle-digest')).toHaveLength(0);
    await send('bea@example.org', spec.battleAddress, 'VERDICT 10D\nstrategy Sai Rei 5\nstrategy Gix 2\nsize Gix 2\nlosses Sai Rei: 500 Goblin Raiders\nlosses Gix: 2000 Thrulls', at('2026-11-22T10:00:00Z'), 'v');
    // 4.4: Darkhand5 is stratless beside Sai Rei, whose strategy came in: he stays out (he does not make his side lose).
    expect(await last('bea@example.org', 'coalition-judge-received')).toContain('stratless beside a partner with a strategy: Darkhand5 (does not take part and leaves the square, 4.4)');

    // Turn 2: Wedge stays on the portal with 4 days counted: the portal is destroyed (1.7.1).
    await send('wedge@example.org', spec.address, 'Wedge: hold', at('2026-11-22T13:00:00Z'), 'w2');
    expect(await adjudicateTurn(t.db, ctx('2026-11-23T05:01:00Z'), { gameId: 'scn', phase: 'T2' })).toBe('adjudicated');
    const update2 = await last('sai@example.org', 'coalition-update');
    expect(update2).toMatch(/Bases destroyed \(1\.7\.1\):\n\s+26E/);
    setup = (await findCoalitionGame(t.db, 'scn'))!;
    expect((setup.world.map as { sites: Record<string, { destroyed?: boolean }> }).sites['26E']!.destroyed).toBe(true);
    const results = await last('wedge@example.org', 'coalition-battle-results');
    expect(results).toContain('Darkhand5 sent no strategy and does not take part (4.4)');
    expect(results).toMatch(/Darkhand5 moves to \d+[A-N]/);
    for (const who of EVERYONE) expect(await mails(who, 'coalition-battle-results')).toHaveLength(1);
    const dark = setup.world.armies.find((a) => a.name === 'Darkhand5')!;
    expect(dark.at).not.toBe('10D');
  });

  it('is reproduced by mailjudge reproduce with the recorded seeds; a battle result edited by hand is the difference', { timeout: 120_000 }, async () => {
    // A ruling at the console (logged) after the two turns.
    expect(await runCoalitionJudgeText(t.db, 'scn', 'RULING Wedge: days 0 BECAUSE the portal is gone', 'cli:mo', at('2026-11-23T08:00:00Z'), JUDGE, 'coalition-ruling')).toMatchObject({ ok: true });
    const log = await t.db.selectFrom('replay_log').select(['kind', 'name', 'args']).where('game_id', '=', 'scn').orderBy('id').execute();
    expect(log.map((e) => `${e.kind} ${e.name}`)).toEqual(['command coalition-create', 'task adjudicate-phase', 'task adjudicate-phase', 'task adjudicate-phase', 'command coalition-ruling']);
    expect(await resolveGames(t.db, { game: 'scn' })).toEqual({ ok: true, games: ['scn'] });

    const fresh = await createTestDatabase();
    await migrateQueue(fresh.url);
    const ok = await reproduceInto(t.db, fresh.db, ['scn'], { fromAddress: JUDGE });
    console.log(formatReproduce(ok));
    expect(ok).toMatchObject({ kind: 'matched', failures: [], replayed: { commands: 2, tasks: 3 } });
    expect(formatReproduce(ok)).toMatch(/^reproduce scn: matched: \d+ message\(s\), 2 command\(s\), 3 worker run\(s\) replayed; .*\d+ outbox.*2 coalition_turns.*1 coalition_battles/);
    // The replay adopted the recorded seeds: the same commitments, the same dice.
    expect(await fresh.db.selectFrom('coalition_turns').select(['turn', 'seed']).orderBy('turn').execute()).toEqual(await t.db.selectFrom('coalition_turns').select(['turn', 'seed']).where('game_id', '=', 'scn').orderBy('turn').execute());
    await fresh.close();

    // The battle's stored result edited by hand: the replay names it.
    // The turn's seed is random, so either side may have won: the edit names the other one.
    const won = (await t.db.selectFrom('coalition_battles').select('outcome').where('game_id', '=', 'scn').where('square', '=', '10D').executeTakeFirstOrThrow()).outcome as { winner: string };
    const real = won.winner;
    const forged = real === 'coalition' ? 'phyrexia' : 'coalition';
    await sql`UPDATE coalition_battles SET outcome = jsonb_set(outcome, '{winner}', to_jsonb(${forged}::text)) WHERE game_id = 'scn' AND square = '10D'`.execute(t.db);
    const fresh2 = await createTestDatabase();
    await migrateQueue(fresh2.url);
    const bad = await reproduceInto(t.db, fresh2.db, ['scn'], { fromAddress: JUDGE });
    await fresh2.close();
    console.log(formatReproduce(bad));
    expect(bad.kind).toBe('differs');
    if (bad.kind === 'problem') return;
    expect(bad.difference).toMatchObject({ table: 'coalition_battles', row: 'coalition_battles row 1 of 1: scn battle at 10D announced at turn 1', field: 'outcome' });
    expect(bad.difference!.expected).toContain(`"winner":"${forged}"`);
    expect(bad.difference!.got).toContain(`"winner":"${real}"`);

    // A revealed seed that does not match its commitment is a failure of the reproduction in itself.
    await sql`UPDATE coalition_turns SET seed = 'ffffffffffffffffffff' WHERE game_id = 'scn' AND turn = 1`.execute(t.db);
    const seeds = await recordedSeeds(t.db, ['scn']);
    expect(seeds.problems).toEqual([expect.stringMatching(/^scn turn 1: the revealed seed does not match the commitment recorded with it \([0-9a-f]{64}\)$/)]);
    expect(seeds.seedOf('scn', 1)).toBe('ffffffffffffffffffff');
  });
});
