/**
 * What one game's calendar asks the judge to do within a horizon (the scheduler's question: "what is
 * due in the next hour?"): reminders, the GM's digests before the deadline, an early adjudication, the
 * deadline itself (with the first instant its results may be published), and NMR'd players' contact
 * deadlines (D.VII(6)(a)). Overdue actions are included, with their original time. Pure: the worker
 * loads the calendar, calls this, and enqueues jobs keyed so that none runs twice.
 */
import { DateTime, type Duration } from 'luxon';
import { formatPhase, type Phase, type Power } from '../index.js';
import { earlyAdjudicationAt } from './early-adjudication.js';
import { contactDeadline } from './nmr.js';
import { nextAllowedPublication } from './publication.js';
import { remindersDue, type PowerStatus, type Reminder } from './reminders.js';
import { HOUR, MINUTE } from '../../rules/calendar/time.js';
import type { UnavailableWindow } from './unavailable-window.js';

export interface NmrNotice {
  readonly power: Power;
  /** Publication of the adjudication that recorded the NMR. */
  readonly publishedAt: Date;
  /** The player's zone, for the weekend reading. */
  readonly zone?: string;
  /** The player has contacted the GM since. */
  readonly contacted: boolean;
}

export interface GameCalendar {
  readonly gameId: string;
  readonly phase: Phase;
  readonly deadline: Date;
  /** The publication that opened this turn (the start mail for the first). */
  readonly lastPublication: Date;
  /** When the deadline was last moved after the turn opened (issue 28: its reminders are due at once). */
  readonly deadlineMovedAt?: Date;
  /** The last published adjudication, absent before the first: D.VII(2)'s 24 hours count from it. Defaults to `lastPublication`. */
  readonly lastAdjudication?: Date | null;
  readonly windows: readonly UnavailableWindow[];
  readonly leadTimes: readonly Duration[];
  /**
   * The powers with something to order this phase. A position in civil disorder is never Final, so it
   * holds early adjudication back: its player or captain may still order until the deadline (B.8(c)).
   */
  readonly powers: readonly PowerStatus[];
  readonly remindersSent: ReadonlySet<string>;
  readonly nmrNotices?: readonly NmrNotice[];
  readonly digestLeadTimes?: readonly Duration[];
  /** Daily digests: times of day (`HH:MM`) in the GM's zone, while the turn is open. */
  readonly digestTimes?: { readonly zone: string; readonly times: readonly string[] };
  readonly digestsSent?: ReadonlySet<string>;
}

export type CalendarAction =
  | { readonly kind: 'reminder'; readonly at: Date; readonly reminder: Reminder }
  | { readonly kind: 'digest'; readonly at: Date; readonly key: string }
  | { readonly kind: 'early-adjudication'; readonly at: Date }
  | { readonly kind: 'deadline'; readonly at: Date; readonly publishAt: Date | undefined }
  | { readonly kind: 'contact-deadline'; readonly at: Date; readonly power: Power };

/** The key of a digest sent `lead` before a deadline. */
export function digestKey(gameId: string, phase: Phase, deadline: Date, lead: Duration): string {
  return `digest:${gameId}:${formatPhase(phase)}:${deadline.toISOString()}:${Math.round(lead.toMillis() / MINUTE)}m`;
}

/** Everything `calendar` has due before `now + horizonMs`, in time order. */
export function actionsDue(calendar: GameCalendar, now: Date, horizonMs: number = HOUR): CalendarAction[] {
  const t = now.getTime();
  const until = t + horizonMs;
  const deadline = calendar.deadline.getTime();
  const opened = calendar.lastPublication.getTime();
  const out: CalendarAction[] = [];

  // Reminders: one evaluation now (catching up) and one at each lead time falling within the horizon.
  const times = new Set<number>([t]);
  for (const d of calendar.leadTimes) {
    const at = deadline - d.toMillis();
    if (at > t && at <= until && at >= opened) times.add(at);
  }
  const sent = new Set(calendar.remindersSent);
  for (const at of [...times].sort((a, b) => a - b)) {
    for (const reminder of remindersDue({ gameId: calendar.gameId, phase: calendar.phase, now: new Date(at), deadline: calendar.deadline, openedAt: calendar.lastPublication, ...(calendar.deadlineMovedAt ? { movedAt: calendar.deadlineMovedAt } : {}), leadTimes: calendar.leadTimes, powers: calendar.powers, alreadySent: sent })) {
      for (const k of reminder.keys) sent.add(k);
      out.push({ kind: 'reminder', at: new Date(at), reminder });
    }
  }

  // A digest "before the deadline" is stale once the deadline has passed.
  for (const d of t < deadline ? (calendar.digestLeadTimes ?? []) : []) {
    const at = deadline - d.toMillis();
    const key = digestKey(calendar.gameId, calendar.phase, calendar.deadline, d);
    if (at <= until && at >= opened && at < deadline && !calendar.digestsSent?.has(key)) out.push({ kind: 'digest', at: new Date(at), key });
  }

  // Daily digests at the GM's chosen times of day (DST-aware in the GM's zone). One missed by less
  // than an hour (the judge was down) is still sent; older ones are stale.
  if (calendar.digestTimes && t < deadline) {
    const { zone, times } = calendar.digestTimes;
    for (let day = DateTime.fromMillis(t - HOUR, { zone }).startOf('day'); day.toMillis() <= until; day = day.plus({ days: 1 })) {
      for (const hm of times) {
        const [h, m] = hm.split(':').map(Number);
        const at = day.set({ hour: h!, minute: m! }).toMillis();
        const key = `digest:${calendar.gameId}:${formatPhase(calendar.phase)}:daily:${new Date(at).toISOString()}`;
        if (at > t - HOUR && at <= until && at >= opened && at < deadline && !calendar.digestsSent?.has(key)) out.push({ kind: 'digest', at: new Date(at), key });
      }
    }
  }

  if (deadline > t) {
    const latestFinal = new Map(calendar.powers.map((p) => [p.power, p.status === 'final'] as const));
    const early = earlyAdjudicationAt({ latestFinal, powers: calendar.powers.map((p) => p.power), ...(calendar.lastAdjudication === null ? {} : { lastPublication: calendar.lastAdjudication ?? calendar.lastPublication }), now, deadline: calendar.deadline, windows: calendar.windows });
    if (early && early.getTime() <= until) out.push({ kind: 'early-adjudication', at: early });
  }
  if (deadline <= until) {
    out.push({ kind: 'deadline', at: calendar.deadline, publishAt: nextAllowedPublication(new Date(Math.max(deadline, t)), calendar.windows) });
  }

  for (const n of calendar.nmrNotices ?? []) {
    if (n.contacted) continue;
    const at = contactDeadline(n.publishedAt, n.zone);
    if (at.getTime() <= until) out.push({ kind: 'contact-deadline', at, power: n.power });
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}
