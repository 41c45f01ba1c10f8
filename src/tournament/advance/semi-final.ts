/**
 * The semi-final: the board winners who go to the final (C.9), and who takes the place of a qualifier
 * who declines it (C.10).
 */
import type { Power } from '../powers.js';
import { higher, higherList, lower, rankWithTieBreaks, type Criterion, type Ranking } from '../rank/rank-with-tie-breaks.js';
import { placeIn, placesOf, type RoundResult } from './round-result.js';

/**
 * The ranking C.9(c) falls back on: C.8's (round 2) when there was a second team round; with fewer
 * than 42 teams "the second round will become the semi-final" (B.4), there is no C.8 ranking, and the
 * one ranking before the semi-final is round 1's by C.7.
 */
export type EarlierRanking = 'C.8' | 'C.7';

/** What C.9(c) says it applied, for the tie-break records. */
export function c9cCriterion(earlier: EarlierRanking): string {
  return earlier === 'C.8'
    ? 'highest ranking by the round 2 criteria of C.8'
    : 'highest round 1 ranking by the criteria of C.7 (fewer than 42 teams: no second team round and so no C.8 ranking, B.4)';
}

function c9TieBreaks(powerTotals: Readonly<Record<Power, number>>, earlierPlace: ReadonlyMap<string, number>, earlier: EarlierRanking): Criterion<RoundResult>[] {
  return [
    lower('C.9(a)', 'least successful country (great power with the lowest total score across the boards in the semi-final)', (r) => powerTotals[r.power]),
    higherList('C.9(b)', 'count-back (highest centres at the end of 1911, then 1910, …)', (r) => r.countBack),
    lower('C.9(c)', c9cCriterion(earlier), (r) => placeIn(earlierPlace, r.player)),
  ];
}

export interface SemiFinalQualifiers {
  /** Each board's ranking (its winner first), by game id. */
  readonly boards: ReadonlyMap<string, Ranking<RoundResult>>;
  /** Every semi-finalist by the same criteria across the boards: "the semi-final criterion set out in rule C9" (C.10(b), C.11(b)). */
  readonly overall: Ranking<RoundResult>;
  /** The highest scorer of each board, in game-id order. */
  readonly qualifiers: readonly string[];
}

/**
 * C.9: the highest scorer of each semi-final board qualifies; ties broken by (a) least successful
 * country across the semi-final boards, (b) count-back, (c) the earlier ranking (`earlierPlace`):
 * C.8's, or C.7's when there was no second team round (`earlier`, B.4).
 */
export function qualifyFromSemiFinal(input: {
  readonly results: readonly RoundResult[];
  readonly powerTotals: Readonly<Record<Power, number>>;
  /** Each player's place in the ranking named by `earlier`. */
  readonly earlierPlace: ReadonlyMap<string, number>;
  readonly earlier: EarlierRanking;
}): SemiFinalQualifiers {
  const main = higher<RoundResult>('C.9', 'highest semi-final score', (r) => r.score);
  const tieBreaks = c9TieBreaks(input.powerTotals, input.earlierPlace, input.earlier);
  const games = [...new Set(input.results.map((r) => r.game))].sort();
  const boards = new Map(games.map((g) => [g, rankWithTieBreaks(input.results.filter((r) => r.game === g), (r) => r.player, main, tieBreaks)]));
  return {
    boards,
    overall: rankWithTieBreaks(input.results, (r) => r.player, main, tieBreaks),
    qualifiers: games.map((g) => boards.get(g)!.entries[0]!.id),
  };
}

export interface FinalLineUp {
  /** The qualifiers with each one who declined replaced. */
  readonly finalists: readonly string[];
  /** Who replaced whom, and the ranking the replacement was chosen by. */
  readonly replacements: readonly { readonly declined: string; readonly by: string; readonly ranking: Ranking<RoundResult> }[];
}

/**
 * C.10: a qualifier who declines the final is replaced by the otherwise non-qualifying player with the
 * highest round-3 positional bonus; ties by (a) round-3 score, (b) the C.9 ranking across the
 * semi-final (`semi.overall`). Several decliners are replaced in the order of `declined`.
 */
export function replaceDecliners(semi: SemiFinalQualifiers, declined: readonly string[]): FinalLineUp {
  const c9Place = placesOf(semi.overall);
  const results = semi.overall.entries.map((e) => e.item);
  const finalists = [...semi.qualifiers];
  const out: { declined: string; by: string; ranking: Ranking<RoundResult> }[] = [];
  const excluded = new Set([...semi.qualifiers, ...declined]);
  for (const who of declined) {
    const at = finalists.indexOf(who);
    if (at < 0) continue;
    const candidates = results.filter((r) => !excluded.has(r.player));
    if (candidates.length === 0) break;
    const ranking = rankWithTieBreaks(candidates, (r) => r.player, higher('C.10', 'highest overall round 3 positional bonus', (r) => r.bonus), [
      higher('C.10(a)', 'highest overall round 3 score', (r) => r.score),
      lower('C.10(b)', 'highest ranking by the round 3 criteria of C.9', (r) => placeIn(c9Place, r.player)),
    ]);
    const by = ranking.entries[0]!.id;
    finalists[at] = by;
    excluded.add(by);
    out.push({ declined: who, by, ranking });
  }
  return { finalists, replacements: out };
}
