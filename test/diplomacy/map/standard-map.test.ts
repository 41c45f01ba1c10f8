/**
 * Integrity of the standard map table (src/diplomacy/map/standard.ts): symmetric adjacency, terrain that
 * agrees with the edges, coasts that belong to their province, the 34 supply centres and 22 home
 * centres, a table of known adjacencies from the classical board, and the name lookup.
 */
import { describe, expect, it } from 'vitest';
import {
  STANDARD_MAP,
  armyNeighbours,
  canReach,
  coastOf,
  fleetLocationsIn,
  fleetNeighbours,
  normaliseName,
  provinceNames,
  provinceOf,
  type Power,
  type Terrain,
  type UnitKind,
} from '../../../src/diplomacy/index.js';

const map = STANDARD_MAP;
const provinces = [...map.provinces.values()];
const idsWhere = (pred: (p: (typeof provinces)[number]) => boolean): string[] =>
  provinces.filter(pred).map((p) => p.id).sort();
const terrainOf = (location: string): Terrain | undefined => map.provinces.get(provinceOf(location))?.terrain;

/** Every edge of an adjacency table as `[from, to]`. */
function edges(table: ReadonlyMap<string, ReadonlySet<string>>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [from, tos] of table) for (const to of tos) out.push([from, to]);
  return out;
}

describe('adjacency is symmetric', () => {
  it('for armies', () => {
    const oneWay = edges(map.armyEdges).filter(([a, b]) => !map.armyEdges.get(b)?.has(a));
    expect(oneWay).toEqual([]);
    expect(edges(map.armyEdges).length).toBeGreaterThan(0);
  });

  it('for fleets', () => {
    const oneWay = edges(map.fleetEdges).filter(([a, b]) => !map.fleetEdges.get(b)?.has(a));
    expect(oneWay).toEqual([]);
    expect(edges(map.fleetEdges).length).toBeGreaterThan(0);
  });

  it('has no self-loops', () => {
    expect(edges(map.armyEdges).filter(([a, b]) => provinceOf(a) === provinceOf(b))).toEqual([]);
    expect(edges(map.fleetEdges).filter(([a, b]) => provinceOf(a) === provinceOf(b))).toEqual([]);
  });
});

describe('edges name real places', () => {
  it('every army edge joins two known provinces', () => {
    const unknown = edges(map.armyEdges).flat().filter((p) => !map.provinces.has(p));
    expect(unknown).toEqual([]);
  });

  it('every fleet location is a known province or one of its listed coasts', () => {
    const bad = [...new Set(edges(map.fleetEdges).flat())].filter((loc) => {
      const province = map.provinces.get(provinceOf(loc));
      if (!province) return true;
      const coast = coastOf(loc);
      return coast === undefined ? province.coasts.length > 0 : !province.coasts.includes(coast);
    });
    expect(bad).toEqual([]);
  });

  it('every listed coast has fleet edges', () => {
    const missing = provinces.flatMap((p) => p.coasts.map((c) => `${p.id}/${c}`)).filter((loc) => !map.fleetEdges.has(loc));
    expect(missing).toEqual([]);
  });

  it('armies are never adjacent to sea (or impassable) provinces', () => {
    const bad = edges(map.armyEdges).filter(([a, b]) => [a, b].some((p) => terrainOf(p) !== 'land' && terrainOf(p) !== 'coast'));
    expect(bad).toEqual([]);
  });

  it('fleets are never adjacent to inland (or impassable) provinces', () => {
    const bad = edges(map.fleetEdges).filter(([a, b]) => [a, b].some((l) => terrainOf(l) !== 'sea' && terrainOf(l) !== 'coast'));
    expect(bad).toEqual([]);
  });

  it('every passable land province has an army move, every sea and coastal province a fleet move', () => {
    const noArmy = idsWhere((p) => (p.terrain === 'land' || p.terrain === 'coast') && armyNeighbours(map, p.id).size === 0);
    const noFleet = idsWhere((p) => (p.terrain === 'sea' || p.terrain === 'coast') && fleetLocationsIn(map, p.id).length === 0);
    expect(noArmy).toEqual([]);
    expect(noFleet).toEqual([]);
  });
});

