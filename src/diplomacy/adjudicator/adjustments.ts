/**
 * Adjustment-phase (winter) adjudication: builds in vacant owned home centres, waives, removals, and
 * civil-disorder removals for what was not ordered.
 */
import { isCoastal, fleetLocationsIn } from '../map/graph.js';
import type { GameMap, Location, Power, ProvinceId } from '../map/types.js';
import { POWERS, coastOf, provinceOf } from '../map/types.js';
import { formatOrder, formatUnitOrder } from '../orders/format-order.js';
import type { BuildOrder, Order } from '../orders/types.js';
import type { Rules } from '../rules.js';
import type { Unit } from '../state.js';
import { civilDisorderRemovals } from './civil-disorder.js';
import { provinceIndex, type ProvinceIndex } from '../map/province-index.js';
import type { SubmittedOrder } from './movement.js';
import type { IllegalReason, OrderResult } from './results.js';

/** Position of a power in {@link POWERS} (-1 for a name that is not a power). */
function powerNumber(power: Power): number {
  return POWERS.indexOf(power);
}

/** How many units each power builds (positive) or removes (negative) this winter. */
export function adjustmentCounts(map: GameMap, units: readonly Unit[], centers: ReadonlyMap<ProvinceId, Power>): Map<Power, number> {
  const deltas = deltasPerPower(map, units, centers, centresPerPower(centers), undefined);
  const counts = new Map<Power, number>();
  for (let k = 0; k < POWERS.length; k++) if (deltas[k] !== 0) counts.set(POWERS[k]!, deltas[k]!);
  return counts;
}

/** How many supply centres each power owns, by power number ({@link POWERS} order). */
export function centresPerPower(centers: ReadonlyMap<ProvinceId, Power>): Int32Array {
  const owned = new Int32Array(POWERS.length);
  centers.forEach((owner) => {
    const k = POWERS.indexOf(owner); // powerNumber, written out: one call fewer per centre
    if (k >= 0) owned[k]!++;
  });
  return owned;
}

/** Whether some power builds or removes this winter, with each power's centres already counted (the end of a year counts them once for the solo and this). */
export function adjustmentsDue(map: GameMap, units: readonly Unit[], centers: ReadonlyMap<ProvinceId, Power>, owned: Int32Array): boolean {
  const deltas = deltasPerPower(map, units, centers, owned, undefined);
  for (let k = 0; k < deltas.length; k++) if (deltas[k] !== 0) return true;
  return false;
}

/**
 * What each power builds (positive) or removes (negative), by power number: centres owned less
 * units (D.V), builds no more than its vacant owned home centres. `occupied` (by province number: 1
 * where a unit stands) is built here when some power may build and the caller has not.
 */
function deltasPerPower(
  map: GameMap,
  units: readonly Unit[],
  centers: ReadonlyMap<ProvinceId, Power>,
  owned: Int32Array,
  occupied: readonly number[] | undefined,
): Int32Array {
  const deltas = new Int32Array(POWERS.length);
  for (let i = 0; i < units.length; i++) {
    const k = POWERS.indexOf(units[i]!.power); // powerNumber, written out
    if (k >= 0) deltas[k]!--;
  }
  for (let k = 0; k < POWERS.length; k++) {
    const delta = owned[k]! + deltas[k]!;
    if (delta > 0) {
      const index = provinceIndex(map);
      occupied ??= occupiedProvinces(index, units);
      deltas[k] = Math.min(delta, vacantHomeCount(index, homeNumbers(map, index)[k]!, occupied, centers, POWERS[k]!));
    } else deltas[k] = delta;
  }
  return deltas;
}

const homesCache = new WeakMap<GameMap, readonly (readonly number[])[]>();

/** Each power's home provinces by number (in the map's order), per power number; built once per map. */
function homeNumbers(map: GameMap, index: ProvinceIndex): readonly (readonly number[])[] {
  let byPower = homesCache.get(map);
  if (!byPower) {
    const lists: number[][] = POWERS.map(() => []);
    for (let k = 0; k < index.count; k++) {
      const home = map.provinces.get(index.ids[k]!)!.home;
      const q = home ? powerNumber(home) : -1;
      if (q >= 0) lists[q]!.push(k);
    }
    byPower = lists;
    homesCache.set(map, byPower);
  }
  return byPower;
}

/**
 * The provinces a unit stands in, by province number: 1 where one stands (a fleet on a coast
 * occupies the whole province). A province the map does not know is no home centre: left out.
 */
function occupiedProvinces(index: ProvinceIndex, units: readonly Unit[]): number[] {
  const occupied = index.zeros.slice();
  const locNo = index.locNo;
  for (let i = 0; i < units.length; i++) {
    const loc = units[i]!.location;
    const k = locNo.get(loc) ?? index.numberOf.get(provinceOf(loc));
    if (k !== undefined) occupied[k] = 1;
  }
  return occupied;
}

