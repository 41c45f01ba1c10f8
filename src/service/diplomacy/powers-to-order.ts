/** Which powers have something to order in a phase, and which survive (D.IX(1) "players remaining"). Pure. */
import { POWERS, STANDARD_MAP, adjustmentCounts, type GameState, type Power } from '../../diplomacy/index.js';

/** Powers with something to order in this phase (the others cannot NMR). */
export function powersWithOrders(state: GameState): Power[] {
  if (state.phase.kind === 'R') return POWERS.filter((p) => state.dislodged.some((d) => d.power === p));
  if (state.phase.kind === 'A') return [...adjustmentCounts(STANDARD_MAP, state.units, state.centers).keys()];
  return POWERS.filter((p) => state.units.some((u) => u.power === p));
}

/** Powers still in the game: with a unit (dislodged ones included) or a supply centre. */
export function survivors(state: GameState): Power[] {
  const centres = new Set(state.centers.values());
  return POWERS.filter((p) => centres.has(p) || state.units.some((u) => u.power === p) || state.dislodged.some((d) => d.power === p));
}
