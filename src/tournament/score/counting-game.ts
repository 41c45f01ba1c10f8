/**
 * C.15: a player qualifies for advancement only on their score (pro-rated or not) in the first game,
 * chronologically, in which they are permanent: as the initial player or as a permanent replacement.
 * Temporary replacements never count for advancement; a reserve from the pool plays as a permanent
 * replacement (B.8(e)), so their game counts for them.
 */

export interface Participation {
  readonly player: string;
  readonly game: string;
  /** Initial player or permanent replacement (B.7). */
  readonly permanent: boolean;
  /**
   * When they became permanent there: the game's start for an initial player, the replacement's
   * moment otherwise. Any strings that sort chronologically (ISO 8601 instants in one zone).
   */
  readonly since: string;
}

/** Each player's counting game (C.15); players who were never permanent have none. Ties on `since` go to the lower game id. */
export function countingGames<P extends Participation>(participations: readonly P[]): Map<string, P> {
  const out = new Map<string, P>();
  for (const p of participations) {
    if (!p.permanent) continue;
    const best = out.get(p.player);
    if (!best || p.since < best.since || (p.since === best.since && p.game < best.game)) out.set(p.player, p);
  }
  return out;
}