/** How many of `homes` (province numbers) `power` owns with no unit in them. */
function vacantHomeCount(index: ProvinceIndex, homes: readonly number[], occupied: readonly number[], centers: ReadonlyMap<ProvinceId, Power>, power: Power): number {
  let count = 0;
  for (let k = 0; k < homes.length; k++) {
    const h = homes[k]!;
    if (occupied[h] === 0 && centers.get(index.ids[h]!) === power) count++;
  }
  return count;
}

function vacantHomes(map: GameMap, occupied: readonly number[], centers: ReadonlyMap<ProvinceId, Power>, power: Power): ProvinceId[] {
  const out: ProvinceId[] = [];
  const index = provinceIndex(map);
  const homes = homeNumbers(map, index)[powerNumber(power)] ?? [];
  for (let k = 0; k < homes.length; k++) {
    const h = homes[k]!;
    const p = index.ids[h]!;
    if (centers.get(p) === power && occupied[h] === 0) out.push(p);
  }
  return out;
}

/** Home centres of `power` it still owns with no unit in them. */
export function vacantHomeCentres(map: GameMap, units: readonly Unit[], centers: ReadonlyMap<ProvinceId, Power>, power: Power): ProvinceId[] {
  return vacantHomes(map, occupiedProvinces(provinceIndex(map), units), centers, power);
}

/** The unit a build order produces, or why it produces none (D.V(1), D.V(5), DATC 4.B.7). */
function buildUnit(map: GameMap, o: BuildOrder): { kind: 'A' | 'F'; location: Location } | IllegalReason {
  const p = provinceOf(o.location);
  const coastal = isCoastal(map, p);
  const fleetLocs = fleetLocationsIn(map, p);
  const coast = coastOf(o.location);
  if (o.unitKind === 'A') return { kind: 'A', location: p };
  if (o.unitKind === 'F') {
    // D.V(5): no unit where a fleet cannot stand.
    if (!coastal) return 'fleetCannotStand';
    if (fleetLocs.length > 1) return coast !== undefined && fleetLocs.includes(o.location) ? { kind: 'F', location: o.location } : 'badCoast';
    return { kind: 'F', location: p };
  }
  // D.V(1): type omitted — an army where only armies can be built, a fleet on a legal coast named,
  // otherwise nothing.
  if (!coastal) return { kind: 'A', location: p };
  if (coast !== undefined && fleetLocs.length > 1 && fleetLocs.includes(o.location)) return { kind: 'F', location: o.location };
  return 'noUnitKind';
}

export interface AdjustmentResult {
  readonly results: OrderResult[];
  readonly units: Unit[];
}

