import { gmtSeconds } from '../../mail/inbound/intake.js';

/** When a Coalition turn's jobs run. */

/** The lock's minute is in (3.1: 05:00 in, 05:01 out): the job runs once that minute is over. */
export function lockJobAt(lockAt: Date): Date {
  return new Date(Math.floor(lockAt.getTime() / 60_000) * 60_000 + 60_000);
}

/**
 * 6.3.2 After Lock Edit: with a Mercenary Judge the movement update waits `editWindowMinutes` after
 * the lock's minute (his moment to change one Raider's move), unless he settles it sooner by mailing
 * EDIT or NO EDIT (the job is then run at once). Without a Mercenary Judge, or with a window of 0,
 * the update comes as the lock's minute is over.
 */
export function updateJobAt(lockAt: Date, setup: { mercenaryJudgePersonId?: number | null; editWindowMinutes?: number }): Date {
  const window = setup.mercenaryJudgePersonId != null ? (setup.editWindowMinutes ?? 60) : 0;
  return new Date(lockJobAt(lockAt).getTime() + window * 60_000);
}

/** The battle deadline's text, for messages: the last second that counts (3.1: the minute is in). */
export function deadlineText(deadline: Date): string {
  return gmtSeconds(new Date(Math.floor(deadline.getTime() / 60_000) * 60_000 + 59_000));
}

/**
 * A turn's movement lock as the calendar event its mails carry (3.1): one UID per game and turn
 * (`<game>.t<n>@<domain>`), stamped with the instant it was set (the game's creation, or the lock that
 * opened the turn), so a resend is the same event. Coalition locks never move, so SEQUENCE stays 0.
 */
export function coalitionLockEvent(turn: number, lock: Date, setAt: Date) {
  return { phase: `T${turn}`, deadline: lock, sequence: 0, stamp: setAt, what: 'Movement orders', label: `Movement lock of turn ${turn}`, until: deadlineText(lock) };
}

/**
 * The strategy deadline of the battles announced at turn `turn`'s lock, fought in turn `turn + 1` (3.1,
 * 4.1.1) as a calendar event, named as the mail names them ("Battles of turn 2"): UID
 * `<game>.t<n+1>-battles@<domain>`, strategies to the battle address, stamped up to the minute's last second.
 */
export function coalitionBattleEvent(turn: number, deadline: Date, setAt: Date, battleAddress: string) {
  return { phase: `T${turn + 1}-battles`, deadline, sequence: 0, stamp: setAt, what: 'Battle strategies', sendTo: battleAddress, label: `Battles of turn ${turn + 1}`, until: deadlineText(deadline) };
}
