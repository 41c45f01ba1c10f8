/**
 * What a position earns its team (C.14, B.8(e)): the team of the position's starting player (the one
 * the team's sign-up or the draw seated there, B.5) is credited the position's full score, however
 * many players held it and wherever they came from — "The team will be credited the full 66 points"
 * — so a stand-in or the captain's own replacement from outside the team costs the team nothing.
 * Only "where a captain or team fail to provide a replacement" and a reserve from the pool took the
 * position (B.8(d)) does the team "lose any points given to the position", the reserve scoring only
 * as an individual (B.8(e)).
 */
import { starterOf, type SeatPeriod } from './prorate.js';

export interface PositionCredit {
  /** The team of the position's starting player, or null when that player has no team. */
  readonly team: string | null;
  /** The points credited to the team. */
  readonly credit: number;
  /** The points the team lost under B.8(e) (0 when none). */
  readonly forfeited: number;
}

/**
 * The team credit of a position scoring `score`, held by `periods`; `starter` is the position's
 * starting player (default: the first period that is not a stand-in's).
 */
export function positionCredit(score: number, periods: readonly SeatPeriod[], teamOf: (player: string) => string | null, starter?: string): PositionCredit {
  const first = starterOf(periods, starter);
  const team = first !== undefined ? teamOf(first) : null;
  if (team === null) return { team, credit: 0, forfeited: 0 };
  const forfeit = periods.some((p) => p.reserve === true);
  return forfeit ? { team, credit: 0, forfeited: score } : { team, credit: score, forfeited: 0 };
}
