/**
 * C.8: advancement from round 2 to the semi-final.
 */
import type { Power } from '../powers.js';
import { higher, higherList, lower, rankWithTieBreaks, type Ranking } from '../rank/rank-with-tie-breaks.js';
import { placeIn, type RoundResult } from './round-result.js';

export interface Round2Advancement {
  readonly ranking: Ranking<RoundResult & { readonly round1Score: number }>;
  readonly advancing: readonly string[];
}

/**
 * Players ranked by round-2 score plus half their round-1 score (without team credits: C.6 says the
 * credits are lost once round-1 advancement is calculated); ties broken by (a) least successful
 * country in round 2, (b) round-2 positional bonus, (c) round-2 count-back, (d) highest ranking team
 * (`teamPlace`: the team standings the TD publishes after round 2, by C.12; no team last) and
 * (e) the round-1 ranking by C.7 (`round1Place`; players with none last). Ties surviving all five
 * share a place (reported in `unbroken`): the seed gives no dice here.
 */
export function advanceFromRound2(input: {
  readonly results: readonly RoundResult[];
  readonly round1Score: ReadonlyMap<string, number>;
  readonly powerTotals: Readonly<Record<Power, number>>;
  readonly teamPlace: ReadonlyMap<string, number>;
  readonly round1Place: ReadonlyMap<string, number>;
  readonly places: number;
}): Round2Advancement {
  const items = input.results.map((r) => ({ ...r, round1Score: input.round1Score.get(r.player) ?? 0 }));
  const ranking = rankWithTieBreaks(items, (r) => r.player, higher('C.8', 'highest round 2 score plus one half of round 1 score', (r) => r.score + r.round1Score / 2), [
    lower('C.8(a)', 'least successful country (great power with the lowest total score across the boards in round 2)', (r) => input.powerTotals[r.power]),
    higher('C.8(b)', 'highest positional bonus in round 2', (r) => r.bonus),
    higherList('C.8(c)', 'count-back of round 2 (highest centres at the end of 1908, then 1907, …)', (r) => r.countBack),
    lower('C.8(d)', 'highest ranking team', (r) => placeIn(input.teamPlace, r.team)),
    lower('C.8(e)', 'highest round 1 ranking by the C.7 criteria', (r) => placeIn(input.round1Place, r.player)),
  ]);
  return { ranking, advancing: ranking.entries.slice(0, input.places).map((e) => e.id) };
}
