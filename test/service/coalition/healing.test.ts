/**
 * 2.3.2 troop changes by mail, carried out at the lock once the army has counted 2 days.
 * 2.3.1 at every lock, not only after a battle: a Coalition army on a base of its colour heals the
 * base's colour after one day and everything after two (2.3.1.2); a Phyrexian army on a portal heals
 * after two days (2.3.1.1). The stored world is healed and the movement update says what came back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCoalitionGame } from '../../../src/db/coalition.js';
import { runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { adjudicateTurn } from '../../../src/service/game-kinds.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, at, exampleMap, troop, sendMail } from './fixtures.js';

let t: TestDatabase;
const map = exampleMap();

const spec = {
  id: 'cvh', address: 'cvh@judge.example.org', pmAddress: 'cvh-mj@judge.example.org', battleAddress: 'cvh-battle@judge.example.org',
  movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
  world: {
    map,
    armies: [
      // On Keld Forge (4C, red): red Goblins and green Bears lost before the count.
      { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '4C', colours: ['red', 'green'], troops: [troop('Goblin Raiders', ['red'], 1, 0, 5000, 3000), troop('Grizzly Bears', ['green'], 2, 1, 2500, 2000)] },
      // On the Portal of Vats (33D).
      { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '33D', troops: [troop('Plague Rats', ['black'], 1, 0, 5000, 4000)] },
      { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
      // On the open map: nothing heals.
      { name: 'Kara', team: 'phyrexia', rank: 'praetor', at: '30C', troops: [troop('Thrull', ['black'], 1, 0, 5000, 1000)] },
    ],
  },
  players: [
    { name: 'Ann', email: 'ann@example.org', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Bob', email: 'bob@example.org', team: 'coalition' as const, rank: 'admiral', authority: true },
    { name: 'Sai Rei', email: 'sai@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Gix', email: 'gix@example.org', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
    { name: 'Kara', email: 'kara@example.org', team: 'phyrexia' as const, rank: 'praetor', authority: true },
  ],
  lock: at('2026-11-20T05:00:00Z'),
};

const alive = async (army: string) => ((await findCoalitionGame(t.db, 'cvh'))!.world.armies.find((a) => a.name === army) as unknown as { troops: { alive: number }[]; days: number });
const update = async () => (await t.db.selectFrom('outbox').select(['body_text']).where('game_id', '=', 'cvh').where('to_address', '=', 'gix@example.org').where('kind', '=', 'coalition-update').orderBy('id', 'desc').executeTakeFirstOrThrow()).body_text;

const send = (from: string, text: string, receivedAt: Date, id: string) => sendMail(t.db, { from, to: spec.address, text, receivedAt, id, subject: 'troops' });
const lastTo = async (to: string, kind: string) => (await t.db.selectFrom('outbox').select(['body_text']).where('game_id', '=', 'cvh').where('to_address', '=', to).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirst())?.body_text ?? '';
const MAKEUP = 'TROOPS Sai Rei: 5000 Kris Mage red 1/1; 2500 Grizzly Bears green 2/2';

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('healing at the lock (2.3.1)', () => {
  it('heals on bases and portals as the days come, stores it and says it in the update', async () => {
    expect(await runCoalitionCreate(t.db, spec, 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    // 2.3.2 by mail: a makeup that does not read, one from a player who does not control the army, one recorded.
    await send('sai@example.org', 'TROOPS Sai Rei: lots of elves', at('2026-11-19T10:00:00Z'), 'tr0');
    expect(await lastTo('sai@example.org', 'coalition-received')).toContain('line 1 "TROOPS Sai Rei: lots of elves": refused: "lots of elves" does not read: the accepted form is <count> <creature> <colours> <power>/<toughness>, separated by ";"');
    await send('gix@example.org', MAKEUP, at('2026-11-19T10:01:00Z'), 'tr1');
    expect(await lastTo('gix@example.org', 'coalition-received')).toContain('refused: Sai Rei is controlled by Sai Rei; only the army\'s controller may change its troops (2.3.2)');
    await send('sai@example.org', MAKEUP, at('2026-11-19T10:02:00Z'), 'tr2');
    expect(await lastTo('sai@example.org', 'coalition-received')).toContain("recorded: at the lock Sai Rei's troops become 5000 Kris Mage, 2500 Grizzly Bears, if it has counted 2 days on a base or portal it heals at and you control it at the lock; otherwise the change is refused then (2.3.2); now: Sai Rei has counted 0 days at 4C; troops change when it has counted 2 (2.3.2)");
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'cvh', phase: 'T1' })).toBe('adjudicated');
    // At the first lock it has counted 1 day: refused, and said so to the controller and the judges.
    for (const who of ['sai@example.org', 'mo@example.org', 'bea@example.org']) {
      expect(await lastTo(who, 'coalition-troop-change')).toContain('The troop change for Sai Rei that Sai Rei mailed on Thursday 19 November 2026, 10:02:00 GMT was not carried out at the\nlock of turn 1: Sai Rei has counted 1 day at 4C; troops change when it has counted 2 (2.3.2). Its troops stay as they were.');
    }
    expect(await lastTo('gix@example.org', 'coalition-troop-change')).toBe('');
    // Day 1: the base's colour only (2.3.1.2); the portal waits for its second day (2.3.1.1).
    let text = await update();
    // 4.2.5 (issue 33): the troops left: 3000 Goblin Raiders healed to 5000 on the red base (day 1) + 2000 Grizzly Bears = 7000.
    expect(text).toContain('  Sai Rei: at 4C, day 1; 7000 troops\n');
    expect(text).toContain('\n\nHealed at this lock (2.3.1):\n  Sai Rei at 4C, day 1: 2000 Goblin Raiders back\n\nThe grid');
    expect(text).not.toContain('Gix at 33D');
    expect(text).not.toContain('Kara at');
    expect((await alive('Sai Rei')).troops.map((x) => x.alive)).toEqual([5000, 2000]);
    expect((await alive('Gix')).troops.map((x) => x.alive)).toEqual([4000]);

    await send('sai@example.org', MAKEUP, at('2026-11-20T12:00:00Z'), 'tr3');
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-21T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'cvh', phase: 'T2' })).toBe('adjudicated');
    // Day 2: carried out (2.3.2), after the healing.
    expect(await lastTo('sai@example.org', 'coalition-troop-change')).toContain('At the lock of turn 2, Sai Rei at 4C changed its troops as Sai Rei mailed on\nFriday 20 November 2026, 12:00:00 GMT (2.3.2). Its troops now:\n  5000 Kris Mage (red 1/1)\n  2500 Grizzly Bears (green 2/2)\n');
    expect(await update()).toContain('\n\nTroops changed at this lock (2.3.2): Sai Rei\n');
    // Day 2: everything lost before the count, on the base and on the portal.
    text = await update();
    expect(text).toContain('Healed at this lock (2.3.1):\n  Sai Rei at 4C, day 2: 500 Grizzly Bears back\n  Gix at 33D, day 2: 1000 Plague Rats back\n');
    expect((await alive('Sai Rei')).troops.map((x) => `${x.alive} ${(x as unknown as { creature: string }).creature}`)).toEqual(['5000 Kris Mage', '2500 Grizzly Bears']);
    expect((await alive('Gix')).troops.map((x) => x.alive)).toEqual([5000]);
    expect((await alive('Kara')).troops.map((x) => x.alive)).toEqual([1000]);
  });
});
