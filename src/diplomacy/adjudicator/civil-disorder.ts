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

interface HomeTables {
  /** Each power's home centres. */
  readonly homes: ReadonlyMap<Power, ReadonlySet<ProvinceId>>;
  /** Where an army steps in D.V(4)'s count: any neighbouring space, land or water, not impassable. */
  readonly armySteps: ReadonlyMap<ProvinceId, readonly ProvinceId[]>;
}

const tablesCache = new WeakMap<GameMap, HomeTables>();
const NO_HOMES: ReadonlySet<ProvinceId> = new Set();

/** The map's home centres per power and the army's steps, built once per map. */
function homeTables(map: GameMap): HomeTables {
  let t = tablesCache.get(map);
  if (t) return t;
  const homes = new Map<Power, Set<ProvinceId>>();
  const armySteps = new Map<ProvinceId, ProvinceId[]>();
  for (const p of map.provinces.values()) {
    if (p.home) {
      let set = homes.get(p.home);
      if (!set) homes.set(p.home, (set = new Set()));
      set.add(p.id);
    }
    const steps: ProvinceId[] = [];
    for (const n of [...armyNeighbours(map, p.id), ...fleetProvinceNeighbours(map, p.id)]) {
      if (map.provinces.get(n)?.terrain !== 'impassable') steps.push(n);
    }
    armySteps.set(p.id, steps);
  }
  t = { homes, armySteps };
  tablesCache.set(map, t);
  return t;
}

/** Home centres of a power on this map. */
export function homeCentres(map: GameMap, power: Power): ProvinceId[] {
  return [...(homeTables(map).homes.get(power) ?? NO_HOMES)];
}

const distanceCache = new WeakMap<GameMap, Map<string, number>>();

/** D.V(4) distance from home of one unit; `Infinity` if no home centre can be reached. */
export function distanceFromHome(map: GameMap, unit: Unit): number {
  // A function of the map and the unit's power, kind and location only: counted once per map and
  // unit (issue 32; bounded: emptied past 10,000 entries).
  let cache = distanceCache.get(map);
  if (cache === undefined) distanceCache.set(map, (cache = new Map()));
  const key = `${unit.power} ${unit.kind} ${unit.location}`;
  let d = cache.get(key);
  if (d === undefined) {
    d = countDistance(map, unit);
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, d);
  }
  return d;
}

function countDistance(map: GameMap, unit: Unit): number {
  const tables = homeTables(map);
  const homes = tables.homes.get(unit.power) ?? NO_HOMES;
  if (unit.kind === 'A') {
    // Armies step to any neighbouring space, land or water (not impassable Switzerland).
    const start = provinceOf(unit.location);
    if (homes.has(start)) return 0;
    const seen = new Set([start]);
    let frontier = [start];
    for (let d = 1; frontier.length > 0; d++) {
      const next: ProvinceId[] = [];
      for (let f = 0; f < frontier.length; f++) {
        const steps = tables.armySteps.get(frontier[f]!) ?? [];
        for (let k = 0; k < steps.length; k++) {
          const n = steps[k]!;
          if (seen.has(n)) continue;
          if (homes.has(n)) return d;
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

/**
 * Each province's place in English alphabetical order of the names (D.V(4)'s last tie-break), built
 * once per map. Names of plain letters, spaces, hyphens and full stops (every name of the standard
 * map) sort as `Intl.Collator('en')` sorts them when compared lower-cased code unit by code unit
 * (space, then `-`, then `.`, then the letters, in both); comparing them so spares the process
 * loading the collation data (about 8 ms of CPU in a cold process, issue 32). Any other name, or
 * two names equal but for case, and the collator ranks them.
 */
const rankCache = new WeakMap<GameMap, ReadonlyMap<ProvinceId, number>>();
const PLAIN_NAME = /^[A-Za-z .-]*$/;

export function englishNameRanks(map: GameMap): ReadonlyMap<ProvinceId, number> {
  let ranks = rankCache.get(map);
  if (ranks) return ranks;
  const provinces = [...map.provinces.values()];
  const lower = new Set(provinces.map((p) => p.name.toLowerCase()));
  const plain = lower.size === provinces.length && provinces.every((p) => PLAIN_NAME.test(p.name));
  const compare = plain ? (a: string, b: string) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  } : new Intl.Collator('en').compare;
  provinces.sort((a, b) => compare(a.name, b.name));
  const out = new Map<ProvinceId, number>();
  let rank = 0;
  for (let k = 0; k < provinces.length; k++) {
    if (k > 0 && compare(provinces[k - 1]!.name, provinces[k]!.name) !== 0) rank++;
    out.set(provinces[k]!.id, rank);
  }
  rankCache.set(map, out);
  return out;
}

/** The units to remove, in removal order, when `count` removals are missing (D.V(4)). */
export function civilDisorderRemovals(map: GameMap, units: readonly Unit[], count: number): Unit[] {
  const ranks = englishNameRanks(map);
  const ranked = units.map((u) => {
    const id = map.provinces.get(provinceOf(u.location))!.id;
    return { u, d: distanceFromHome(map, u), name: ranks.get(id)! };
  });
  ranked.sort((a, b) => b.d - a.d || (a.u.kind === b.u.kind ? 0 : a.u.kind === 'F' ? -1 : 1) || a.name - b.name);
  return ranked.slice(0, count).map((r) => r.u);
}
