/**
 * When a turn's battles are due (3.1, 4.1.1, 5.2.3). Pure: the lock and the turn length are parameters.
 *
 * 3.1: "The judge will also post a deadline for that turns battles ... New movement posts ... will
 * continue to be accepted until precisely 24 hours inclusive after the battle deadline (usually 5:00
 * AM GMT, meaning 5:00 is in, 5:01 is out)." So the movement lock is the battle deadline plus 24
 * hours: battles announced after the lock of turn N are due 24 hours before the lock of turn N+1, and
 * the Battle Judge has those 24 hours to judge them; their results are published at that lock
 * ("Around this time, the battle judge will post the results"). A turn shorter than 48 hours (a
 * judge's choice, or a test) splits the turn in half instead, so strategies always have some time.
 * The deadline is read at the minute, like the lock: 05:00:59 is in, 05:01:00 is out.
 */
import { isOnTime } from '../../rules/submission/on-time.js';

const HOUR = 3_600_000;
/** 3.1: the battle deadline is this long before the next movement lock. */
export const BATTLE_DEADLINE_BEFORE_LOCK_HOURS = 24;
/** 5.2.3: a contingency may send strategies in the last 24 hours before the deadline. */
export const CONTINGENCY_WINDOW_HOURS = 24;

/** 3.1: the deadline of the battles announced when a turn opens whose lock is `nextLock`. */
export function battleDeadline(nextLock: Date, turnHours: number): Date {
  const before = Math.min(BATTLE_DEADLINE_BEFORE_LOCK_HOURS, turnHours / 2) * HOUR;
  return new Date(nextLock.getTime() - before);
}

/** 4.1.1: a strategy is on time when received at or before the deadline's minute (05:00 in, 05:01 out). */
export function strategyOnTime(receivedAt: Date, deadline: Date): boolean {
  return isOnTime(receivedAt, deadline, 'minute');
}

/** 5.2.3: from when a contingency's strategies count: 24 hours before the deadline's minute. */
export function contingencyWindowOpens(deadline: Date): Date {
  return new Date(Math.floor(deadline.getTime() / 60_000) * 60_000 - CONTINGENCY_WINDOW_HOURS * HOUR);
}
