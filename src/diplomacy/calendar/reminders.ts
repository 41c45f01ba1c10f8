/**
 * Deadline reminders (D.VII(1): "Individual and/or broadcast reminders may be given but the lack of a
 * reminder will not serve to excuse failure to submit orders"). A reminder goes to each player whose
 * power has not ordered or has only preliminary orders in (D.II(1)), at each of the game's lead times
 * before the deadline; never to a position in civil disorder, never once the deadline has passed, and
 * never for a lead time that fell before the turn opened (its start mail named the deadline) — unless
 * the deadline was moved since: a deadline moved to less than a lead time away (an extension, the GM's
 * DEADLINE, a holiday) is news, and its reminder goes at once, naming the new deadline (issue 28). When several lead times are due at once (the
 * worker was down), the player gets one email that covers them all. Each reminder has a key naming the
 * game, the phase, the power, the deadline and the lead time, so it is sent once, and sent again only
 * if the deadline moves (an extension is news). Pure.
 */
import type { Duration } from 'luxon';
import { formatPhase, type Phase, type Power } from '../index.js';
import { MINUTE } from '../../rules/calendar/time.js';

export type OrderStatus = 'missing' | 'preliminary' | 'final';

export interface PowerStatus {
  readonly power: Power;
  readonly status: OrderStatus;
  /** In civil disorder: no player to remind. */
  readonly cd: boolean;
  /** The current player's address. */
  readonly email: string;
}

export interface RemindersInput {
  readonly gameId: string;
  readonly phase: Phase;
  readonly now: Date;
  readonly deadline: Date;
  /** When the turn opened; lead times reaching back before it are skipped. */
  readonly openedAt?: Date;
  /**
   * When the deadline was last moved, if it was after the turn opened: lead times of the new deadline
   * that fell before the move are due at once (once: the key names the deadline).
   */
  readonly movedAt?: Date;
  readonly leadTimes: readonly Duration[];
  /** The powers with something to order this phase. */
  readonly powers: readonly PowerStatus[];
  readonly alreadySent: ReadonlySet<string>;
}

export interface Reminder {
  readonly email: string;
  readonly power: Power;
  readonly status: Exclude<OrderStatus, 'final'>;
  /** The job key of this email: the shortest lead time it covers. */
  readonly key: string;
  /** Every reminder key this email covers: mark them all sent. */
  readonly keys: readonly string[];
  /**
   * Set when the reminder is due because the deadline was moved inside a lead time (issue 28): when it
   * moved, and the shortest lead time it covers (the new deadline is less than that away).
   */
  readonly becauseMoved?: { readonly at: Date; readonly leadMs: number };
}

/** The key of one reminder. */
export function reminderKey(gameId: string, phase: Phase, power: Power, deadline: Date, lead: Duration): string {
  return `remind:${gameId}:${formatPhase(phase)}:${power}:${deadline.toISOString()}:${Math.round(lead.toMillis() / MINUTE)}m`;
}

/** The reminders due at `now` and not yet sent, one email per player. */
export function remindersDue(input: RemindersInput): Reminder[] {
  const now = input.now.getTime();
  const deadline = input.deadline.getTime();
  if (now >= deadline) return [];
  const opened = input.openedAt?.getTime() ?? -Infinity;
  // A moved deadline (after the turn opened, not after now): every lead time it fell inside is due
  // from the move on, whether or not it reaches back before the turn opened.
  const moved = input.movedAt && input.movedAt.getTime() >= opened && input.movedAt.getTime() <= now ? input.movedAt.getTime() : undefined;
  const dueAt = (at: number) => (moved !== undefined && at < moved ? moved : at);
  // Longest lead first, so the last key listed is the shortest lead time due.
  const leads = input.leadTimes
    .map((d) => ({ d, at: deadline - d.toMillis() }))
    .filter((l) => dueAt(l.at) <= now && (l.at >= opened || moved !== undefined))
    .sort((a, b) => a.at - b.at);
  if (leads.length === 0) return [];
  const byEmail = new Map<string, { power: Power; status: Exclude<OrderStatus, 'final'>; keys: string[]; becauseMoved: Reminder['becauseMoved'] }>();
  for (const p of input.powers) {
    if (p.cd || p.status === 'final') continue;
    const unsent = leads.map((l) => ({ ...l, key: reminderKey(input.gameId, input.phase, p.power, input.deadline, l.d) })).filter((l) => !input.alreadySent.has(l.key));
    if (unsent.length === 0) continue;
    const keys = unsent.map((l) => l.key);
    // Issue 28: due because the deadline moved inside these lead times (the shortest one named).
    const byMove = moved !== undefined && unsent.some((l) => l.at < moved) ? { at: new Date(moved), leadMs: unsent[unsent.length - 1]!.d.toMillis() } : undefined;
    const entry = byEmail.get(p.email);
    if (entry) {
      entry.keys.push(...keys);
      entry.becauseMoved ??= byMove;
    } else byEmail.set(p.email, { power: p.power, status: p.status, keys, becauseMoved: byMove });
  }
  return [...byEmail].map(([email, e]) => ({ email, power: e.power, status: e.status, key: e.keys[e.keys.length - 1]!, keys: e.keys, ...(e.becauseMoved ? { becauseMoved: e.becauseMoved } : {}) }));
}