describe('provinces', () => {
  it('has 75 passable provinces plus impassable Switzerland, which has no edges', () => {
    expect(map.provinces.size).toBe(76);
    expect(idsWhere((p) => p.terrain === 'impassable')).toEqual(['SWI']);
    expect(map.provinces.get('SWI')).toMatchObject({ name: 'Switzerland', supplyCenter: false, home: null });
    expect(map.armyEdges.has('SWI')).toBe(false);
    expect(map.fleetEdges.has('SWI')).toBe(false);
    expect(edges(map.armyEdges).flat()).not.toContain('SWI');
    expect(edges(map.fleetEdges).flat()).not.toContain('SWI');
  });

  it('has the 19 sea provinces', () => {
    // prettier-ignore
    expect(idsWhere((p) => p.terrain === 'sea')).toEqual([
      'ADR', 'AEG', 'BAL', 'BAR', 'BLA', 'BOT', 'EAS', 'ENG', 'HEL', 'ION',
      'IRI', 'LYO', 'MAO', 'NAO', 'NTH', 'NWG', 'SKA', 'TYS', 'WES',
    ]);
  });

  it('has the 14 inland provinces', () => {
    // prettier-ignore
    expect(idsWhere((p) => p.terrain === 'land')).toEqual([
      'BOH', 'BUD', 'BUR', 'GAL', 'MOS', 'MUN', 'PAR', 'RUH', 'SER', 'SIL', 'TYR', 'UKR', 'VIE', 'WAR',
    ]);
  });

  it('has the 42 coastal provinces', () => {
    // prettier-ignore
    expect(idsWhere((p) => p.terrain === 'coast')).toEqual([
      'ALB', 'ANK', 'APU', 'ARM', 'BEL', 'BER', 'BRE', 'BUL', 'CLY', 'CON',
      'DEN', 'EDI', 'FIN', 'GAS', 'GRE', 'HOL', 'KIE', 'LON', 'LVN', 'LVP',
      'MAR', 'NAF', 'NAP', 'NWY', 'PIC', 'PIE', 'POR', 'PRU', 'ROM', 'RUM',
      'SEV', 'SMY', 'SPA', 'STP', 'SWE', 'SYR', 'TRI', 'TUN', 'TUS', 'VEN',
      'WAL', 'YOR',
    ]);
  });

  it('every province id is a three-letter upper-case code', () => {
    expect(provinces.filter((p) => !/^[A-Z]{3}$/.test(p.id)).map((p) => p.id)).toEqual([]);
  });
});

describe('supply centres', () => {
  it('are exactly the 34 of the classical board', () => {
    // prettier-ignore
    expect(idsWhere((p) => p.supplyCenter)).toEqual([
      'ANK', 'BEL', 'BER', 'BRE', 'BUD', 'BUL', 'CON', 'DEN', 'EDI', 'GRE',
      'HOL', 'KIE', 'LON', 'LVP', 'MAR', 'MOS', 'MUN', 'NAP', 'NWY', 'PAR',
      'POR', 'ROM', 'RUM', 'SER', 'SEV', 'SMY', 'SPA', 'STP', 'SWE', 'TRI',
      'TUN', 'VEN', 'VIE', 'WAR',
    ]);
  });

  it('has 22 home centres: three per power, four for Russia', () => {
    const homes: Record<string, string[]> = {};
    for (const p of provinces) if (p.home) (homes[p.home] ??= []).push(p.id);
    for (const list of Object.values(homes)) list.sort();
    expect(homes).toEqual({
      AUSTRIA: ['BUD', 'TRI', 'VIE'],
      ENGLAND: ['EDI', 'LON', 'LVP'],
      FRANCE: ['BRE', 'MAR', 'PAR'],
      GERMANY: ['BER', 'KIE', 'MUN'],
      ITALY: ['NAP', 'ROM', 'VEN'],
      RUSSIA: ['MOS', 'SEV', 'STP', 'WAR'],
      TURKEY: ['ANK', 'CON', 'SMY'],
    } satisfies Record<Power, string[]>);
    expect(Object.values(homes).flat()).toHaveLength(22);
  });

  it('every home centre is a supply centre', () => {
    expect(idsWhere((p) => p.home !== null && !p.supplyCenter)).toEqual([]);
  });
});

