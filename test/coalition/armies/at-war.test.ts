/** 6.2.2 "At War": a TDF kill declares a random non-ocean Theme army At War with the other team; it heals 25% of each rank once. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declareAtWar, parseWorldMap, readArmies } from '../../../src/coalition/index.js';
import { DiceStream } from '../../../src/dice/index.js';
import { ROOT } from '../../helpers/cli.js';

const parsed = parseWorldMap(JSON.parse(readFileSync(join(ROOT, 'data/coalition/example-map.json'), 'utf8')));
if (!parsed.ok) throw new Error('map');
const map = parsed.map;
const troops = [
  { creature: 'Wild Boars', colours: ['green'], power: 3, toughness: 3, slot: 0, count: 5000, alive: 2000 },
  { creature: 'Spined Wurm', colours: ['green'], power: 5, toughness: 4, slot: 1, count: 2500, alive: 2400 },
];
const armies = readArmies([
  { name: 'Hills', team: 'mercenary', rank: '3/3-6/6', at: '24G', mercenary: 'theme', troops } as never,
  { name: 'Woods', team: 'mercenary', rank: '3/3-6/6', at: '26J', mercenary: 'theme', troops } as never,
  { name: 'Deep', team: 'mercenary', rank: '3/3-6/6', at: '5A', mercenary: 'theme', ocean: true, troops } as never,
], []);

describe('declareAtWar (6.2.2)', () => {
  it('picks a non-ocean Theme army with the turn dice, sets it At War with the other team and heals 25% of each rank once', () => {
    const dice = new DiceStream('at-war-seed-0001', 'g:T1');
    const r = declareAtWar(map, armies, [{ tdf: 'Keeper', by: 'coalition' }], dice);
    expect(r.rolls).toHaveLength(1);
    expect(r.rolls[0]!.notation).toBe('d2');
    expect(r.rolls[0]!.purpose).toBe('At War: which of Hills, Woods (6.2.2, coalition killed Keeper)');
    const chosen = ['Hills', 'Woods'][r.rolls[0]!.total - 1]!;
    expect(r.declared).toEqual([{ army: chosen, against: 'phyrexia', tdf: 'Keeper', by: 'coalition', healed: [{ creature: 'Wild Boars', count: 1250 }, { creature: 'Spined Wurm', count: 100 }] }]);
    const after = r.armies.find((a) => a.name === chosen)!;
    expect(after.atWar).toBe('phyrexia');
    expect(after.troops!.map((t) => t.alive)).toEqual([3250, 2500]);
    // The same seed, the same choice (verifiable).
    expect(declareAtWar(map, armies, [{ tdf: 'Keeper', by: 'coalition' }], new DiceStream('at-war-seed-0001', 'g:T1')).declared[0]!.army).toBe(chosen);

    // Two more kills: the other land Theme army, then none left (the ocean army never goes to war).
    const more = declareAtWar(map, r.armies, [{ tdf: 'Warden', by: 'phyrexia' }, { tdf: 'Third', by: 'phyrexia' }], new DiceStream('at-war-seed-0002', 'g:T2'));
    expect(more.declared).toHaveLength(1);
    expect(more.declared[0]).toMatchObject({ army: chosen === 'Hills' ? 'Woods' : 'Hills', against: 'coalition' });
    expect(more.none).toEqual(['Third']);
    expect(more.armies.find((a) => a.name === 'Deep')!.atWar).toBeUndefined();
  });
});
