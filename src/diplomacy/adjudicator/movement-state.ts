/**
 * The working state of one movement adjudication, shared by the modules that make it up: the
 * orders' normal forms (after intake and legality), who moves where, the supports and convoy fleets
 * that match, and the resolver holding every decision. Units are numbered 0..n-1 in position order;
 * each unit has one decision (its order succeeds).
 */
import type { GameMap, Location, Power, ProvinceId } from '../map/types.js';
import { provinceOf } from '../map/types.js';
import { ProvinceSlots, provinceIndex, type ProvinceIndex } from '../map/province-index.js';
import type { Order } from '../orders/types.js';
import type { Rules } from '../rules.js';
import type { DislodgedUnit, Unit } from '../state.js';
import type { IllegalReason, OrderResult } from './results.js';
import { DecisionResolver } from './resolver.js';

/** An order as submitted: the power giving it and the order (in the order of the sheet). */
export interface SubmittedOrder {
  readonly power: Power;
  readonly order: Order;
}

export interface MovementResult {
  readonly results: OrderResult[];
  readonly units: Unit[];
  readonly dislodged: DislodgedUnit[];
  readonly standoffs: ProvinceId[];
}

/**
 * An order in normal form: what the adjudication works with (an illegal or void order is a hold).
 * Every normal form has every field (one object shape, so the hot loops read them without
 * polymorphic lookups); the fields a kind does not use hold `-1`, `''`, `false` or `[]`.
 */
export interface Norm {
  readonly kind: 'move' | 'supportHold' | 'supportMove' | 'convoy' | 'hold';
  /** The supported or convoyed unit (supports, convoys); -1 otherwise. */
  readonly target: number;
  /** The destination province (moves, supported moves, convoys); '' for holds. */
  readonly dest: ProvinceId;
  /** A move's destination by number ({@link provinceIndex}); -1 for every other kind. */
  readonly destNo: number;
  /** Destination location (coast resolved for fleets; the support's written destination). */
  readonly destLoc: Location;
  /** A move goes by convoy (decided before adjudication: D.VI(2), DATC 4.A.3). */
  readonly convoy: boolean;
  /** The player's route restriction (wm D.VI(3)): these sea provinces, in order. */
  readonly route: readonly ProvinceId[];
}
export type Move = Norm & { readonly kind: 'move' };
export type SupportHold = Norm & { readonly kind: 'supportHold' };
export type SupportMove = Norm & { readonly kind: 'supportMove' };
export type Convoy = Norm & { readonly kind: 'convoy' };
export type Hold = Norm & { readonly kind: 'hold' };

const NO_ROUTE: readonly ProvinceId[] = [];
/** The hold every unit starts with (shared: normal forms are never mutated). */
export const HOLD: Hold = { kind: 'hold', target: -1, dest: '', destNo: -1, destLoc: '', convoy: false, route: NO_ROUTE };
/** A legal move: its destination is a province of the map (`destNo` its number). */
export function moveNorm(dest: ProvinceId, destNo: number, destLoc: Location, convoy: boolean, route: readonly ProvinceId[]): Move {
  return { kind: 'move', target: -1, dest, destNo, destLoc, convoy, route: route.length === 0 ? NO_ROUTE : route };
}
export function supportHoldNorm(target: number): SupportHold {
  return { kind: 'supportHold', target, dest: '', destNo: -1, destLoc: '', convoy: false, route: NO_ROUTE };
}
export function supportMoveNorm(target: number, dest: ProvinceId, destLoc: Location): SupportMove {
  return { kind: 'supportMove', target, dest, destNo: -1, destLoc, convoy: false, route: NO_ROUTE };
}
export function convoyNorm(target: number, dest: ProvinceId): Convoy {
  return { kind: 'convoy', target, dest, destNo: -1, destLoc: dest, convoy: false, route: NO_ROUTE };
}

const NONE: readonly number[] = [];

export class MovementState {
  readonly n: number;
  /** The unit standing in each province. */
  readonly unitAt: ProvinceSlots;
  readonly prov: ProvinceId[];
  /** Each unit's province by number (-1: a code the map does not know). */
  readonly provNo: number[];
  /** The map's province numbering and the tables by number. */
  readonly index: ProvinceIndex;
  readonly norm: Norm[];
  readonly given: (Order | undefined)[];
  readonly illegal: (IllegalReason | undefined)[];
  readonly givenIndex: (number | undefined)[];
  readonly extraResults: OrderResult[] = [];
  /** Per unit, built once the orders are final ({@link buildTables}): the moves into its province. */
  readonly attackers: (readonly number[])[];
  /** Per moving unit: the moves into the same destination (itself included), and the unit standing there (-1: none). */
  readonly rivals: (readonly number[])[];
  readonly destUnit: number[];
  /**
   * Per moving unit: the unit at its destination moving back into its province, neither by convoy
   * (a head-to-head battle, DATC 5.B.1); -1 otherwise. Built with the tables: it depends only on the
   * final normal forms, so the decisions read it instead of working it out at every evaluation.
   */
  readonly headOn: number[];
  /** Valid, matching supports for each unit (move or hold); added with {@link addSupport}. */
  readonly supportsOf: (readonly number[])[];
  /** Valid, matching convoying fleets (province) for each convoyed army. */
  readonly convoyFleets: (Set<ProvinceId> | null | undefined)[];
  /** D.VI(7): fleets of the destination's owner that carry the army only if that unit leaves. */
  readonly reluctantFleets: (Set<ProvinceId> | null | undefined)[];
  /** Convoy orders that name a move nobody made (void: the fleet holds); created on the first. */
  voidConvoys: Set<number> | undefined = undefined;
  /** Some legal order is a convoy or a move by convoy (set by the legality check; else no convoy pass). */
  convoysInPlay = false;
  /** Sea provinces holding a fleet of any nation (filled on first use). */
  seaFleetCache: Set<ProvinceId> | null = null;
  /** Every unit's decision. */
  readonly resolver: DecisionResolver<MovementState>;

