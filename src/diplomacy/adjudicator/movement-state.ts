/**
 * The working state of one movement adjudication, shared by the modules that make it up: the
 * orders' normal forms (after intake and legality), who moves where, the supports and convoy fleets
 * that match, and the resolver holding every decision. Units are numbered 0..n-1 in position order;
 * each unit has one decision (its order succeeds).
 */
import type { GameMap, Location, Power, ProvinceId } from '../map/types.js';
import { provinceOf } from '../map/types.js';
import type { Order } from '../orders/types.js';
import type { Rules } from '../rules.js';
import type { DislodgedUnit, Unit } from '../state.js';
import type { IllegalReason, OrderResult } from './results.js';
import type { DecisionResolver } from './resolver.js';

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

export interface Move {
  readonly kind: 'move';
  readonly dest: ProvinceId;
  /** Destination location (coast resolved for fleets). */
  readonly destLoc: Location;
  /** Goes by convoy (decided before adjudication: D.VI(2), DATC 4.A.3). */
  readonly convoy: boolean;
  /** The player's route restriction (wm D.VI(3)): these sea provinces, in order. */
  readonly route: readonly ProvinceId[];
}
export interface SupportHold { readonly kind: 'supportHold'; readonly target: number }
export interface SupportMove { readonly kind: 'supportMove'; readonly target: number; readonly dest: ProvinceId; readonly destLoc: Location }
export interface Convoy { readonly kind: 'convoy'; readonly target: number; readonly dest: ProvinceId }
export interface Hold { readonly kind: 'hold' }
/** An order in normal form: what the adjudication works with (an illegal or void order is a hold). */
export type Norm = Move | SupportHold | SupportMove | Convoy | Hold;

export class MovementState {
  readonly n: number;
  readonly unitAt = new Map<ProvinceId, number>();
  readonly prov: ProvinceId[];
  readonly norm: Norm[];
  readonly given: (Order | undefined)[];
  readonly illegal: (IllegalReason | undefined)[];
  readonly givenIndex: (number | undefined)[];
  readonly extraResults: OrderResult[] = [];
  /** Units whose order is a move to each province. */
  readonly movesTo = new Map<ProvinceId, number[]>();
  /** Valid, matching supports for each unit (move or hold). */
  readonly supportsOf: number[][];
  /** Valid, matching convoying fleets (province) for each convoyed army. */
  readonly convoyFleets: (Set<ProvinceId> | null)[];
  /** D.VI(7): fleets of the destination's owner that carry the army only if that unit leaves. */
  readonly reluctantFleets: (Set<ProvinceId> | null)[];
  /** Convoy orders that name a move nobody made (void: the fleet holds). */
  readonly voidConvoys = new Set<number>();
  /** Sea provinces holding a fleet of any nation (filled on first use). */
  seaFleetCache: Set<ProvinceId> | undefined;
  /** Every unit's decision; set by `adjudicateMovement` before anything is resolved. */
  resolver!: DecisionResolver;

  constructor(
    readonly map: GameMap,
    readonly rules: Rules,
    readonly units: readonly Unit[],
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
  }

  /** Whether unit `i`'s order succeeds (resolving it if needed). */
  resolve(i: number): boolean {
    return this.resolver.resolve(i);
  }
}
