/**
 * The one entry point of the engine: adjudicate the current phase of a position and advance to the
 * next phase in which somebody has something to do.
 */
import { STANDARD_MAP } from '../map/standard.js';
import type { GameMap, Power, ProvinceId } from '../map/types.js';
import { POWERS } from '../map/types.js';
import { locationNumber, provinceIndex } from '../map/province-index.js';
import type { Phase } from '../phase.js';
import { WM_RULES, type Rules } from '../rules.js';
import type { DislodgedUnit, GameState, Unit } from '../state.js';
import { adjudicateAdjustments, adjustmentsDue, centresPerPower } from './adjustments.js';
import { adjudicateMovement, type SubmittedOrder } from './movement.js';
import type { OrderResult } from './results.js';
import { adjudicateRetreats } from './retreats.js';

export interface AdjudicateOptions {
  readonly rules?: Rules;
  readonly map?: GameMap;
  /** The game ends when the Fall of this year is complete (the tournament uses 1909, 1912 or 1915). */
  readonly endYear?: number;
  /** Supply centres for a solo win (18 on the standard map). */
  readonly soloCenters?: number;
}

export interface PhaseOutcome {
  /** One result per order given and per unit or adjustment the rules decided. */
  readonly results: OrderResult[];
  /** The position at the start of the next phase (its `phase` is that phase). */
  readonly state: GameState;
  /** The next phase with something to do; `null` when the game is over. */
  readonly next: Phase | null;
  /** The power that reached the solo target, if any. */
  readonly winner?: Power;
  /** Set when the game ended by reaching `endYear`. */
  readonly ended?: boolean;
}

/**
 * Adjudicate `state.phase` with `orders` (every power's orders, in sheet order). Pure; bad orders
 * come back as results with `outcome: 'illegal'`, never as exceptions.
 */
export function adjudicate(state: GameState, orders: readonly SubmittedOrder[], options: AdjudicateOptions = {}): PhaseOutcome {
  const map = options.map ?? STANDARD_MAP;
  const rules = options.rules ?? WM_RULES;
  const phase = state.phase;
  if (phase.kind === 'M') {
    const mv = adjudicateMovement(map, rules, state.units, orders);
    const results = mv.results; // built for this call alone: the disbands go on its end
    const retreating: DislodgedUnit[] = [];
    for (let k = 0; k < mv.dislodged.length; k++) {
      const d = mv.dislodged[k]!;
      if (d.retreats.length > 0) retreating.push(d);
      else results.push({ power: d.power, order: `${d.kind} ${d.location} D`, outcome: 'disbanded', reason: 'noRetreat' });
    }
    if (retreating.length > 0) {
      const next: Phase = { season: phase.season, year: phase.year, kind: 'R' };
      return { results, next, state: { phase: next, units: mv.units, centers: state.centers, dislodged: retreating, standoffs: mv.standoffs } };
    }
    return endOfSeason(map, options, phase, mv.units, state.centers, results);
  }
  if (phase.kind === 'R') {
    const rt = adjudicateRetreats(map, rules, state.units, state.dislodged, orders);
    return endOfSeason(map, options, phase, rt.units, state.centers, rt.results);
  }
  const adj = adjudicateAdjustments(map, rules, state.units, state.centers, orders);
  const next: Phase = { season: 'S', year: phase.year + 1, kind: 'M' };
  return { results: adj.results, next, state: { phase: next, units: adj.units, centers: state.centers, dislodged: [], standoffs: [] } };
}

/** Supply-centre ownership after a Fall season: each occupied centre goes to its occupant. */
export function updateCenters(map: GameMap, units: readonly Unit[], centers: ReadonlyMap<ProvinceId, Power>): Map<ProvinceId, Power> {
  const out = new Map(centers);
  const index = provinceIndex(map), centre = index.centre, ids = index.ids;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const k = locationNumber(index, u.location);
    if (k >= 0 && centre[k] === 1) out.set(ids[k]!, u.power);
  }
  return out;
}

/** Whether some unit stands in a supply centre its power does not own (by province number: the map's centre table). */
function centresChangeHands(map: GameMap, units: readonly Unit[], centers: ReadonlyMap<ProvinceId, Power>): boolean {
  const index = provinceIndex(map), centre = index.centre, ids = index.ids, locNo = index.locNo;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const k = locNo.get(u.location) ?? locationNumber(index, u.location);
    if (k >= 0 && centre[k] === 1 && centers.get(ids[k]!) !== u.power) return true;
  }
  return false;
}

function endOfSeason(
  map: GameMap,
  options: AdjudicateOptions,
  phase: Phase,
  units: Unit[],
  centers: ReadonlyMap<ProvinceId, Power>,
  results: OrderResult[],
): PhaseOutcome {
  if (phase.season === 'S') {
    const next: Phase = { season: 'F', year: phase.year, kind: 'M' };
    return { results, next, state: { phase: next, units, centers, dislodged: [], standoffs: [] } };
  }
  // Ownership changes when the Fall season ends (after its retreats), and only then.
  // When no centre changes hands the ownership map is passed on as it is (positions are never mutated).
  const owned = centresChangeHands(map, units, centers) ? updateCenters(map, units, centers) : centers;
  const solo = options.soloCenters ?? 18;
  // Each power's centres counted once, for the solo and for the adjustments.
  const counts = centresPerPower(owned);
  let winner: Power | undefined;
  for (let k = 0; k < POWERS.length; k++) {
    if (counts[k]! >= solo) {
      winner = POWERS[k];
      break;
    }
  }
  const next: Phase = adjustmentsDue(map, units, owned, counts) ? { season: 'W', year: phase.year, kind: 'A' } : { season: 'S', year: phase.year + 1, kind: 'M' };
  const state: GameState = { phase: next, units, centers: owned, dislodged: [], standoffs: [] };
  if (winner) return { results, next: null, state, winner };
  if (options.endYear !== undefined && phase.year >= options.endYear) return { results, next: null, state, ended: true };
  return { results, next, state };
}
