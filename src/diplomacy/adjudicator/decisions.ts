/**
 * The decision behind each unit's order, evaluated from the resolver's current guesses: a move
 * ({@link adjudicateMove}), a support ({@link adjudicateSupport}) or a convoy (the fleet is not
 * dislodged). A hold has no decision.
 */
import type { MovementState } from './movement-state.js';
import { adjudicateMove } from './strength.js';
import { adjudicateSupport } from './support-cut.js';

/** Evaluate unit `i`'s decision (calls back into the resolver for the decisions it depends on). */
export function decide(st: MovementState, i: number): boolean {
  const o = st.norm[i]!;
  switch (o.kind) {
    case 'move': return adjudicateMove(st, i);
    case 'supportHold':
    case 'supportMove': return adjudicateSupport(st, i);
    case 'convoy': return adjudicateConvoy(st, i);
    default: return true;
  }
}

/** A convoy works while the fleet is not dislodged; attackers are evaluated, not resolved (DATC 5.D). */
function adjudicateConvoy(st: MovementState, c: number): boolean {
  const attackers = st.attackers[c]!;
  for (let k = 0; k < attackers.length; k++) {
    if (adjudicateMove(st, attackers[k]!)) return false;
  }
  return true;
}