describe('two-coast provinces', () => {
  it('are exactly BUL (EC, SC), SPA (NC, SC) and STP (NC, SC)', () => {
    const withCoasts = Object.fromEntries(provinces.filter((p) => p.coasts.length > 0).map((p) => [p.id, [...p.coasts].sort()]));
    expect(withCoasts).toEqual({ BUL: ['EC', 'SC'], SPA: ['NC', 'SC'], STP: ['NC', 'SC'] });
  });

  it('no fleet edge uses the bare BUL, SPA or STP', () => {
    const bare = new Set(['BUL', 'SPA', 'STP']);
    expect(edges(map.fleetEdges).flat().filter((l) => bare.has(l))).toEqual([]);
  });

  it('only the two-coast provinces have coast-specific fleet locations', () => {
    const coastal = [...map.fleetEdges.keys()].filter((l) => coastOf(l) !== undefined).sort();
    expect(coastal).toEqual(['BUL/EC', 'BUL/SC', 'SPA/NC', 'SPA/SC', 'STP/NC', 'STP/SC']);
  });

  it('fleetLocationsIn lists the coasts of a two-coast province, the province itself otherwise', () => {
    expect([...fleetLocationsIn(map, 'STP')].sort()).toEqual(['STP/NC', 'STP/SC']);
    expect(fleetLocationsIn(map, 'NTH')).toEqual(['NTH']);
    expect(fleetLocationsIn(map, 'BRE')).toEqual(['BRE']);
    expect(fleetLocationsIn(map, 'PAR')).toEqual([]);
  });
});

describe('known adjacencies of the classical board', () => {
  /** Direct (non-convoy) adjacency: army province to province, fleet location to location. */
  const adjacent = (kind: UnitKind, from: string, to: string): boolean =>
    kind === 'A' ? armyNeighbours(map, from).has(to) : fleetNeighbours(map, from).has(to);

  // prettier-ignore
  it.each([
    ['A', 'ROM',    'VEN',    true ],
    ['F', 'ROM',    'VEN',    false],
    ['A', 'ROM',    'APU',    true ],
    ['F', 'ROM',    'APU',    false],
    ['F', 'ROM',    'NAP',    true ],
    ['A', 'TUS',    'VEN',    true ],
    ['F', 'PIE',    'VEN',    false],
    ['F', 'MAO',    'SPA/NC', true ],
    ['F', 'MAO',    'SPA/SC', true ],
    ['F', 'GAS',    'SPA/NC', true ],
    ['F', 'GAS',    'SPA/SC', false],
    ['F', 'MAR',    'SPA/SC', true ],
    ['F', 'MAR',    'SPA/NC', false],
    ['F', 'POR',    'SPA/NC', true ],
    ['F', 'POR',    'SPA/SC', true ],
    ['F', 'WES',    'SPA/SC', true ],
    ['F', 'WES',    'SPA/NC', false],
    ['A', 'GAS',    'SPA',    true ],
    ['A', 'GAS',    'POR',    false],
    ['F', 'NAF',    'ION',    false],
    ['F', 'NAF',    'TUN',    true ],
    ['F', 'TUN',    'ION',    true ],
    ['F', 'BUL/SC', 'AEG',    true ],
    ['F', 'BUL/EC', 'AEG',    false],
    ['F', 'BUL/EC', 'BLA',    true ],
    ['F', 'BUL/SC', 'BLA',    false],
    ['F', 'CON',    'BUL/EC', true ],
    ['F', 'CON',    'BUL/SC', true ],
    ['F', 'GRE',    'BUL/SC', true ],
    ['F', 'RUM',    'BUL/EC', true ],
    ['A', 'BUL',    'ALB',    false],
    ['A', 'SER',    'ALB',    true ],
    ['A', 'SYR',    'ARM',    true ],
    ['F', 'SYR',    'ARM',    false],
    ['F', 'ANK',    'SMY',    false],
    ['A', 'ANK',    'SMY',    true ],
    ['F', 'ANK',    'ARM',    true ],
    ['F', 'FIN',    'NWY',    false],
    ['A', 'FIN',    'NWY',    true ],
    ['F', 'FIN',    'STP/SC', true ],
    ['F', 'FIN',    'STP/NC', false],
    ['F', 'KIE',    'BAL',    true ],
    ['F', 'DEN',    'BAL',    true ],
    ['F', 'HEL',    'DEN',    true ],
    ['F', 'SKA',    'BAL',    false],
    ['F', 'KIE',    'HOL',    true ],
    ['A', 'KIE',    'BER',    true ],
    ['A', 'DEN',    'SWE',    true ],
    ['F', 'LVN',    'STP/SC', true ],
    ['F', 'BAR',    'STP/NC', true ],
    ['F', 'BAR',    'STP/SC', false],
    ['F', 'BOT',    'STP/NC', false],
    ['F', 'NWY',    'STP/NC', true ],
    ['A', 'MOS',    'STP',    true ],
    ['A', 'UKR',    'STP',    false],
    ['A', 'UKR',    'SEV',    true ],
    ['A', 'WAL',    'YOR',    true ],
    ['F', 'WAL',    'YOR',    false],
    ['A', 'LVP',    'EDI',    true ],
    ['F', 'LVP',    'EDI',    false],
    ['F', 'LON',    'YOR',    true ],
    ['F', 'IRI',    'NTH',    false],
    ['F', 'ENG',    'IRI',    true ],
    ['F', 'CLY',    'NWG',    true ],
    ['A', 'BUR',    'BEL',    true ],
    ['A', 'BUR',    'MAR',    true ],
    ['A', 'MUN',    'SWI',    false],
    ['A', 'MAR',    'SWI',    false],
    ['A', 'BOH',    'SIL',    true ],
    ['A', 'GAL',    'BOH',    true ],
    ['A', 'TYR',    'VIE',    true ],
    ['A', 'PRU',    'LVN',    true ],
    ['A', 'LVN',    'BOT',    false],
    ['A', 'BRE',    'ENG',    false],
    ['F', 'BRE',    'PAR',    false],
  ] as const)('%s %s – %s: %s', (kind, from, to, expected) => {
    expect(adjacent(kind, from, to)).toBe(expected);
  });

  // prettier-ignore
  it.each([
    ['F', 'MAO',    'SPA', true ],
    ['F', 'GAS',    'SPA', true ],
    ['F', 'LVN',    'STP', true ],
    ['F', 'STP/NC', 'FIN', false],
    ['F', 'STP/SC', 'FIN', true ],
    ['F', 'NAF',    'ION', false],
    ['A', 'STP/NC', 'MOS', true ],
    ['A', 'PAR',    'BUR', true ],
    ['A', 'PAR',    'MAR', false],
  ] as const)('canReach %s %s → province %s: %s', (kind, from, to, expected) => {
    expect(canReach(map, kind, from, to)).toBe(expected);
  });
});

