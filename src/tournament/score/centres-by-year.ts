/**
 * A game's centre counts year by year, as scoring and the count-back tie-breaks (C.7(d), C.8(c),
 * C.9(b), C.11(a), C.13(b)) see them: the counts held at the end of each year as played, then for the
 * years a game did not play (C.5, B.3):
 * - a solo conceded by vote: the counts at the concession carried to the penultimate year of the
 *   round, the solo (34 centres, everyone else eliminated, C.4) only in the final year;
 * - any other result accepted by vote: the counts at the vote carried to every remaining year; a
 *   draw that leaves out a survivor "presumes the elimination of the players not included" (D.IX(4)):
 *   from the vote's year on, the left-out powers count 0;
 * - a solo reached on the board: C.4 from that year on (our reading; the seed names no other count);
 * - a game that reaches the round's end year: the counts then are the final counts (B.3).
 */
import { POWERS, type Power } from '../powers.js';
import { afterDraw } from './game-result.js';
import { SOLO_CENTRES, SOLO_THRESHOLD, type GameOutcome } from './score-game.js';

export type GameEnding =
  /** Played to the round's end year, or ended by a solo on the board. */
  | { readonly kind: 'played' }
  /** C.5: a solo conceded by vote in (the end of) `year`. */
  | { readonly kind: 'conceded-solo'; readonly power: Power; readonly year: number }
  /**
   * C.5: any other result (a draw, a game called) accepted by vote in `year`; `powers`: the draw's
   * powers (D.IX(4): a survivor left out is eliminated), absent for a draw of every survivor.
   */
  | { readonly kind: 'vote'; readonly year: number; readonly powers?: readonly Power[] };

export interface GameHistory {
  /** The round's end year (B.3: 1909, 1909, 1912, 1915). */
  readonly endYear: number;
  /** The counts at the end of each year played (after the Fall), in any order. */
  readonly years: readonly { readonly year: number; readonly centres: Readonly<Record<Power, number>> }[];
  readonly ending: GameEnding;
}

/** The standard home-centre counts: a year missing before the first one recorded. */
const START: Readonly<Record<Power, number>> = { AUSTRIA: 3, ENGLAND: 3, FRANCE: 3, GERMANY: 3, ITALY: 3, RUSSIA: 4, TURKEY: 3 };

function soloCounts(power: Power): Record<Power, number> {
  return Object.fromEntries(POWERS.map((p) => [p, p === power ? SOLO_CENTRES : 0])) as Record<Power, number>;
}

/**
 * The counts at the end of every year 1901..endYear, as they count for scoring and count-back. A
 * year missing from the record carries the year before forward.
 */
export function centresByYear(history: GameHistory): Map<number, Readonly<Record<Power, number>>> {
  const recorded = new Map(history.years.map((y) => [y.year, y.centres]));
  const out = new Map<number, Readonly<Record<Power, number>>>();
  const { ending, endYear } = history;
  const lastPlayed = ending.kind === 'played' ? endYear : Math.min(ending.year, endYear);
  let current: Readonly<Record<Power, number>> = START;
  let solo: Power | null = null;
  for (let year = 1901; year <= endYear; year++) {
    if (solo !== null) {
      out.set(year, soloCounts(solo));
      continue;
    }
    if (year <= lastPlayed) current = recorded.get(year) ?? current;
    const boardSolo = ending.kind === 'played' ? POWERS.find((p) => current[p] >= SOLO_THRESHOLD) : undefined;
    if (boardSolo !== undefined) {
      solo = boardSolo;
      out.set(year, soloCounts(solo));
    } else if (ending.kind === 'conceded-solo' && year === endYear) {
      out.set(year, soloCounts(ending.power));
    } else if (ending.kind === 'vote' && ending.powers && year >= ending.year) {
      // D.IX(4): the survivors left out of the draw are presumed eliminated from the vote on.
      out.set(year, afterDraw(current, ending.powers));
    } else {
      out.set(year, current);
    }
  }
  return out;
}

/** The outcome scoring uses (the final year of {@link centresByYear}). */
export function outcomeOf(history: GameHistory): GameOutcome {
  const final = centresByYear(history).get(history.endYear)!;
  const solo = history.ending.kind === 'conceded-solo' ? history.ending.power : POWERS.find((p) => final[p] >= SOLO_THRESHOLD) ?? null;
  return { centres: final, solo };
}

/**
 * The count-back of one power (C.7(d)): its centres at the end of the year before the end year, then
 * the year before that, … down to 1901. Compared element by element, higher first.
 */
export function countBack(history: GameHistory, power: Power): number[] {
  const byYear = centresByYear(history);
  const out: number[] = [];
  for (let year = history.endYear - 1; year >= 1901; year--) out.push(byYear.get(year)![power]);
  return out;
}
