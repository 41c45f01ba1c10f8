/**
 * Questions about the map graph: who can move where, convoy geometry, distances. Pure, memoised per map.
 */
import type { GameMap, Location, ProvinceId, UnitKind } from './types.js';
import { provinceOf } from './types.js';

interface Derived {
  /** Province-level fleet adjacency (a province touches another if any of their coasts are fleet-adjacent). */
  fleetProvinceEdges: Map<ProvinceId, Set<ProvinceId>>;
  /** Every location of each province (the province itself for one-coast/land/sea, the coasts otherwise). */
  fleetLocationsOf: Map<ProvinceId, Location[]>;
  /**
   * Per fleet location, the provinces it reaches and the locations of each it can move to (in the
   * order of {@link fleetLocationsIn}): `fleetTargetsIn` and `canReach` as two map lookups, with no
   * list built per question (issue 32).
   */
  fleetReach: Map<Location, Map<ProvinceId, readonly Location[]>>;
}

const derivedCache = new WeakMap<GameMap, Derived>();

function derived(map: GameMap): Derived {
  let d = derivedCache.get(map);
  if (d) return d;
  const fleetProvinceEdges = new Map<ProvinceId, Set<ProvinceId>>();
  const fleetLocationsOf = new Map<ProvinceId, Location[]>();
  for (const [from, tos] of map.fleetEdges) {
    const p = provinceOf(from);
    let set = fleetProvinceEdges.get(p);
    if (!set) fleetProvinceEdges.set(p, (set = new Set()));
    for (const to of tos) set.add(provinceOf(to));
    const locs = fleetLocationsOf.get(p) ?? [];
    if (!locs.includes(from)) locs.push(from);
    fleetLocationsOf.set(p, locs);
  }
  const fleetReach = new Map<Location, Map<ProvinceId, readonly Location[]>>();
  for (const [from, tos] of map.fleetEdges) {
    const reach = new Map<ProvinceId, readonly Location[]>();
    for (const to of tos) {
      const p = provinceOf(to);
      if (reach.has(p)) continue;
      const locations = (fleetLocationsOf.get(p) ?? []).filter((loc) => tos.has(loc));
      if (locations.length > 0) reach.set(p, locations);
    }
    fleetReach.set(from, reach);
  }
  d = { fleetProvinceEdges, fleetLocationsOf, fleetReach };
  derivedCache.set(map, d);
  return d;
}

const EMPTY: ReadonlySet<string> = new Set();

export function isSea(map: GameMap, p: ProvinceId): boolean {
  return map.provinces.get(p)?.terrain === 'sea';
}

export function isCoastal(map: GameMap, p: ProvinceId): boolean {
  return map.provinces.get(p)?.terrain === 'coast';
}

/** The fleet locations in a province (`['STP/NC', 'STP/SC']`, `['NTH']`, `[]` for inland). */
export function fleetLocationsIn(map: GameMap, p: ProvinceId): readonly Location[] {
  return derived(map).fleetLocationsOf.get(p) ?? [];
}

export function armyNeighbours(map: GameMap, p: ProvinceId): ReadonlySet<ProvinceId> {
  return map.armyEdges.get(p) ?? EMPTY;
}

export function fleetNeighbours(map: GameMap, loc: Location): ReadonlySet<Location> {
  return map.fleetEdges.get(loc) ?? EMPTY;
}

const NO_LOCATIONS: readonly Location[] = [];

/** The locations of province `to` a fleet at `from` can move to (shared: never mutate it). */
export function fleetTargetLocations(map: GameMap, from: Location, to: ProvinceId): readonly Location[] {
  return derived(map).fleetReach.get(from)?.get(to) ?? NO_LOCATIONS;
}

/** The locations of province `to` a fleet at `from` can move to. */
export function fleetTargetsIn(map: GameMap, from: Location, to: ProvinceId): Location[] {
  return fleetTargetLocations(map, from, to).slice();
}

/** Whether a unit of this kind at `from` can move to (some coast of) province `to` without convoy. */
export function canReach(map: GameMap, kind: UnitKind, from: Location, to: ProvinceId): boolean {
  if (kind === 'A') return armyNeighbours(map, provinceOf(from)).has(to);
  return derived(map).fleetReach.get(from)?.has(to) ?? false;
}

/** Province-level fleet adjacency, used for convoy chains. */
export function fleetProvinceNeighbours(map: GameMap, p: ProvinceId): ReadonlySet<ProvinceId> {
  return derived(map).fleetProvinceEdges.get(p) ?? EMPTY;
}

/**
 * Whether a chain of the given sea provinces links coastal `from` to coastal `to`
 * (each consecutive pair fleet-adjacent). Breadth-first over `fleets`.
 */
export function hasConvoyChain(map: GameMap, from: ProvinceId, to: ProvinceId, fleets: ReadonlySet<ProvinceId>): boolean {
  if (fleets.size === 0) return false;
  const seen = new Set<ProvinceId>();
  const queue: ProvinceId[] = [];
  for (const n of fleetProvinceNeighbours(map, from)) if (fleets.has(n)) { seen.add(n); queue.push(n); }
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    const next = fleetProvinceNeighbours(map, here);
    if (next.has(to)) return true;
    for (const n of next) if (fleets.has(n) && !seen.has(n)) { seen.add(n); queue.push(n); }
  }
  return false;
}

/** Whether `route` (sea provinces in order) is a chain from `from` to `to`. */
export function isConvoyRoute(map: GameMap, from: ProvinceId, route: readonly ProvinceId[], to: ProvinceId): boolean {
  let here = from;
  for (const sea of route) {
    if (!isSea(map, sea) || !fleetProvinceNeighbours(map, here).has(sea)) return false;
    here = sea;
  }
  return fleetProvinceNeighbours(map, here).has(to);
}
