/**
 * The position: everything the engine needs to adjudicate the current phase. Plain readonly data.
 */
import type { Location, Power, ProvinceId, UnitKind } from './map/types.js';
import type { Phase } from './phase.js';

export interface Unit {
  readonly power: Power;
  readonly kind: UnitKind;
  /** Province, or coast for a fleet on a two-coast province (`STP/NC`). */
  readonly location: Location;
}

export interface DislodgedUnit extends Unit {
  /** Province the dislodging unit came from; `null` when it came by convoy (D.VI(1): no restriction). */
  readonly attackerFrom: ProvinceId | null;
  /** Where the unit may retreat (computed when it was dislodged). */
  readonly retreats: readonly Location[];
}

export interface GameState {
  readonly phase: Phase;
  readonly units: readonly Unit[];
  /** Supply-centre owners. */
  readonly centers: ReadonlyMap<ProvinceId, Power>;
  /** Units dislodged in the movement phase just played (retreat phases only). */
  readonly dislodged: readonly DislodgedUnit[];
  /** Provinces left vacant by a standoff in that movement phase (retreat phases only). */
  readonly standoffs: readonly ProvinceId[];
}
