/** Army lists (2.1, 2.2.1, 2.2.1.1, 2.2.2), troop changes (2.3.2), transfers (2.3.3), ranks (1.1, 5.3.1). */
import { describe, expect, it } from 'vitest';
import { applyTransfer, checkTransfer, checkTroopChange, controllersOf, mayControl, slotSizes, validateArmy, validateArmyList, validatePlayer, type Army, type Troop } from '../../../src/coalition/index.js';

const troop = (creature: string, colours: Troop['colours'], size: number, slot: Troop['slot'], count: number, alive = count): Troop => ({ creature, colours, power: size, toughness: size, slot, count, alive });

/** Sai Rei of the seed's 2.3.2 example: a Black/Red lieutenant army. */
const saiRei: Army = {
  name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D', colours: ['black', 'red'],
  troops: [troop('Plague Rats', ['black'], 1, 0, 5000), troop('Kris Mage', ['red'], 1, 1, 2500), troop('Bog Imp', ['black'], 1, 2, 1500), troop('Hill Giant', ['red'], 3, 2, 0), troop('Shivan Dragon', ['red'], 4, 3, 1000)],
};

describe('2.1 sizes by rank', () => {
  // prettier-ignore
  it.each([
    ['2.1.1', 'general',       [6, 7, 8, 9]],
    ['2.1.2', 'praetor',       [5, 6, 7, 8]],
    ['2.1.3', 'captain',       [4, 5, 6, 7]],
    ['2.1.4', 'plaguelord',    [3, 4, 5, 6]],
    ['2.1.5', 'lt-commander',  [2, 3, 4, 5]],
    ['2.1.6', 'centurion',     [1, 2, 3, 4]],
    ['6.3',   '2/2-5/5',       [2, 3, 4, 5]],
  ] as const)('%s: %s slots', (_rule, rank, sizes) => {
    expect(slotSizes(rank)).toEqual(sizes);
  });
});

describe('army lists', () => {
  it('a legal list has no problems', () => {
    expect(validateArmy(saiRei)).toEqual([]);
  });
  // prettier-ignore
  it.each([
    ['2.1',     'a 2/4 creature in a 3/3 slot (2.1\'s own example)', { troops: [{ ...troop('Hill Giant', ['red'], 3, 2, 100), power: 2, toughness: 4 }] }, /does not fit the 3\/3 slot/],
    ['2.1',     'a slot over its count',        { troops: [troop('Plague Rats', ['black'], 1, 0, 5001)] },               /holds 5001 troops; at most 5000/],
    ['2.1',     'seven creature types',         { troops: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => troop(n, ['red'], 1, 0, 10)) }, /7 different creatures/],
    ['2.2.1',   'a colour it is not a member of', { troops: [troop('Grizzly Bears', ['green'], 1, 0, 10)] },          /not green/],
    ['2.2.1',   'a multicoloured creature without 5-Colour', { troops: [troop('Fire Ants', ['red', 'black'], 1, 0, 10)] }, /reserved for 5-Colour/],
    ['2.2.1',   'an artifact without Colourless', { troops: [troop('Ornithopter', ['artifact'], 1, 0, 10)] },          /Colourless faction/],
    ['2.2.1',   'Greater Morphling',            { troops: [troop('Greater Morphling', ['blue'], 1, 0, 10)] },            /banned/],
    ['2.2.1.1', 'four colours',                 { colours: ['red', 'black', 'green', 'white'] },                          /at most 3 factions/],
    ['2.2.2',   'one */* creature at two sizes', { troops: [{ ...troop('Lhurgoyf', ['red'], 1, 0, 10), variable: true }, { ...troop('Lhurgoyf', ['red'], 4, 3, 10), variable: true }] }, /two sizes/],
  ] as const)('%s: %s', (rule, _what, change, message) => {
    const problems = validateArmy({ ...saiRei, ...(change as Partial<Army>) });
    expect(problems.some((p) => p.rule === rule && message.test(p.message)), JSON.stringify(problems)).toBe(true);
  });
  it('2.2.1: Phyrexians use blue, red, black, multicoloured and artifacts, never green or white', () => {
    const gix: Army = { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '9D', troops: [troop('Fire Ants', ['red', 'black'], 1, 0, 10), troop('Ornithopter', ['artifact'], 1, 1, 10), troop('Llanowar Elves', ['green'], 1, 2, 10)] };
    expect(validateArmy(gix).map((p) => p.message)).toEqual(['Llanowar Elves is green: Phyrexians use blue, red, black, multicoloured and artifact creatures, never green or white ones (2.2.1)']);
  });
  it('2.2.3: the judge\'s list of Legends and banned cards', () => {
    const problems = validateArmy({ ...saiRei, troops: [troop('Tetsuo Umezawa', ['blue', 'red', 'black'], 1, 0, 1)] , colours: ['five-colour'] }, { legends: ['Tetsuo Umezawa'], banned: [] });
    expect(problems.map((p) => p.message)).toEqual(['Tetsuo Umezawa is a Legend: only the army\'s one legend may be a Legend']);
  });
  it('2.1: no legend in two armies', () => {
    const problems = validateArmyList([{ ...saiRei, legend: 'Squee' }, { ...saiRei, name: 'Darkhand5', legend: 'Squee' }]);
    expect(problems).toEqual([{ army: 'Darkhand5', rule: '2.1', message: "its legend is also Sai Rei's; no legend may be part of more than one army" }]);
  });
});

