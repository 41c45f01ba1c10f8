/** When a Coalition turn's jobs run. */

/** The lock's minute is in (3.1: 05:00 in, 05:01 out): the job runs once that minute is over. */
export function lockJobAt(lockAt: Date): Date {
  return new Date(Math.floor(lockAt.getTime() / 60_000) * 60_000 + 60_000);
}
