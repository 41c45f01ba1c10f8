/**
 * Weekly unavailability windows (D.VII(2)): "Each player can inform the GM that he will be unavailable
 * for a specific 64 hour period during each week (eg 5pm Friday to 9am Monday US Eastern Standard
 * Time)". A window is declared as wall-clock days and times in the player's IANA zone, so it follows
 * that zone's summer time: Friday 17:00 to Monday 09:00 New York is 64 hours on most weekends, 63 on
 * the spring change and 65 on the autumn change. The 64-hour limit applies to the declared wall-clock
 * length. Where a wall time is ambiguous or skipped by a clock change, the window is read as widely as
 * possible (it errs on the side of the player's absence). Pure.
 */
import type { Power } from '../index.js';
import { MINUTE, DAY, WEEK, type Interval } from '../../rules/calendar/time.js';
import { isValidZone, wallOf, wallToInstants } from '../../rules/calendar/zone-time.js';

/** D.VII(2): the longest weekly window a player may declare, in hours. */
export const MAX_WINDOW_HOURS = 64;

export type Weekday = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';
export const WEEKDAYS: readonly Weekday[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A weekly period in which one player must not be sent a publication nor have a deadline. */
export interface UnavailableWindow {
  readonly power: Power;
  /** Who declared it, when it matters (a replacement keeps their own window). */
  readonly person?: string;
  /** IANA zone the days and times are read in, e.g. `America/New_York`. */
  readonly zone: string;
  readonly startDay: Weekday;
  /** `HH:MM` (or `H:MM`), 24-hour clock. */
  readonly startTime: string;
  readonly endDay: Weekday;
  readonly endTime: string;
}

export interface WindowIssue {
  readonly code: 'unknown-zone' | 'bad-time' | 'empty' | 'too-long';
  readonly message: string;
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
// 1970-01-05 was a Monday: wall positions within the week count from there.
const MONDAY = 4 * DAY;

function minutesOf(time: string): number | undefined {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** Position of a weekday and time within the wall-clock week, in ms from Monday 00:00. */
function weekPosition(day: Weekday, time: string): number | undefined {
  const minutes = minutesOf(time);
  return minutes === undefined ? undefined : WEEKDAYS.indexOf(day) * DAY + minutes * MINUTE;
}

/** The declared wall-clock length of a window in hours (0 if its times are malformed). */
export function windowHours(w: UnavailableWindow): number {
  const s = weekPosition(w.startDay, w.startTime);
  const e = weekPosition(w.endDay, w.endTime);
  if (s === undefined || e === undefined) return 0;
  return (((e - s) % WEEK) + WEEK) % WEEK / 3_600_000;
}

function describeHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} hours` : `${h} hours ${m} minute${m === 1 ? '' : 's'}`;
}

/** Problems with a declared window, each with a message saying how to fix it; `[]` when it is valid. */
export function validateWindow(w: UnavailableWindow): WindowIssue[] {
  const issues: WindowIssue[] = [];
  if (!isValidZone(w.zone)) issues.push({ code: 'unknown-zone', message: `"${w.zone}" is not a time zone; give an IANA name such as America/New_York or Europe/London` });
  for (const t of [w.startTime, w.endTime]) {
    if (minutesOf(t) === undefined) issues.push({ code: 'bad-time', message: `"${t}" is not a time; write HH:MM on the 24-hour clock, e.g. 17:00` });
  }
  if (issues.length > 0) return issues;
  const hours = windowHours(w);
  if (hours === 0) issues.push({ code: 'empty', message: 'the window starts and ends at the same time; give a start and an end' });
  // D.VII(2): "a specific 64 hour period during each week".
  else if (hours > MAX_WINDOW_HOURS) issues.push({ code: 'too-long', message: `the window lasts ${describeHours(hours)}; at most ${MAX_WINDOW_HOURS} hours a week may be declared (D.VII(2)), e.g. Fri 17:00 to Mon 09:00` });
  return issues;
}

// Windows are read many times per evaluation: remember each one's validated shape (windows are
// readonly data; a changed window is a new object).
const shapes = new WeakMap<UnavailableWindow, { start: number; length: number } | null>();
function shapeOf(w: UnavailableWindow): { start: number; length: number } | null {
  let shape = shapes.get(w);
  if (shape === undefined) {
    shape = validateWindow(w).length > 0 ? null : { start: weekPosition(w.startDay, w.startTime)!, length: windowHours(w) * 3_600_000 };
    shapes.set(w, shape);
  }
  return shape;
}

/**
 * The occurrences of a valid window, as UTC intervals, that overlap `[from, to]` (ms), in order.
 * An invalid window has none: check it with {@link validateWindow} when it is declared.
 */
export function windowOccurrences(w: UnavailableWindow, from: number, to: number): Interval[] {
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new RangeError('windowOccurrences needs a finite range');
  const shape = shapeOf(w);
  if (!shape) return [];
  const { start, length } = shape;
  const here = wallOf(w.zone, from);
  const position = (((here - MONDAY) % WEEK) + WEEK) % WEEK;
  // The start at or before `from` on the wall clock, and one more week back to be safe around clock changes.
  let startWall = here - ((((position - start) % WEEK) + WEEK) % WEEK) - WEEK;
  const out: Interval[] = [];
  for (;;) {
    const s = wallToInstants(w.zone, startWall).earliest;
    if (s > to) return out;
    const e = wallToInstants(w.zone, startWall + length).latest;
    if (e > from) out.push({ start: s, end: e });
    startWall += WEEK;
  }
}

/** Whether `instant` lies inside `window` (start included, end excluded). */
export function insideWindow(instant: Date, window: UnavailableWindow): boolean {
  const t = instant.getTime();
  return windowOccurrences(window, t, t).some((i) => i.start <= t && t < i.end);
}
