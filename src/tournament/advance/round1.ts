/**
 * Round 1: the team credits (C.6) and advancement to round 2 (C.7).
 */
import type { DiceStream } from '../../dice/index.js';
import type { Power } from '../powers.js';
import { higher, higherList, lower, rankWithTieBreaks, type Criterion, type Ranking } from '../rank/rank-with-tie-breaks.js';
import { placeIn, placesOf, totalsWithBestRemoved, type RoundResult } from './round-result.js';

/** C.6: credits for each player of the top ten teams: 10 for the first team, 9 for the second, … */
export const TEAM_CREDITS: readonly number[] = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

export interface TeamRound1 {
  readonly team: string;
  /** The team's players in round 1: those given its credits. */
  readonly members: readonly string[];
  /** The points credited to the team per position it held (C.14: the full score; B.8(e): 0 when forfeited). */
  readonly scores: readonly number[];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The C.7 criteria after the main one, from (a) to (e). */
function c7TieBreaks(powerTotals: Readonly<Record<Power, number>>, teamPlace: ReadonlyMap<string, number> | undefined): Criterion<RoundResult>[] {
  const out: Criterion<RoundResult>[] = [
    lower('C.7(a)', 'least successful country (great power with the lowest total score across the boards in round 1)', (r) => powerTotals[r.power]),
    higher('C.7(b)', 'highest score without team credits', (r) => r.score),
    higher('C.7(c)', 'highest positional bonus', (r) => r.bonus),
    higherList('C.7(d)', 'count-back (highest centres at the end of 1908, then 1907, …)', (r) => r.countBack),
  ];
  if (teamPlace) out.push(lower('C.7(e)', 'highest ranking team (non-associated players last)', (r) => placeIn(teamPlace, r.team)));
  return out;
}

export interface Round1TeamRanking {
  readonly ranking: Ranking<TeamRound1>;
  /** Each player's credits (C.6); players of teams below tenth have none. */
  readonly credits: Map<string, number>;
  /**
   * The individual order used by C.6(b): C.7 without credits and without C.7(e), which needs this
   * ranking; null when no tie reached C.6(b) (then nothing was ranked and no die rolled).
   */
  readonly individual: Ranking<RoundResult> | null;
}

/**
 * C.6: teams ranked by their total round-1 score; ties broken by (a) the total with the highest
 * individual score removed (then the two highest, …) and (b) the team's highest-ranked player by the
 * C.7 criteria. Our reading of (b): C.7 ranks with team credits, which come from this ranking, so
 * the players are ranked here by score alone, then C.7 (a)–(d) and (f), leaving out (e).
 */
export function rankRound1Teams(teams: readonly TeamRound1[], results: readonly RoundResult[], powerTotals: Readonly<Record<Power, number>>, dice: DiceStream): Round1TeamRanking {
  // Ranked (and its dice rolled) only if some teams are still tied after C.6(a).
  let individual: Ranking<RoundResult> | null = null;
  let place: Map<string, number> | null = null;
  const bestPlayer = (t: TeamRound1) => {
    if (place === null) {
      individual = rankWithTieBreaks(results, (r) => r.player, higher('C.7', 'highest round 1 score', (r) => r.score), c7TieBreaks(powerTotals, undefined), {
        rule: 'C.7(f)',
        dice,
        purpose: 'C.6(b) individual ranking, C.7(f) tie-break',
      });
      place = placesOf(individual);
    }
    const places = place;
    return Math.min(Infinity, ...t.members.map((m) => placeIn(places, m)));
  };
  const ranking = rankWithTieBreaks(teams, (t) => t.team, higher('C.6', 'highest team total score', (t) => sum(t.scores)), [
    higherList('C.6(a)', 'total score with the highest individual score removed (then further scores)', (t) => totalsWithBestRemoved(sum(t.scores), t.scores)),
    lower('C.6(b)', 'highest ranking individual player by the C.7 criteria', bestPlayer),
  ]);
  const credits = new Map<string, number>();
  for (const e of ranking.entries) {
    const credit = TEAM_CREDITS[e.place - 1] ?? 0;
    if (credit > 0) for (const m of e.item.members) credits.set(m, credit);
  }
  return { ranking, credits, individual };
}

export interface Round1Advancement {
  readonly ranking: Ranking<RoundResult & { readonly credits: number }>;
  /** The first `places` players. */
  readonly advancing: readonly string[];
}

/**
 * C.7: players ranked by round-1 score plus team credits; ties broken by (a) least successful
 * country, (b) score without credits, (c) positional bonus, (d) count-back, (e) highest ranking team
 * (C.6; players with no team last), (f) a d100 roll through the dice (recorded in the ranking).
 * `places` = 7 × the second round's boards (B.4).
 */
export function advanceFromRound1(input: {
  readonly results: readonly RoundResult[];
  readonly credits: ReadonlyMap<string, number>;
  readonly teamRanking: Ranking<TeamRound1>;
  readonly powerTotals: Readonly<Record<Power, number>>;
  readonly places: number;
  readonly dice: DiceStream;
}): Round1Advancement {
  const teamPlace = placesOf(input.teamRanking);
  const items = input.results.map((r) => ({ ...r, credits: input.credits.get(r.player) ?? 0 }));
  const ranking = rankWithTieBreaks(items, (r) => r.player, higher('C.7', 'highest round 1 score with team credits', (r) => r.score + r.credits), c7TieBreaks(input.powerTotals, teamPlace), {
    rule: 'C.7(f)',
    dice: input.dice,
    purpose: 'C.7(f) advancement to round 2',
  });
  return { ranking, advancing: ranking.entries.slice(0, input.places).map((e) => e.id) };
}