/** Adjudicate an adjustment phase. Pure; never throws on bad orders. */
export function adjudicateAdjustments(
  map: GameMap,
  rules: Rules,
  units: readonly Unit[],
  centers: ReadonlyMap<ProvinceId, Power>,
  orders: readonly SubmittedOrder[],
): AdjustmentResult {
  const occupied = occupiedProvinces(provinceIndex(map), units);
  const deltas = deltasPerPower(map, units, centers, centresPerPower(centers), occupied);
  const results: OrderResult[] = [];
  // The position is built once at the end: the units not removed, in their order, then the builds
  // (what copying and filtering the whole list at every build and removal gave).
  const built: Unit[] = [];
  let removed: Uint8Array | undefined; // per unit of `units`; created on the first removal
  const remove = (unit: Unit): void => {
    removed ??= new Uint8Array(units.length);
    for (let k = units.indexOf(unit); k >= 0; k = units.indexOf(unit, k + 1)) removed[k] = 1;
  };
  /** The first unit standing in `p`: of the position (not removed), then the builds. */
  const unitIn = (p: ProvinceId): Unit | undefined => {
    for (let k = 0; k < units.length; k++) if (!(removed !== undefined && removed[k]) && provinceOf(units[k]!.location) === p) return units[k];
    for (let k = 0; k < built.length; k++) if (provinceOf(built[k]!.location) === p) return built[k];
    return undefined;
  };
  // Each power's orders with their place in the whole set, grouped once.
  const byPower: { order: Order; index: number }[][] = POWERS.map(() => []);
  for (let index = 0; index < orders.length; index++) {
    const k = powerNumber(orders[index]!.power);
    if (k >= 0) byPower[k]!.push({ order: orders[index]!.order, index });
  }
  for (let k = 0; k < POWERS.length; k++) {
    const mine = byPower[k]!;
    const delta = deltas[k]!;
    if (delta === 0 && mine.length === 0) continue; // nothing owed, nothing ordered
    const power = POWERS[k]!;
    // D.V(2),(3): excess orders are followed from the bottom of the set upwards (wm); DATC v2.4 top down.
    const sequence = rules.adjustmentPrecedence === 'bottom' ? mine.slice().reverse() : mine;
    const local: OrderResult[] = [];
    if (delta > 0) {
      const vacant = new Set(vacantHomes(map, occupied, centers, power));
      let used = 0;
      for (let q = 0; q < sequence.length; q++) {
        const s = sequence[q]!;
        const o = s.order;
        if (o.kind === 'waive') {
          if (used >= delta) { local.push({ power, order: 'WAIVE', outcome: 'illegal', reason: 'tooMany', index: s.index }); continue; }
          used++;
          local.push({ power, order: 'WAIVE', outcome: 'waived', index: s.index });
          continue;
        }
        if (o.kind !== 'build') {
          local.push({ power, order: formatOrder(o), outcome: 'illegal', reason: 'wrongPhase', index: s.index });
          continue;
        }
        const p = provinceOf(o.location);
        const province = map.provinces.get(p);
        let reason: IllegalReason | undefined;
        const made = buildUnit(map, o);
        if (province?.home !== power) reason = 'notHomeCenter';
        else if (centers.get(p) !== power) reason = 'centerNotOwned';
        else if (!vacant.has(p)) reason = 'centerOccupied';
        else if (typeof made === 'string') reason = made;
        else if (used >= delta) reason = 'tooMany';
        if (reason || typeof made === 'string') {
          local.push({ power, order: formatOrder(o), outcome: 'illegal', reason: reason ?? 'noUnitKind', index: s.index });
          continue;
        }
        used++;
        vacant.delete(p);
        built.push({ power, kind: made.kind, location: made.location }); // no object spread (slow in V8)
        local.push({ power, order: formatOrder({ kind: 'build', unitKind: made.kind, location: made.location }), outcome: 'built', index: s.index });
      }
    } else if (delta < 0) {
      const need = -delta;
      let removedCount = 0;
      for (let q = 0; q < sequence.length; q++) {
        const s = sequence[q]!;
        const o = s.order;
        if (o.kind !== 'disband') {
          local.push({ power, order: formatOrder(o), outcome: 'illegal', reason: o.kind === 'build' || o.kind === 'waive' ? 'noBuildsAllowed' : 'wrongPhase', index: s.index });
          continue;
        }
        const p = provinceOf(o.unit.location);
        const unit = unitIn(p);
        if (!unit || unit.power !== power) {
          local.push({ power, order: formatOrder(o), outcome: 'illegal', reason: unit ? 'foreignUnit' : 'noUnit', index: s.index });
          continue;
        }
        if (removedCount >= need) {
          local.push({ power, order: formatUnitOrder(o, unit), outcome: 'illegal', reason: 'tooMany', index: s.index });
          continue;
        }
        removedCount++;
        remove(unit);
        local.push({ power, order: formatUnitOrder(o, unit), outcome: 'disbanded', index: s.index });
      }
      if (removedCount < need) {
        // The power's units still in the position (it builds nothing: it owes removals).
        const own: Unit[] = [];
        for (let k = 0; k < units.length; k++) if (!(removed !== undefined && removed[k]) && units[k]!.power === power) own.push(units[k]!);
        for (const u of civilDisorderRemovals(map, own, need - removedCount)) {
          remove(u);
          local.push({ power, order: `${u.kind} ${u.location} D`, outcome: 'disbanded', reason: 'civilDisorder' });
        }
      }
    } else {
      for (let q = 0; q < mine.length; q++) {
        const s = mine[q]!;
        const o = s.order;
        local.push({ power, order: formatOrder(o), outcome: 'illegal', reason: o.kind === 'disband' ? 'noRemovalsRequired' : 'noBuildsAllowed', index: s.index });
      }
    }
    // Report in the order the player wrote them.
    if (rules.adjustmentPrecedence === 'bottom' && delta !== 0) {
      const written = local.filter((r) => r.reason !== 'civilDisorder').reverse();
      for (let q = 0; q < written.length; q++) results.push(written[q]!);
      for (let q = 0; q < local.length; q++) if (local[q]!.reason === 'civilDisorder') results.push(local[q]!);
    } else for (let q = 0; q < local.length; q++) results.push(local[q]!);
  }
  let out: Unit[];
  if (removed === undefined) out = units.slice();
  else {
    out = [];
    for (let k = 0; k < units.length; k++) if (!removed[k]) out.push(units[k]!);
  }
  for (let k = 0; k < built.length; k++) out.push(built[k]!);
  return { results, units: out };
}
