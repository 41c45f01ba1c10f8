/**
 * Order intake for a movement phase: the last order for each unit (D.III(5)), orders for no unit or
 * a foreign one, each order's legality and normal form (an illegal order becomes a hold that may be
 * supported, D.III(4)), and which supports and convoys match the order of the unit they name.
 */
import { canReach, fleetTargetLocations, isConvoyRoute } from '../map/graph.js';
import type { Location, ProvinceId } from '../map/types.js';
import type { Order } from '../orders/types.js';
import type { Unit } from '../state.js';
import { coastOf, provinceOf } from '../map/types.js';
import { formatUnitOrder } from '../orders/format-order.js';
import type { IllegalReason } from './results.js';
import { chainThrough, convoyGeometricallyPossible, seaFleets } from './convoy-routes.js';
import { HOLD, convoyNorm, moveNorm, supportHoldNorm, supportMoveNorm, type MovementState, type SubmittedOrder } from './movement-state.js';

/** Attach each submitted order to its unit; orders for no unit, a foreign unit or another phase, and superseded orders, become extra results. */
export function assignOrders(st: MovementState, orders: readonly SubmittedOrder[]): void {
  // Each unit's order is written where it is used (given, givenIndex) as the orders come; locals,
  // not `st.` reads, in the loop (issue 32).
  const units = st.units, unitAt = st.unitAt, extra = st.extraResults, given = st.given, givenIndex = st.givenIndex;
  for (let index = 0; index < orders.length; index++) {
    const s = orders[index]!;
    const o = s.order;
    if (o.kind === 'waive' || o.kind === 'build') {
      extra.push({ power: s.power, order: formatUnitOrder(o), outcome: 'illegal', reason: 'wrongPhase', index });
      continue;
    }
    const i = unitAt.getAt(o.unit.location);
    if (i === undefined || units[i]!.power !== s.power) {
      extra.push({
        power: s.power,
        order: formatUnitOrder(o),
        outcome: 'illegal',
        reason: i === undefined ? 'noUnit' : 'foreignUnit',
        index,
      });
      continue;
    }
    if (o.kind === 'retreat' || o.kind === 'disband') {
      extra.push({ power: s.power, order: formatUnitOrder(o, units[i]), outcome: 'illegal', reason: 'wrongPhase', index });
      continue;
    }
    const earlier = givenIndex[i];
    if (earlier !== undefined) {
      // D.III(5): the last order for a unit within one set is the one used.
      extra.push({ power: s.power, order: formatUnitOrder(given[i]!, units[i]), outcome: 'superseded', index: earlier });
    }
    given[i] = o;
    givenIndex[i] = index;
  }
}

/**
 * Pre-scan: turn each given order into its normal form, or mark it illegal (the unit then holds).
 * One loop over locals (issue 32: a cold pass interprets it).
 */
export function checkAllLegality(st: MovementState): void {
  const n = st.n, given = st.given, units = st.units, prov = st.prov, illegal = st.illegal;
  for (let i = 0; i < n; i++) {
    const o = given[i];
    if (o === undefined || o.kind === 'hold') continue;
    const reason = legalForm(st, i, o, units[i]!, prov[i]!);
    if (reason !== undefined) illegal[i] = reason;
  }
}

const NO_ROUTE: readonly ProvinceId[] = [];
const NO_NEIGHBOURS: ReadonlySet<ProvinceId> = new Set();

