/**
 * The world of one round: the terrain of every square (4.1.2.4), the 7 Coalition bases (one per
 * faction colour, 1.1.2), the 5 Phyrexian portals (1.1.1) and the 3 neutral towns (2.5.1.4). Plain
 * readonly data; read from the judge's map file by {@link parseWorldMap}.
 */
import type { SquareKey } from './square.js';

/** 4.1.2.4: "ocean, islands, plains, mountain, forest, or swamp". */
export const TERRAINS = ['ocean', 'islands', 'plains', 'mountain', 'forest', 'swamp'] as const;
export type Terrain = (typeof TERRAINS)[number];

/** The two player teams (1.1) and the neutral mercenaries (chapter 6). */
export const TEAMS = ['coalition', 'phyrexia', 'mercenary'] as const;
export type Team = (typeof TEAMS)[number];

/** The 7 Coalition factions, each with one base of its colour (1.1.2). */
export const FACTIONS = ['red', 'white', 'blue', 'green', 'black', 'five-colour', 'colourless'] as const;
export type Faction = (typeof FACTIONS)[number];

/** Special squares: a Coalition base, a Phyrexian portal, a neutral town. */
export type Site =
  | { readonly kind: 'base'; readonly team: 'coalition'; readonly colour: Faction; readonly name?: string; readonly winCondition?: boolean; readonly destroyed?: boolean; readonly description?: string }
  | { readonly kind: 'portal'; readonly team: 'phyrexia'; readonly name?: string; readonly destroyed?: boolean; readonly description?: string }
  | { readonly kind: 'town'; readonly name?: string; readonly description?: string };

export interface WorldMap {
  /** Terrain per square; squares not listed are {@link WorldMap.defaultTerrain}. */
  readonly terrain: Readonly<Record<SquareKey, Terrain>>;
  readonly defaultTerrain: Terrain;
  readonly sites: Readonly<Record<SquareKey, Site>>;
}

/** The terrain of a square. */
export function terrainAt(map: WorldMap, key: SquareKey): Terrain {
  return map.terrain[key] ?? map.defaultTerrain;
}

/** The base, portal or town on a square, if any. */
export function siteAt(map: WorldMap, key: SquareKey): Site | undefined {
  return map.sites[key];
}

/** The team a site belongs to (undefined for a town). */
export function siteTeam(site: Site): Team | undefined {
  return site.kind === 'town' ? undefined : site.team;
}

/**
 * 2.5.1.3, 1.7.2: a team's Win Conditions — every Phyrexian portal; the Coalition bases marked
 * `winCondition` (exactly 5 are chosen each round).
 */
export function isWinCondition(site: Site): boolean {
  if (site.kind === 'portal') return true;
  return site.kind === 'base' && site.winCondition === true;
}
