/**
 * C.13: the best country trophies, on the games of the first two rounds only.
 */
import type { DiceStream } from '../../dice/index.js';
import { POWERS, type Power } from '../powers.js';
import { higher, higherList, rankWithTieBreaks, type Ranking } from '../rank/rank-with-tie-breaks.js';

export interface CountryResult {
  readonly player: string;
  readonly power: Power;
  readonly round: number;
  readonly game: string;
  /** The player's score with that power in that game (pro-rated, C.14). */
  readonly score: number;
  /** The power's centres at the end of 1908, 1907, … 1901. */
  readonly countBack: readonly number[];
}

/** The id a country result has in the rankings: `FRANCE:wendy:r2-b7`. */
export function countryResultId(r: CountryResult): string {
  return `${r.power}:${r.player}:${r.game}`;
}

/**
 * For each power, its results of rounds 1 and 2 ranked by score; ties by (a) round 2 before round 1,
 * (b) count-back, (c) a d100 roll (recorded). Results of later rounds are left out. The trophy goes
 * to each ranking's first entry.
 */
export function rankCountries(results: readonly CountryResult[], dice: DiceStream): Record<Power, Ranking<CountryResult>> {
  const eligible = results.filter((r) => r.round === 1 || r.round === 2);
  return Object.fromEntries(
    POWERS.map((power) => [
      power,
      rankWithTieBreaks(eligible.filter((r) => r.power === power), countryResultId, higher('C.13', 'highest score with the country in rounds 1 and 2', (r) => r.score), [
        higher('C.13(a)', 'round 2 outranks round 1', (r) => r.round),
        higherList('C.13(b)', 'count-back (highest centres at the end of 1908, then 1907, …)', (r) => r.countBack),
      ], { rule: 'C.13(c)', dice, purpose: `C.13(c) best ${power} trophy` }),
    ]),
  ) as Record<Power, Ranking<CountryResult>>;
}
