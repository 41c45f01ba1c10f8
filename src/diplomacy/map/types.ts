/**
 * Map vocabulary. Provinces are upper-case three-letter codes (`STP`); a location is a province or one
 * of its coasts (`STP/NC`). Upper case is the canonical output form (DESIGN.md "Conventions"), so the
 * engine keeps it throughout and never converts.
 */

export type Power = 'AUSTRIA' | 'ENGLAND' | 'FRANCE' | 'GERMANY' | 'ITALY' | 'RUSSIA' | 'TURKEY';
export const POWERS: readonly Power[] = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];

export type UnitKind = 'A' | 'F';

/** A province code such as `STP`. */
export type ProvinceId = string;
/** A province or a coast of one: `STP`, `STP/NC`. */
export type Location = string;
export type Coast = 'NC' | 'SC' | 'EC';

export type Terrain = 'land' | 'coast' | 'sea' | 'impassable';

export interface Province {
  readonly id: ProvinceId;
  /** English name as in the Hasbro rules (used for alphabetical order in D.V(4)). */
  readonly name: string;
  readonly terrain: Terrain;
  readonly supplyCenter: boolean;
  /** The power whose home centre this is, if any. */
  readonly home: Power | null;
  /** The named coasts of a two-coast province (`['NC', 'SC']`), else empty. */
  readonly coasts: readonly Coast[];
  /** Other accepted spellings (lower-cased when matched). */
  readonly aliases: readonly string[];
}

export interface GameMap {
  readonly provinces: ReadonlyMap<ProvinceId, Province>;
  /** Army moves: province → neighbouring provinces. */
  readonly armyEdges: ReadonlyMap<ProvinceId, ReadonlySet<ProvinceId>>;
  /** Fleet moves: location (coast-specific where it matters) → neighbouring locations. */
  readonly fleetEdges: ReadonlyMap<Location, ReadonlySet<Location>>;
}

/** The province part of a location: `STP/NC` → `STP`. */
export function provinceOf(location: Location): ProvinceId {
  const slash = location.indexOf('/');
  return slash < 0 ? location : location.slice(0, slash);
}

/** The coast part of a location, if any: `STP/NC` → `NC`. */
export function coastOf(location: Location): Coast | undefined {
  const slash = location.indexOf('/');
  return slash < 0 ? undefined : (location.slice(slash + 1) as Coast);
}
