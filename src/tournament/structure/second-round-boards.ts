/**
 * B.1, B.3, B.4: the four rounds, their end years and the size of the second round.
 */

/** B.1, B.3: round → the year whose Fall ends it (team rounds 1909, semi-final 1912, final 1915). */
export const ROUND_END_YEARS: Readonly<Record<1 | 2 | 3 | 4, number>> = { 1: 1909, 2: 1909, 3: 1912, 4: 1915 };

/** B.4: the second round's usual size, and its limits. */
export const ROUND2_BOARDS = 28;
export const ROUND2_MAX_BOARDS = 49;
export const MAX_TEAMS_BEFORE_LIMIT = 147;
export const MIN_TEAMS_FOR_TEAM_ROUND2 = 42;
/** C.9: one finalist per semi-final board, seven on the final masters board. */
export const SEMI_FINAL_BOARDS = 7;

export interface SecondRound {
  /** Round 1's boards: one per team (seven players each). */
  readonly round1Boards: number;
  readonly round2Boards: number;
  /** False when fewer than 42 teams entered: round 2 is then the semi-final and not a team round (B.4). */
  readonly teamRound: boolean;
  /** Which clause of B.4 set the size. */
  readonly reason: 'twenty-eight' | 'at most one half' | 'at least one third' | 'limit of 49 boards' | 'becomes the semi-final';
}

/**
 * B.4: 28 boards, unless that is more than one half of round 1 (then one half, rounded down) or less
 * than one third (then one third, rounded up); more than 147 teams: at most 49 boards; fewer than 42
 * teams: round 2 becomes the semi-final, which has seven boards (C.9: one finalist per board for a
 * seven-player final; with fewer than seven teams, as many boards as teams).
 */
export function secondRoundBoards(teams: number): SecondRound {
  if (!Number.isInteger(teams) || teams < 1) throw new RangeError(`B.4: the number of teams must be a positive whole number, not ${teams}`);
  const round1Boards = teams;
  if (teams < MIN_TEAMS_FOR_TEAM_ROUND2) return { round1Boards, round2Boards: Math.min(SEMI_FINAL_BOARDS, teams), teamRound: false, reason: 'becomes the semi-final' };
  // Compare 28/teams with 1/2 and 1/3 in whole numbers: 28 × 2 > teams, 28 × 3 < teams.
  if (ROUND2_BOARDS * 2 > teams) return { round1Boards, round2Boards: Math.floor(teams / 2), teamRound: true, reason: 'at most one half' };
  if (ROUND2_BOARDS * 3 < teams) {
    const third = Math.ceil(teams / 3);
    if (teams > MAX_TEAMS_BEFORE_LIMIT && third > ROUND2_MAX_BOARDS) return { round1Boards, round2Boards: ROUND2_MAX_BOARDS, teamRound: true, reason: 'limit of 49 boards' };
    return { round1Boards, round2Boards: third, teamRound: true, reason: 'at least one third' };
  }
  return { round1Boards, round2Boards: ROUND2_BOARDS, teamRound: true, reason: 'twenty-eight' };
}
