/**
 * A round's games, as their records hold them, turned into what the advancement rules take: each
 * game scored (C.1–C.5), each holder's pro-rated share (C.14), each team's credit and forfeits
 * (C.14, B.8(e)), each player's result in their counting game (C.15), and the power totals behind
 * "least successful country". Nothing is typed in twice: the counts come from the game's year-by-year
 * record and its ending.
 */
import { POWERS, type Power } from '../powers.js';
import { countBack, outcomeOf, type GameHistory } from '../score/centres-by-year.js';
import { countingGames, type Participation } from '../score/counting-game.js';
import { prorate, type SeatPeriod } from '../score/prorate.js';
import { scoreTournamentGame, type ScoredGame } from '../score/score-tournament-game.js';
import { positionCredit } from '../score/team-credit.js';
import type { CountryResult } from './country-trophies.js';
import { powerTotals, type RoundResult } from './round-result.js';

/** A holder of a position: the period, whether they held it as a permanent player, and since when. */
export interface HeldSeat extends SeatPeriod {
  /** The initial player or a permanent replacement (B.7); a reserve from the pool is permanent (B.8(e)). */
  readonly permanent: boolean;
  /** When they became permanent (or took over), sortable: ISO 8601 instants. */
  readonly since: string;
}

export interface RoundGame {
  readonly id: string;
  readonly history: GameHistory;
  /** Every power's holders, the starting player first. */
  readonly seats: Readonly<Record<Power, readonly HeldSeat[]>>;
  /** The last season played (index, S1901 = 0); default: the last season any holder reaches. */
  readonly endedAt?: number;
  /**
   * Each power's starting player (seated there at the start, B.5), when the first season's holder is
   * someone else (a stand-in for S1901) or the starter never played (replaced before S1901 was
   * adjudicated): the team credited the position is theirs (C.14).
   */
  readonly starters?: Partial<Record<Power, string>>;
}

export interface TeamRoundTotal {
  readonly team: string;
  /** The team's credit for each position it started: the full score (C.14), 0 where forfeited (B.8(e)). */
  readonly scores: readonly number[];
  /** Points lost under B.8(e). */
  readonly forfeited: number;
  /** The team's players who held a position permanently in the round. */
  readonly members: readonly string[];
}

export interface ScoredRound {
  readonly games: readonly ScoredGame[];
  /** Each permanent player's result in their counting game (C.15), by player. */
  readonly results: ReadonlyMap<string, RoundResult>;
  readonly powerTotals: Record<Power, number>;
  readonly teams: readonly TeamRoundTotal[];
}

/** Score a round's games and derive every player's counting result and every team's total. */
export function scoreRound(games: readonly RoundGame[], teamOf: (player: string) => string | null): ScoredRound {
  const scored: ScoredGame[] = [];
  const participations: (Participation & { power: Power; share: number; reserve: boolean })[] = [];
  const teams = new Map<string, { scores: number[]; forfeited: number; members: Set<string> }>();
  for (const g of games) {
    const outcome = outcomeOf(g.history);
    // A holder who is not permanent is a stand-in (B.7): pro-rated, and not the position's player of record (C.14).
    const periods = Object.fromEntries(POWERS.map((p) => [p, g.seats[p].map((s) => ({ ...s, temporary: s.temporary ?? !s.permanent }))])) as Record<Power, HeldSeat[]>;
    const game = scoreTournamentGame({ id: g.id, endYear: g.history.endYear, ...outcome, players: periods, ...(g.endedAt !== undefined ? { endedAt: g.endedAt } : {}), ...(g.starters ? { starters: g.starters } : {}) });
    scored.push(game);
    const all = POWERS.flatMap((p) => g.seats[p]);
    const endedAt = g.endedAt ?? Math.max(...all.map((s) => s.to));
    for (const power of POWERS) {
      const seats = periods[power];
      const score = game.powers[power].score;
      const starter = g.starters?.[power];
      const shares = new Map(prorate(score, seats, { endYear: g.history.endYear, endedAt, ...(starter !== undefined ? { starter } : {}) }).map((s) => [s.player, s.score]));
      // B.8(e): a reserve from the pool plays as a permanent replacement, for himself only.
      for (const s of seats) {
        const reserve = s.reserve === true;
        participations.push({ player: s.player, game: g.id, power, permanent: s.permanent || reserve, since: s.since, share: shares.get(s.player) ?? 0, reserve });
      }
      const credit = positionCredit(score, seats, teamOf, starter);
      if (credit.team !== null) {
        const t = teams.get(credit.team) ?? { scores: [], forfeited: 0, members: new Set<string>() };
        t.scores.push(credit.credit);
        t.forfeited += credit.forfeited;
        teams.set(credit.team, t);
      }
      for (const s of seats) {
        const team = teamOf(s.player);
        if (s.permanent && team !== null && !s.reserve) {
          const t = teams.get(team) ?? { scores: [], forfeited: 0, members: new Set<string>() };
          t.members.add(s.player);
          teams.set(team, t);
        }
      }
    }
  }
  const byGame = new Map(games.map((g) => [g.id, g]));
  const scoredById = new Map(scored.map((g) => [g.id, g]));
  const results = new Map<string, RoundResult>();
  for (const [player, p] of countingGames(participations)) {
    const position = scoredById.get(p.game)!.powers[p.power];
    results.set(player, {
      player,
      team: p.reserve ? null : teamOf(player),
      game: p.game,
      power: p.power,
      score: p.share,
      bonus: position.bonus,
      centres: position.centres,
      countBack: countBack(byGame.get(p.game)!.history, p.power),
    });
  }
  return {
    games: scored,
    results,
    powerTotals: powerTotals(scored),
    teams: [...teams].map(([team, t]) => ({ team, scores: t.scores, forfeited: t.forfeited, members: [...t.members] })),
  };
}

/** Every holder's result with their power in a round's games: the input of the best country trophies (C.13). */
export function countryResultsOf(round: number, games: readonly RoundGame[], scored: ScoredRound): CountryResult[] {
  const byId = new Map(scored.games.map((g) => [g.id, g]));
  return games.flatMap((g) =>
    POWERS.flatMap((power) =>
      Object.entries(byId.get(g.id)!.powers[power].players ?? {}).map(([player, score]) => ({ player, power, round, game: g.id, score, countBack: countBack(g.history, power) })),
    ),
  );
}
