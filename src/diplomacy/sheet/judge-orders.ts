/**
 * Orders against the position. The engine's own adjudication is the one judge of legality: the
 * sender's orders are adjudicated alone (legality depends only on the board, never on other
 * powers' orders), and each result is turned into the order as understood or an issue.
 */
import type { GameMap, GameState, Order, OrderResult, Power, Rules, Unit } from '../index.js';
import { adjudicate, parseOrder, provinceOf } from '../index.js';
import type { OrderSheetIssue, SheetIssueCode, SheetOrder } from './types.js';

/** An order read from the sheet, before the position has been consulted. */
export interface Candidate {
  readonly line: number;
  readonly written: string;
  readonly order: Order;
}

export interface JudgedOrders {
  readonly orders: SheetOrder[];
  readonly issues: OrderSheetIssue[];
  /** By candidate index: the canonical text and whether it was replaced or refused. */
  readonly notes: Map<number, { kind: 'order' | 'replaced' | 'notUsed'; understood: string; code?: SheetIssueCode }>;
  readonly unordered: string[];
}

/** Engine reason → sheet issue: code, whether the order still stands (a hold in effect), and why. */
const REASONS: Record<string, { code: SheetIssueCode; stands: boolean; why: string }> = {
  noUnit: { code: 'noUnit', stands: false, why: 'there is no unit there; orders name a unit by where it stands (A PAR - BUR)' },
  foreignUnit: { code: 'notYourUnit', stands: false, why: 'that unit is not yours; you may order only your own units (D.II(3))' },
  wrongPhase: { code: 'wrongPhase', stands: false, why: 'this kind of order does not belong in this phase' },
  notAdjacent: { code: 'impossibleMove', stands: true, why: 'the unit cannot get there; it will hold and may be supported (D.III(4))' },
  ownProvince: { code: 'impossibleMove', stands: true, why: 'a unit cannot move to where it is; it will hold (D.III(4))' },
  armyToSea: { code: 'impossibleMove', stands: true, why: 'an army cannot enter a sea; it will hold (D.III(4))' },
  fleetToLand: { code: 'impossibleMove', stands: true, why: 'a fleet cannot enter an inland province; it will hold (D.III(4))' },
  noConvoyRoute: { code: 'impossibleMove', stands: true, why: 'no convoy by any fleet on the board could carry it there; it will hold (D.III(4))' },
  badRoute: { code: 'impossibleMove', stands: true, why: 'the convoy route written is not a chain of seas from start to destination; it will hold (D.VI(3))' },
  badCoast: { code: 'impossibleMove', stands: true, why: 'the fleet cannot reach that coast; it will hold (D.III(4))' },
  ambiguousCoast: { code: 'ambiguousCoast', stands: true, why: 'the fleet can reach both coasts; name one (SPA/NC, SPA/SC, BUL/EC, BUL/SC) or the unit holds (D.IV(3)(b))' },
  cannotReachSupportDestination: { code: 'impossibleSupport', stands: true, why: 'the supporting unit could not move there itself, or the supported unit cannot get there; the unit will hold (D.III(4))' },
  noUnitToSupport: { code: 'impossibleSupport', stands: true, why: 'there is no unit there to support or convoy; the unit will hold (D.III(4))' },
  supportOwnProvince: { code: 'impossibleSupport', stands: true, why: 'a unit cannot support a move to or from its own province; it will hold (D.III(4))' },
  fleetNotAtSea: { code: 'impossibleSupport', stands: true, why: 'only a fleet at sea can convoy; the unit will hold (D.III(4))' },
  onlyArmiesConvoyed: { code: 'impossibleSupport', stands: true, why: 'only armies can be convoyed; the unit will hold (D.III(4))' },
  notDislodged: { code: 'notDislodged', stands: false, why: 'that unit was not dislodged; only dislodged units retreat' },
  retreatNotAllowed: { code: 'cannotRetreat', stands: false, why: 'the unit cannot retreat there; see its retreat options in the last report' },
  notHomeCenter: { code: 'cannotBuild', stands: false, why: 'you can build only in your own home supply centres (D.V)' },
  centerNotOwned: { code: 'cannotBuild', stands: false, why: 'you do not own that home centre now (D.V)' },
  centerOccupied: { code: 'cannotBuild', stands: false, why: 'there is a unit in that centre (D.V)' },
  noUnitKind: { code: 'noBuildType', stands: false, why: 'that centre can build an army or a fleet; write which (Build A PAR, Build F BRE) (D.V(1))' },
  fleetCannotStand: { code: 'fleetCannotBuild', stands: false, why: 'a fleet cannot be built in an inland centre (D.V(5))' },
  noBuildsAllowed: { code: 'cannotBuild', stands: false, why: 'you have no builds this winter' },
  noRemovalsRequired: { code: 'excessDisband', stands: false, why: 'you have no units to remove this winter' },
};

/** D.IV(3)(b): a move to a two-coast province without a coast: name the coasts of that province only. */
function ambiguousCoast(o: Order, map: GameMap): { code: SheetIssueCode; stands: true; why: string } {
  const dest = o.kind === 'move' ? provinceOf(o.to) : undefined;
  const coasts = dest ? (map.provinces.get(dest)?.coasts ?? []) : [];
  const names = coasts.map((c) => `${dest!.toUpperCase()}/${c.toUpperCase()}`);
  const which = names.length > 0 ? `name one (${names.join(' or ')})` : 'name the coast';
  return { code: 'ambiguousCoast', stands: true, why: `the fleet can reach both coasts; ${which} or the unit holds (D.IV(3)(b))` };
}

const BUILD_COAST = { code: 'cannotBuild' as const, stands: false, why: 'a fleet built in a centre with two coasts needs its coast: F STP/NC B or F STP/SC B (D.V(1))' };

