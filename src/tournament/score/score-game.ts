/**
 * A finished game's score per power (C.1–C.4): the positional bonus plus the centre count, eliminated
 * powers zero, and a solo counted as 34 centres with everyone else eliminated (C.4).
 */
import { POWERS, type Power } from '../powers.js';
import { positionalBonuses } from './positional-bonus.js';

/** C.4: a solo is scored as this many centres. */
export const SOLO_CENTRES = 34;
/** C.4: a solo is 18 centres or more. */
export const SOLO_THRESHOLD = 18;

/** What scoring needs of a game: its final (or, B.3, current) centre counts and the solo, if any. */
export interface GameOutcome {
  readonly centres: Readonly<Record<Power, number>>;
  /** The power with the solo (reached 18 on the board, or conceded by vote, C.5), or null. */
  readonly solo: Power | null;
}

export interface PowerScore {
  /** The centres scored: the count, or 34 for a solo and 0 for everyone else (C.4). */
  readonly centres: number;
  /** C.2 and C.3. */
  readonly bonus: number;
  /** centres + bonus (C.1). */
  readonly score: number;
}

/** The centre counts scoring uses: C.4 replaces them with 34 for the solo and 0 for the rest. */
export function scoredCentres(outcome: GameOutcome): Record<Power, number> {
  const solo = soloOf(outcome);
  return Object.fromEntries(POWERS.map((p) => [p, solo === null ? outcome.centres[p] : p === solo ? SOLO_CENTRES : 0])) as Record<Power, number>;
}

/** The solo power: the one named, else (C.4) any power at 18 centres or more. */
export function soloOf(outcome: GameOutcome): Power | null {
  if (outcome.solo !== null) return outcome.solo;
  return POWERS.find((p) => outcome.centres[p] >= SOLO_THRESHOLD) ?? null;
}

/** Score every power of a game (C.1–C.4). */
export function scoreGame(outcome: GameOutcome): Record<Power, PowerScore> {
  const centres = scoredCentres(outcome);
  const bonus = positionalBonuses(centres);
  return Object.fromEntries(
    POWERS.map((p) => [p, { centres: centres[p], bonus: centres[p] > 0 ? bonus[p] : 0, score: centres[p] > 0 ? centres[p] + bonus[p] : 0 }]),
  ) as Record<Power, PowerScore>;
}
