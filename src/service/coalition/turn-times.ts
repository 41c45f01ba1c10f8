import { gmtSeconds } from '../../mail/inbound/intake.js';

/** When a Coalition turn's jobs run. */

/** The lock's minute is in (3.1: 05:00 in, 05:01 out): the job runs once that minute is over. */
export function lockJobAt(lockAt: Date): Date {
  return new Date(Math.floor(lockAt.getTime() / 60_000) * 60_000 + 60_000);
}

/** The battle deadline's text, for messages: the last second that counts (3.1: the minute is in). */
export function deadlineText(deadline: Date): string {
  return gmtSeconds(new Date(Math.floor(deadline.getTime() / 60_000) * 60_000 + 59_000));
}
