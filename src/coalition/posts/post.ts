/**
 * Coalition/Phyrexia movement posts as data: one {@link CoalitionPost} per army order line, its
 * action a {@link CoalitionAction} discriminated by `kind` (rules 3.2.1–3.2.5 of the game's rules).
 * Squares are grid locations on the game map; every value here is plain readonly data.
 */

/** Highest row number on the map: "a number from 1 to 38" (1.2). */
export const MAP_COLUMNS = 38;
/** The map's row letters in order: "a letter from A to N" (1.2). */
export const MAP_ROWS = 'ABCDEFGHIJKLMN';
/** Squares an army may move in one turn, N/S and E/W only, no diagonals (3.2.2.1). */
export const MOVE_RANGE = 3;

/** A grid location such as `5E`: row number first, then the column letter, upper case (1.2). */
export interface Square {
  /** 1 to {@link MAP_COLUMNS}. */
  readonly col: number;
  /** One upper-case letter of {@link MAP_ROWS}. */
  readonly row: string;
}

/** The square's text as the rules write it: `5E`. */
export function formatSquare(square: Square): string {
  return `${square.col}${square.row}`;
}

/** Whether two squares are the same grid location. */
export function sameSquare(a: Square, b: Square): boolean {
  return a.col === b.col && a.row === b.row;
}

/** Squares an army walks between two locations moving only N/S and E/W (3.2.2.1). */
export function squareDistance(a: Square, b: Square): number {
  return Math.abs(a.col - b.col) + Math.abs(MAP_ROWS.indexOf(a.row) - MAP_ROWS.indexOf(b.row));
}

/**
 * One turn's worth of a move (3.2.2.3): the square it ends on and, for a routed move (3.2.2.4), the
 * exact squares walked, from the leg's start to `to` inclusive, as the player wrote them in parentheses.
 */
export interface MoveLeg {
  readonly to: Square;
  readonly route?: readonly Square[];
}

/**
 * The army already standing on a move's final square when the move is posted (3.2.2.2, 3.2.2.5):
 * `engage` an enemy army there, or `replace` a friendly army expected to leave it.
 */
export interface DestinationArmy {
  readonly kind: 'engage' | 'replace';
  readonly army: string;
}

/** `Sai Rei: 5E > 8E > 11E; replace Darkhand5`: a move of one leg per turn (3.2.2, 3.2.2.3). */
export interface CoalitionMove {
  readonly kind: 'move';
  /** The army's current grid location, which the format requires (3.2.2.5). */
  readonly from: Square;
  /** At least one leg; more than one is a long distance move carried out over several turns (3.2.2.3). */
  readonly legs: readonly [MoveLeg, ...MoveLeg[]];
  readonly destinationArmy?: DestinationArmy;
}

/**
 * `Sai Rei: 5E > 6E; Joint Engage`: a one-turn move posted like a movement with "Joint Engage" in
 * place of engage/replace (3.2.5.1). It names the square, not an army; `to` equals `from` when the
 * army joint-engages on its own square.
 */
export interface CoalitionJointEngage {
  readonly kind: 'jointEngage';
  readonly from: Square;
  readonly to: Square;
  readonly route?: readonly Square[];
}

/** `Darkhand5: Intercept Sai Rei`: stop that army if it moves over this one (3.2.3.1). */
export interface CoalitionIntercept {
  readonly kind: 'intercept';
  readonly army: string;
}

/**
 * `Sai Rei: Transfer to Darkhand5 at 6F`: troops go to an adjacent friendly army standing at `at`
 * (3.2.4.2); which troops is e-mailed to the movement judge, not posted.
 */
export interface CoalitionTransfer {
  readonly kind: 'transfer';
  readonly army: string;
  readonly at: Square;
}

/** `Sai Rei: hold` (optionally `hold at 5E`): the optional post ordering an army not to move (3.2.1). */
export interface CoalitionHold {
  readonly kind: 'hold';
  readonly at?: Square;
}

/**
 * `Sai Rei: in battle` (optionally `in battle with Gix`): the optional post saying the army cannot
 * move because it is fighting (3.2.1).
 */
export interface CoalitionInBattle {
  readonly kind: 'inBattle';
  readonly opponent?: string;
}

/** What one army is ordered to do this turn (3.2.1: one action per army per turn). */
export type CoalitionAction =
  | CoalitionMove
  | CoalitionJointEngage
  | CoalitionIntercept
  | CoalitionTransfer
  | CoalitionHold
  | CoalitionInBattle;

/** One army's order in a movement post: the line it is on (1-based), the army, the line as written. */
export interface CoalitionPost {
  readonly line: number;
  /** The army ordered, as written (inner whitespace collapsed), or the poster's name when left off (3.2.2.5). */
  readonly army: string;
  /** The whole line as the player wrote it, trimmed. */
  readonly written: string;
  readonly action: CoalitionAction;
}
