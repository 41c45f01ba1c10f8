/** Battles (chapter 4): colour bonus (4.2.3), dice (4.2.4), stratless, loser moves (4.2.5), 2-army sides (4.4), kill (4.3), capture (4.5), announcements (4.1.2.3, 4.3.1). */
import { describe, expect, it } from 'vitest';
import { announceBattles, colourBonus, formatBattleAnnouncement, resolveBattle, type Army, type Battle, type BattleVerdict, type Troop, type WorldMap } from '../../../src/coalition/index.js';
import { DiceStream } from '../../../src/dice/index.js';
import { ScriptedDice } from '../helpers/scripted-dice.js';

const t = (creature: string, colours: Troop['colours'], slot: Troop['slot'], count: number, alive = count): Troop => ({ creature, colours, power: slot + 1, toughness: slot + 1, slot, count, alive });
const full = (colour: Troop['colours'][number]): Troop[] => [t('s', [colour], 0, 5000), t('m', [colour], 1, 2500), t('l', [colour], 2, 1500), t('x', [colour], 3, 1000)];
const MAP: WorldMap = { terrain: { '5E': 'mountain' }, defaultTerrain: 'plains', sites: { '9E': { kind: 'base', team: 'coalition', colour: 'red' }, '2B': { kind: 'town', name: 'Kher' } } };
const sai: Army = { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '5E', colours: ['red'], troops: full('red') };
const gix: Army = { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '5E', troops: [t('a', ['black'], 0, 5000), t('b', ['red'], 1, 2500), t('c', ['blue'], 2, 1500), t('d', ['artifact'], 3, 1000)] };
const battle: Battle = { square: '5E', armies: ['Sai Rei', 'Gix'], attacker: 'Sai Rei', jointEngage: false };

describe('4.2.3 colour bonus (the seed\'s examples)', () => {
  // prettier-ignore
  it.each([
    ['4.2.3', '5000 Red, 2500 Red, 1500 Red, 1000 Red/Green',              [t('a', ['red'], 0, 5000), t('b', ['red'], 1, 2500), t('c', ['red'], 2, 1500), t('d', ['red', 'green'], 3, 1000)], 1],
    ['4.2.3', 'R/G, R/G, B/G, R/B all alive',                               [t('a', ['red', 'green'], 0, 5000), t('b', ['red', 'green'], 1, 2500), t('c', ['blue', 'green'], 2, 1500), t('d', ['red', 'blue'], 3, 1000)], 0],
    ['4.2.3', 'the same after battles: 3000 R/G, 1600 R/G, 0 B/G, 400 R/B', [t('a', ['red', 'green'], 0, 5000, 3000), t('b', ['red', 'green'], 1, 2500, 1600), t('c', ['blue', 'green'], 2, 1500, 0), t('d', ['red', 'blue'], 3, 1000, 400)], 1],
    ['4.2.3', 'all artifacts',                                              [t('a', ['artifact'], 0, 5000)], 1],
  ] as const)('%s: %s → +%i', (_rule, _what, troops, bonus) => {
    expect(colourBonus({ troops: [...troops] })).toBe(bonus);
  });
});

describe('4.2.4 winner by most dice won', () => {
  // Sai Rei (all red: +1) strategy +3; Gix (mixed: +0) size +2. Die k: Sai Rei d+4 vs Gix d+2.
  const verdict: BattleVerdict = { strategy: { 'Sai Rei': 3 }, size: { Gix: 2 } };
  // prettier-ignore
  it.each([
    ['4.2.4', [10, 10, 10, 10,   12, 12, 12, 1],  'coalition', 'dice',       [14, 14, 14, 14], [14, 14, 14, 3]],
    ['4.2.4', [1, 1, 1, 10,      12, 12, 12, 5],  'phyrexia',  'dice',       [5, 5, 5, 14],    [14, 14, 14, 7]],
    ['4.2.4', [1, 1, 10, 10,     12, 12, 5, 5],   'phyrexia',  'dice-total', [5, 5, 14, 14],   [14, 14, 7, 7]],
    ['4.2.4', [1, 20, 10, 10,    12, 12, 12, 12], 'coalition', 'dice-total', [5, 24, 14, 14],  [14, 14, 14, 14]],
    ['4.1.2.3', [10, 10, 10, 10, 12, 12, 12, 12], 'phyrexia',  'defender',   [14, 14, 14, 14], [14, 14, 14, 14]],
  ] as const)('%s: dice %j → %s by %s', (_rule, faces, winner, decidedBy, mSai, mGix) => {
    const dice = new ScriptedDice([...faces, 1, 1, 1, 1]);
    const out = resolveBattle({ battle, map: MAP, armies: [sai, gix] }, verdict, dice);
    expect(out.sides.map((s) => s.modified)).toEqual([mSai, mGix]);
    expect([out.winner, out.decidedBy]).toEqual([winner, decidedBy]);
    expect(dice.rolls[0]!.purpose).toBe("battle at 5E: Sai Rei's four d20 (4.2.4)");
  });
  it('4.2.4 / 4.2.1: a stratless army loses automatically, still rolls, and its opponent gets the full +10', () => {
    const dice = new ScriptedDice([20, 20, 20, 20, 1, 1, 1, 1, 1]);
    const out = resolveBattle({ battle, map: MAP, armies: [sai, gix] }, { stratless: ['Sai Rei'], strategy: { Gix: 4 } }, dice);
    expect(out.winner).toBe('phyrexia');
    expect(out.decidedBy).toBe('stratless');
    expect(out.sides[1]!.bonus).toBe(10);
    expect(out.sides[0]!.rolls[0]!.dice).toEqual([20, 20, 20, 20]);
  });
});

