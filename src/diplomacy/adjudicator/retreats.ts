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
  const chosen = new Map<number, { power: SubmittedOrder['power']; to: Location | null; text: string; index: number }>();
  for (let index = 0; index < orders.length; index++) {
    const s = orders[index]!;
    const o = s.order;
    if (o.kind !== 'retreat' && o.kind !== 'disband' && o.kind !== 'move') {
      results.push({ power: s.power, order: formatOrder(o), outcome: 'illegal', reason: 'wrongPhase', index });
      continue;
    }
    const p = provinceOf(o.unit.location);
    const i = dislodged.findIndex((d) => provinceOf(d.location) === p);
    const d = dislodged[i];
    if (!d || d.power !== s.power) {
      const onBoard = units.some((u) => provinceOf(u.location) === p);
      results.push({ power: s.power, order: formatOrder(o), outcome: 'illegal', reason: d ? 'foreignUnit' : onBoard ? 'notDislodged' : 'noUnit', index });
      continue;
    }
    const earlier = chosen.get(i);
    if (earlier) results.push({ power: s.power, order: earlier.text, outcome: 'superseded', index: earlier.index });
    if (o.kind === 'disband') {
      chosen.set(i, { power: s.power, to: null, text: formatUnitOrder(o, d), index });
      continue;
    }
    const target = chooseRetreat(rules, d, o.to);
    const text = formatUnitOrder({ kind: 'retreat', unit: o.unit, to: target ?? o.to }, d);
    if (target === undefined) {
      results.push({ power: s.power, order: text, outcome: 'illegal', reason: 'retreatNotAllowed', index });
      chosen.delete(i);
      continue;
    }
    chosen.set(i, { power: s.power, to: target, text, index });
  }
  const byProvince = new Map<string, number[]>();
  for (const [i, c] of chosen) {
    if (c.to === null) continue;
    const p = provinceOf(c.to);
    byProvince.set(p, [...(byProvince.get(p) ?? []), i]);
  }
  const out: Unit[] = units.slice();
  dislodged.forEach((d, i) => {
    const c = chosen.get(i);
    if (!c) {
      results.push({ power: d.power, order: `${d.kind} ${d.location} D`, outcome: 'disbanded', reason: 'unordered' });
      return;
    }
    if (c.to === null) {
      results.push({ power: c.power, order: c.text, outcome: 'disbanded', index: c.index });
      return;
    }
    const rivals = byProvince.get(provinceOf(c.to))!;
    if (rivals.length > 1) {
      const others = rivals.filter((k) => k !== i).map((k) => provinceOf(dislodged[k]!.location)).sort();
      results.push({ power: c.power, order: c.text, outcome: 'bounced', reason: 'retreatCollision', with: others, index: c.index });
      return;
    }
    results.push({ power: c.power, order: c.text, outcome: 'retreated', index: c.index });
    out.push({ power: d.power, kind: d.kind, location: c.to });
  });
  return { results, units: out };
}
