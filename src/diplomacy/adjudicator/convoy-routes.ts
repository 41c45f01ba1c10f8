/**
 * Convoy routes: which convoys are geometrically possible (D.III(4)), which fleet is needed on a route
 * (DATC 4.E.1), which army moves go by convoy (D.VI(2), DATC 4.A.3) with which fleets (D.VI(3),(7)),
 * and whether a convoyed move's route is intact during adjudication (DATC 5.B.4, D.VI(3),(4),(7)).
 */
import { armyNeighbours, fleetProvinceNeighbours, hasConvoyChain, isCoastal, isSea } from '../map/graph.js';
import type { ProvinceId } from '../map/types.js';
import { moveNorm, type Move, type MovementState } from './movement-state.js';

/** Sea provinces holding a fleet of any nation: the fleets that could convoy (D.III(4)). */
export function seaFleets(st: MovementState): ReadonlySet<ProvinceId> {
  if (!st.seaFleetCache) {
    const set = new Set<ProvinceId>();
    for (let j = 0; j < st.n; j++) {
      if (st.units[j]!.kind === 'F' && isSea(st.map, st.prov[j]!)) set.add(st.prov[j]!);
    }
    st.seaFleetCache = set;
  }
  return st.seaFleetCache;
}

/** Whether the fleets at sea (all nations', less the one `without`) could convoy an army from `from` to `dest` (D.III(4)). */
export function convoyGeometricallyPossible(st: MovementState, from: ProvinceId, dest: ProvinceId, without?: ProvinceId): boolean {
  if (!isCoastal(st.map, from) || !isCoastal(st.map, dest)) return false;
  let fleets = seaFleets(st);
  if (without !== undefined && fleets.has(without)) fleets = new Set([...fleets].filter((p) => p !== without));
  return hasConvoyChain(st.map, from, dest, fleets);
}

/**
 * Whether the fleet at `via` is necessary for some convoy route from `from` to `dest` over `fleets`:
 * it lies on a chain with no shortcut (no fleet but the last touches `dest`, none but the first
 * touches `from`, no two non-consecutive fleets touch). DATC 4.E.1 / 6.G.19: otherwise its convoy
 * order is illegal.
 */
export function chainThrough(st: MovementState, from: ProvinceId, dest: ProvinceId, via: ProvinceId, fleets: ReadonlySet<ProvinceId>): boolean {
  const map = st.map;
  const touches = (a: ProvinceId, b: ProvinceId) => fleetProvinceNeighbours(map, a).has(b);
  const path: ProvinceId[] = [];
  const search = (here: ProvinceId): boolean => {
    path.push(here);
    try {
      if (touches(here, dest)) return path.includes(via);
      for (const next of fleetProvinceNeighbours(map, here)) {
        if (!fleets.has(next) || path.includes(next) || touches(next, from)) continue;
        if (path.slice(0, -1).some((p) => touches(p, next))) continue;
        if (search(next)) return true;
      }
      return false;
    } finally {
      path.pop();
    }
  };
  for (const first of fleetProvinceNeighbours(map, from)) if (fleets.has(first) && search(first)) return true;
  return false;
}

