/**
 * Retreat-phase adjudication: a retreat succeeds when it names one of the unit's retreat options and
 * no other unit retreats to the same province; otherwise the unit is disbanded. Unordered dislodged
 * units are disbanded.
 */
import type { GameMap, Location } from '../map/types.js';
import { coastOf, provinceOf } from '../map/types.js';
import { formatOrder, formatUnitOrder } from '../orders/format-order.js';
import type { Rules } from '../rules.js';
import type { DislodgedUnit, Unit } from '../state.js';
import type { SubmittedOrder } from './movement.js';
import type { OrderResult } from './results.js';

export interface RetreatResult {
  readonly results: OrderResult[];
  readonly units: Unit[];
}

/** The retreat option an order names, under the profile's coast rule; `undefined` if none. */
function chooseRetreat(rules: Rules, d: DislodgedUnit, to: Location): Location | undefined {
  if (d.retreats.includes(to)) return to;
  const p = provinceOf(to);
  const options = d.retreats.filter((r) => provinceOf(r) === p);
  if (options.length !== 1) return undefined;
  // A missing coast with a single possible coast is accepted; a wrong coast only under wm D.IV(3)(b).
  if (coastOf(to) === undefined || rules.moveCoasts === 'wm' || d.kind === 'A') return options[0];
  return undefined;
}

/** Adjudicate a retreat phase. Pure; never throws on bad orders. */
export function adjudicateRetreats(
  _map: GameMap,
  rules: Rules,
  units: readonly Unit[],
  dislodged: readonly DislodgedUnit[],
  orders: readonly SubmittedOrder[],
): RetreatResult {
  const results: OrderResult[] = [];
  // The retreat chosen for each dislodged unit, by its place in `dislodged` (an array, not a map:
  // loops, not closures, for a cold pass in the interpreter, issue 32).
  const chosen = new Array<{ power: SubmittedOrder['power']; to: Location | null; text: string; index: number } | undefined>(dislodged.length).fill(undefined);
  for (let index = 0; index < orders.length; index++) {
    const s = orders[index]!;
    const o = s.order;
    if (o.kind !== 'retreat' && o.kind !== 'disband' && o.kind !== 'move') {
      results.push({ power: s.power, order: formatOrder(o), outcome: 'illegal', reason: 'wrongPhase', index });
      continue;
    }
    const p = provinceOf(o.unit.location);
    let i = -1;
    for (let k = 0; k < dislodged.length; k++) {
      if (provinceOf(dislodged[k]!.location) === p) {
        i = k;
        break;
      }
    }
    const d = i >= 0 ? dislodged[i] : undefined;
    if (!d || d.power !== s.power) {
      let onBoard = false;
      for (let k = 0; k < units.length && !onBoard; k++) onBoard = provinceOf(units[k]!.location) === p;
      results.push({ power: s.power, order: formatOrder(o), outcome: 'illegal', reason: d ? 'foreignUnit' : onBoard ? 'notDislodged' : 'noUnit', index });
      continue;
    }
    const earlier = chosen[i];
    if (earlier) results.push({ power: s.power, order: earlier.text, outcome: 'superseded', index: earlier.index });
    if (o.kind === 'disband') {
      chosen[i] = { power: s.power, to: null, text: formatUnitOrder(o, d), index };
      continue;
    }
    const target = chooseRetreat(rules, d, o.to);
    // A retreat order's own text when taken as written (formatted once); a move written in its place reads as a retreat.
    const text = o.kind === 'retreat' ? formatUnitOrder(o, d, target ?? o.to) : formatUnitOrder({ kind: 'retreat', unit: o.unit, to: target ?? o.to }, d);
    if (target === undefined) {
      results.push({ power: s.power, order: text, outcome: 'illegal', reason: 'retreatNotAllowed', index });
      chosen[i] = undefined;
      continue;
    }
    chosen[i] = { power: s.power, to: target, text, index };
  }
  const out: Unit[] = units.slice();
  for (let i = 0; i < dislodged.length; i++) {
    const d = dislodged[i]!;
    const c = chosen[i];
    if (!c) {
      results.push({ power: d.power, order: `${d.kind} ${d.location} D`, outcome: 'disbanded', reason: 'unordered' });
      continue;
    }
    if (c.to === null) {
      results.push({ power: c.power, order: c.text, outcome: 'disbanded', index: c.index });
      continue;
    }
    // The other units retreating to the same province.
    const p = provinceOf(c.to);
    const others: string[] = [];
    for (let k = 0; k < dislodged.length; k++) {
      const other = chosen[k];
      if (k !== i && other && other.to !== null && provinceOf(other.to) === p) others.push(provinceOf(dislodged[k]!.location));
    }
    if (others.length > 0) {
      results.push({ power: c.power, order: c.text, outcome: 'bounced', reason: 'retreatCollision', with: others.sort(), index: c.index });
      continue;
    }
    results.push({ power: c.power, order: c.text, outcome: 'retreated', index: c.index });
    out.push({ power: d.power, kind: d.kind, location: c.to });
  }
  return { results, units: out };
}
