/**
 * One game as the TD scores it: each power's centres, bonus and score (C.1–C.5, D.IX(4)) and, for
 * each power whose holders are given, every holder's pro-rated share (C.14). The shape of `mailjudge
 * tournament score` (DESIGN.md "The tournament CLI contracts").
 */
import { POWERS, type Power } from '../powers.js';
import { outcomeWithResult, type GameResult } from './game-result.js';
import { prorate, type SeatPeriod } from './prorate.js';
import { scoreGame, type GameOutcome, type PowerScore } from './score-game.js';

export interface TournamentGame extends GameOutcome {
  readonly id: string;
  /** The round's end year (B.3). */
  readonly endYear: number;
  /** How the game ended by vote (D.IX(3),(4), C.5); absent: played to the end year (or a solo on the board). */
  readonly result?: GameResult;
  /** Who held each power for which seasons; a power left out had one player for the whole game. */
  readonly players?: Partial<Record<Power, readonly SeatPeriod[]>>;
  /** Each power's starting player, when it is not the first period's (a stand-in played the first seasons). */
  readonly starters?: Partial<Record<Power, string>>;
  /**
   * The last season the game played (index, S1901 = 0). Default: the last season any holder's period
   * reaches; the seasons after it are credited to the holder active then (C.14).
   */
  readonly endedAt?: number;
}

export interface ScoredPosition extends PowerScore {
  /** Each holder's pro-rated score, when the game gives the power's holders. */
  readonly players?: Record<string, number>;
}

export interface ScoredGame {
  readonly id: string;
  readonly powers: Record<Power, ScoredPosition>;
}

export function scoreTournamentGame(game: TournamentGame): ScoredGame {
  const scores = scoreGame(outcomeWithResult(game, game.result));
  const all = POWERS.flatMap((p) => game.players?.[p] ?? []);
  const endedAt = game.endedAt ?? (all.length > 0 ? Math.max(...all.map((p) => p.to)) : undefined);
  const powers = Object.fromEntries(
    POWERS.map((p) => {
      const periods = game.players?.[p];
      if (!periods) return [p, scores[p]];
      const starter = game.starters?.[p];
      const shares = prorate(scores[p].score, periods, { endYear: game.endYear, ...(endedAt !== undefined ? { endedAt } : {}), ...(starter !== undefined ? { starter } : {}) });
      return [p, { ...scores[p], players: Object.fromEntries(shares.map((s) => [s.player, s.score])) }];
    }),
  ) as Record<Power, ScoredPosition>;
  return { id: game.id, powers };
}
