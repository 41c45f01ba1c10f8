/**
 * The province numbering and the per-position unit slots the movement adjudication uses instead of
 * maps keyed by province code (issue 32), and the fleet reach test that no longer builds a target
 * list: checked against the map's own tables.
 */
import { describe, expect, it } from 'vitest';
import { STANDARD_MAP, canReach, fleetNeighbours, fleetLocationsIn } from '../../../src/diplomacy/index.js';
import { ProvinceSlots, provinceIndex } from '../../../src/diplomacy/map/province-index.js';

describe('provinceIndex', () => {
  it('numbers the 76 provinces of the standard map (75 and Switzerland) once each, both ways', () => {
    const index = provinceIndex(STANDARD_MAP);
    expect(index.count).toBe(76);
    expect(new Set(index.ids).size).toBe(76);
    index.ids.forEach((id, k) => expect(index.numberOf.get(id)).toBe(k));
    expect(provinceIndex(STANDARD_MAP)).toBe(index); // built once per map
  });
});

describe('ProvinceSlots', () => {
  it('answers like a map: the unit set in a province, undefined for an empty one', () => {
    const slots = new ProvinceSlots(provinceIndex(STANDARD_MAP));
    slots.set('PAR', 0);
    slots.set('STP', 3);
    expect(slots.get('PAR')).toBe(0);
    expect(slots.get('STP')).toBe(3);
    expect(slots.get('BUR')).toBeUndefined();
    expect(slots.has('PAR')).toBe(true);
    expect(slots.has('BUR')).toBe(false);
  });

  it('keeps a unit in a province code the map does not know, as the map it replaces did', () => {
    const slots = new ProvinceSlots(provinceIndex(STANDARD_MAP));
    slots.set('XYZ', 5);
    expect(slots.get('XYZ')).toBe(5);
    expect(slots.get('QQQ')).toBeUndefined();
  });
});

describe('canReach for fleets', () => {
  it('is true exactly when some location of the province is a fleet neighbour, for every pair of locations', () => {
    for (const from of STANDARD_MAP.fleetEdges.keys()) {
      for (const to of STANDARD_MAP.provinces.keys()) {
        const expected = fleetLocationsIn(STANDARD_MAP, to).some((loc) => fleetNeighbours(STANDARD_MAP, from).has(loc));
        expect(canReach(STANDARD_MAP, 'F', from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });
});
