/**
 * The move decision and the strengths it compares (DATC 5.B.1–5.B.6): whether a move has a path,
 * goes by sea, meets a head-to-head battle, and its attack, defend, prevent and hold strengths.
 * A move's head-to-head opponent is read from the per-phase table (`MovementState.headOn`), and a
 * path by land is the move's own flag: fewer calls per strength in a cold pass (issue 32).
 */
import type { Power } from '../map/types.js';
import { convoyPath } from './convoy-routes.js';
import type { Move, MovementState } from './movement-state.js';

/** The move goes by sea (decided before adjudication: D.VI(2), DATC 4.A.3). */
export function viaSea(st: MovementState, i: number): boolean {
  return (st.norm[i] as Move).convoy;
}

/** Whether a move has a path: by land always; by convoy while its route is intact (DATC 5.B.4). */
export function hasPath(st: MovementState, i: number): boolean {
  return !st.norm[i]!.convoy || convoyPath(st, i);
}

/** The unit at `i`'s destination, if it is moving back into `i`'s province without convoy on either side. */
export function headToHead(st: MovementState, i: number): number | undefined {
  const j = st.headOn[i]!;
  return j < 0 ? undefined : j;
}

function countSupports(st: MovementState, i: number, notOf?: Power): number {
  const supports = st.supportsOf[i]!;
  if (supports.length === 0) return 0;
  let n = 0;
  const resolver = st.resolver, units = st.units;
  for (let k = 0; k < supports.length; k++) {
    const s = supports[k]!;
    if (notOf !== undefined && units[s]!.power === notOf) continue;
    if (resolver.resolve(s)) n++;
  }
  return n;
}

function attackStrength(st: MovementState, i: number): number {
  if (st.norm[i]!.convoy && !convoyPath(st, i)) return 0;
  const j = st.destUnit[i]!;
  if (j < 0) return 1 + countSupports(st, i);
  if (st.norm[j]!.kind === 'move' && st.headOn[i]! < 0 && st.resolver.resolve(j)) return 1 + countSupports(st, i);
  const units = st.units;
  const defender = units[j]!.power;
  if (defender === units[i]!.power) return 0;
  return 1 + countSupports(st, i, defender);
}

/** The strength with which move `k` keeps others out of its destination (DATC 5.B.3). */
export function preventStrength(st: MovementState, k: number): number {
  if (st.norm[k]!.convoy && !convoyPath(st, k)) return 0;
  const j = st.headOn[k]!;
  if (j >= 0 && st.resolver.resolve(j)) return 0;
  return 1 + countSupports(st, k);
}

/** The hold strength of the province move `i` goes to (DATC 5.B.2). */
function holdStrength(st: MovementState, i: number): number {
  const j = st.destUnit[i]!;
  if (j < 0) return 0;
  if (st.norm[j]!.kind === 'move') return st.resolver.resolve(j) ? 0 : 1;
  return 1 + countSupports(st, j);
}

/** The move decision: its attack beats the hold or defend strength and every prevent strength (DATC 5.B.1). */
export function adjudicateMove(st: MovementState, i: number): boolean {
  const attack = attackStrength(st, i);
  if (attack === 0) return false;
  const j = st.headOn[i]!;
  if (j >= 0) {
    // The defend strength of the unit met head to head.
    if (attack <= 1 + countSupports(st, j)) return false;
  } else if (attack <= holdStrength(st, i)) return false;
  const rivals = st.rivals[i]!;
  for (let r = 0; r < rivals.length; r++) {
    const k = rivals[r]!;
    if (k !== i && attack <= preventStrength(st, k)) return false;
  }
  return true;
}
