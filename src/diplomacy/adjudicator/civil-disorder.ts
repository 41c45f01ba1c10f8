/**
 * Civil-disorder removals, D.V(4) exactly as written (the 2000 rule): remove first the unit that
 * stands most distant from home. An army counts the fewest moves to a home centre of its own country
 * with the fictional ability to cross water (but not Switzerland); a fleet counts legal fleet moves.
 * Ownership of the home centre does not matter. At equal distance a fleet goes before an army, then
 * the unit in the space whose English name comes first alphabetically.
 */
import { armyNeighbours, fleetNeighbours, fleetProvinceNeighbours } from '../map/graph.js';
import type { GameMap, Location, Power, ProvinceId } from '../map/types.js';
import { provinceOf } from '../map/types.js';
import type { Unit } from '../state.js';

/** Home centres of a power on this map. */
export function homeCentres(map: GameMap, power: Power): ProvinceId[] {
  return [...map.provinces.values()].filter((p) => p.home === power).map((p) => p.id);
}

/** D.V(4) distance from home of one unit; `Infinity` if no home centre can be reached. */
export function distanceFromHome(map: GameMap, unit: Unit): number {
  const homes = new Set(homeCentres(map, unit.power));
  if (unit.kind === 'A') {
    // Armies step to any neighbouring space, land or water (not impassable Switzerland).
    const start = provinceOf(unit.location);
    const seen = new Set([start]);
    let frontier = [start];
    for (let d = 0; frontier.length > 0; d++) {
      if (frontier.some((p) => homes.has(p))) return d;
      const next: ProvinceId[] = [];
      for (const p of frontier) {
        for (const n of [...armyNeighbours(map, p), ...fleetProvinceNeighbours(map, p)]) {
          if (seen.has(n) || map.provinces.get(n)?.terrain === 'impassable') continue;
          seen.add(n);
          next.push(n);
        }
      }
      frontier = next;
    }
    return Infinity;
  }
  const seen = new Set<Location>([unit.location]);
  let frontier: Location[] = [unit.location];
  for (let d = 0; frontier.length > 0; d++) {
    if (frontier.some((l) => homes.has(provinceOf(l)))) return d;
    const next: Location[] = [];
    for (const l of frontier) {
      for (const n of fleetNeighbours(map, l)) {
        if (seen.has(n)) continue;
        seen.add(n);
        next.push(n);
      }
    }
    frontier = next;
  }
  return Infinity;
}

/** The units to remove, in removal order, when `count` removals are missing (D.V(4)). */
export function civilDisorderRemovals(map: GameMap, units: readonly Unit[], count: number): Unit[] {
  const ranked = units.map((u) => ({
    u,
    d: distanceFromHome(map, u),
    name: map.provinces.get(provinceOf(u.location))!.name,
  }));
  ranked.sort((a, b) => b.d - a.d || (a.u.kind === b.u.kind ? 0 : a.u.kind === 'F' ? -1 : 1) || a.name.localeCompare(b.name, 'en'));
  return ranked.slice(0, count).map((r) => r.u);
}
