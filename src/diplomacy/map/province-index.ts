/**
 * Provinces numbered 0..count-1 per map (memoised per map), so the engine's per-phase tables can be
 * typed arrays indexed by province instead of maps keyed by province code (issue 32). Pure.
 */
import type { GameMap, ProvinceId } from './types.js';

export interface ProvinceIndex {
  readonly count: number;
  /** Province code of each number. */
  readonly ids: readonly ProvinceId[];
  /** Number of each province code. */
  readonly numberOf: ReadonlyMap<ProvinceId, number>;
}

const cache = new WeakMap<GameMap, ProvinceIndex>();

export function provinceIndex(map: GameMap): ProvinceIndex {
  let index = cache.get(map);
  if (index) return index;
  const ids = [...map.provinces.keys()];
  index = { count: ids.length, ids, numberOf: new Map(ids.map((id, k) => [id, k])) };
  cache.set(map, index);
  return index;
}

/**
 * Which unit (0..n-1) stands in each province of one position: a typed array by province number
 * with a `get` like a map's (`undefined` for an empty or unknown province).
 */
export class ProvinceSlots {
  private readonly slot: Int16Array;
  private readonly numberOf: ReadonlyMap<ProvinceId, number>;
  /** A code the map does not know (a position the engine is asked about anyway) keeps its unit here. */
  private other: Map<ProvinceId, number> | undefined;

  constructor(index: ProvinceIndex) {
    this.slot = new Int16Array(index.count).fill(-1);
    this.numberOf = index.numberOf;
  }

  get(p: ProvinceId): number | undefined {
    const k = this.numberOf.get(p);
    if (k === undefined) return this.other?.get(p);
    const v = this.slot[k]!;
    return v < 0 ? undefined : v;
  }

  has(p: ProvinceId): boolean {
    return this.get(p) !== undefined;
  }

  set(p: ProvinceId, value: number): void {
    const k = this.numberOf.get(p);
    if (k !== undefined) this.slot[k] = value;
    else (this.other ??= new Map()).set(p, value);
  }
}
