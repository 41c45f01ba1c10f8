/**
 * The map's own rules, checked before a round starts: 7 Coalition bases, one per faction colour
 * (1.1.2); 5 Phyrexian portals (1.1.1); 3 neutral towns (2.5.1.4); exactly 5 Coalition bases marked
 * as Win Conditions (2.5.1.3); no base less than 3 squares from an enemy base (2.5.1.1). Returns
 * problems as data; never throws.
 */
import { FACTIONS, type Site, type WorldMap } from './map.js';
import { parseSquare, squareDistance } from './square.js';

/** 2.5.1.1: "no base is less than 3 squares from an enemy base" (squares counted N/S plus E/W, as moves are, 3.2.2.1). */
export const MIN_ENEMY_BASE_DISTANCE = 3;
export const COALITION_BASES = 7;
export const PHYREXIAN_PORTALS = 5;
export const NEUTRAL_TOWNS = 3;
/** 2.5.1.3: "exactly 5 Coalition bases to be considered Win Conditions". */
export const COALITION_WIN_CONDITIONS = 5;

export interface MapProblem {
  readonly rule: string;
  readonly message: string;
}

/** Every way `map` breaks the rules of a round's map. */
export function checkMap(map: WorldMap): MapProblem[] {
  const problems: MapProblem[] = [];
  const entries = Object.entries(map.sites) as [string, Site][];
  const bases = entries.filter(([, s]) => s.kind === 'base');
  const portals = entries.filter(([, s]) => s.kind === 'portal');
  const towns = entries.filter(([, s]) => s.kind === 'town');
  if (bases.length !== COALITION_BASES) problems.push({ rule: '1.1.2', message: `the Coalition has ${COALITION_BASES} bases; the map has ${bases.length}` });
  for (const colour of FACTIONS) {
    const n = bases.filter(([, s]) => s.kind === 'base' && s.colour === colour).length;
    if (n !== 1) problems.push({ rule: '1.1.2', message: `one base per faction colour: ${n} ${colour} bases` });
  }
  if (portals.length !== PHYREXIAN_PORTALS) problems.push({ rule: '1.1.1', message: `Phyrexia has ${PHYREXIAN_PORTALS} portals; the map has ${portals.length}` });
  if (towns.length !== NEUTRAL_TOWNS) problems.push({ rule: '2.5.1.4', message: `there are ${NEUTRAL_TOWNS} neutral towns; the map has ${towns.length}` });
  const wins = bases.filter(([, s]) => s.kind === 'base' && s.winCondition === true).length;
  if (wins !== COALITION_WIN_CONDITIONS) problems.push({ rule: '2.5.1.3', message: `exactly ${COALITION_WIN_CONDITIONS} Coalition bases are Win Conditions; the map marks ${wins}` });
  for (const [bk, b] of bases) {
    for (const [pk] of portals) {
      const d = squareDistance(parseSquare(bk)!, parseSquare(pk)!);
      if (d < MIN_ENEMY_BASE_DISTANCE) {
        const name = b.kind === 'base' ? `the ${b.colour} base` : 'a base';
        problems.push({ rule: '2.5.1.1', message: `${name} at ${bk} is ${d} square${d === 1 ? '' : 's'} from the portal at ${pk}; bases are at least ${MIN_ENEMY_BASE_DISTANCE} from an enemy base` });
      }
    }
  }
  return problems;
}