/** Why an order does not belong in this phase, in the words of the phase. */
function wrongPhase(o: Order, state: GameState): { code: SheetIssueCode; stands: false; why: string } {
  const kind = state.phase.kind;
  const why =
    kind === 'M' ? 'a movement turn takes moves, supports, convoys and holds; builds, removals and retreats wait for their own turn (D.II(5))'
    : kind === 'R' ? 'a retreat turn takes only retreats and disbands of dislodged units (D.II(5))'
    : o.kind === 'disband' ? 'you are not removing units this winter'
    : 'an adjustment turn takes only builds, removals and WAIVE (D.V)';
  return { code: 'wrongPhase', stands: false, why };
}

/** Units of `power` this phase orders: dislodged ones in a retreat phase, none in an adjustment phase. */
function orderable(state: GameState, power: Power): readonly Unit[] {
  if (state.phase.kind === 'R') return state.dislodged.filter((d) => d.power === power);
  if (state.phase.kind === 'A') return [];
  return state.units.filter((u) => u.power === power);
}

/** D.IV(1),(2): a supported or convoyed unit is named by where it is; fill in its real type and coast. */
function withBoardTargets(o: Order, state: GameState): Order {
  if (o.kind !== 'supportHold' && o.kind !== 'supportMove' && o.kind !== 'convoy') return o;
  const at = state.units.find((u) => provinceOf(u.location) === provinceOf(o.target.location));
  if (!at) return o;
  return { ...o, target: { kind: at.kind, location: at.location } };
}

/** Whether the order, on its own, is one the engine would carry out (used for conditional options, D.II(5)). */
export function isPossible(order: Order, power: Power, state: GameState, map: GameMap, rules: Rules): boolean {
  const out = adjudicate(state, [{ power, order: withBoardTargets(order, state) }], { map, rules });
  const r = out.results.find((x) => x.index === 0);
  return r !== undefined && r.outcome !== 'illegal';
}

export function judgeOrders(candidates: readonly Candidate[], power: Power, state: GameState, map: GameMap, rules: Rules): JudgedOrders {
  const submitted = candidates.map((c) => ({ power, order: withBoardTargets(c.order, state) }));
  const results = adjudicate(state, submitted, { map, rules }).results;
  const byIndex = new Map<number, OrderResult[]>();
  for (const r of results) if (r.index !== undefined) byIndex.set(r.index, [...(byIndex.get(r.index) ?? []), r]);
  const built = new Map<string, number>(); // province → index of the build that counts
  for (const r of results) if (r.outcome === 'built' && r.index !== undefined) built.set(provinceOf(r.order.split(' ')[1] ?? ''), r.index);

  const orders: SheetOrder[] = [];
  const issues: OrderSheetIssue[] = [];
  const notes: JudgedOrders['notes'] = new Map();
  const issue = (c: Candidate, code: SheetIssueCode, severity: 'error' | 'warning', message: string) =>
    issues.push({ line: c.line, fragment: c.written.trim(), code, message, severity });

  candidates.forEach((c, i) => {
    const rs = byIndex.get(i) ?? [];
    // An order replaced later in the set has its `superseded` result first.
    const superseded = rs.find((r) => r.outcome === 'superseded');
    const r = rs.find((x) => x.outcome !== 'superseded');
    if (superseded && !r) {
      issue(c, 'replacedOrder', 'warning', `${superseded.order} is replaced by a later order for the same unit; the last order for a unit counts (D.III(5))`);
      notes.set(i, { kind: 'replaced', understood: superseded.order });
      return;
    }
    if (!r) return;
    const text = r.order;
    if (r.outcome === 'illegal') {
      const reason = r.reason ?? 'wrongPhase';
      if (reason === 'tooMany') {
        const code = c.order.kind === 'build' || c.order.kind === 'waive' ? 'excessBuild' : 'excessDisband';
        issue(c, code, 'error', `${text}: more ${code === 'excessBuild' ? 'builds' : 'removals'} than you are allowed; they are counted from the bottom of the set up, so this one is not used (D.V(2))`);
        notes.set(i, { kind: 'notUsed', understood: text, code });
        return;
      }
      if (reason === 'centerOccupied' && c.order.kind === 'build' && built.has(provinceOf(c.order.location))) {
        issue(c, 'duplicateBuild', 'error', `${text}: another build in the same centre lower in the set is the one used (D.V(3))`);
        notes.set(i, { kind: 'notUsed', understood: text, code: 'duplicateBuild' });
        return;
      }
      const known = reason === 'wrongPhase' ? wrongPhase(c.order, state) : reason === 'badCoast' && c.order.kind === 'build' ? BUILD_COAST : reason === 'ambiguousCoast' ? ambiguousCoast(c.order, map) : REASONS[reason] ?? { code: 'wrongPhase' as const, stands: false, why: reason };
      issue(c, known.code, known.stands ? 'warning' : 'error', `${text}: ${known.why}`);
      if (!known.stands) {
        notes.set(i, { kind: 'notUsed', understood: text, code: known.code });
        return;
      }
    }
    const parsed = parseOrder(text, map);
    orders.push({ line: c.line, written: c.written, text, order: parsed.ok ? parsed.order : c.order });
    notes.set(i, { kind: 'order', understood: text });
  });

  const ordered = new Set(orders.filter((o) => o.order.kind !== 'build' && o.order.kind !== 'waive').map((o) => provinceOf((o.order as { unit: { location: string } }).unit.location)));
  const unordered = orderable(state, power)
    .filter((u) => !ordered.has(provinceOf(u.location)))
    .map((u) => `${u.kind} ${u.location}`)
    .sort((a, b) => a.slice(2).localeCompare(b.slice(2)));
  return { orders, issues, notes, unordered };
}