describe('4.2.5 the loser leaves the square', () => {
  it('4.2.5: to a random empty square next to the battle', () => {
    const others: Army[] = ['4D', '5D', '6D', '4E', '6E', '4F', '5F'].map((at, i) => ({ name: `O${i}`, team: 'coalition', rank: 'lieutenant', at }));
    const out = resolveBattle({ battle, map: MAP, armies: [sai, gix, ...others] }, { strategy: { 'Sai Rei': 10 } }, new DiceStream('s', 'b'));
    expect(out.winner).toBe('coalition');
    expect(out.moves).toEqual([{ army: 'Gix', to: '6F', pushed: false, why: 'lost' }]);
    expect(out.armies.find((a) => a.name === 'Gix')!.at).toBe('6F');
  });
  it('4.2.5: all 8 squares occupied → pushed into one of them', () => {
    const others: Army[] = ['4D', '5D', '6D', '4E', '6E', '4F', '5F', '6F'].map((at, i) => ({ name: `O${i}`, team: 'coalition', rank: 'lieutenant', at }));
    const out = resolveBattle({ battle, map: MAP, armies: [sai, gix, ...others] }, { strategy: { 'Sai Rei': 10 } }, new DiceStream('s', 'b'));
    expect(out.moves[0]).toMatchObject({ army: 'Gix', pushed: true });
  });
  it('4.2.5: the judge\'s losses are taken from the living troops', () => {
    const out = resolveBattle({ battle, map: MAP, armies: [sai, gix] }, { strategy: { 'Sai Rei': 10 }, losses: { Gix: [{ creature: 'a', count: 1200 }], 'Sai Rei': [{ creature: 's', count: 300 }] } }, new DiceStream('s', 'b'));
    expect(out.armies.find((a) => a.name === 'Gix')!.troops![0]!.alive).toBe(3800);
    expect(out.armies.find((a) => a.name === 'Sai Rei')!.troops![0]!.alive).toBe(4700);
  });
});

describe('4.4 two armies a side', () => {
  const a2: Army = { ...sai, name: 'Darkhand5', rank: 'lt-commander' };
  const jb: Battle = { square: '5E', armies: ['Sai Rei', 'Darkhand5', 'Gix'], attacker: 'Sai Rei', jointEngage: true };
  it('4.4: a stratless partner does not take part and leaves; the other fights alone', () => {
    const out = resolveBattle({ battle: jb, map: MAP, armies: [sai, a2, gix] }, { stratless: ['Darkhand5'], strategy: { 'Sai Rei': 10 } }, new DiceStream('s', 'b'));
    expect(out.notParticipating).toEqual(['Darkhand5']);
    expect(out.sides[0]!.rolls.map((r) => r.army)).toEqual(['Sai Rei']);
    expect(out.moves.map((m) => [m.army, m.why])).toEqual([['Darkhand5', 'stratless-partner'], ['Gix', 'lost']]);
  });
  it('4.4: a 2-army winning side: the army the strategies name leaves, in the direction named, before the loser', () => {
    const out = resolveBattle({ battle: jb, map: MAP, armies: [sai, a2, gix] }, { strategy: { 'Sai Rei': 10 }, leaving: { army: 'Darkhand5', to: '4D' } }, new DiceStream('s', 'b'));
    expect(out.winner).toBe('coalition');
    expect(out.moves[0]).toEqual({ army: 'Darkhand5', to: '4D', pushed: false, why: 'second-winner' });
    expect(out.moves[1]).toMatchObject({ army: 'Gix', why: 'lost' });
    expect(out.moves[1]!.to).not.toBe('4D');
  });
});

