/**
 * The vocabulary of board assignment (seed 004, B.5 and B.6): who is to be seated, what was played
 * before, and the seating with the B.6 constraints it breaks. Shapes follow the JSON contract of
 * `mailjudge tournament assign` (DESIGN.md "The tournament CLI contracts").
 */
import type { Power } from '../powers.js';

/** One player to seat this round; `power` is the team's choice, allowed in round 1 only (B.5). */
export interface AssignPlayer {
  readonly id: string;
  /** The player's team; null for a player with no team (then B.6 (a), (b), (e) do not concern them). */
  readonly team: string | null;
  readonly power?: Power;
}

/** One board of an earlier round: who held which power. */
export interface HistoryBoard {
  readonly round: number;
  readonly board: string;
  readonly seats: Readonly<Partial<Record<Power, string>>>;
}

export interface AssignInput {
  readonly round: number;
  /** Rounds 1 and 2 are the team rounds (B.3); B.6(a) applies in them only. */
  readonly teamRound: boolean;
  /** The secret seed of the round's dice (its SHA-256 is published as the commitment). */
  readonly seed: string;
  readonly players: readonly AssignPlayer[];
  readonly history: readonly HistoryBoard[];
}

/** The five B.6 rules, by their letters. */
export type B6Rule = 'B.6(a)' | 'B.6(b)' | 'B.6(c)' | 'B.6(d)' | 'B.6(e)';

/** One broken unit of a B.6 rule: the players concerned and the board where it happens. */
export interface BrokenRule {
  readonly rule: B6Rule;
  readonly players: readonly string[];
  readonly board: string;
  /** (a): the shared power; (c): the power played again. */
  readonly power?: Power;
  /** (a), (b): the players' team; (e): the two teams. */
  readonly teams?: readonly string[];
  /** (a): both players' boards; (e): every board of this round where the two teams meet. */
  readonly boards?: readonly string[];
  /** (c): the earlier rounds with that power; (d): the earlier rounds where the two met. */
  readonly rounds?: readonly number[];
}

export interface AssignedBoard {
  readonly board: string;
  readonly seats: Readonly<Record<Power, string>>;
}

export interface AssignOutput {
  readonly boards: readonly AssignedBoard[];
  readonly broken: readonly BrokenRule[];
  readonly commitment: string;
}
