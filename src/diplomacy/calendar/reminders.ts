/**
 * Deadline reminders (D.VII(1): "Individual and/or broadcast reminders may be given but the lack of a
 * reminder will not serve to excuse failure to submit orders"). A reminder goes to each player whose
 * power has not ordered or has only preliminary orders in (D.II(1)), at each of the game's lead times
 * before the deadline; never to a position in civil disorder, never once the deadline has passed, and
 * never for a lead time that fell before the turn opened. When several lead times are due at once (the
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
  // Longest lead first, so the last key listed is the shortest lead time due.
  const leads = input.leadTimes.map((d) => ({ d, at: deadline - d.toMillis() })).filter((l) => l.at <= now && l.at >= opened).sort((a, b) => a.at - b.at);
  if (leads.length === 0) return [];
  const byEmail = new Map<string, { power: Power; status: Exclude<OrderStatus, 'final'>; keys: string[] }>();
  for (const p of input.powers) {
    if (p.cd || p.status === 'final') continue;
    const keys = leads.map((l) => reminderKey(input.gameId, input.phase, p.power, input.deadline, l.d)).filter((k) => !input.alreadySent.has(k));
    if (keys.length === 0) continue;
    const entry = byEmail.get(p.email);
    if (entry) entry.keys.push(...keys);
    else byEmail.set(p.email, { power: p.power, status: p.status, keys });
  }
  return [...byEmail].map(([email, e]) => ({ email, power: e.power, status: e.status, key: e.keys[e.keys.length - 1]!, keys: e.keys }));
}
