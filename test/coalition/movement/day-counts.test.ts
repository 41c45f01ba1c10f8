/** Day counts (1.5), base destruction (1.7.1), healing (2.3.1), wins (1.7.2, 1.7.3), Raider spawning (6.3.2). */
import { describe, expect, it } from 'vitest';
import { countDayAfterBattle, countDays, findWinner, heal, healTownDefender, rollRaiderSpawn, type Army, type MovementUpdate, type Troop, type WorldMap } from '../../../src/coalition/index.js';
import { ScriptedDice } from '../helpers/scripted-dice.js';

const map: WorldMap = {
  terrain: {}, defaultTerrain: 'plains',
  sites: {
    '4C': { kind: 'base', team: 'coalition', colour: 'red', winCondition: true },
    '9F': { kind: 'base', team: 'coalition', colour: 'white' },
    '20C': { kind: 'portal', team: 'phyrexia' },
    '15H': { kind: 'town' },
  },
};
const red = (name: string, at: string, days = 0, rank: Army['rank'] = 'lieutenant'): Army => ({ name, team: 'coalition', rank, at, colours: ['red'], days });
const gix = (at: string, days = 0): Army => ({ name: 'Gix', team: 'phyrexia', rank: 'centurion', at, days });
const update = (moves: [string, string, string][], battles: string[] = []): MovementUpdate => ({
  armies: moves.map(([name, from, at]) => ({ name, from, at })),
  battles: battles.map((square) => ({ square, armies: [], attacker: null, jointEngage: false })),
  results: [], transfers: [], carriedMoves: {},
});

describe('1.5 day counts', () => {
  // prettier-ignore
  it.each([
    ['1.5',     'sits in its own-colour base, not attacked',    red('A', '4C', 1),   ['A', '4C', '4C'],  [],     2, 'heal',    false],
    ['1.5',     'moves into its base',                          red('A', '5C', 3),   ['A', '5C', '4C'],  [],     1, 'heal',    false],
    ['1.5',     'on the open map',                              red('A', '5C', 3),   ['A', '5C', '6C'],  [],     0, null,      false],
    ['2.3.1.2', 'in a base of a colour it is not a member of',  red('A', '9F', 1),   ['A', '9F', '9F'],  [],     0, null,      false],
    ['1.5',     'attacked in its base: counts if it wins',      red('A', '4C', 1),   ['A', '4C', '4C'],  ['4C'], 1, 'heal',    true],
    ['1.7.1',   'on an enemy portal',                           red('A', '20C', 2),  ['A', '20C', '20C'], [],    3, 'destroy', false],
    ['2.3.1.3', 'a lieutenant in a town',                       red('A', '15H', 0),  ['A', '15H', '15H'], [],    1, 'heal',    false],
    ['2.3.1.3', 'a captain in a town',                          red('A', '15H', 0, 'captain'), ['A', '15H', '15H'], [], 0, null, false],
  ] as const)('%s: %s', (_rule, _what, army, move, battles, days, purpose, pending) => {
    const { counts } = countDays(map, [army], update([[...move]], [...battles]));
    expect(counts[0]).toEqual({ army: 'A', days, purpose, pendingBattle: pending });
  });
  it('1.5 / 1.7.2: after a battle on the base, +1 if it won, back to 0 if it lost', () => {
    expect([countDayAfterBattle(2, true), countDayAfterBattle(2, false)]).toEqual([3, 0]);
  });
});

describe('1.7.1 destroying bases', () => {
  it('4 days counted, and it does not move the next turn: the portal is destroyed, even if attacked', () => {
    const { destroyed } = countDays(map, [red('A', '20C', 4), gix('21C')], update([['A', '20C', '20C'], ['Gix', '21C', '20C']], ['20C']));
    expect(destroyed).toEqual([{ square: '20C', by: 'A' }]);
  });
  it('it moves: nothing is destroyed', () => {
    expect(countDays(map, [red('A', '20C', 4)], update([['A', '20C', '21C']])).destroyed).toEqual([]);
  });
  it('3 days only: not yet', () => {
    expect(countDays(map, [red('A', '20C', 3)], update([['A', '20C', '20C']])).destroyed).toEqual([]);
  });
});

