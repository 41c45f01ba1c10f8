/**
 * Support cutting (DATC 5.B.5): a support fails when it is attacked by a foreign unit with a path,
 * except by the unit in the province its supported move attacks (which cuts it only by dislodging
 * it); a convoyed attack counts from the army's own province (D.VI(5), DATC 4.A.4).
 */
import type { MovementState, SupportHold, SupportMove } from './movement-state.js';
import { hasPath } from './strength.js';

/** A support is cut by an attack from a foreign unit with a path, except from the supported move's target (D.VI(5)); or by dislodgement. */
export function adjudicateSupport(st: MovementState, s: number): boolean {
  const o = st.norm[s] as SupportHold | SupportMove;
  const attackers = st.attackers[s]!;
  const power = st.units[s]!.power;
  for (let k = 0; k < attackers.length; k++) {
    const m = attackers[k]!;
    if (o.kind === 'supportMove' && st.prov[m] === o.dest) {
      if (st.resolver.resolve(m)) return false; // dislodged by the unit it supports an attack on
      continue;
    }
    if (st.units[m]!.power === power) continue;
    if (hasPath(st, m)) return false;
  }
  return true;
}
