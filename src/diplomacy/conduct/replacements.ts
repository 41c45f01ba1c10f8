/**
 * Replacing players (B.7, B.8). Pure: time is a parameter.
 *
 * - B.7: a replacement may be temporary if its period is declared "before or concurrently with the time
 *   of the replacement"; "No player may be replaced for more than four seasons total in any single
 *   round"; where player and replacement disagree over the period "the player's decision will be
 *   final"; "If a replacement period exceeds the original specification, the replacement will become
 *   permanent".
 * - B.8(c), round 1 only: the team captain is "the official default replacement"; the original player
 *   keeps a right of return until the captain (or the player the captain designates) submits orders,
 *   who then becomes the official player. A later change must be announced by the captain "at least
 *   48 hours prior to any current deadline".
 * - B.8(a),(d): in the team rounds (rounds 1 and 2, B.3) the captain chooses the replacement; after the
 *   first round, if the captain or team do not within 48 hours (96 if the period includes a weekend),
 *   the replacement comes from the reserve pool, which includes players eliminated in earlier rounds,
 *   and "the highest ranked eliminee to reply within the given time will be accepted first".
 * - B.8(f): no replacement within the given periods: the position falls into civil disorder.
 * Readings where the seed is silent: the reserves' "given time" is another 48 (or 96) hours; eliminees
 * come before reserves who were never eliminated (the B.2 reserve list), who are taken in order of
 * reply; seasons are Spring and Fall — "Summer and Winter turns will not be considered" (C.14); and a
 * temporary replacement that would take a player past four seasons in the round is permanent.
 */
import { phaseIndex, type Phase } from '../index.js';
import { contactDeadline } from '../calendar/nmr.js';

/** B.7: most seasons one player may be replaced for in one round. */
export const MAX_REPLACED_SEASONS_PER_ROUND = 4;
/** B.3: the team rounds. */
export const TEAM_ROUNDS: readonly number[] = [1, 2];
/** B.8(c): how long before a deadline the captain must announce a change of player. */
export const CAPTAIN_NOTICE_HOURS = 48;

export interface Reserve {
  readonly person: string;
  /** Ranking at elimination from an earlier round (1 is best); absent for a reserve never eliminated. */
  readonly rank?: number;
  /** When they answered the call for a replacement. */
  readonly repliedAt?: Date;
}

export interface ReplacementInput {
  readonly round: number;
  readonly now: Date;
  /** When the B.8 procedure started: the end of the player's contact period (D.VII(6)(a)), or at once under D.VII(6)(b). */
  readonly startedAt: Date;
  /** Whose weekend counts for the 48/96 hours; GMT by default. */
  readonly zone?: string;
  readonly captain?: string;
  /** The replacement the captain or team named, and when. */
  readonly captainChoice?: { readonly person: string; readonly at: Date };
  readonly reserves: readonly Reserve[];
}

export type ReplacementChoice =
  | { readonly kind: 'captain-default'; readonly person: string }
  | { readonly kind: 'captain-choice'; readonly person: string }
  | { readonly kind: 'wait'; readonly for: 'captain' | 'reserves'; readonly until: Date }
  | { readonly kind: 'reserve'; readonly person: string; readonly eliminee: boolean; readonly permanent: true }
  | { readonly kind: 'civil-disorder' };

/** Reserves in the order they are accepted (B.8(d)): eliminees by rank, then others by reply time. */
export function reserveOrder(reserves: readonly Reserve[]): Reserve[] {
  const replied = (r: Reserve) => r.repliedAt?.getTime() ?? Infinity;
  return [...reserves].sort((a, b) => {
    if (a.rank !== undefined && b.rank !== undefined) return a.rank - b.rank || replied(a) - replied(b);
    if (a.rank !== undefined) return -1;
    if (b.rank !== undefined) return 1;
    return replied(a) - replied(b);
  });
}

/** Who replaces an NMR'd or departing player now, or how long to wait; never throws. */
export function chooseReplacement(input: ReplacementInput): ReplacementChoice {
  const now = input.now.getTime();
  if (input.round === 1 && input.captain !== undefined) {
    // B.8(c): the captain stands in at once (the game is not delayed), or the player the captain names.
    return input.captainChoice ? { kind: 'captain-choice', person: input.captainChoice.person } : { kind: 'captain-default', person: input.captain };
  }
  let reservesFrom = input.startedAt;
  if (TEAM_ROUNDS.includes(input.round) && input.captain !== undefined) {
    // B.8(a),(d): the captain's right, for 48 hours (96 over a weekend).
    const captainUntil = contactDeadline(input.startedAt, input.zone);
    if (input.captainChoice && input.captainChoice.at.getTime() <= captainUntil.getTime()) return { kind: 'captain-choice', person: input.captainChoice.person };
    if (now < captainUntil.getTime()) return { kind: 'wait', for: 'captain', until: captainUntil };
    reservesFrom = captainUntil;
  }
  const until = contactDeadline(reservesFrom, input.zone);
  const limit = Math.min(now, until.getTime());
  const ordered = reserveOrder(input.reserves);
  const inTime = (r: Reserve) => r.repliedAt !== undefined && r.repliedAt.getTime() <= limit;
  const best = ordered.find(inTime);
  if (now >= until.getTime()) {
    // B.8(f): nobody within the given periods.
    return best ? { kind: 'reserve', person: best.person, eliminee: best.rank !== undefined, permanent: true } : { kind: 'civil-disorder' };
  }
  // Before the time is up, accept only someone nobody still silent could outrank.
  if (best && !ordered.slice(0, ordered.indexOf(best)).some((r) => !inTime(r) && r.rank !== undefined)) {
    return { kind: 'reserve', person: best.person, eliminee: best.rank !== undefined, permanent: true };
  }
  return { kind: 'wait', for: 'reserves', until };
}

