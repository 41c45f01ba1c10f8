/**
 * Early adjudication (D.VII(2)): "Early adjudication is allowed if all orders are submitted marked
 * "Final" but a minimum of 24 hours is required between posting of adjudications." Only each power's
 * latest set counts: a revised set not marked Final, arriving before adjudication starts, cancels
 * "all Final" (D.II(1): "All orders will be considered preliminary unless marked Final"). The
 * adjudication is published outside every declared window (D.VII(2)).
 *
 * Votes (D.IX(2)): "Votes will be due simultaneously with the next due date for orders." A player who
 * has sent Final orders has not given up the right to vote until the deadline, so a turn with an open
 * proposal is adjudicated early only once every remaining player has voted on it; until then the
 * proposal holds the early adjudication up (the deadline adjudicates as usual).
 *
 * The 24 hours are not shortened by the players' consent to shorter turns (D.VII(4)(a)): that consent
 * is to turns below "these stated minimums" (3 days, 1 day), while D.VIII(1) calls the 24 hours of
 * D.VII(2) "the mandatory period" between adjudications. A deadline the players agreed to is not an
 * early adjudication; going early is. Pure.
 */
import type { Power } from '../index.js';
import { nextAllowedPublication } from './publication.js';
import { DAY } from '../../rules/calendar/time.js';
import type { UnavailableWindow } from './unavailable-window.js';

/** D.VII(2): the least time between two publications ("the mandatory period", D.VIII(1)). */
export const MIN_BETWEEN_PUBLICATIONS_MS = DAY;

export interface EarlyAdjudicationInput {
  /**
   * The powers with something to order this phase (every survivor in a movement phase) mapped to
   * whether their latest set is marked Final; a power with no set is absent or `false`.
   */
  readonly latestFinal: ReadonlyMap<Power, boolean>;
  /** The powers that must have a Final set in (see `latestFinal`). */
  readonly powers: readonly Power[];
  /**
   * The last published adjudication; absent before the first (D.VII(2) counts 24 hours "between
   * posting of adjudications": the game's start is no adjudication, so the first turn has no wait).
   */
  readonly lastPublication?: Date;
  readonly now: Date;
  /** The turn's deadline: no early adjudication at or after it (the deadline adjudicates). */
  readonly deadline?: Date;
  readonly windows?: readonly UnavailableWindow[];
  /**
   * D.IX(2): the open proposals due with this deadline on which some remaining player has not voted
   * yet, as described to people ("a draw between Austria and England"); never who has not voted.
   */
  readonly votesOutstanding?: readonly string[];
}

/** Why the turn may not be adjudicated early at `now`. */
export type EarlyBlock =
  /** D.VII(2) "all orders are submitted marked Final": these powers' latest sets are not. */
  | { readonly kind: 'not-final'; readonly powers: readonly Power[] }
  /** D.VII(2) "a minimum of 24 hours … between posting of adjudications": not before `from`. */
  | { readonly kind: 'too-soon'; readonly since: Date; readonly from: Date }
  /** D.IX(2): votes on these proposals are due with the deadline and not all cast. */
  | { readonly kind: 'votes'; readonly proposals: readonly string[] };

export interface EarlyCheck {
  /** Every condition holds at `now`. */
  readonly allowed: boolean;
  readonly blocks: readonly EarlyBlock[];
  /** 24 hours after the last publication: the soonest any early adjudication may happen. */
  readonly soonest: Date;
}

/** Which of the conditions for adjudicating early hold at `now` (the GM's `process`, the automatic trigger). */
export function earlyAdjudicationCheck(input: EarlyAdjudicationInput): EarlyCheck {
  const blocks: EarlyBlock[] = [];
  const notFinal = input.powers.filter((p) => input.latestFinal.get(p) !== true);
  if (notFinal.length > 0) blocks.push({ kind: 'not-final', powers: notFinal });
  const soonest = input.lastPublication ? new Date(input.lastPublication.getTime() + MIN_BETWEEN_PUBLICATIONS_MS) : input.now;
  if (input.lastPublication && input.now.getTime() < soonest.getTime()) blocks.push({ kind: 'too-soon', since: input.lastPublication, from: soonest });
  if (input.votesOutstanding && input.votesOutstanding.length > 0) blocks.push({ kind: 'votes', proposals: [...input.votesOutstanding] });
  return { allowed: blocks.length === 0, blocks, soonest };
}

/**
 * When to adjudicate early: the later of `now` and 24 hours after the last publication, moved out of
 * the windows; `undefined` when some power's latest set is not Final, a vote due with this deadline is
 * not in yet, or the deadline comes first.
 */
export function earlyAdjudicationAt(input: EarlyAdjudicationInput): Date | undefined {
  if (input.powers.length === 0) return undefined;
  const check = earlyAdjudicationCheck(input);
  if (check.blocks.some((b) => b.kind !== 'too-soon')) return undefined;
  const soonest = Math.max(input.now.getTime(), check.soonest.getTime());
  const at = input.windows && input.windows.length > 0 ? nextAllowedPublication(new Date(soonest), input.windows) : new Date(soonest);
  if (!at) return undefined;
  if (input.deadline && at.getTime() >= input.deadline.getTime()) return undefined;
  return at;
}
