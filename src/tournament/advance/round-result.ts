/**
 * What the advancement rules (C.6–C.13) need of a player's round: their counting game (C.15) and
 * their result in it. The lead's shell builds these from scored games (src/tournament/score/).
 */
import type { Power } from '../powers.js';

export interface RoundResult {
  readonly player: string;
  /** The player's team; null for a player with no team (a reserve): "non-associated players ranking last" (C.7(e)). */
  readonly team: string | null;
  /** The counting game (C.15). */
  readonly game: string;
  readonly power: Power;
  /** The player's score there, pro-rated (C.14). */
  readonly score: number;
  /** The position's positional bonus there (C.2, C.3; not pro-rated). */
  readonly bonus: number;
  /** The position's centres at the game's end as scored (C.4: 34 for a solo, 0 for the others). */
  readonly centres: number;
  /** The position's centres at the end of the year before the end year, the year before that, … 1901. */
  readonly countBack: readonly number[];
}

/** "Great power with lowest total score across the boards" (C.7(a), C.8(a), C.9(a)): each power's total over a round's games. */
export function powerTotals(games: readonly { readonly powers: Readonly<Record<Power, { readonly score: number }>> }[]): Record<Power, number> {
  const out: Record<Power, number> = { AUSTRIA: 0, ENGLAND: 0, FRANCE: 0, GERMANY: 0, ITALY: 0, RUSSIA: 0, TURKEY: 0 };
  for (const g of games) for (const p of Object.keys(out) as Power[]) out[p] += g.powers[p].score;
  return out;
}

/** A place from a map, or last (Infinity) when absent: teamless players and players with no earlier ranking. */
export function placeIn(map: ReadonlyMap<string, number>, key: string | null): number {
  return key === null ? Infinity : map.get(key) ?? Infinity;
}

/** The places of a ranking, by id. */
export function placesOf(ranking: { readonly entries: readonly { readonly id: string; readonly place: number }[] }): Map<string, number> {
  return new Map(ranking.entries.map((e) => [e.id, e.place]));
}

/**
 * "Total score with the highest individual score removed from the calculation (or with further
 * scores removed until a result is achieved)" (C.6(a), C.12(b),(c)): the total less the best score,
 * less the two best, … — compared element by element.
 */
export function totalsWithBestRemoved(total: number, scores: readonly number[]): number[] {
  const best = [...scores].sort((a, b) => b - a);
  const out: number[] = [];
  let left = total;
  for (const s of best) {
    left -= s;
    out.push(left);
  }
  return out;
}
