/**
 * Pro-rating (C.14): a player who held a position for part of a game scores
 * "Total number of points" × "Number of seasons played" / "Total number of seasons in the game",
 * counting Spring and Fall seasons only. Seasons unplayed because the game ended early are credited
 * to the player active when it ended.
 *
 * "A player who is replaced for more than one turn due to arranged absence, or a player who took over
 * a position as a standby, will receive pro-rated points": a player of record (the position's
 * starting player, or a permanent replacement) whom stand-ins covered for one season in all while
 * they held the position is not pro-rated for it: that season is credited to them — at the start of
 * the game (a stand-in for S1901), in the middle or at the end alike — as well as to the stand-in,
 * who is always pro-rated. Two seasons away (together or apart) are pro-rated. A player of record's
 * tenure runs from the game's start (the starting player) or their first season (a permanent
 * replacement) until the next player of record takes over (or the game ends).
 *
 * Rounding: none. Shares are exact quotients in double precision (66 × 6 / 18 = 22); when every season
 * is held by exactly one player the shares sum to the power's score within 1e-9. They sum to more
 * when a one-season stand-in is credited twice (by design, above), and to less when seasons were
 * held by nobody (civil disorder, B.8(f)).
 */
import { formatSeason, seasonsInGame } from '../seasons.js';

/** One player's hold of a position for the Spring/Fall seasons `from`..`to` (indices, S1901 = 0). */
export interface SeatPeriod {
  readonly player: string;
  readonly from: number;
  readonly to: number;
  /** B.8(d),(e): a reserve from the pool, placed because the captain or team gave no replacement. */
  readonly reserve?: boolean;
  /** B.7: a temporary stand-in; the player of record keeps the position (and its tenure). */
  readonly temporary?: boolean;
}

export interface ProRateOptions {
  /** The round's end year (B.3): the game has 2 × (endYear − 1900) seasons. */
  readonly endYear: number;
  /**
   * The last season the game played (its termination). Default: the last season any period of this
   * position reaches. The player whose period holds it is credited the seasons after it.
   */
  readonly endedAt?: number;
  /**
   * The position's starting player (dealt it at the start, B.5); default: the player of the first
   * period that is not a stand-in's. Their tenure starts with the game.
   */
  readonly starter?: string;
}

export interface PlayerShare {
  readonly player: string;
  /** Seasons credited (played, plus the early termination's and a one-turn absence's). */
  readonly seasons: number;
  /** score × seasons / total seasons. */
  readonly score: number;
}

/** The starting player of a position: `starter`, else the first period not a stand-in's, else the first. */
export function starterOf(periods: readonly SeatPeriod[], starter?: string): string | undefined {
  if (starter !== undefined) return starter;
  const sorted = [...periods].sort((a, b) => a.from - b.from);
  return (sorted.find((p) => p.temporary !== true) ?? sorted[0])?.player;
}

/** Each player's pro-rated share of a position's `score`, in the order they first held it. */
export function prorate(score: number, periods: readonly SeatPeriod[], options: ProRateOptions): PlayerShare[] {
  const total = seasonsInGame(options.endYear);
  const held = new Map<string, Set<number>>();
  for (const p of [...periods].sort((a, b) => a.from - b.from)) {
    const set = held.get(p.player) ?? new Set<number>();
    for (let s = Math.max(0, p.from); s <= Math.min(total - 1, p.to); s++) set.add(s);
    held.set(p.player, set);
  }
  const played = new Map([...held].map(([player, set]) => [player, new Set(set)]));
  const endedAt = Math.min(total - 1, options.endedAt ?? Math.max(-1, ...periods.map((p) => p.to)));
  // C.14: "replaced for more than one turn" is pro-rated; one season away from a tenure is not.
  const starter = starterOf(periods, options.starter);
  const ofRecord = periods.filter((p) => p.temporary !== true);
  for (const player of new Set(ofRecord.map((p) => p.player))) {
    const mine = played.get(player)!;
    const own = ofRecord.filter((p) => p.player === player);
    const first = player === starter ? 0 : Math.min(...own.map((p) => p.from));
    const last = Math.max(...own.map((p) => p.to));
    // The tenure ends where another player of record takes over after this one's last season.
    const next = ofRecord.filter((p) => p.player !== player && p.from > last).map((p) => p.from);
    const end = Math.min(endedAt, next.length > 0 ? Math.min(...next) - 1 : endedAt);
    const away: number[] = [];
    for (let s = first; s <= end; s++) if (!mine.has(s)) away.push(s);
    if (away.length === 1) held.get(player)!.add(away[0]!);
  }
  // C.14: seasons unplayed due to early termination go to the player active at the termination.
  const active = [...periods].sort((a, b) => a.from - b.from).reverse().find((p) => p.from <= endedAt && endedAt <= p.to);
  if (active) for (let s = endedAt + 1; s < total; s++) held.get(active.player)!.add(s);
  return [...held].map(([player, set]) => ({ player, seasons: set.size, score: (score * set.size) / total }));
}

/** Every problem with a position's periods (seasons outside the game, reversed, overlapping). */
export function validatePeriods(periods: readonly SeatPeriod[], endYear: number, where: string): string[] {
  const total = seasonsInGame(endYear);
  const problems: string[] = [];
  periods.forEach((p, i) => {
    if (p.from > p.to) problems.push(`${where}[${i}]: "from" ${formatSeason(p.from)} is after "to" ${formatSeason(p.to)}`);
    if (p.to >= total) problems.push(`${where}[${i}]: "to" ${formatSeason(p.to)} is after the game's last season ${formatSeason(total - 1)} (endYear ${endYear})`);
  });
  const sorted = periods.map((p, i) => ({ ...p, i })).sort((a, b) => a.from - b.from);
  for (let k = 1; k < sorted.length; k++) {
    const a = sorted[k - 1]!;
    const b = sorted[k]!;
    if (b.from <= a.to) problems.push(`${where}[${b.i}]: ${b.player} from ${formatSeason(b.from)} overlaps ${a.player} until ${formatSeason(a.to)} (one player per power per season)`);
  }
  return problems;
}