/** Sets unit `i`'s normal form when its order is legal; otherwise returns why it is not (D.III(4)). */
function legalForm(st: MovementState, i: number, o: Order, unit: Unit, here: ProvinceId): IllegalReason | undefined {
  switch (o.kind) {
    case 'move': {
      // The destination by number (-1: not a province of the map; no such move is legal), found
      // from the location written (a coast stands for its province).
      const index = st.index;
      let d = index.locNo.get(o.to) ?? -1;
      const dest = d >= 0 ? index.ids[d]! : provinceOf(o.to);
      if (d < 0) d = index.numberOf.get(dest) ?? -1;
      if (dest === here) return 'ownProvince';
      if (unit.kind === 'A') {
        if (d >= 0 && index.sea[d] === 1) return 'armyToSea';
        const h = st.provNo[i]!;
        const adjacent = index.armyEdgesNumbered
          ? d >= 0 && h >= 0 && index.armyAdjacent[h * index.count + d] === 1
          : d >= 0 && (st.map.armyEdges.get(here) ?? NO_NEIGHBOURS).has(dest); // (a map with an edge to no province)
        const route = st.rules.honourConvoyRoutes ? o.route : NO_ROUTE;
        if (route.length > 0 && !isConvoyRoute(st.map, here, route, dest)) return 'badRoute';
        if (!adjacent) {
          // D.III(4): not illegal if the move would be possible with a convoy by any nation's fleets.
          if (!convoyGeometricallyPossible(st, here, dest)) return 'noConvoyRoute';
          st.convoysInPlay = true;
          st.norm[i] = moveNorm(dest, d, dest, true, route);
          return undefined;
        }
        const wantsConvoy = (o.viaConvoy || route.length > 0) && convoyGeometricallyPossible(st, here, dest);
        if (wantsConvoy) st.convoysInPlay = true;
        st.norm[i] = moveNorm(dest, d, dest, wantsConvoy, route);
        return undefined;
      }
      // Fleet: to sea or a coast only.
      if (d < 0 || (index.sea[d] === 0 && index.coastal[d] === 0)) return 'fleetToLand';
      const destLoc = fleetDestination(st, unit.location, o.to, dest);
      if (typeof destLoc !== 'string') return destLoc.reason;
      st.norm[i] = moveNorm(dest, d, destLoc, false, NO_ROUTE);
      return undefined;
    }
    // The supported or convoyed unit and the destination are found by location number (a coast
    // stands for its province; a location the map does not know by its province code, as before).
    case 'supportHold': {
      const index = st.index, tl = o.target.location;
      const tk = index.locNo.get(tl) ?? -1;
      const target = tk >= 0 ? index.ids[tk]! : provinceOf(tl);
      if (target === here) return 'supportOwnProvince';
      const t = tk >= 0 ? st.unitAt.at(tk) : (st.unitAt.get(target) ?? -1);
      if (t < 0) return 'noUnitToSupport';
      if (!reaches(st, i, unit, target, st.provNo[t]!)) return 'cannotReachSupportDestination';
      st.norm[i] = supportHoldNorm(t);
      return undefined;
    }
    case 'supportMove': {
      const index = st.index, tl = o.target.location;
      const fk = index.locNo.get(tl) ?? -1;
      const from = fk >= 0 ? index.ids[fk]! : provinceOf(tl);
      let d = index.locNo.get(o.to) ?? -1;
      const dest = d >= 0 ? index.ids[d]! : provinceOf(o.to);
      if (d < 0) d = index.numberOf.get(dest) ?? -1;
      if (from === here) return 'supportOwnProvince';
      const t = fk >= 0 ? st.unitAt.at(fk) : (st.unitAt.get(from) ?? -1);
      if (t < 0) return 'noUnitToSupport';
      if (dest === here || from === dest) return 'cannotReachSupportDestination';
      if (!reaches(st, i, unit, dest, d)) return 'cannotReachSupportDestination';
      // The supported unit must be able to get there itself (directly or by some convoy).
      const tu = st.units[t]!;
      const tReach =
        tu.kind === 'A'
          ? reaches(st, t, tu, dest, d) || convoyGeometricallyPossible(st, from, dest, here)
          : canReach(st.map, 'F', tu.location, dest);
      if (!tReach) return 'cannotReachSupportDestination';
      st.norm[i] = supportMoveNorm(t, dest, o.to);
      return undefined;
    }
    case 'convoy': {
      const index = st.index, h = st.provNo[i]!;
      if (unit.kind !== 'F' || h < 0 || index.sea[h] === 0) return 'fleetNotAtSea';
      const tl = o.target.location;
      const fk = index.locNo.get(tl) ?? -1;
      const from = fk >= 0 ? index.ids[fk]! : provinceOf(tl);
      let d = index.locNo.get(o.to) ?? -1;
      const dest = d >= 0 ? index.ids[d]! : provinceOf(o.to);
      if (d < 0) d = index.numberOf.get(dest) ?? -1;
      const t = fk >= 0 ? st.unitAt.at(fk) : (st.unitAt.get(from) ?? -1);
      if (t < 0) return 'noUnitToSupport';
      if (st.units[t]!.kind !== 'A') return 'onlyArmiesConvoyed';
      if (d < 0 || index.coastal[d] === 0 || from === dest) return 'noConvoyRoute';
      // DATC 4.E.1 / 6.G.19: a convoy order for a fleet that cannot be on any route is illegal.
      if (!chainThrough(st, from, dest, here, seaFleets(st))) return 'noConvoyRoute';
      st.convoysInPlay = true;
      st.norm[i] = convoyNorm(t, dest);
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Whether unit `i` could move to province `dest` (number `d`, -1: not numbered) without convoy
 * ({@link canReach}); an army by the numbered adjacency table where the map has one (issue 32).
 */
function reaches(st: MovementState, i: number, unit: Unit, dest: ProvinceId, d: number): boolean {
  if (unit.kind === 'A') {
    const index = st.index, h = st.provNo[i]!;
    if (index.armyEdgesNumbered && h >= 0 && d >= 0) return index.armyAdjacent[h * index.count + d] === 1;
  }
  return canReach(st.map, unit.kind, unit.location, dest);
}

/**
 * The location a fleet move goes to, under the profile's coast rule, or the reason it is illegal.
 * `wm` D.IV(3)(b): a missing or wrong coast never invalidates a move, except the ambiguous
 * MAO–SPA, POR–SPA, CON–BUL. `datc`: DATC 4.B.1 (two coasts, none given: fails), 4.B.2 (one coast
 * possible: taken), 4.B.3 (a coast that cannot be reached: illegal), 4.B.6 (coast on a one-coast
 * province: ignored).
 */
function fleetDestination(st: MovementState, from: Location, to: Location, dest: ProvinceId): Location | { reason: IllegalReason } {
  const reachable = fleetTargetLocations(st.map, from, dest);
  if (reachable.length === 0) return { reason: 'notAdjacent' };
  const province = st.map.provinces.get(dest)!;
  if (province.coasts.length === 0) return reachable[0]!;
  const written = coastOf(to);
  if (written !== undefined && reachable.includes(to)) return to;
  if (reachable.length > 1) return { reason: 'ambiguousCoast' };
  if (written === undefined) return reachable[0]!;
  return st.rules.moveCoasts === 'wm' ? reachable[0]! : { reason: 'badCoast' };
}

/** Keep only supports and convoys that match the order of the unit they name (else void). */
export function matchSupportsAndConvoys(st: MovementState): void {
  for (let s = 0; s < st.n; s++) {
    const o = st.norm[s]!;
    if (o.kind === 'supportHold') {
      if (st.norm[o.target]!.kind !== 'move') st.addSupport(o.target, s);
    } else if (o.kind === 'supportMove') {
      const t = st.norm[o.target]!;
      if (t.kind !== 'move' || t.dest !== o.dest) continue;
      if (st.rules.supportCoasts === 'datc' && coastOf(o.destLoc) !== undefined && coastOf(t.destLoc) !== undefined && o.destLoc !== t.destLoc) continue;
      st.addSupport(o.target, s);
    } else if (o.kind === 'convoy') {
      const t = st.norm[o.target]!;
      const fleets = st.convoyFleets[o.target];
      if (t.kind !== 'move' || t.dest !== o.dest || !fleets || !fleets.has(st.prov[s]!)) {
        st.norm[s] = HOLD;
        (st.voidConvoys ??= new Set()).add(s);
      }
    }
  }
}
