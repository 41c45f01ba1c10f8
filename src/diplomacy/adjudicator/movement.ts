/**
 * Movement-phase adjudication under the 2000 rules with the rule profile's options.
 *
 * Structure (DATC v3.0 chapter 5): orders are first checked for legality (an illegal order becomes a
 * hold that may receive support, D.III(4)); then every move, support and convoy order is a decision
 * resolved by `resolve`, a guess-and-check resolver that detects dependency cycles, tries both
 * outcomes for the head of a cycle, and applies the backup rule when a cycle has zero or two
 * consistent resolutions: circular movement succeeds, a convoy paradox fails the convoys in it
 * (Szykman, D.VI(6)). The convoy decision (the fleet is not dislodged) evaluates its attackers
 * directly rather than resolving them (DATC 5.D), so every cycle is a clean single cycle.
 */
import {
  armyNeighbours,
  canReach,
  fleetTargetsIn,
  hasConvoyChain,
  fleetProvinceNeighbours,
  isConvoyRoute,
  isCoastal,
  isSea,
} from '../map/graph.js';
import type { GameMap, Location, Power, ProvinceId } from '../map/types.js';
import { coastOf, provinceOf } from '../map/types.js';
import type { Order } from '../orders/types.js';
import type { Rules } from '../rules.js';
import type { DislodgedUnit, Unit } from '../state.js';
import type { IllegalReason, OrderResult } from './results.js';
import { formatUnitOrder } from '../orders/format-order.js';
import { retreatOptions } from './retreat-options.js';

/** An order as submitted: the power giving it and the order (in the order of the sheet). */
export interface SubmittedOrder {
  readonly power: Power;
  readonly order: Order;
}

interface Move {
  readonly kind: 'move';
  readonly dest: ProvinceId;
  /** Destination location (coast resolved for fleets). */
  readonly destLoc: Location;
  /** Attempted by convoy. */
  readonly convoy: boolean;
  /** The player's route restriction (wm D.VI(3)): these sea provinces, in order. */
  readonly route: readonly ProvinceId[];
}
interface SupportHold { readonly kind: 'supportHold'; readonly target: number }
interface SupportMove { readonly kind: 'supportMove'; readonly target: number; readonly dest: ProvinceId; readonly destLoc: Location }
interface Convoy { readonly kind: 'convoy'; readonly target: number; readonly dest: ProvinceId }
interface Hold { readonly kind: 'hold' }
type Norm = Move | SupportHold | SupportMove | Convoy | Hold;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;

export interface MovementResult {
  readonly results: OrderResult[];
  readonly units: Unit[];
  readonly dislodged: DislodgedUnit[];
  readonly standoffs: ProvinceId[];
}

/**
 * Adjudicate a movement phase. Pure: `units` is the position, `orders` the orders of every power in
 * sheet order (the last order for a unit wins, D.III(5)). Never throws on bad orders: they become
 * results with `outcome: 'illegal'`.
 */
export function adjudicateMovement(
  map: GameMap,
  rules: Rules,
  units: readonly Unit[],
  orders: readonly SubmittedOrder[],
): MovementResult {
  return new MovementAdjudication(map, rules, units).run(orders);
}

class MovementAdjudication {
  private readonly n: number;
  private readonly unitAt = new Map<ProvinceId, number>();
  private readonly prov: ProvinceId[];
  private readonly norm: Norm[];
  private readonly given: (Order | undefined)[];
  private readonly illegal: (IllegalReason | undefined)[];
  private readonly givenIndex: (number | undefined)[];
  private readonly extraResults: OrderResult[] = [];
  /** Units whose order is a move to each province. */
  private readonly movesTo = new Map<ProvinceId, number[]>();
  /** Valid, matching supports for each unit (move or hold). */
  private readonly supportsOf: number[][];
  /** Valid, matching convoying fleets (province) for each convoyed army. */
  private readonly convoyFleets: (Set<ProvinceId> | null)[];
  /** D.VI(7): fleets of the destination's owner that carry the army only if that unit leaves. */
  private readonly reluctantFleets: (Set<ProvinceId> | null)[];
  private readonly state: Uint8Array;
  private readonly result: boolean[];
  private readonly deps: number[] = [];
  private readonly paradoxConvoys = new Set<number>();
  /** Convoy orders that name a move nobody made (void: the fleet holds). */
  private readonly voidConvoys = new Set<number>();

