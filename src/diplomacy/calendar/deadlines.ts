/**
 * Default deadlines (D.VII(4)(a)): one game season a week — a movement turn of at least 3 days (we give
 * 4), retreat and adjustment turns of 1 day — each on a whole hour, as an instant in UTC. The GM may
 * lengthen them; the calendar (unavailability windows, extensions) refines them. Pure.
 */
import type { Phase } from '../index.js';

const HOUR = 3_600_000;
/** Length of each kind of turn, in hours. */
export const TURN_HOURS = { M: 96, R: 24, A: 24 } as const;

/** The deadline of a turn of `phase` opened at `from`: its length later, rounded up to the hour. */
export function defaultDeadline(from: Date, phase: Phase): Date {
  const t = from.getTime() + TURN_HOURS[phase.kind] * HOUR;
  return new Date(Math.ceil(t / HOUR) * HOUR);
}
