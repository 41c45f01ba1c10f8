/**
 * Orders as data. Every order names the unit it is for by its location (and optionally the unit type
 * the player wrote, which D.IV(1) says never invalidates an order). Discriminated by `kind`.
 */
import type { Location, Power, ProvinceId, UnitKind } from '../map/types.js';

/** The unit an order is for, as the player wrote it: the type may be missing or wrong (D.IV(1)). */
export interface UnitRef {
  readonly kind?: UnitKind;
  readonly location: Location;
  /** Nationality the player wrote for a supported/convoyed unit, if any (D.IV(2): never invalidates). */
  readonly power?: Power;
}

export interface HoldOrder { readonly kind: 'hold'; readonly unit: UnitRef }
export interface MoveOrder {
  readonly kind: 'move';
  readonly unit: UnitRef;
  /** Destination; the coast is present only where the player wrote one. */
  readonly to: Location;
  /** `VIA` / "by convoy" written (D.VI(2)). */
  readonly viaConvoy: boolean;
  /** A convoy route the player specified, as the sea provinces in order (D.VI(3)); empty if none. */
  readonly route: readonly ProvinceId[];
}
export interface SupportHoldOrder { readonly kind: 'supportHold'; readonly unit: UnitRef; readonly target: UnitRef }
export interface SupportMoveOrder {
  readonly kind: 'supportMove';
  readonly unit: UnitRef;
  readonly target: UnitRef;
  readonly to: Location;
}
export interface ConvoyOrder {
  readonly kind: 'convoy';
  readonly unit: UnitRef;
  readonly target: UnitRef;
  readonly to: Location;
}
export interface RetreatOrder { readonly kind: 'retreat'; readonly unit: UnitRef; readonly to: Location }
export interface DisbandOrder { readonly kind: 'disband'; readonly unit: UnitRef }
/** A build; `unitKind` is missing when the player omitted it (D.V(1)). */
export interface BuildOrder { readonly kind: 'build'; readonly unitKind?: UnitKind; readonly location: Location }
export interface WaiveOrder { readonly kind: 'waive' }

export type Order =
  | HoldOrder
  | MoveOrder
  | SupportHoldOrder
  | SupportMoveOrder
  | ConvoyOrder
  | RetreatOrder
  | DisbandOrder
  | BuildOrder
  | WaiveOrder;

export type OrderKind = Order['kind'];