  constructor(
    readonly map: GameMap,
    readonly rules: Rules,
    readonly units: readonly Unit[],
    decide: (st: MovementState, i: number) => boolean,
  ) {
    const n = units.length;
    this.n = n;
    this.index = provinceIndex(map);
    this.unitAt = new ProvinceSlots(this.index);
    this.prov = new Array<ProvinceId>(n);
    this.provNo = new Array<number>(n);
    // Every per-unit array filled by one builtin call, not element by element in the interpreter
    // (a cold pass runs this code before V8 optimises it, issue 32).
    this.norm = new Array<Norm>(n).fill(HOLD);
    this.given = new Array<Order | undefined>(n).fill(undefined);
    this.illegal = new Array<IllegalReason | undefined>(n).fill(undefined);
    this.givenIndex = new Array<number | undefined>(n).fill(undefined);
    // No support yet: the shared empty list, replaced by the unit's own on the first (addSupport).
    this.supportsOf = new Array<readonly number[]>(n).fill(NONE);
    // Set only for convoyed armies (rare): read as undefined for every other unit.
    this.convoyFleets = [];
    this.reluctantFleets = [];
    this.attackers = new Array<readonly number[]>(n).fill(NONE);
    this.rivals = new Array<readonly number[]>(n).fill(NONE);
    this.destUnit = new Array<number>(n).fill(-1);
    this.headOn = new Array<number>(n).fill(-1);
    const prov = this.prov, provNo = this.provNo, unitAt = this.unitAt, ids = this.index.ids;
    for (let i = 0; i < n; i++) {
      // By location: one lookup gives the province's number (a coast stands for its province).
      const loc = units[i]!.location;
      const k = unitAt.place(loc, i);
      provNo[i] = k;
      prov[i] = k >= 0 ? ids[k]! : provinceOf(loc);
    }
    this.resolver = new DecisionResolver<MovementState>(n, this, decide, (i) => this.norm[i]!.kind);
  }

  /**
   * The per-phase tables the decisions read, built once the normal forms are final: the moves into
   * each province, per unit the moves that attack it, per move its rivals and the unit at its
   * destination. No string lookups are left in the resolution.
   */
  buildTables(): void {
    // The moves into each province, by province number (a legal move's destination is numbered).
    const n = this.n, norm = this.norm, provNo = this.provNo;
    let movesTo: (number[] | undefined)[] | undefined;
    for (let i = 0; i < n; i++) {
      const o = norm[i]!;
      if (o.kind !== 'move') continue;
      movesTo ??= new Array<number[] | undefined>(this.index.count).fill(undefined);
      const list = movesTo[o.destNo];
      if (list) list.push(i);
      else movesTo[o.destNo] = [i];
    }
    if (movesTo === undefined) return; // nobody moves: every unit keeps NONE and -1
    const attackers = this.attackers, rivals = this.rivals, destUnit = this.destUnit, unitAt = this.unitAt, headOn = this.headOn, prov = this.prov;
    for (let i = 0; i < n; i++) {
      const k = provNo[i]!;
      if (k >= 0) attackers[i] = movesTo[k] ?? NONE;
      const o = norm[i]!;
      if (o.kind !== 'move') continue;
      rivals[i] = movesTo[o.destNo]!;
      const j = unitAt.at(o.destNo);
      destUnit[i] = j;
      if (j >= 0 && !o.convoy) {
        const p = norm[j]!;
        if (p.kind === 'move' && p.dest === prov[i] && !p.convoy) headOn[i] = j;
      }
    }
  }

  /** Support `s` is valid and matches unit `t`'s order. */
  addSupport(t: number, s: number): void {
    const list = this.supportsOf[t]!;
    if (list === NONE) this.supportsOf[t] = [s];
    else (list as number[]).push(s);
  }

  /** Whether unit `i`'s order succeeds (resolving it if needed). */
  resolve(i: number): boolean {
    return this.resolver.resolve(i);
  }
}