  constructor(
    private readonly map: GameMap,
    private readonly rules: Rules,
    private readonly units: readonly Unit[],
  ) {
    this.n = units.length;
    this.prov = units.map((u) => provinceOf(u.location));
    this.prov.forEach((p, i) => this.unitAt.set(p, i));
    this.norm = units.map(() => ({ kind: 'hold' }) as Norm);
    this.given = units.map(() => undefined);
    this.illegal = units.map(() => undefined);
    this.givenIndex = units.map(() => undefined);
    this.supportsOf = units.map(() => []);
    this.convoyFleets = units.map(() => null);
    this.reluctantFleets = units.map(() => null);
    this.state = new Uint8Array(this.n);
    this.result = new Array<boolean>(this.n).fill(false);
  }

  run(orders: readonly SubmittedOrder[]): MovementResult {
    this.assignOrders(orders);
    for (let i = 0; i < this.n; i++) this.checkLegality(i);
    this.decideConvoyMoves();
    this.matchSupportsAndConvoys();
    for (let i = 0; i < this.n; i++) {
      const k = this.norm[i]!.kind;
      if (k === 'move') {
        const d = (this.norm[i] as Move).dest;
        const list = this.movesTo.get(d);
        if (list) list.push(i);
        else this.movesTo.set(d, [i]);
      }
    }
    for (let i = 0; i < this.n; i++) if (this.norm[i]!.kind !== 'hold') this.resolve(i);
    return this.collect();
  }

  // ---- order intake ---------------------------------------------------------------------------

  private assignOrders(orders: readonly SubmittedOrder[]): void {
    const chosen = new Map<number, number>();
    orders.forEach((s, index) => {
      const o = s.order;
      if (o.kind === 'waive' || o.kind === 'build') {
        this.extraResults.push({ power: s.power, order: formatUnitOrder(o), outcome: 'illegal', reason: 'wrongPhase', index });
        return;
      }
      const i = this.unitAt.get(provinceOf(o.unit.location));
      if (i === undefined || this.units[i]!.power !== s.power) {
        this.extraResults.push({
          power: s.power,
          order: formatUnitOrder(o),
          outcome: 'illegal',
          reason: i === undefined ? 'noUnit' : 'foreignUnit',
          index,
        });
        return;
      }
      if (o.kind === 'retreat' || o.kind === 'disband') {
        this.extraResults.push({ power: s.power, order: formatUnitOrder(o, this.units[i]), outcome: 'illegal', reason: 'wrongPhase', index });
        return;
      }
      const earlier = chosen.get(i);
      if (earlier !== undefined) {
        // D.III(5): the last order for a unit within one set is the one used.
        this.extraResults.push({ power: s.power, order: formatUnitOrder(orders[earlier]!.order, this.units[i]), outcome: 'superseded', index: earlier });
      }
      chosen.set(i, index);
    });
    for (const [i, index] of chosen) {
      this.given[i] = orders[index]!.order;
      this.givenIndex[i] = index;
    }
  }

