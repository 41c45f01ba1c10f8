/**
 * Movement-phase adjudication under the 2000 rules with the rule profile's options.
 *
 * Structure (DATC v3.0 chapter 5): orders are first checked for legality (an illegal order becomes a
 * hold that may receive support, D.III(4); `movement-orders.ts`) and army moves are decided to go by
 * land or by convoy (`convoy-routes.ts`); then every move, support and convoy order is a decision
 * (`decisions.ts`, `strength.ts`, `support-cut.ts`) resolved by a guess-and-check resolver that
 * detects dependency cycles and applies the backup rule: circular movement succeeds, a convoy paradox
 * fails the convoys in it (Szykman, D.VI(6); `resolver.ts`). The convoy decision (the fleet is not
 * dislodged) evaluates its attackers directly rather than resolving them (DATC 5.D), so every cycle
 * is a clean single cycle. `movement-results.ts` turns the decisions into the position and results.
 */
import type { GameMap } from '../map/types.js';
import type { Rules } from '../rules.js';
import type { Unit } from '../state.js';
import { decideConvoyMoves } from './convoy-routes.js';
import { decide } from './decisions.js';
import { assignOrders, checkAllLegality, matchSupportsAndConvoys } from './movement-orders.js';
import { collect } from './movement-results.js';
import { MovementState, type MovementResult, type SubmittedOrder } from './movement-state.js';

export type { MovementResult, SubmittedOrder } from './movement-state.js';

/**
 * Adjudicate a movement phase. Pure: `units` is the position, `orders` the orders of every power in
 * sheet order (the last order for a unit wins, D.III(5)). Never throws on bad orders: they become
 * results with `outcome: 'illegal'`.
 */
export function adjudicateMovement(
  map: GameMap,
  rules: Rules,
  units: readonly Unit[],
  orders: readonly SubmittedOrder[],
): MovementResult {
  const st = new MovementState(map, rules, units, decide);
  assignOrders(st, orders);
  checkAllLegality(st);
  decideConvoyMoves(st);
  matchSupportsAndConvoys(st);
  st.buildTables();
  const n = st.n, norm = st.norm, resolver = st.resolver;
  for (let i = 0; i < n; i++) if (norm[i]!.kind !== 'hold') resolver.resolve(i);
  return collect(st);
}
