/**
 * Support cutting (DATC 5.B.5): a support fails when it is attacked by a foreign unit with a path,
 * except by the unit in the province its supported move attacks (which cuts it only by dislodging
 * it); a convoyed attack counts from the army's own province (D.VI(5), DATC 4.A.4).
 */
import type { MovementState, SupportHold, SupportMove } from './movement-state.js';
import { convoyPath } from './convoy-routes.js';

/** A support is cut by an attack from a foreign unit with a path, except from the supported move's target (D.VI(5)); or by dislodgement. */
export function adjudicateSupport(st: MovementState, s: number): boolean {
  const attackers = st.attackers[s]!;
  if (attackers.length === 0) return true;
  const norm = st.norm, units = st.units, prov = st.prov;
  const o = norm[s] as SupportHold | SupportMove;
  const power = units[s]!.power;
  const supportsMove = o.kind === 'supportMove';
  for (let k = 0; k < attackers.length; k++) {
    const m = attackers[k]!;
    if (supportsMove && prov[m] === o.dest) {
      if (st.resolver.resolve(m)) return false; // dislodged by the unit it supports an attack on
      continue;
    }
    if (units[m]!.power === power) continue;
    // An attack with a path: by land always, by convoy while the route is intact (DATC 5.B.4).
    if (!norm[m]!.convoy || convoyPath(st, m)) return false;
  }
  return true;
}