  /** Pre-scan: turn each given order into its normal form, or mark it illegal (the unit then holds). */
  private checkLegality(i: number): void {
    const o = this.given[i];
    if (!o || o.kind === 'hold') return;
    const unit = this.units[i]!;
    const here = this.prov[i]!;
    const bad = (reason: IllegalReason) => { this.illegal[i] = reason; };
    switch (o.kind) {
      case 'move': {
        const dest = provinceOf(o.to);
        if (dest === here) return bad('ownProvince');
        if (unit.kind === 'A') {
          if (isSea(this.map, dest)) return bad('armyToSea');
          const adjacent = armyNeighbours(this.map, here).has(dest);
          const route = this.rules.honourConvoyRoutes ? o.route : [];
          if (route.length > 0 && !isConvoyRoute(this.map, here, route, dest)) return bad('badRoute');
          if (!adjacent) {
            // D.III(4): not illegal if the move would be possible with a convoy by any nation's fleets.
            if (!this.convoyGeometricallyPossible(here, dest)) return bad('noConvoyRoute');
            this.norm[i] = { kind: 'move', dest, destLoc: dest, convoy: true, route };
            return;
          }
          const wantsConvoy = (o.viaConvoy || route.length > 0) && this.convoyGeometricallyPossible(here, dest);
          this.norm[i] = { kind: 'move', dest, destLoc: dest, convoy: wantsConvoy, route };
          return;
        }
        // Fleet.
        if (!isSea(this.map, dest) && !isCoastal(this.map, dest)) return bad('fleetToLand');
        const destLoc = this.fleetDestination(unit.location, o.to);
        if (typeof destLoc !== 'string') return bad(destLoc.reason);
        this.norm[i] = { kind: 'move', dest, destLoc, convoy: false, route: [] };
        return;
      }
      case 'supportHold': {
        const target = provinceOf(o.target.location);
        if (target === here) return bad('supportOwnProvince');
        const t = this.unitAt.get(target);
        if (t === undefined) return bad('noUnitToSupport');
        if (!canReach(this.map, unit.kind, unit.location, target)) return bad('cannotReachSupportDestination');
        this.norm[i] = { kind: 'supportHold', target: t };
        return;
      }
      case 'supportMove': {
        const from = provinceOf(o.target.location);
        const dest = provinceOf(o.to);
        if (from === here) return bad('supportOwnProvince');
        const t = this.unitAt.get(from);
        if (t === undefined) return bad('noUnitToSupport');
        if (dest === here || from === dest) return bad('cannotReachSupportDestination');
        if (!canReach(this.map, unit.kind, unit.location, dest)) return bad('cannotReachSupportDestination');
        // The supported unit must be able to get there itself (directly or by some convoy).
        const tu = this.units[t]!;
        const tReach =
          tu.kind === 'A'
            ? armyNeighbours(this.map, from).has(dest) || this.convoyGeometricallyPossible(from, dest, here)
            : canReach(this.map, 'F', tu.location, dest);
        if (!tReach) return bad('cannotReachSupportDestination');
        this.norm[i] = { kind: 'supportMove', target: t, dest, destLoc: o.to };
        return;
      }
      case 'convoy': {
        if (unit.kind !== 'F' || !isSea(this.map, here)) return bad('fleetNotAtSea');
        const from = provinceOf(o.target.location);
        const dest = provinceOf(o.to);
        const t = this.unitAt.get(from);
        if (t === undefined) return bad('noUnitToSupport');
        if (this.units[t]!.kind !== 'A') return bad('onlyArmiesConvoyed');
        if (!isCoastal(this.map, dest) || from === dest) return bad('noConvoyRoute');
        // DATC 4.E.1 / 6.G.19: a convoy order for a fleet that cannot be on any route is illegal.
        if (!this.chainThrough(from, dest, here, this.seaFleets)) return bad('noConvoyRoute');
        this.norm[i] = { kind: 'convoy', target: t, dest };
        return;
      }
      default:
        return;
    }
  }

  /** Sea provinces holding a fleet of any nation: the fleets that could convoy (D.III(4)). */
  private get seaFleets(): ReadonlySet<ProvinceId> {
    if (!this.seaFleetCache) {
      this.seaFleetCache = new Set();
      for (let j = 0; j < this.n; j++) {
        if (this.units[j]!.kind === 'F' && isSea(this.map, this.prov[j]!)) this.seaFleetCache.add(this.prov[j]!);
      }
    }
    return this.seaFleetCache;
  }
  private seaFleetCache: Set<ProvinceId> | undefined;

