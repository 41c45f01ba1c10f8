/**
 * Instants and intervals as UTC milliseconds, the unit every calendar rule computes in (luxon is only
 * for wall clocks and formatting). Intervals are half-open: `[start, end)`.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

export interface Interval {
  readonly start: number;
  readonly end: number;
}

/** The first whole UTC hour at or after `t`. */
export function ceilHour(t: number): number {
  return Math.ceil(t / HOUR) * HOUR;
}

/** The last whole UTC hour at or before `t`. */
export function floorHour(t: number): number {
  return Math.floor(t / HOUR) * HOUR;
}

/** Sorted, non-overlapping union of `intervals` (touching intervals are joined). */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, i.end) };
    else out.push(i);
  }
  return out;
}

/** The merged interval holding `t`, if any (`intervals` as returned by {@link mergeIntervals}). */
export function intervalAt(intervals: readonly Interval[], t: number): Interval | undefined {
  for (const i of intervals) {
    if (i.start > t) return undefined;
    if (t < i.end) return i;
  }
  return undefined;
}
