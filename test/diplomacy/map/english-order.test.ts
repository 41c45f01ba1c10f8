/**
 * D.V(4)'s last tie-break is English alphabetical order of the space's name. The engine ranks the
 * names once per map without loading the collation data when every name is plain (issue 32); the
 * ranks must be exactly the order `Intl.Collator('en')` gives, which is what the rule's "English
 * alphabetical order" was implemented with before.
 */
import { describe, expect, it } from 'vitest';
import { STANDARD_MAP, type GameMap, type Province } from '../../../src/diplomacy/index.js';
import { englishNameRanks } from '../../../src/diplomacy/adjudicator/civil-disorder.js';

function collatorOrder(map: GameMap): string[] {
  const c = new Intl.Collator('en');
  return [...map.provinces.values()].sort((a, b) => c.compare(a.name, b.name)).map((p) => p.id);
}

function rankOrder(map: GameMap): string[] {
  const ranks = englishNameRanks(map);
  return [...map.provinces.values()].sort((a, b) => ranks.get(a.id)! - ranks.get(b.id)!).map((p) => p.id);
}

function mapWithNames(names: readonly string[]): GameMap {
  const provinces = new Map<string, Province>(names.map((name, k) => [
    `P${k}`,
    { id: `P${k}`, name, terrain: 'land', supplyCenter: false, home: null, coasts: [], aliases: [] },
  ]));
  return { provinces, armyEdges: new Map(), fleetEdges: new Map() };
}

describe('englishNameRanks (D.V(4) alphabetical tie-break)', () => {
  it('orders the 76 provinces of the standard map exactly as the English collator does, each with its own rank', () => {
    expect(rankOrder(STANDARD_MAP)).toEqual(collatorOrder(STANDARD_MAP));
    // "Mid-Atlantic Ocean" and "St. Petersburg" carry the hyphen and full stop the plain comparison must place.
    const ranks = englishNameRanks(STANDARD_MAP);
    expect(ranks.get('STP')! < ranks.get('SWE')!).toBe(true); // "st." before "sw"
    expect(ranks.get('MAO')! < ranks.get('MOS')!).toBe(true); // "mid" before "mos"
    expect(new Set(ranks.values()).size).toBe(STANDARD_MAP.provinces.size);
  });

  it('falls back to the collator for names that are not plain letters (accents, apostrophes)', () => {
    const map = mapWithNames(['Ölland', 'Oakwood', "O'Neill", 'Zeta', 'Éclair', 'eagle']);
    expect(rankOrder(map)).toEqual(collatorOrder(map));
  });

  it('plain names that differ only in case go to the collator too (its tertiary order)', () => {
    const map = mapWithNames(['berlin', 'Berlin', 'Bern', 'Ber lin']);
    expect(rankOrder(map)).toEqual(collatorOrder(map));
  });
});
