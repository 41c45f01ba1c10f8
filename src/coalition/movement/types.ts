/**
 * The movement update's inputs and outputs (chapter 3): the state at the lock, the orders with their
 * receipt time, post and line, and what became of each — new squares, battles, results that say why.
 */
import type { ControlList, Player } from '../armies/control.js';
import type { Army } from '../armies/army.js';
import type { MoveLeg } from '../posts/post.js';
import type { WorldMap } from '../world/map.js';
import type { SquareKey } from '../world/square.js';

/** One order as received: for which army, its text, when, in which message, on which line (3.3.1). */
export interface MovementOrder {
  readonly army: string;
  /** The action, `3D > 5E; replace Darkhand5` (an `Army:` prefix naming the same army is accepted). */
  readonly text: string;
  /** Receipt time (3.1, 3.3.1, 3.2.5.4). */
  readonly at: Date;
  /** The message it came in; orders of one message keep their `line` order (3.3.1). */
  readonly post: string;
  readonly line: number;
  /** The player who sent it; checked against the control list at the lock when the state has one (5.4.2). */
  readonly sender?: string;
  /** A thread post (default) or a PM to the movement judge (3.1's 28-hour window). */
  readonly via?: 'post' | 'pm';
  /** 6.3.2 "After Lock Edit": the Mercenary commander's one change of a Raider's move after the lock. */
  readonly afterLockEdit?: boolean;
}

/** The rest of a long move posted in an earlier turn (3.2.2.3), with its post's priority keys. */
export interface CarriedMove {
  readonly legs: readonly MoveLeg[];
  readonly at: Date;
  readonly post: string;
  readonly line: number;
  readonly text: string;
}

/** Everything the movement update reads. */
export interface MovementState {
  readonly map: WorldMap;
  readonly armies: readonly Army[];
  /** Long moves still to be carried out, by army name. */
  readonly carriedMoves?: Readonly<Record<string, CarriedMove>>;
  /** The movement lock (3.1): later orders are refused; PMs count within 28 hours before it. */
  readonly lock?: Date;
  /** The control list at the lock and the players (5.2.1, 5.4.2); without it no order is refused for control. */
  readonly control?: { readonly list: ControlList; readonly players: readonly Player[] };
}

export type MovementOutcome = 'moved' | 'partial' | 'intercepted' | 'held' | 'rejected';

/** Why an order did what it did; stable codes for the service, `reason` text for people. */
export type MovementReasonCode =
  | 'unknownArmy' | 'unreadable' | 'tooFar' | 'diagonal' | 'afterLock' | 'pmBeforeWindow' | 'notController' | 'twoControllers' | 'superseded'
  | 'wrongOrigin' | 'inBattle' | 'missingEngage' | 'missingReplace' | 'wrongTarget' | 'longStepOccupied'
  | 'rankMayNotJointEngage' | 'jointEngageOnSite' | 'jointEngageCount' | 'jointEngageThirdArmy' | 'jointEngageLimit'
  | 'interceptNotEnemy' | 'transferTarget' | 'transferNotNextTo' | 'transferFromSite' | 'transferReceiverMoved'
  | 'afterLockEdit' | 'friendlyArrivedFirst' | 'interceptedElsewhere' | 'lostInterceptRace' | 'mercenaryGivesWay' | 'intercepted';

export interface MovementResult {
  readonly army: string;
  /** The order as written. */
  readonly order: string;
  readonly post: string;
  readonly line: number;
  readonly outcome: MovementOutcome;
  readonly code: MovementReasonCode | null;
  readonly reason: string | null;
  /** Where the army ended (for the order that counted). */
  readonly to?: SquareKey;
}

export interface Battle {
  readonly square: SquareKey;
  /** Every army in the square, the attacker (if any) first. */
  readonly armies: readonly string[];
  /** 4.1.2.3: the army that moved in on an army standing there; null when all moved in together. */
  readonly attacker: string | null;
  /** 3.2.5: a Joint Engage battle (up to 2 armies a side, 4.4). */
  readonly jointEngage: boolean;
}

/** 3.2.4.3: when the receiving army gets the troops. */
export type TransferTiming = 'now' | 'after-battle' | 'if-wins';

export interface TransferEffect {
  readonly from: string;
  readonly to: string;
  readonly when: TransferTiming;
}

export interface MovementUpdate {
  /** Every army, in the input's order, on its new square. */
  readonly armies: readonly { readonly name: string; readonly from: SquareKey; readonly at: SquareKey }[];
  readonly battles: readonly Battle[];
  readonly results: readonly MovementResult[];
  readonly transfers: readonly TransferEffect[];
  /** Long moves to carry on next turn (3.2.2.3), by army. */
  readonly carriedMoves: Readonly<Record<string, CarriedMove>>;
}
