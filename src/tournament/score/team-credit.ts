/**
 * What a position earns its team (C.14, B.8(e)): the team of the player who started it is credited
 * the position's full score, however many players held it ("The team will be credited the full 66
 * points"); but where the captain or team failed to provide a replacement and a reserve from the pool
 * took the position (B.8(d)), the team loses every point given to the position, and the reserve
 * scores only as an individual (B.8(e)).
 */
import type { SeatPeriod } from './prorate.js';

export interface PositionCredit {
  /** The team of the position's first player, or null when that player has no team. */
  readonly team: string | null;
  /** The points credited to the team. */
  readonly credit: number;
  /** The points the team lost under B.8(e) (0 when none). */
  readonly forfeited: number;
}

/** The team credit of a position scoring `score`, held by `periods` (first the starting player). */
export function positionCredit(score: number, periods: readonly SeatPeriod[], teamOf: (player: string) => string | null): PositionCredit {
  const first = [...periods].sort((a, b) => a.from - b.from)[0];
  const team = first ? teamOf(first.player) : null;
  if (team === null) return { team, credit: 0, forfeited: 0 };
  const forfeit = periods.some((p) => p.reserve === true);
  return forfeit ? { team, credit: 0, forfeited: score } : { team, credit: score, forfeited: 0 };
}
