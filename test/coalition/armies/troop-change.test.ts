import { describe, expect, it } from 'vitest';
import { makeupTroops, readMakeup, troopChangeRefusal, type Army, type WorldMap } from '../../../src/coalition/index.js';

const map = { defaultTerrain: 'plains', terrain: {}, sites: { '4C': { kind: 'base', team: 'coalition', colour: 'red', name: 'Keld' }, '19C': { kind: 'town', name: 'Kher' } } } as unknown as WorldMap;
const army = (at: string, days: number): Army => ({ name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at, days, colours: ['red'] });

describe('troop changes (2.3.2)', () => {
  it('reads a makeup, multicoloured cards too, and places each creature in the smallest slot it fits', () => {
    const r = readMakeup('5000 Kris Mage red 1/1; 1500 Gruul Ragebeast red/green 3/3');
    expect(r).toEqual({ ok: true, troops: [
      { count: 5000, creature: 'Kris Mage', colours: ['red'], power: 1, toughness: 1 },
      { count: 1500, creature: 'Gruul Ragebeast', colours: ['red', 'green'], power: 3, toughness: 3 },
    ] });
    expect(makeupTroops(army('4C', 2), r.ok ? r.troops : []).map((t) => [t.slot, t.alive])).toEqual([[0, 5000], [2, 1500]]);
  });
  it('names the part that does not read with the accepted form', () => {
    expect(readMakeup('5000 Kris Mage purple 1/1')).toMatchObject({ ok: false, problems: [expect.stringContaining('"5000 Kris Mage purple 1/1" does not read: the accepted form is <count> <creature>')] });
    expect(readMakeup('')).toMatchObject({ ok: false, problems: [expect.stringContaining('no troops given')] });
  });
  it('allows it on a base it heals at after 2 days; not before, not in a town (2.3.1.3), not on the open map', () => {
    expect(troopChangeRefusal(map, army('4C', 2))).toBeNull();
    expect(troopChangeRefusal(map, army('4C', 1))).toBe('Sai Rei has counted 1 day at 4C; troops change when it has counted 2 (2.3.2)');
    expect(troopChangeRefusal(map, { ...army('19C', 2) })).toContain('a neutral town: healing there does not allow changing troops (2.3.1.3)');
    expect(troopChangeRefusal(map, army('5C', 2))).toContain('not on a base or portal it could heal at (2.3.2)');
  });
});
