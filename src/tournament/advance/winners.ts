/**
 * The individual winner (C.11) and the team winner (C.12).
 */
import { higher, higherList, lower, rankWithTieBreaks, type Ranking } from '../rank/rank-with-tie-breaks.js';
import { placeIn, totalsWithBestRemoved, type RoundResult } from './round-result.js';

/**
 * C.11: the final ranked by supply centres at the end of the final game (as scored: a solo counts
 * 34 and the others 0, C.4); ties by (a) count-back (1914, 1913, …) and (b) the semi-final ranking
 * by C.9 (`semiFinalPlace`: `qualifyFromSemiFinal(...).overall`). The winner is the first entry.
 */
export function rankFinal(results: readonly RoundResult[], semiFinalPlace: ReadonlyMap<string, number>): Ranking<RoundResult> {
  return rankWithTieBreaks(results, (r) => r.player, higher('C.11', 'highest number of supply centres at the end of the final game', (r) => r.centres), [
    higherList('C.11(a)', 'count-back (highest centres at the end of 1914, then 1913, …)', (r) => r.countBack),
    lower('C.11(b)', 'highest ranking by the semi-final criteria of C.9', (r) => placeIn(semiFinalPlace, r.player)),
  ]);
}

export interface TeamTotals {
  readonly team: string;
  /**
   * The team's credit for each position it held in round 1: the position's full score (C.14), or 0
   * where the points were forfeited (B.8(e)) — the deduction C.12 asks for is made here.
   */
  readonly round1: readonly number[];
  /** The same for round 2. */
  readonly round2: readonly number[];
  /** How many of its players advanced to round 2 (C.12(a)). */
  readonly advanced: number;
  /** Its place in the round-1 team ranking (C.6; C.12(d)). */
  readonly round1Place: number;
}

/** A team's C.12 total: all its players' points of rounds 1 and 2, forfeited points (B.8) deducted (at 0). */
export function teamTotal(t: TeamTotals): number {
  return [...t.round1, ...t.round2].reduce((a, b) => a + b, 0);
}

/**
 * C.12: teams ranked by their total; ties by (a) players advanced to round 2, (b) the total with the
 * highest individual round-2 score removed (then further scores), (c) the same with round-1 scores,
 * (d) the round-1 team ranking. The winner is the first entry.
 */
export function rankTeams(teams: readonly TeamTotals[]): Ranking<TeamTotals> {
  return rankWithTieBreaks(teams, (t) => t.team, higher('C.12', 'highest total points of rounds 1 and 2 less forfeited points', teamTotal), [
    higher('C.12(a)', 'highest number of players who advanced to the second round', (t) => t.advanced),
    higherList('C.12(b)', 'total score with the highest individual round two score removed (then further scores)', (t) => totalsWithBestRemoved(teamTotal(t), t.round2)),
    higherList('C.12(c)', 'total score with the highest individual round one score removed (then further scores)', (t) => totalsWithBestRemoved(teamTotal(t), t.round1)),
    lower('C.12(d)', 'highest ranking team at the end of round one', (t) => t.round1Place),
  ]);
}