describe('2.3.1 healing', () => {
  const t = (creature: string, colours: Troop['colours'], count: number, alive: number, during?: { day: number; count: number }[]): Troop => ({ creature, colours, power: 1, toughness: 1, slot: 0, count, alive, ...(during ? { lostDuringCount: during } : {}) });
  it('2.3.1.2 example: one day in Red Base heals the Kris Mages, the Grizzly Bears wait a day', () => {
    const army: Army = { ...red('A', '4C'), colours: ['red', 'green'], troops: [t('Kris Mage', ['red'], 5000, 3000), t('Grizzly Bears', ['green'], 2500, 2000)] };
    const day1 = heal(army, map.sites['4C']!, 1);
    expect(day1.healed).toEqual([{ creature: 'Kris Mage', count: 2000 }]);
    const day2 = heal({ ...army, troops: day1.troops }, map.sites['4C']!, 2);
    expect(day2.healed).toEqual([{ creature: 'Grizzly Bears', count: 500 }]);
  });
  it('2.3.1.1 example: 4000 of 5000 at a portal, 500 more lost while waiting: healed to 4500 at day 2, the rest at day 4', () => {
    const army: Army = { ...gix('20C'), troops: [t('Plague Rats', ['black'], 5000, 3500, [{ day: 1, count: 500 }])] };
    expect(heal(army, map.sites['20C']!, 1).healed).toEqual([]);
    const day2 = heal(army, map.sites['20C']!, 2);
    expect(day2.troops[0]!.alive).toBe(4500);
    expect(heal({ ...army, troops: day2.troops }, map.sites['20C']!, 3).healed).toEqual([]);
    expect(heal({ ...army, troops: day2.troops }, map.sites['20C']!, 4).troops[0]!.alive).toBe(5000);
  });
  it('6.1.2: a Town Defender heals 500 a turn, lowest rank first', () => {
    const tdf: Army = { name: 'TDF', team: 'mercenary', rank: '2/2-5/5', at: '15H', troops: [{ ...t('a', ['red'], 5000, 4800), slot: 0 }, { ...t('b', ['red'], 2500, 2000), slot: 1 }] };
    expect(healTownDefender(tdf).map((x) => x.alive)).toEqual([5000, 2300]);
  });
});

describe('1.7.2 and 1.7.3 winning', () => {
  it('1.7.3: a side with no army ranked Captain/Evincar or higher loses', () => {
    expect(findWinner(map, [red('A', '5C', 0, 'captain'), gix('30C')], [])).toEqual({ team: 'coalition', rule: '1.7.3' });
  });
  it('1.7.2: every enemy Win Condition destroyed, 4 days on an own Win Condition → wins', () => {
    const won: WorldMap = { ...map, sites: { ...map.sites, '20C': { kind: 'portal', team: 'phyrexia', destroyed: true } } };
    const armies = [red('A', '4C', 3, 'captain'), { ...gix('30C'), rank: 'evincar' as const }];
    const { counts } = countDays(won, armies, update([['A', '4C', '4C'], ['Gix', '30C', '30C']]));
    expect(counts[0]).toMatchObject({ purpose: 'win', days: 4 });
    expect(findWinner(won, armies, counts)).toEqual({ team: 'coalition', rule: '1.7.2', by: 'A' });
    expect(findWinner(map, armies, countDays(map, armies, update([['A', '4C', '4C'], ['Gix', '30C', '30C']])).counts)).toBeNull();
  });
});

describe('6.3.2 Raider spawning', () => {
  // prettier-ignore
  it.each([
    ['6.3.2', 5, [],       null],
    ['6.3.2', 4, [1, 8],   '1/1-4/4'],
    ['6.3.2', 3, [2],      null],
    ['6.3.2', 2, [2, 7],   '2/2-5/5'],
    ['6.3.2', 2, [3],      null],
    ['6.3.2', 1, [3, 20],  '1/1-4/4'],
    ['6.3.2', 0, [4],      null],
  ] as const)('%s: %i Raiders, dice %j → %s', (_rule, raiders, faces, spawn) => {
    const dice = new ScriptedDice([...faces]);
    expect(rollRaiderSpawn(raiders, dice).spawn).toBe(spawn);
    expect(dice.rolls).toHaveLength(faces.length);
  });
});
