/**
 * The province numbering and the per-position unit slots the movement adjudication uses instead of
 * maps keyed by province code (issue 32), and the fleet reach test that no longer builds a target
 * list: checked against the map's own tables.
 */
import { describe, expect, it } from 'vitest';
import { STANDARD_MAP, canReach, fleetNeighbours, fleetLocationsIn, fleetTargetsIn } from '../../../src/diplomacy/index.js';
import { ProvinceSlots, provinceIndex } from '../../../src/diplomacy/map/province-index.js';

describe('provinceIndex', () => {
  it('numbers the 76 provinces of the standard map (75 and Switzerland) once each, both ways', () => {
    const index = provinceIndex(STANDARD_MAP);
    expect(index.count).toBe(76);
    expect(new Set(index.ids).size).toBe(76);
    index.ids.forEach((id, k) => expect(index.numberOf.get(id)).toBe(k));
    expect(provinceIndex(STANDARD_MAP)).toBe(index); // built once per map
  });

  it('its sea and army adjacency tables by number say what the map says, for every province and pair', () => {
    const index = provinceIndex(STANDARD_MAP);
    expect(index.armyEdgesNumbered).toBe(true);
    let adjacent = 0;
    for (let a = 0; a < index.count; a++) {
      const from = index.ids[a]!;
      expect(index.sea[a] === 1, from).toBe(STANDARD_MAP.provinces.get(from)!.terrain === 'sea');
      for (let b = 0; b < index.count; b++) {
        const to = index.ids[b]!;
        const edge = STANDARD_MAP.armyEdges.get(from)?.has(to) ?? false;
        expect(index.armyAdjacent[a * index.count + b] === 1, `${from} → ${to}`).toBe(edge);
        if (edge) adjacent++;
      }
    }
    expect(adjacent).toBeGreaterThan(100); // the table is not empty: PAR–BUR, MUN–BOH, …
    expect(index.armyAdjacent[index.numberOf.get('PAR')! * index.count + index.numberOf.get('BUR')!]).toBe(1);
    expect(index.armyAdjacent[index.numberOf.get('PAR')! * index.count + index.numberOf.get('MUN')!]).toBe(0);
  });
});

describe('ProvinceSlots', () => {
  it('answers like a map: the unit set in a province, undefined for an empty one', () => {
    const slots = new ProvinceSlots(provinceIndex(STANDARD_MAP));
    const par = slots.set('PAR', 0);
    slots.set('STP', 3);
    expect(par).toBe(provinceIndex(STANDARD_MAP).numberOf.get('PAR')); // set answers the province's number
    expect(slots.at(par)).toBe(0);
    expect(slots.at(provinceIndex(STANDARD_MAP).numberOf.get('BUR')!)).toBe(-1);
    expect(slots.get('PAR')).toBe(0);
    expect(slots.get('STP')).toBe(3);
    expect(slots.get('BUR')).toBeUndefined();
    expect(slots.has('PAR')).toBe(true);
    expect(slots.has('BUR')).toBe(false);
  });

  it('keeps a unit in a province code the map does not know, as the map it replaces did', () => {
    const slots = new ProvinceSlots(provinceIndex(STANDARD_MAP));
    expect(slots.set('XYZ', 5)).toBe(-1); // no number
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

describe('fleetTargetsIn', () => {
  it('is the locations of the province a fleet can move to, in the map\'s order, for every pair', () => {
    let some = 0;
    for (const from of STANDARD_MAP.fleetEdges.keys()) {
      for (const to of STANDARD_MAP.provinces.keys()) {
        const expected = fleetLocationsIn(STANDARD_MAP, to).filter((loc) => fleetNeighbours(STANDARD_MAP, from).has(loc));
        expect(fleetTargetsIn(STANDARD_MAP, from, to), `${from} → ${to}`).toEqual(expected);
        if (expected.length > 0) some++;
      }
    }
    expect(some).toBeGreaterThan(100);
    expect(fleetTargetsIn(STANDARD_MAP, 'MAO', 'SPA')).toEqual(['SPA/NC', 'SPA/SC']); // both coasts reachable
    expect(fleetTargetsIn(STANDARD_MAP, 'LYO', 'SPA')).toEqual(['SPA/SC']); // the south coast only
    expect(fleetTargetsIn(STANDARD_MAP, 'MAO', 'MUN')).toEqual([]); // inland
  });
});
