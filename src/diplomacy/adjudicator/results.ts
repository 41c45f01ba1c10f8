/**
 * Results as data that say why. One {@link OrderResult} per order given (and per unordered unit,
 * as the hold it is taken to be), in the canonical notation of the order as understood.
 */
import type { Power, ProvinceId } from '../map/types.js';

export type Outcome =
  | 'held'
  | 'moved'
  | 'bounced'
  | 'dislodged'
  | 'noConvoy'
  | 'supported'
  | 'cut'
  | 'void'
  | 'convoyed'
  | 'disrupted'
  | 'retreated'
  | 'disbanded'
  | 'built'
  | 'waived'
  | 'illegal'
  | 'superseded';

export type IllegalReason =
  | 'noUnit'
  | 'foreignUnit'
  | 'wrongPhase'
  | 'notAdjacent'
  | 'ownProvince'
  | 'armyToSea'
  | 'fleetToLand'
  | 'ambiguousCoast'
  | 'badCoast'
  | 'cannotReachSupportDestination'
  | 'noUnitToSupport'
  | 'supportOwnProvince'
  | 'fleetNotAtSea'
  | 'onlyArmiesConvoyed'
  | 'noConvoyRoute'
  | 'badRoute'
  | 'notDislodged'
  | 'retreatNotAllowed'
  | 'notHomeCenter'
  | 'centerNotOwned'
  | 'centerOccupied'
  | 'noUnitKind'
  | 'fleetCannotStand'
  | 'noBuildsAllowed'
  | 'noRemovalsRequired'
  | 'tooMany';

export interface OrderResult {
  readonly power: Power;
  /** The order as understood, canonical (`A PAR - BUR`); an unparsed order as the player wrote it. */
  readonly order: string;
  readonly outcome: Outcome;
  /** Why an order was illegal, or why a disband happened (`civilDisorder`, `retreatCollision`, `noRetreat`, `unordered`). */
  readonly reason?: IllegalReason | 'civilDisorder' | 'retreatCollision' | 'noRetreat' | 'unordered' | 'paradox';
  /** Who: the province of the unit that cut a support or dislodged this unit. */
  readonly by?: ProvinceId;
  /** Who a move bounced with, or the units whose retreats collided (provinces they came from). */
  readonly with?: readonly ProvinceId[];
  /** Position of the order in the submitted list this result is for; absent for implicit holds and rule-made disbands. */
  readonly index?: number;
  /** Set on any unit dislodged this phase: the province the attacker came from. */
  readonly dislodgedBy?: ProvinceId;
}