describe('2.3.2 changing troops after a base is destroyed (the seed\'s Sai Rei example)', () => {
  const changed = (rats: Troop): Troop[] => [rats, ...saiRei.troops!.slice(1)];
  it('keeping the Plague Rats is allowed', () => {
    expect(checkTroopChange(saiRei, changed(troop('Plague Rats', ['black'], 1, 0, 5000)), ['black'])).toEqual([]);
  });
  it('changing them into Bog Imps... is not a new black creature (Bog Imps were in the army), but a new one is refused', () => {
    expect(checkTroopChange(saiRei, changed(troop('Dark Ritualist', ['black'], 1, 0, 5000)), ['black']).map((p) => p.rule)).toEqual(['2.3.2']);
  });
  it('changing them into a red 1/1 is allowed', () => {
    expect(checkTroopChange(saiRei, changed(troop('Goblin Raider', ['red'], 1, 0, 5000)), ['black'])).toEqual([]);
  });
});

describe('2.3.3 transfers: space and colours of the receiving army', () => {
  const darkhand: Army = { name: 'Darkhand5', team: 'coalition', rank: 'lieutenant', at: '4D', colours: ['red'], troops: [troop('Goblin Raider', ['red'], 1, 0, 5000, 4000), troop('Kris Mage', ['red'], 1, 1, 2500, 2000)] };
  // prettier-ignore
  it.each([
    ['2.3.3', 'fits',                    [{ creature: 'Kris Mage', count: 500 }],      []],
    ['2.3.3', 'over the slot\'s count',  [{ creature: 'Kris Mage', count: 600 }],      ["Darkhand5's 2/2 slot would hold 2600; at most 2500"]],
    ['2.3.3', 'a colour it lacks',       [{ creature: 'Plague Rats', count: 100 }],    ['Darkhand5: Plague Rats is black: the army is a member of red, not black (2.2.1, 2.2.1.1)']],
    ['2.3.3', 'more than are alive',     [{ creature: 'Hill Giant', count: 1 }],       ['Sai Rei has 0 Hill Giant alive; cannot send 1']],
  ] as const)('%s: %s', (_rule, _what, troops, messages) => {
    expect(checkTransfer(saiRei, darkhand, troops).map((p) => p.message)).toEqual(messages);
  });
});

describe('3.2.4.3 transfers carried out', () => {
  const darkhand: Army = { name: 'Darkhand5', team: 'coalition', rank: 'lieutenant', at: '4D', colours: ['red', 'black'], troops: [troop('Kris Mage', ['red'], 1, 1, 2500, 2000)] };
  it('3.2.4.3.1: the sender loses what the receiver gains; a new creature joins the smallest slot it fits', () => {
    const out = applyTransfer(saiRei, darkhand, [{ creature: 'Kris Mage', count: 300 }, { creature: 'Plague Rats', count: 1000 }]);
    expect(out.from.troops!.find((t) => t.creature === 'Kris Mage')!.alive).toBe(2200);
    expect(out.to.troops!.map((t) => [t.creature, t.slot, t.alive, t.count])).toEqual([['Kris Mage', 1, 2300, 2800], ['Plague Rats', 0, 1000, 1000]]);
  });
  it('3.2.4.3.3: the receiver lost its battle — the troops are killed: the sender still loses them', () => {
    const out = applyTransfer(saiRei, darkhand, [{ creature: 'Kris Mage', count: 300 }], false);
    expect(out.from.troops!.find((t) => t.creature === 'Kris Mage')!.alive).toBe(2200);
    expect(out.to.troops).toEqual(darkhand.troops);
  });
});

describe('1.1 and 5.3.1 ranks and control', () => {
  // prettier-ignore
  it.each([
    ['5.3.1', 'lieutenant', 'lieutenant',  true],
    ['5.3.1', 'lieutenant', 'commander',   false],
    ['5.3.1', 'captain',    'general',     true],
    ['5.3.1', 'cpl',        'centurion',   true],
    ['1.1.2', 'cadet',      'lieutenant',  false],
  ] as const)('%s: a %s may control a %s army: %s', (_rule, player, army, ok) => {
    expect(mayControl(player, army)).toBe(ok);
  });
  it('5.2.1: an army not on the list is controlled by its namesake; 5.3.1 drops a controller of too low a rank', () => {
    const players = [{ name: 'Sai Rei', team: 'coalition', rank: 'lieutenant' }, { name: 'gaz', team: 'coalition', rank: 'lieutenant' }] as const;
    expect(controllersOf(saiRei, {}, [...players])).toEqual(['Sai Rei']);
    expect(controllersOf({ ...saiRei, rank: 'commander' }, { 'Sai Rei': ['gaz'] }, [...players])).toEqual([]);
  });
  it('1.1.2: a player claims at most 3 factions', () => {
    expect(validatePlayer({ name: 'x', team: 'coalition', rank: 'lieutenant', factions: ['red', 'blue', 'green', 'black'] }).map((p) => p.rule)).toEqual(['1.1.2']);
  });
});