/** D.VI(2): decide which army moves to adjacent provinces go by convoy; collect convoy fleets. */
export function decideConvoyMoves(st: MovementState): void {
  if (!st.convoysInPlay) return; // no convoy ordered, none asked for: every army goes by land
  let convoysFor: Map<number, number[]> | undefined; // built only when some fleet convoys
  for (let c = 0; c < st.n; c++) {
    const o = st.norm[c]!;
    if (o.kind !== 'convoy') continue;
    convoysFor ??= new Map();
    const list = convoysFor.get(o.target);
    if (list) list.push(c);
    else convoysFor.set(o.target, [c]);
  }
  for (let i = 0; i < st.n; i++) {
    const m = st.norm[i]!;
    if (m.kind !== 'move' || st.units[i]!.kind !== 'A') continue;
    const orderedConvoys = convoysFor?.get(i);
    if (!m.convoy && orderedConvoys === undefined) continue; // no convoy asked for, none ordered: by land
    const matching = (orderedConvoys ?? []).filter((c) => st.norm[c]!.dest === m.dest);
    let convoy = m.convoy;
    const adjacent = armyNeighbours(st.map, st.prov[i]!).has(m.dest);
    if (adjacent && !convoy) {
      // D.VI(2): by convoy when a fleet of the army's own nation is ordered to convoy it there.
      convoy = matching.some((c) => st.units[c]!.power === st.units[i]!.power);
    }
    if (!convoy) continue;
    let fleets = new Set(matching.map((c) => st.prov[c]!));
    if (m.route.length > 0) {
      // D.VI(3): a specified route limits the convoy to that route's fleets.
      const onRoute = new Set(m.route);
      fleets = new Set([...fleets].filter((p) => onRoute.has(p)));
    }
    if (st.rules.ownUnitConvoyNeedsNoOtherRoute && m.route.length === 0) {
      // D.VI(7): a fleet convoys a foreign army into the dislodgement of its own nation's unit only
      // when no other route is available (prior to adjudication). Whether the convoy would dislodge
      // that unit depends on whether it stays, so the fleets are set aside here and left out of the
      // route in `convoyPath` only while the unit stays.
      const occupant = st.unitAt.get(m.dest);
      const victim = occupant === undefined ? undefined : st.units[occupant]!.power;
      if (victim !== undefined && victim !== st.units[i]!.power) {
        const others = new Set([...fleets].filter((p) => st.units[st.unitAt.get(p)!]!.power !== victim));
        if (others.size < fleets.size && hasConvoyChain(st.map, st.prov[i]!, m.dest, others)) {
          st.reluctantFleets[i] = new Set([...fleets].filter((p) => !others.has(p)));
        }
      }
    }
    if (adjacent && st.rules.adjacentConvoyWithoutRouteGoesByLand && !hasConvoyChain(st.map, st.prov[i]!, m.dest, fleets)) {
      // DATC v2.4 6.G.8 (4.A.3 choice d): "via convoy" counts only when the convoy orders form a
      // route; with none the army moves by land. A route that is ordered is kept even when it is
      // disrupted or fails to a paradox: no fallback (6.G.11, v2.4 6.H.12).
      st.norm[i] = moveNorm(m.dest, m.destNo, m.destLoc, false, m.route);
      continue;
    }
    st.convoyFleets[i] = fleets;
    st.norm[i] = moveNorm(m.dest, m.destNo, m.destLoc, true, m.route);
  }
}

/** Whether the convoy route of a convoyed move is intact (DATC 5.B.4; D.VI(3),(4)). */
export function convoyPath(st: MovementState, i: number): boolean {
  const fleets = st.convoyFleets[i];
  if (!fleets || fleets.size === 0) return false;
  const m = st.norm[i] as Move;
  if (m.route.length > 0) {
    // D.VI(4): with a specified route, any dislodged fleet on it disrupts the convoy.
    for (const p of m.route) {
      if (!fleets.has(p)) return false;
      if (!st.resolver.resolve(st.unitAt.get(p)!)) return false;
    }
    return true;
  }
  const reluctant = st.reluctantFleets[i];
  // D.VI(7): the victim's own fleets do not carry the army while their unit stays to be dislodged.
  const skip = reluctant != null && !leaves(st, st.unitAt.get(m.dest)!);
  const intact = new Set<ProvinceId>();
  for (const p of fleets) if (!(skip && reluctant!.has(p)) && st.resolver.resolve(st.unitAt.get(p)!)) intact.add(p);
  return hasConvoyChain(st.map, st.prov[i]!, m.dest, intact);
}

/** Whether the unit `j` moves out of its province. */
function leaves(st: MovementState, j: number): boolean {
  return st.norm[j]!.kind === 'move' && st.resolver.resolve(j);
}
