/**
 * When the judge may publish (D.VII(2)): "The GM must not publish a set of orders (or an
 * adjudication) within this period" — any declared window of any player in the game. Pure.
 */
import { DAY, mergeIntervals, intervalAt, type Interval } from '../../rules/calendar/time.js';
import { windowOccurrences, type UnavailableWindow } from './unavailable-window.js';

/** How far ahead the calendar looks for a free instant before it gives up and warns (7 days). */
export const SEARCH_LIMIT_MS = 7 * DAY;

/** The union of every window's occurrences overlapping `[from, to]`, sorted and merged. */
export function blockedIntervals(windows: readonly UnavailableWindow[], from: number, to: number): Interval[] {
  return mergeIntervals(windows.flatMap((w) => windowOccurrences(w, from, to)));
}

/** Whether a publication at `instant` falls outside every declared window (D.VII(2)). */
export function publicationAllowed(instant: Date, windows: readonly UnavailableWindow[]): boolean {
  const t = instant.getTime();
  return intervalAt(blockedIntervals(windows, t, t), t) === undefined;
}

/**
 * The first instant at or after `instant` outside every window (the end of the windows covering it),
 * or `undefined` when the windows leave no free instant within `limitMs` — the GM and the TD must
 * then find a compromise (D.VII(2)).
 */
export function nextAllowedPublication(instant: Date, windows: readonly UnavailableWindow[], limitMs: number = SEARCH_LIMIT_MS): Date | undefined {
  const t = instant.getTime();
  const blocked = blockedIntervals(windows, t, t + limitMs);
  const covering = intervalAt(blocked, t);
  if (!covering) return instant;
  return covering.end <= t + limitMs ? new Date(covering.end) : undefined;
}
