/**
 * The results of a movement phase: who moved, who was dislodged (with the attacker's origin, null
 * for a convoyed attack, and the retreat options), the standoffs (DATC 5.B.6), and one result per
 * order saying why it succeeded or failed.
 */
import type { ProvinceId } from '../map/types.js';
import { provinceOf } from '../map/types.js';
import { formatUnitOrder, holdText } from '../orders/format-order.js';
import type { DislodgedUnit, Unit } from '../state.js';
import type { OrderResult } from './results.js';
import { retreatOptions } from './retreat-options.js';
import type { MovementResult, MovementState } from './movement-state.js';
import { hasPath, headToHead, preventStrength, viaSea } from './strength.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The position after the moves, the dislodged units, the standoffs and one result per order. */
export function collect(st: MovementState): MovementResult {
  // Locals, not `st.` reads, in the loops: a cold pass runs them in V8's interpreter (issue 32).
  const n = st.n, norm = st.norm, result = st.resolver.result, destUnit = st.destUnit, stUnits = st.units;
  const moved = new Array<number>(n).fill(0);
  const dislodgedBy = new Array<number>(n).fill(-1);
  let anyDislodged = false;
  let anyMoved = false;
  const moves: number[] = []; // the units ordered to move, in unit order: the later loops visit only them
  for (let i = 0; i < n; i++) {
    if (norm[i]!.kind !== 'move') continue;
    moves.push(i);
    if (result[i]) {
      moved[i] = 1;
      anyMoved = true;
    }
  }
  for (let k = 0; anyMoved && k < moves.length; k++) {
    const i = moves[k]!;
    if (!moved[i]) continue;
    const j = destUnit[i]!;
    if (j >= 0 && !moved[j]) {
      dislodgedBy[j] = i;
      anyDislodged = true;
    }
  }
  // Positions after the moves: a unit that stayed is the same (immutable) unit, as the retreat and
  // adjustment phases pass theirs on; only a unit that moved is a new one.
  let units: Unit[];
  if (!anyMoved) units = stUnits.slice();
  else {
    units = [];
    for (let i = 0; i < n; i++) {
      if (dislodgedBy[i]! >= 0) continue;
      const u = stUnits[i]!;
      units.push(moved[i] ? { power: u.power, kind: u.kind, location: norm[i]!.destLoc } : u);
    }
  }
  // Standoffs: vacant provinces where a move with effect on the province failed (DATC 5.B.6). A
  // province is occupied after the moves when a move into it succeeded or its unit stayed (a unit
  // that stayed and was dislodged means a move into it succeeded).
  // Each destination is looked at once, from its first mover (rivals[i][0]: the movers in unit order).
  const standoffs: ProvinceId[] = [];
  const rivals = st.rivals;
  for (let k = 0; k < moves.length; k++) {
    const i = moves[k]!;
    const movers = rivals[i]!; // a move's rivals include itself
    if (movers[0] !== i) continue;
    if (isStandoff(st, movers, moved, destUnit[i]!)) standoffs.push(norm[i]!.dest);
  }
  standoffs.sort();
  if (!anyDislodged) return { results: orderResults(st, moved, dislodgedBy), units, dislodged: [], standoffs };
  const occupied = new Set<ProvinceId>();
  for (let i = 0; i < st.n; i++) if (dislodgedBy[i]! < 0) occupied.add(moved[i] ? st.norm[i]!.dest : st.prov[i]!);
  const standoffSet = new Set(standoffs);
  const dislodged: DislodgedUnit[] = [];
  for (let j = 0; j < st.n; j++) {
    const i = dislodgedBy[j]!;
    if (i < 0) continue;
    const attackerFrom = viaSea(st, i) ? null : st.prov[i]!;
    const u = st.units[j]!;
    // The unit's fields written out: an object spread costs some 5 µs in V8 (a runtime call), even optimised.
    dislodged.push({ power: u.power, kind: u.kind, location: u.location, attackerFrom, retreats: retreatOptions(st.map, u, attackerFrom, occupied, standoffSet) });
  }
  return { results: orderResults(st, moved, dislodgedBy), units, dislodged, standoffs };
}

