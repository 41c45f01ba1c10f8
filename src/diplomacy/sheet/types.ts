/**
 * An order sheet: what the judge understood from one message body. Pure data, built by
 * {@link parseOrderSheet}; every problem is a {@link SheetIssue}, never an exception.
 */
import type { GameMap, GameState, Order, ParseOrderIssueCode, Power, ProvinceId, Rules } from '../index.js';
import type { SheetIssue } from '../../rules/sheet-issue.js';

export type SheetIssueCode =
  // The single-order grammar (src/diplomacy/orders/parse-order.ts).
  | ParseOrderIssueCode
  // Orders against the position (the engine's own legality check).
  | 'noUnit'
  | 'notYourUnit'
  | 'wrongPhase'
  | 'impossibleMove'
  | 'impossibleSupport'
  | 'ambiguousCoast'
  | 'notDislodged'
  | 'cannotRetreat'
  | 'replacedOrder'
  | 'conditionalInMovement'
  | 'noOptionPossible'
  // A misspelt province name read as the one full name it is one letter away from (a warning).
  | 'misspelledProvince'
  // Adjustments (D.V).
  | 'cannotBuild'
  | 'noBuildType'
  | 'fleetCannotBuild'
  | 'excessBuild'
  | 'duplicateBuild'
  | 'excessDisband'
  // Commands, press, votes.
  | 'perpetualRefused'
  /** `ORDERS GERMANY`: another power's orders are shown only with the results. */
  | 'othersOrdersRefused'
  | 'abbreviationListRefused'
  | 'badAbbreviation'
  | 'blackPress'
  | 'unterminatedPress'
  | 'badVote'
  // Limits.
  | 'lineTooLong'
  | 'tooManyLines'
  | 'tooManyOrders';

export type OrderSheetIssue = SheetIssue<SheetIssueCode>;

/** What the sheet parser needs to know about the game and the sender. */
export interface SheetContext {
  /** The position and phase the orders are for. */
  readonly state: GameState;
  /** The sender's power. */
  readonly power: Power;
  /** The message's subject, read for the Final mark (D.II(1)). */
  readonly subject?: string;
  readonly map?: GameMap;
  readonly rules?: Rules;
  /** The tournament's official abbreviation list (normalised name → province); defaults to ours. */
  readonly officialAbbreviations?: ReadonlyMap<string, ProvinceId>;
  /** The player's own registered abbreviations, as agreed with the GM (D.III(1)). */
  readonly playerAbbreviations?: ReadonlyMap<string, ProvinceId>;
  /** D.III(1): an abbreviation list may be registered with this set (the outset, or a replacement's first set). */
  readonly mayRegisterAbbreviations?: boolean;
}

/** One order the judge will act on. */
export interface SheetOrder {
  readonly line: number;
  /** The line as the player wrote it. */
  readonly written: string;
  /** The order as understood, in canonical notation (`A PAR - BUR`). */
  readonly text: string;
  readonly order: Order;
}

export type PressKind = 'white' | 'gray' | 'darkGray' | 'black';

export interface PressItem {
  readonly line: number;
  readonly kind: PressKind;
  /** `all`, or the powers it is addressed to. */
  readonly to: 'all' | readonly Power[];
  /** Dark-gray press: the unofficial attribution the author chose; black press: who it claims to be from. */
  readonly attribution?: string;
  readonly text: string;
}

export type Proposal =
  | { readonly kind: 'draw'; readonly powers: readonly Power[] }
  | { readonly kind: 'concession'; readonly power: Power }
  | { readonly kind: 'houseRule'; readonly text: string }
  /** `VOTE YES` with no proposal named: the one pending. */
  | { readonly kind: 'pending' };

export interface VoteItem {
  readonly line: number;
  readonly written: string;
  /** `propose` puts a proposal up; `vote` casts a vote on one. */
  readonly kind: 'propose' | 'vote';
  readonly proposal: Proposal;
  readonly vote?: 'yes' | 'no';
}

/** `web`: a one-time sign-in link to the read-only web view (issue 31). */
export type RequestKind = 'extension' | 'perpetual' | 'othersOrders' | 'abbreviations' | 'status' | 'help' | 'web' | 'otherAddress' | 'maps' | PlayerLookup;

/** MAPS (issue 29): which map pictures come with the reader's results in this game. */
export type MapsChoice = 'both' | 'wide' | 'phone' | 'none';

/**
 * The njudge-style questions a player may ask by email (issue #15), answered to the asker only and
 * never changing a set (D.III(3)): the position now, a past phase or the list of phases, the centre
 * counts per year and who played what, the set the judge holds for the asker, the deadline.
 */
export type PlayerLookup = 'position' | 'history' | 'summary' | 'orders' | 'deadline' | 'map' | 'standings';

export interface RequestItem {
  readonly line: number;
  readonly kind: RequestKind;
  readonly written: string;
  /** Extension: the length asked for, in hours, when the player named one. */
  readonly hours?: number;
  /** History: the phase asked for (`S1901M`), absent for the list of phases. */
  readonly phase?: string;
  /** Abbreviations: the list as read (normalised abbreviation → province). */
  readonly abbreviations?: Readonly<Record<string, ProvinceId>>;
  /** OTHER ADDRESS (issue 27): the address given, `null` for NONE, `''` when none could be read. */
  readonly address?: string | null;
  /** MAPS (issue 29): the pictures chosen; absent when the line named none of the four. */
  readonly maps?: MapsChoice;
}

/** How each line of the sheet was read, for the "as understood" reply (D.VIII(4)). */
export interface SheetLine {
  readonly line: number;
  readonly written: string;
  readonly kind: 'order' | 'replaced' | 'notUsed' | 'issue' | 'press' | 'vote' | 'request' | 'mark' | 'declaration' | 'text';
  /**
   * The canonical order, or a short note of what the line was taken to be. For `text` (set aside,
   * never used): `question`, `conversation`, `comment`, `too long`, or the provinces it names.
   */
  readonly understood?: string;
}

export interface OrderSheet {
  /** D.II(1): preliminary unless marked Final. */
  readonly final: boolean;
  /** Where the Final/preliminary mark was found (0 = the subject). */
  readonly markLine?: number;
  /**
   * Whether this message is an order set, so that it replaces the sender's earlier set (D.III(3)): it
   * holds at least one order the judge understood for the sender's own units (used or not: a build too
   * many is still the player's set), or it says so (`HOLD ALL`, `NO ORDERS`). A question, press, a vote,
   * a refused order for another power's units (D.II(3)) or lines not understood leave the standing set
   * as it is, and so does a Final mark with no order.
   */
  readonly isSet: boolean;
  /** `HOLD ALL` / `NO ORDERS`, when the message said it is a set without naming orders. */
  readonly declaration?: 'holdAll' | 'noOrders';
  /** The orders the judge will act on, one per unit, in sheet order. */
  readonly orders: readonly SheetOrder[];
  /** The sender's units with no order in this sheet (they hold; D.III(4)), canonical (`F BRE`). */
  readonly unordered: readonly string[];
  readonly press: readonly PressItem[];
  readonly votes: readonly VoteItem[];
  readonly requests: readonly RequestItem[];
  readonly issues: readonly OrderSheetIssue[];
  readonly lines: readonly SheetLine[];
}
