/**
 * Where a dislodged unit may retreat: every space it could move to that is not occupied after the
 * movement, not left vacant by a standoff, and not the province its attacker came from unless the
 * attacker came by convoy (D.VI(1); `attackerFrom` is then null).
 */
import { armyNeighbours, fleetNeighbours } from '../map/graph.js';
import type { GameMap, Location, ProvinceId } from '../map/types.js';
import { provinceOf } from '../map/types.js';
import type { Unit } from '../state.js';

export function retreatOptions(
  map: GameMap,
  unit: Unit,
  attackerFrom: ProvinceId | null,
  occupied: ReadonlySet<ProvinceId>,
  standoffs: ReadonlySet<ProvinceId>,
): Location[] {
  const out: Location[] = [];
  const candidates = unit.kind === 'A' ? armyNeighbours(map, provinceOf(unit.location)) : fleetNeighbours(map, unit.location);
  for (const loc of candidates) {
    const p = provinceOf(loc);
    if (occupied.has(p) || standoffs.has(p) || p === attackerFrom) continue;
    out.push(loc);
  }
  return out.sort();
}
