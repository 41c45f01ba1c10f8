/**
 * Provinces numbered 0..count-1 per map (memoised per map), so the engine's per-phase tables can be
 * typed arrays indexed by province instead of maps keyed by province code (issue 32). Pure.
 */
import type { GameMap, Location, ProvinceId } from './types.js';
import { provinceOf } from './types.js';

export interface ProvinceIndex {
  readonly count: number;
  /** Province code of each number. */
  readonly ids: readonly ProvinceId[];
  /** Number of each province code. */
  readonly numberOf: ReadonlyMap<ProvinceId, number>;
  /** The province number of every location of the map: each province code and each coast (`STP/NC`). */
  readonly locNo: ReadonlyMap<Location, number>;
  /** `count` slots of -1, copied (never written) for each position's {@link ProvinceSlots}. */
  readonly emptySlots: readonly number[];
  /** 1 for a supply centre, by number. */
  readonly centre: Uint8Array;
  /** `count` zeros, copied (never written) for a position's occupancy by province number. */
  readonly zeros: readonly number[];
  /** 1 for a coastal province (a fleet may stand there, as at sea), by number. */
  readonly coastal: Uint8Array;
  /** 1 for a sea province, by number. */
  readonly sea: Uint8Array;
  /** Army adjacency by numbers: `armyAdjacent[a * count + b]` is 1 when an army moves from a to b. */
  readonly armyAdjacent: Uint8Array;
  /** Every army edge joins two numbered provinces (so {@link armyAdjacent} answers for the whole map). */
  readonly armyEdgesNumbered: boolean;
}

const cache = new WeakMap<GameMap, ProvinceIndex>();

export function provinceIndex(map: GameMap): ProvinceIndex {
  let index = cache.get(map);
  if (index) return index;
  const ids = [...map.provinces.keys()];
  const emptySlots: number[] = [];
  for (let k = 0; k < ids.length; k++) emptySlots.push(-1);
  const count = ids.length;
  const numberOf = new Map(ids.map((id, k) => [id, k]));
  const locNo = new Map<Location, number>();
  for (let k = 0; k < count; k++) {
    const p = map.provinces.get(ids[k]!)!;
    locNo.set(p.id, k);
    for (const c of p.coasts) locNo.set(`${p.id}/${c}`, k);
  }
  const sea = new Uint8Array(count);
  const centre = new Uint8Array(count);
  const coastal = new Uint8Array(count);
  const zeros: number[] = [];
  for (let k = 0; k < count; k++) {
    const p = map.provinces.get(ids[k]!)!;
    if (p.terrain === 'sea') sea[k] = 1;
    if (p.terrain === 'coast') coastal[k] = 1;
    if (p.supplyCenter) centre[k] = 1;
    zeros.push(0);
  }
  const armyAdjacent = new Uint8Array(count * count);
  let armyEdgesNumbered = true;
  for (const [from, tos] of map.armyEdges) {
    const a = numberOf.get(from);
    for (const to of tos) {
      const b = numberOf.get(to);
      if (a === undefined || b === undefined) armyEdgesNumbered = false;
      else armyAdjacent[a * count + b] = 1;
    }
  }
  index = { count, ids, numberOf, locNo, emptySlots, centre, zeros, coastal, sea, armyAdjacent, armyEdgesNumbered };
  cache.set(map, index);
  return index;
}

/** The province number of location `loc` (a coast stands for its province); -1 for a province the map does not know. */
export function locationNumber(index: ProvinceIndex, loc: Location): number {
  const k = index.locNo.get(loc);
  if (k !== undefined) return k;
  return index.numberOf.get(provinceOf(loc)) ?? -1;
}

/**
 * Which unit (0..n-1) stands in each province of one position: an array by province number with a
 * `get` like a map's (`undefined` for an empty or unknown province). A copy of the index's empty
 * slots: a plain array of small integers is allocated on V8's heap in one builtin call, where an
 * `Int16Array` of the 76 provinces (over V8's 64-byte limit for typed arrays on its heap) cost a C++
 * allocation and a later sweep (issue 32).
 */
export class ProvinceSlots {
  private readonly slot: number[];
  private readonly numberOf: ReadonlyMap<ProvinceId, number>;
  private readonly locNo: ReadonlyMap<Location, number>;
  /** A code the map does not know (a position the engine is asked about anyway) keeps its unit here. */
  private other: Map<ProvinceId, number> | undefined;

  constructor(index: ProvinceIndex) {
    this.slot = index.emptySlots.slice();
    this.numberOf = index.numberOf;
    this.locNo = index.locNo;
  }

  get(p: ProvinceId): number | undefined {
    const k = this.numberOf.get(p);
    if (k === undefined) return this.other?.get(p);
    const v = this.slot[k]!;
    return v < 0 ? undefined : v;
  }

  /** The unit standing in the province of location `loc` (a coast stands for its province). */
  getAt(loc: Location): number | undefined {
    const k = this.locNo.get(loc);
    if (k === undefined) return this.get(provinceOf(loc));
    const v = this.slot[k]!;
    return v < 0 ? undefined : v;
  }

  has(p: ProvinceId): boolean {
    return this.get(p) !== undefined;
  }

  /** Sets the unit in `p`; returns the province's number (-1 for a code the map does not know). */
  set(p: ProvinceId, value: number): number {
    const k = this.numberOf.get(p);
    if (k !== undefined) {
      this.slot[k] = value;
      return k;
    }
    (this.other ??= new Map()).set(p, value);
    return -1;
  }

  /** Sets the unit at location `loc` (a coast stands for its province); returns the province's number (-1: unknown). */
  place(loc: Location, value: number): number {
    const k = this.locNo.get(loc);
    if (k === undefined) return this.set(provinceOf(loc), value);
    this.slot[k] = value;
    return k;
  }

  /** The unit in the province numbered `k` (-1: none). */
  at(k: number): number {
    return this.slot[k]!;
  }
}