/**
 * Round 1 (B.8(c)): who is the official player of a position whose captain stands in. The original
 * player keeps the right of return until the captain or the captain's designee sends orders.
 */
export function officialPlayerRoundOne(input: {
  readonly originalPlayer: string;
  readonly captain: string;
  readonly designee?: string;
  /** When the captain or designee first sent orders for the position. */
  readonly replacementOrderedAt?: Date;
  /** When the original player came back (contacted the GM or sent orders). */
  readonly originalReturnedAt?: Date;
}): { readonly person: string; readonly replaced: boolean } {
  const ordered = input.replacementOrderedAt?.getTime();
  const returned = input.originalReturnedAt?.getTime();
  if (ordered !== undefined && (returned === undefined || ordered < returned)) return { person: input.designee ?? input.captain, replaced: true };
  return { person: input.originalPlayer, replaced: false };
}

/** B.8(c): whether a captain's announced change of player applies to the current deadline. */
export function captainChangeInTime(announcedAt: Date, deadline: Date): boolean {
  return deadline.getTime() - announcedAt.getTime() >= CAPTAIN_NOTICE_HOURS * 3_600_000;
}

export interface ReplacementPeriod {
  /** The game, when the player's periods span several games of the round (B.9). */
  readonly game?: string;
  readonly from: Phase;
  /** Inclusive. */
  readonly to: Phase;
}

/** Distinct Spring and Fall seasons (per game) the periods cover (B.7 with C.14). */
export function replacementSeasonsUsed(periods: readonly ReplacementPeriod[]): number {
  const seasons = new Set<string>();
  for (const p of periods) {
    const from = phaseIndex(p.from);
    const to = phaseIndex(p.to);
    for (let year = p.from.year; year <= p.to.year; year++) {
      for (const season of ['S', 'F'] as const) {
        const m = phaseIndex({ season, year, kind: 'M' });
        const r = phaseIndex({ season, year, kind: 'R' });
        if (r >= from && m <= to) seasons.add(`${p.game ?? ''}:${season}${year}`);
      }
    }
  }
  return seasons.size;
}

/** The period that counts when player and replacement disagree: the player's (B.7). */
export function replacementPeriod(said: { readonly player?: ReplacementPeriod; readonly replacement?: ReplacementPeriod }): ReplacementPeriod | undefined {
  return said.player ?? said.replacement;
}

export type ReplacementStatus =
  | { readonly kind: 'temporary'; readonly seasonsUsed: number }
  | { readonly kind: 'permanent'; readonly reason: 'undeclared' | 'declared-late' | 'four-season-limit' | 'period-exceeded' }
  | { readonly kind: 'ended' };

/**
 * Whether a replacement is temporary or has become permanent (B.7), given the declared period, when
 * it was declared and when the replacement began, the player's other replaced periods in this round,
 * the current phase, and whether the player is back.
 */
export function replacementStatus(input: {
  readonly declared?: ReplacementPeriod;
  readonly declaredAt?: Date;
  readonly startedAt: Date;
  readonly earlierPeriodsThisRound: readonly ReplacementPeriod[];
  readonly current: Phase;
  readonly playerBack: boolean;
}): ReplacementStatus {
  if (!input.declared) return { kind: 'permanent', reason: 'undeclared' };
  // B.7: declared "before or concurrently with the time of the replacement".
  if (!input.declaredAt || input.declaredAt.getTime() > input.startedAt.getTime()) return { kind: 'permanent', reason: 'declared-late' };
  const used = replacementSeasonsUsed([...input.earlierPeriodsThisRound, input.declared]);
  if (used > MAX_REPLACED_SEASONS_PER_ROUND) return { kind: 'permanent', reason: 'four-season-limit' };
  if (input.playerBack) return { kind: 'ended' };
  if (phaseIndex(input.current) > phaseIndex(input.declared.to)) return { kind: 'permanent', reason: 'period-exceeded' };
  return { kind: 'temporary', seasonsUsed: used };
}

export interface SetFrom {
  readonly id: number;
  readonly by: 'player' | 'replacement';
  readonly receivedAt: Date;
}

/**
 * Of the order sets sent for one phase by a player and their temporary replacement, the one that
 * counts: the player's word wins (B.7), so the player's latest set if the player sent any, else the
 * replacement's latest. `undefined` when there are none.
 */
export function orderSetByPrecedence(sets: readonly SetFrom[]): SetFrom | undefined {
  const latest = (by: SetFrom['by']) =>
    sets.filter((s) => s.by === by).sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id - b.id).at(-1);
  return latest('player') ?? latest('replacement');
}