describe('4.3 kill and 4.5 capture', () => {
  const win: BattleVerdict = { strategy: { 'Sai Rei': 10 } };
  it('4.3.3: won, and the pair of rolls goes the killer\'s way → the target is killed', () => {
    const dice = new ScriptedDice([15, 15, 15, 15, 2, 2, 2, 2, 12, 5]);
    const out = resolveBattle({ battle, map: MAP, armies: [sai, gix] }, { ...win, kill: { by: 'Sai Rei', target: 'Gix' } }, dice);
    expect(out.killed).toEqual(['Gix']);
    expect(out.armies.map((a) => a.name)).toEqual(['Sai Rei']);
  });
  it('4.3.3: the kill fails → the 500 risked of the largest slot are killed', () => {
    const dice = new ScriptedDice([15, 15, 15, 15, 2, 2, 2, 2, 5, 12, 1]);
    const out = resolveBattle({ battle, map: MAP, armies: [sai, gix] }, { ...win, kill: { by: 'Sai Rei', target: 'Gix' } }, dice);
    expect(out.attempts[0]).toMatchObject({ succeeded: false, riskedLost: 500 });
    expect(out.armies.find((a) => a.name === 'Sai Rei')!.troops![3]!.alive).toBe(500);
  });
  it('6.3.2 Hellbent: a Raider\'s failed kill loses no kill squad, and says so', () => {
    const raider: Army = { name: 'Reaver', team: 'mercenary', rank: '1/1-4/4', at: '5E', mercenary: 'raider', troops: full('black') };
    const dice = new ScriptedDice([15, 15, 15, 15, 2, 2, 2, 2, 5, 12, 1]);
    const out = resolveBattle({ battle: { square: '5E', armies: ['Reaver', 'Sai Rei'], attacker: 'Reaver', jointEngage: false }, map: MAP, armies: [raider, sai] }, { strategy: { Reaver: 10 }, kill: { by: 'Reaver', target: 'Sai Rei' } }, dice);
    expect(out.winner).toBe('mercenary');
    expect(out.attempts[0]).toMatchObject({ succeeded: false, riskedLost: 0, why: 'kill failed: 5 against 12; Hellbent: a Raider keeps its kill squad (6.3.2)' });
    expect(out.armies.find((a) => a.name === 'Reaver')!.troops![3]!.alive).toBe(1000);
  });
  it('4.3.2: fewer than 500 of the largest troops → no kill can be tried', () => {
    const weak = { ...sai, troops: [...full('red').slice(0, 3), t('x', ['red'], 3, 1000, 400)] };
    const out = resolveBattle({ battle, map: MAP, armies: [weak, gix] }, { ...win, kill: { by: 'Sai Rei', target: 'Gix' } }, new DiceStream('s', 'b'));
    expect(out.attempts[0]).toMatchObject({ attempted: false });
  });
  it('4.5: a captured Centurion army changes sides, partially converted, and goes to the nearest free friendly base', () => {
    const dice = new ScriptedDice([15, 15, 15, 15, 2, 2, 2, 2, 12, 5]);
    const out = resolveBattle({ battle, map: MAP, armies: [sai, gix] }, { ...win, capture: { by: 'Sai Rei', target: 'Gix' } }, dice);
    const g = out.armies.find((a) => a.name === 'Gix')!;
    expect(g).toMatchObject({ team: 'coalition', at: '9E', partiallyConverted: { formerTeam: 'phyrexia' }, colours: ['red'] });
  });
  it('4.5: only Lieutenant/Centurion and Lt Cmdr/CPL armies can be captured', () => {
    const out = resolveBattle({ battle, map: MAP, armies: [sai, { ...gix, rank: 'evincar' }] }, { ...win, capture: { by: 'Sai Rei', target: 'Gix' } }, new DiceStream('s', 'b'));
    expect(out.attempts[0]).toMatchObject({ attempted: false });
  });
});

describe('4.1.2.3 and 4.3.1 announcements', () => {
  it('says who attacks whom, the terrain, the weather; an empty army is killed at once', () => {
    const empty = { ...gix, troops: gix.troops!.map((x) => ({ ...x, alive: 0 })) };
    const [a] = announceBattles([battle], MAP, [sai, empty], { '5E': 'heavy rain' });
    expect(formatBattleAnnouncement(a!)).toBe('5E (mountain): Sai Rei attacks Gix; weather: heavy rain — Gix has no troops left and is killed (4.3.1)');
    expect(a!.fought).toBe(false);
    const [b] = announceBattles([{ ...battle, attacker: null }], MAP, [sai, gix]);
    expect(formatBattleAnnouncement(b!)).toBe('5E (mountain): Sai Rei vs Gix, no-attacker');
  });
});