/** Whether the destination of `movers` (the moves into one province) is left vacant by a standoff (DATC 5.B.6). */
function isStandoff(st: MovementState, movers: readonly number[], moved: readonly number[], here: number): boolean {
  for (let k = 0; k < movers.length; k++) if (moved[movers[k]!]) return false;
  if (here >= 0 && !moved[here]) return false;
  for (let k = 0; k < movers.length; k++) if (preventStrength(st, movers[k]!) > 0) return true;
  return false;
}

function orderResults(st: MovementState, moved: readonly number[], dislodgedBy: readonly number[]): OrderResult[] {
  const out: OrderResult[] = [];
  const n = st.n, units = st.units, givenOrders = st.given, givenIndex = st.givenIndex, prov = st.prov, illegal = st.illegal, norm = st.norm;
  for (let i = 0; i < n; i++) {
    const u = units[i]!;
    const given = givenOrders[i];
    const o = norm[i]!;
    const text = given ? formatUnitOrder(given, u, o.kind === 'move' ? o.destLoc : undefined) : holdText(u.kind, u.location);
    const index = givenIndex[i];
    // The literal with its index (no property added after): the same keys in the same order.
    const r: Mutable<OrderResult> = index !== undefined ? { power: u.power, order: text, outcome: 'held', index } : { power: u.power, order: text, outcome: 'held' };
    const by = dislodgedBy[i]! >= 0 ? prov[dislodgedBy[i]!] : undefined;
    const reason = illegal[i];
    if (reason) {
      r.outcome = 'illegal';
      r.reason = reason;
    } else if (o.kind === 'hold') {
      if (st.voidConvoys !== undefined && st.voidConvoys.has(i)) r.outcome = 'void';
      else if (by !== undefined) {
        r.outcome = 'dislodged';
        r.by = by;
      }
    } else if (o.kind === 'move') {
      if (moved[i]) r.outcome = 'moved';
      else if (!hasPath(st, i)) {
        r.outcome = 'noConvoy';
        const fleets = st.convoyFleets[i];
        if (fleets) for (const p of fleets) if (st.resolver.isParadoxConvoy(st.unitAt.get(p)!)) r.reason = 'paradox';
      } else {
        r.outcome = 'bounced';
        const others: ProvinceId[] = [];
        const rivals = st.rivals[i]!;
        for (let r = 0; r < rivals.length; r++) if (rivals[r] !== i) others.push(st.prov[rivals[r]!]!);
        const occupant = st.destUnit[i]!;
        const opposed = occupant >= 0 && (!moved[occupant] || headToHead(st, i) === occupant);
        if (opposed && !others.includes(o.dest)) others.push(o.dest);
        r.with = others.sort();
      }
    } else if (o.kind === 'supportHold' || o.kind === 'supportMove') {
      if (!st.supportsOf[o.target]!.includes(i)) r.outcome = 'void';
      else if (st.resolver.result[i]) r.outcome = 'supported';
      else {
        r.outcome = 'cut';
        const attackers = st.attackers[i]!;
        for (let k = 0; k < attackers.length; k++) {
          const m = attackers[k]!;
          const cuts = o.kind === 'supportMove' && st.prov[m] === o.dest ? moved[m] : st.units[m]!.power !== u.power && hasPath(st, m);
          if (cuts) {
            r.by = st.prov[m];
            break;
          }
        }
      }
    } else {
      if (st.resolver.isParadoxConvoy(i)) {
        r.outcome = 'disrupted';
        r.reason = 'paradox';
      } else if (st.reluctantFleets[o.target]?.has(st.prov[i]!) && !moved[st.unitAt.get(o.dest)!]) {
        r.outcome = 'void'; // D.VI(7): another route carried (or was to carry) the army
      } else r.outcome = by === undefined && moved[o.target] ? 'convoyed' : 'disrupted';
    }
    if (by !== undefined) r.dislodgedBy = by;
    out.push(r);
  }
  for (let k = 0; k < st.extraResults.length; k++) out.push(st.extraResults[k]!);
  return out;
}
