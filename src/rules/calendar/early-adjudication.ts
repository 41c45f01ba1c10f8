/**
 * Early adjudication (D.VII(2)): "Early adjudication is allowed if all orders are submitted marked
 * "Final" but a minimum of 24 hours is required between posting of adjudications." Only each power's
 * latest set counts: a revised set not marked Final, arriving before adjudication starts, cancels
 * "all Final" (D.II(1): "All orders will be considered preliminary unless marked Final"). The
 * adjudication is published outside every declared window (D.VII(2)). Pure.
 */
import type { Power } from '../../game/index.js';
import { nextAllowedPublication } from './publication.js';
import { DAY } from './time.js';
import type { UnavailableWindow } from './unavailable-window.js';

/** D.VII(2): the least time between two publications. */
export const MIN_BETWEEN_PUBLICATIONS_MS = DAY;

export interface EarlyAdjudicationInput {
  /**
   * The powers with something to order this phase (every survivor in a movement phase) mapped to
   * whether their latest set is marked Final; a power with no set is absent or `false`.
   */
  readonly latestFinal: ReadonlyMap<Power, boolean>;
  /** The powers that must have a Final set in (see `latestFinal`). */
  readonly powers: readonly Power[];
  readonly lastPublication: Date;
  readonly now: Date;
  /** The turn's deadline: no early adjudication at or after it (the deadline adjudicates). */
  readonly deadline?: Date;
  readonly windows?: readonly UnavailableWindow[];
}

/**
 * When to adjudicate early: the later of `now` and 24 hours after the last publication, moved out of
 * the windows; `undefined` when some power's latest set is not Final, or the deadline comes first.
 */
export function earlyAdjudicationAt(input: EarlyAdjudicationInput): Date | undefined {
  if (input.powers.length === 0) return undefined;
  if (!input.powers.every((p) => input.latestFinal.get(p) === true)) return undefined;
  const soonest = Math.max(input.now.getTime(), input.lastPublication.getTime() + MIN_BETWEEN_PUBLICATIONS_MS);
  const at = input.windows && input.windows.length > 0 ? nextAllowedPublication(new Date(soonest), input.windows) : new Date(soonest);
  if (!at) return undefined;
  if (input.deadline && at.getTime() >= input.deadline.getTime()) return undefined;
  return at;
}