describe('names', () => {
  it('every province has a unique full name', () => {
    const names = provinces.map((p) => p.name);
    expect(names.filter((n) => n.trim() === '' || /^[A-Z]{3}$/.test(n))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('every code, name and alias looks up its own province (no alias shadows another province)', () => {
    const table = provinceNames(map);
    const wrong: string[] = [];
    for (const p of provinces) {
      for (const name of [p.id, p.name, ...p.aliases]) {
        const found = table.get(normaliseName(name));
        if (found !== p.id) wrong.push(`${name} → ${found} (expected ${p.id})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  // prettier-ignore
  it.each([
    ['mid atlantic',        'MAO'],
    ['Mid-Atlantic Ocean',  'MAO'],
    ['north atlantic',      'NAO'],
    ['nat',                 'NAO'],
    ['nrg',                 'NWG'],
    ['Norwegian Sea',       'NWG'],
    ['gol',                 'LYO'],
    ['gulf of lyon',        'LYO'],
    ['Gulf of Lyons',       'LYO'],
    ['nor',                 'NWY'],
    ['west med',            'WES'],
    ['helgoland',           'HEL'],
    ['Heligoland Bight',    'HEL'],
    ['nth sea',             'NTH'],
    ['stp',                 'STP'],
    ['STP',                 'STP'],
    ['st petersburg',       'STP'],
    ['st. petersburg',      'STP'],
    ['St. Petersburg',      'STP'],
    ['English Channel',     'ENG'],
    ['eastern med',         'EAS'],
    ['bothnia',             'BOT'],
    ['tyrol',               'TYR'],
  ])('%j → %s', (name, code) => {
    expect(provinceNames(map).get(normaliseName(name))).toBe(code);
  });

  // prettier-ignore
  it.each([
    ['north'],
    ['sea'],
    ['atlantic'],
    ['swiss'],
    ['a'],
    ['f'],
  ])('%j is not a province name', (name) => {
    expect(provinceNames(map).get(normaliseName(name))).toBeUndefined();
  });

  // prettier-ignore
  it.each([
    ['St. Petersburg',         'st petersburg'],
    ['  Mid-Atlantic  Ocean',  'mid atlantic ocean'],
    ["St Petersburg’s",        'st petersburgs'],
    ['GULF OF LYON',           'gulf of lyon'],
  ])('normaliseName(%j) = %j', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });
});