  private convoyGeometricallyPossible(from: ProvinceId, dest: ProvinceId, without?: ProvinceId): boolean {
    if (!isCoastal(this.map, from) || !isCoastal(this.map, dest)) return false;
    let fleets = this.seaFleets;
    if (without !== undefined && fleets.has(without)) fleets = new Set([...fleets].filter((p) => p !== without));
    return hasConvoyChain(this.map, from, dest, fleets);
  }

  /**
   * Whether the fleet at `via` is necessary for some convoy route from `from` to `dest` over `fleets`:
   * it lies on a chain with no shortcut (no fleet but the last touches `dest`, none but the first
   * touches `from`, no two non-consecutive fleets touch). DATC 4.E.1 / 6.G.19: otherwise its convoy
   * order is illegal.
   */
  private chainThrough(from: ProvinceId, dest: ProvinceId, via: ProvinceId, fleets: ReadonlySet<ProvinceId>): boolean {
    const map = this.map;
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

  /**
   * The location a fleet move goes to, under the profile's coast rule, or the reason it is illegal.
   * `wm` D.IV(3)(b): a missing or wrong coast never invalidates a move, except the ambiguous
   * MAO–SPA, POR–SPA, CON–BUL. `datc`: DATC 4.B.1 (two coasts, none given: fails), 4.B.2 (one coast
   * possible: taken), 4.B.3 (a coast that cannot be reached: illegal), 4.B.6 (coast on a one-coast
   * province: ignored).
   */
  private fleetDestination(from: Location, to: Location): Location | { reason: IllegalReason } {
    const dest = provinceOf(to);
    const reachable = fleetTargetsIn(this.map, from, dest);
    if (reachable.length === 0) return { reason: 'notAdjacent' };
    const province = this.map.provinces.get(dest)!;
    if (province.coasts.length === 0) return reachable[0]!;
    const written = coastOf(to);
    if (written !== undefined && reachable.includes(to)) return to;
    if (reachable.length > 1) return { reason: 'ambiguousCoast' };
    if (written === undefined) return reachable[0]!;
    return this.rules.moveCoasts === 'wm' ? reachable[0]! : { reason: 'badCoast' };
  }

  /** D.VI(2): decide which army moves to adjacent provinces go by convoy; collect convoy fleets. */
  private decideConvoyMoves(): void {
    const convoysFor = new Map<number, number[]>();
    for (let c = 0; c < this.n; c++) {
      const o = this.norm[c]!;
      if (o.kind !== 'convoy') continue;
      const list = convoysFor.get(o.target);
      if (list) list.push(c);
      else convoysFor.set(o.target, [c]);
    }
    for (let i = 0; i < this.n; i++) {
      const m = this.norm[i]!;
      if (m.kind !== 'move' || this.units[i]!.kind !== 'A') continue;
      const matching = (convoysFor.get(i) ?? []).filter((c) => (this.norm[c] as Convoy).dest === m.dest);
      let convoy = m.convoy;
      const adjacent = armyNeighbours(this.map, this.prov[i]!).has(m.dest);
      if (adjacent && !convoy) {
        // D.VI(2): by convoy when a fleet of the army's own nation is ordered to convoy it there.
        convoy = matching.some((c) => this.units[c]!.power === this.units[i]!.power);
      }
      if (!convoy) continue;
      let fleets = new Set(matching.map((c) => this.prov[c]!));
      if (m.route.length > 0) {
        // D.VI(3): a specified route limits the convoy to that route's fleets.
        const onRoute = new Set(m.route);
        fleets = new Set([...fleets].filter((p) => onRoute.has(p)));
      }
      if (this.rules.ownUnitConvoyNeedsNoOtherRoute && m.route.length === 0) {
        // D.VI(7): a fleet convoys a foreign army into the dislodgement of its own nation's unit only
        // when no other route is available (prior to adjudication). Whether the convoy would dislodge
        // that unit depends on whether it stays, so the fleets are set aside here and left out of the
        // route in `convoyPath` only while the unit stays.
        const occupant = this.unitAt.get(m.dest);
        const victim = occupant === undefined ? undefined : this.units[occupant]!.power;
        if (victim !== undefined && victim !== this.units[i]!.power) {
          const others = new Set([...fleets].filter((p) => this.units[this.unitAt.get(p)!]!.power !== victim));
          if (others.size < fleets.size && hasConvoyChain(this.map, this.prov[i]!, m.dest, others)) {
            this.reluctantFleets[i] = new Set([...fleets].filter((p) => !others.has(p)));
          }
        }
      }
      if (adjacent && this.rules.adjacentConvoyWithoutRouteGoesByLand && !hasConvoyChain(this.map, this.prov[i]!, m.dest, fleets)) {
        // DATC v2.4 6.G.8 (4.A.3 choice d): "via convoy" counts only when the convoy orders form a
        // route; with none the army moves by land. A route that is ordered is kept even when it is
        // disrupted or fails to a paradox: no fallback (6.G.11, v2.4 6.H.12).
        this.norm[i] = { ...m, convoy: false };
        continue;
      }
      this.convoyFleets[i] = fleets;
      this.norm[i] = { ...m, convoy: true };
    }
  }

  /** Keep only supports and convoys that match the order of the unit they name (else void). */
  private matchSupportsAndConvoys(): void {
    for (let s = 0; s < this.n; s++) {
      const o = this.norm[s]!;
      if (o.kind === 'supportHold') {
        if (this.norm[o.target]!.kind !== 'move') this.supportsOf[o.target]!.push(s);
      } else if (o.kind === 'supportMove') {
        const t = this.norm[o.target]!;
        if (t.kind !== 'move' || t.dest !== o.dest) continue;
        if (this.rules.supportCoasts === 'datc' && coastOf(o.destLoc) !== undefined && coastOf(t.destLoc) !== undefined && o.destLoc !== t.destLoc) continue;
        this.supportsOf[o.target]!.push(s);
      } else if (o.kind === 'convoy') {
        const t = this.norm[o.target]!;
        const fleets = this.convoyFleets[o.target];
        if (t.kind !== 'move' || t.dest !== o.dest || !fleets || !fleets.has(this.prov[s]!)) {
          this.norm[s] = { kind: 'hold' };
          this.voidConvoys.add(s);
        }
      }
    }
  }

  // ---- the resolver ---------------------------------------------------------------------------

  private resolve(i: number): boolean {
    const st = this.state[i]!;
    if (st === RESOLVED) return this.result[i]!;
    if (st === GUESSING) {
      if (!this.deps.includes(i)) this.deps.push(i);
      return this.result[i]!;
    }
    const old = this.deps.length;
    this.result[i] = false;
    this.state[i] = GUESSING;
    const first = this.adjudicate(i);
    if (this.deps.length === old) {
      if (this.state[i] !== RESOLVED) {
        this.result[i] = first;
        this.state[i] = RESOLVED;
      }
      return this.result[i]!;
    }
    if (this.deps[old] !== i) {
      // Part of a cycle whose head is further up: keep guessing.
      this.deps.push(i);
      this.result[i] = first;
      return first;
    }
    // i heads the cycle: try the other guess.
    for (let k = old; k < this.deps.length; k++) this.state[this.deps[k]!] = UNRESOLVED;
    this.deps.length = old;
    this.result[i] = true;
    this.state[i] = GUESSING;
    const second = this.adjudicate(i);
    if (first === second) {
      for (let k = old; k < this.deps.length; k++) this.state[this.deps[k]!] = UNRESOLVED;
      this.deps.length = old;
      this.result[i] = first;
      this.state[i] = RESOLVED;
      return first;
    }
    this.backupRule(old);
    return this.resolve(i);
  }

  /**
   * A cycle with zero or two consistent resolutions. Only moves: circular movement, all succeed.
   * With a convoy in it: a convoy paradox; the convoys in it fail (Szykman; D.VI(6): the convoyed
   * moves fail and have no effect on their destinations).
   */
  private backupRule(old: number): void {
    const cycle = this.deps.slice(old);
    this.deps.length = old;
    const convoys = cycle.filter((k) => this.norm[k]!.kind === 'convoy');
    if (convoys.length > 0) {
      for (const k of cycle) this.state[k] = UNRESOLVED;
      for (const k of convoys) {
        this.result[k] = false;
        this.state[k] = RESOLVED;
        this.paradoxConvoys.add(k);
      }
      return;
    }
    const allMoves = cycle.every((k) => this.norm[k]!.kind === 'move');
    for (const k of cycle) {
      this.result[k] = allMoves;
      this.state[k] = RESOLVED;
    }
  }

  private adjudicate(i: number): boolean {
    const o = this.norm[i]!;
    switch (o.kind) {
      case 'move': return this.adjudicateMove(i, o);
      case 'supportHold':
      case 'supportMove': return this.adjudicateSupport(i);
      case 'convoy': return this.adjudicateConvoy(i);
      default: return true;
    }
  }

  // ---- the equations (DATC 5.B) ---------------------------------------------------------------

  /** Whether the convoy route of a convoyed move is intact (DATC 5.B.4; D.VI(3),(4)). */
  private convoyPath(i: number): boolean {
    const fleets = this.convoyFleets[i];
    if (!fleets || fleets.size === 0) return false;
    const m = this.norm[i] as Move;
    if (m.route.length > 0) {
      // D.VI(4): with a specified route, any dislodged fleet on it disrupts the convoy.
      for (const p of m.route) {
        if (!fleets.has(p)) return false;
        if (!this.resolve(this.unitAt.get(p)!)) return false;
      }
      return true;
    }
    const reluctant = this.reluctantFleets[i];
    // D.VI(7): the victim's own fleets do not carry the army while their unit stays to be dislodged.
    const skip = reluctant != null && !this.leaves(this.unitAt.get(m.dest)!);
    const intact = new Set<ProvinceId>();
    for (const p of fleets) if (!(skip && reluctant!.has(p)) && this.resolve(this.unitAt.get(p)!)) intact.add(p);
    return hasConvoyChain(this.map, this.prov[i]!, m.dest, intact);
  }

  /** Whether the unit `j` moves out of its province. */
  private leaves(j: number): boolean {
    return this.norm[j]!.kind === 'move' && this.resolve(j);
  }

  /** The move goes by sea (decided before adjudication: D.VI(2), DATC 4.A.3). */
  private viaSea(i: number): boolean {
    return (this.norm[i] as Move).convoy;
  }

  private hasPath(i: number): boolean {
    const m = this.norm[i] as Move;
    if (!m.convoy) return true;
    return this.convoyPath(i);
  }

  /** The unit at `i`'s destination, if it is moving back into `i`'s province without convoy on either side. */
  private headToHead(i: number): number | undefined {
    const m = this.norm[i] as Move;
    const j = this.unitAt.get(m.dest);
    if (j === undefined) return undefined;
    const o = this.norm[j]!;
    if (o.kind !== 'move' || o.dest !== this.prov[i]) return undefined;
    if (this.viaSea(i) || this.viaSea(j)) return undefined;
    return j;
  }

  private countSupports(i: number, notOf?: Power): number {
    let n = 0;
    for (const s of this.supportsOf[i]!) {
      if (notOf !== undefined && this.units[s]!.power === notOf) continue;
      if (this.resolve(s)) n++;
    }
    return n;
  }

  private attackStrength(i: number): number {
    if (!this.hasPath(i)) return 0;
    const m = this.norm[i] as Move;
    const j = this.unitAt.get(m.dest);
    if (j === undefined) return 1 + this.countSupports(i);
    if (this.norm[j]!.kind === 'move' && this.headToHead(i) === undefined && this.resolve(j)) return 1 + this.countSupports(i);
    const defender = this.units[j]!.power;
    if (defender === this.units[i]!.power) return 0;
    return 1 + this.countSupports(i, defender);
  }

  private defendStrength(j: number): number {
    return 1 + this.countSupports(j);
  }

  private preventStrength(k: number): number {
    if (!this.hasPath(k)) return 0;
    const j = this.headToHead(k);
    if (j !== undefined && this.resolve(j)) return 0;
    return 1 + this.countSupports(k);
  }

  private holdStrength(p: ProvinceId): number {
    const j = this.unitAt.get(p);
    if (j === undefined) return 0;
    if (this.norm[j]!.kind === 'move') return this.resolve(j) ? 0 : 1;
    return 1 + this.countSupports(j);
  }

  private adjudicateMove(i: number, m: Move): boolean {
    const attack = this.attackStrength(i);
    if (attack === 0) return false;
    const j = this.headToHead(i);
    if (j !== undefined) {
      if (attack <= this.defendStrength(j)) return false;
    } else if (attack <= this.holdStrength(m.dest)) return false;
    for (const k of this.movesTo.get(m.dest)!) {
      if (k !== i && attack <= this.preventStrength(k)) return false;
    }
    return true;
  }

  /** A support is cut by an attack from a foreign unit with a path, except from the supported move's target (D.VI(5)); or by dislodgement. */
  private adjudicateSupport(s: number): boolean {
    const o = this.norm[s] as SupportHold | SupportMove;
    const attackers = this.movesTo.get(this.prov[s]!);
    if (!attackers) return true;
    for (const m of attackers) {
      if (o.kind === 'supportMove' && this.prov[m] === o.dest) {
        if (this.resolve(m)) return false; // dislodged by the unit it supports an attack on
        continue;
      }
      if (this.units[m]!.power === this.units[s]!.power) continue;
      if (this.hasPath(m)) return false;
    }
    return true;
  }

  /** A convoy works while the fleet is not dislodged; attackers are evaluated, not resolved (DATC 5.D). */
  private adjudicateConvoy(c: number): boolean {
    const attackers = this.movesTo.get(this.prov[c]!);
    if (!attackers) return true;
    for (const m of attackers) if (this.adjudicateMove(m, this.norm[m] as Move)) return false;
    return true;
  }

  // ---- results ---------------------------------------------------------------------------------

  private collect(): MovementResult {
    const moved = new Array<boolean>(this.n).fill(false);
    const dislodgedBy = new Array<number | undefined>(this.n).fill(undefined);
    for (let i = 0; i < this.n; i++) {
      if (this.norm[i]!.kind === 'move' && this.result[i]) moved[i] = true;
    }
    for (let i = 0; i < this.n; i++) {
      if (!moved[i]) continue;
      const j = this.unitAt.get((this.norm[i] as Move).dest);
      if (j !== undefined && !moved[j]) dislodgedBy[j] = i;
    }
    // Positions after the moves.
    const occupied = new Set<ProvinceId>();
    const units: Unit[] = [];
    for (let i = 0; i < this.n; i++) {
      if (dislodgedBy[i] !== undefined) continue;
      const u = this.units[i]!;
      const loc = moved[i] ? (this.norm[i] as Move).destLoc : u.location;
      units.push({ power: u.power, kind: u.kind, location: loc });
      occupied.add(provinceOf(loc));
    }
    // Standoffs: vacant provinces where a move with effect on the province failed (DATC 5.B.6).
    const standoffs: ProvinceId[] = [];
    for (const [p, movers] of this.movesTo) {
      if (occupied.has(p) || movers.some((k) => moved[k])) continue;
      if (movers.some((k) => this.preventStrength(k) > 0)) standoffs.push(p);
    }
    standoffs.sort();
    const standoffSet = new Set(standoffs);
    const dislodged: DislodgedUnit[] = [];
    for (let j = 0; j < this.n; j++) {
      const i = dislodgedBy[j];
      if (i === undefined) continue;
      const attackerFrom = this.viaSea(i) ? null : this.prov[i]!;
      const u = this.units[j]!;
      dislodged.push({ ...u, attackerFrom, retreats: retreatOptions(this.map, u, attackerFrom, occupied, standoffSet) });
    }
    return { results: this.orderResults(moved, dislodgedBy), units, dislodged, standoffs };
  }

  private orderResults(moved: boolean[], dislodgedBy: (number | undefined)[]): OrderResult[] {
    const out: OrderResult[] = [];
    for (let i = 0; i < this.n; i++) {
      const u = this.units[i]!;
      const given = this.given[i];
      const text = given ? formatUnitOrder(given, u, this.normalisedDestination(i)) : `${u.kind} ${u.location} H`;
      const r: Mutable<OrderResult> = { power: u.power, order: text, outcome: 'held' };
      if (this.givenIndex[i] !== undefined) r.index = this.givenIndex[i];
      const by = dislodgedBy[i] !== undefined ? this.prov[dislodgedBy[i]!] : undefined;
      const reason = this.illegal[i];
      const o = this.norm[i]!;
      if (reason) {
        r.outcome = 'illegal';
        r.reason = reason;
      } else if (o.kind === 'hold') {
        if (this.voidConvoys.has(i)) r.outcome = 'void';
        else if (by !== undefined) {
          r.outcome = 'dislodged';
          r.by = by;
        }
      } else if (o.kind === 'move') {
        if (moved[i]) r.outcome = 'moved';
        else if (!this.hasPath(i)) {
          r.outcome = 'noConvoy';
          const fleets = this.convoyFleets[i];
          if (fleets) for (const p of fleets) if (this.paradoxConvoys.has(this.unitAt.get(p)!)) r.reason = 'paradox';
        } else {
          r.outcome = 'bounced';
          const others: ProvinceId[] = [];
          for (const k of this.movesTo.get(o.dest) ?? []) if (k !== i) others.push(this.prov[k]!);
          const occupant = this.unitAt.get(o.dest);
          const opposed = occupant !== undefined && (!moved[occupant] || this.headToHead(i) === occupant);
          if (opposed && !others.includes(o.dest)) others.push(o.dest);
          r.with = others.sort();
        }
      } else if (o.kind === 'supportHold' || o.kind === 'supportMove') {
        if (!this.supportsOf[o.target]!.includes(i)) r.outcome = 'void';
        else if (this.result[i]) r.outcome = 'supported';
        else {
          r.outcome = 'cut';
          for (const m of this.movesTo.get(this.prov[i]!) ?? []) {
            const cuts = o.kind === 'supportMove' && this.prov[m] === o.dest ? moved[m] : this.units[m]!.power !== u.power && this.hasPath(m);
            if (cuts) {
              r.by = this.prov[m];
              break;
            }
          }
        }
      } else {
        if (this.paradoxConvoys.has(i)) {
          r.outcome = 'disrupted';
          r.reason = 'paradox';
        } else if (this.reluctantFleets[o.target]?.has(this.prov[i]!) && !moved[this.unitAt.get(o.dest)!]) {
          r.outcome = 'void'; // D.VI(7): another route carried (or was to carry) the army
        } else r.outcome = by === undefined && moved[o.target] ? 'convoyed' : 'disrupted';
      }
      if (by !== undefined) r.dislodgedBy = by;
      out.push(r);
    }
    for (const extra of this.extraResults) out.push(extra);
    return out;
  }

  private normalisedDestination(i: number): Location | undefined {
    const o = this.norm[i]!;
    return o.kind === 'move' ? o.destLoc : undefined;
  }
}
