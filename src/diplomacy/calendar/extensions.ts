/**
 * Extension requests (D.VII(5)). "Each player will have a right to one guaranteed extension, though
 * further extensions may be permitted at the discretion of the GM on the condition that the GM never
 * allows more than 7 days extensions for any one position in any single game. All extensions
 * (including the guaranteed extension) must be requested at least 12 hours in advance. Any extension
 * requested less than 12 hours in advance will be rejected for that immediate turn, but may apply to a
 * subsequent turn if a player requests." TD-declared holidays give extensions that are not charged and
 * "must be granted" (the 12-hour rule still applies: it covers all extensions). Readings where the
 * seed is silent:
 * - the guaranteed extension is per player (a replacement has their own), the 7-day cap per position;
 * - an uncharged holiday extension counts toward neither the guaranteed extension nor the 7 days;
 * - one holiday gives a game at most its allowance in all (`holidayAllowanceHours`), whoever asks;
 *   when what is left of it is less than the request and the player's guaranteed extension is unused
 *   (or the GM asks), the request is granted in full that way instead of being cut to the holiday's
 *   leftover — a player asking 12 hours gets 12, not 1;
 * - a new deadline that would fall in a declared window moves to the window's end (D.VII(2)); only the
 *   hours asked for are charged.
 * Pure.
 */
import type { Power } from '../index.js';
import { holidayAllowanceHours, holidaysOverlapping, type Holiday } from '../../rules/calendar/holidays.js';
import { blockedIntervals, SEARCH_LIMIT_MS } from './publication.js';
import { freeHourAtOrAfter } from './next-deadline.js';
import { HOUR, intervalAt } from '../../rules/calendar/time.js';
import type { UnavailableWindow } from './unavailable-window.js';

/** D.VII(5): "at least 12 hours in advance". */
export const EXTENSION_NOTICE_HOURS = 12;
/** D.VII(5): "never allows more than 7 days extensions for any one position in any single game". */
export const MAX_EXTENSION_HOURS_PER_POSITION = 7 * 24;

/** `1 hour`, `12 hours`. */
function hoursText(n: number): string {
  return `${n} hour${n === 1 ? '' : 's'}`;
}

export interface ExtensionRequest {
  readonly at: Date;
  readonly hours: number;
  /** The position asking, or the GM (who may take a holiday extension, D.VII(5)). */
  readonly power: Power | 'GM';
  /** The person asking, for the once-per-player guaranteed extension; default: the position. */
  readonly person?: string;
}

/** An extension already granted in this game (for any position). */
export interface GrantedExtension {
  readonly power: Power | 'GM';
  readonly person?: string;
  readonly hours: number;
  readonly charged: boolean;
  readonly guaranteed: boolean;
  /** The holiday it was granted for, when uncharged for a holiday. */
  readonly holiday?: string;
}

export interface ExtensionInput {
  readonly request: ExtensionRequest;
  /** The current deadline of the turn. */
  readonly deadline: Date;
  /** Every extension granted so far in this game. */
  readonly history: readonly GrantedExtension[];
  readonly holidays?: readonly Holiday[];
  /** The GM's answer to a discretionary (second or later) extension, once given. */
  readonly gmApproves?: boolean;
  /** Every declared window in the game: the new deadline must avoid them (D.VII(2)). */
  readonly windows?: readonly UnavailableWindow[];
}

export type ExtensionDecision =
  | {
      readonly kind: 'granted';
      readonly deadline: Date;
      /** Hours granted (and recorded in the history). */
      readonly hours: number;
      readonly charged: boolean;
      readonly guaranteed: boolean;
      readonly holiday?: string;
      readonly message: string;
    }
  | {
      readonly kind: 'refused';
      readonly reason: 'too-late' | 'over-seven-days' | 'gm-declined' | 'bad-length';
      /** Refused only for this turn: the player may ask for it to apply to a later turn (D.VII(5)). */
      readonly applyLater: boolean;
      /** Charged hours this position may still be granted. */
      readonly remainingHours: number;
      readonly message: string;
    }
  | { readonly kind: 'needs-gm'; readonly remainingHours: number; readonly message: string };

function sameRequester(g: GrantedExtension, r: ExtensionRequest): boolean {
  return r.person !== undefined && g.person !== undefined ? g.person === r.person : g.power === r.power;
}

/** Decide an extension request; every outcome is data with a message for the reply, never thrown. */
export function decideExtension(input: ExtensionInput): ExtensionDecision {
  const { request, deadline, history } = input;
  const charged = history.filter((g) => g.power === request.power && g.charged).reduce((n, g) => n + g.hours, 0);
  const remainingHours = Math.max(0, MAX_EXTENSION_HOURS_PER_POSITION - charged);
  if (!(request.hours > 0) || !Number.isFinite(request.hours)) {
    return { kind: 'refused', reason: 'bad-length', applyLater: false, remainingHours, message: 'say how many hours (or days) of extension you ask for' };
  }
  // D.VII(5): "must be requested at least 12 hours in advance".
  if (deadline.getTime() - request.at.getTime() < EXTENSION_NOTICE_HOURS * HOUR) {
    return { kind: 'refused', reason: 'too-late', applyLater: true, remainingHours, message: `an extension must be asked for at least ${EXTENSION_NOTICE_HOURS} hours before the deadline (D.VII(5)); it is refused for this turn, but you may ask for it to apply to a later turn` };
  }
  const moved = (hours: number) => newDeadline(deadline, hours, input.windows ?? []);
  const guaranteedUnused = request.power !== 'GM' && !history.some((g) => g.guaranteed && sameRequester(g, request));
  // The request in full, another way: the GM's own, or the unused guaranteed extension within the 7 days.
  const inFullOtherwise = request.power === 'GM' || (guaranteedUnused && request.hours <= remainingHours);

  // D.VII(5): holiday extensions are not charged and must be granted.
  for (const h of holidaysOverlapping(input.holidays ?? [], request.at, deadline)) {
    const used = history.filter((g) => g.holiday === h.name).reduce((n, g) => n + g.hours, 0);
    const left = holidayAllowanceHours(h) - used;
    if (left <= 0) continue;
    if (left < request.hours && inFullOtherwise) continue; // not cut down to the holiday's leftover
    const hours = Math.min(request.hours, left);
    const cut = hours < request.hours ? `: all that is left of its ${holidayAllowanceHours(h)}-hour allowance in this game (you asked for ${hoursText(request.hours)})` : '';
    return { kind: 'granted', deadline: moved(hours), hours, charged: false, guaranteed: false, holiday: h.name, message: `${hours}-hour extension granted for ${h.name}, not charged${cut} (D.VII(5))` };
  }
  if (request.power === 'GM') {
    // D.VII(4)(a): the GM may slow the game down; nothing is charged to a position.
    return { kind: 'granted', deadline: moved(request.hours), hours: request.hours, charged: false, guaranteed: false, message: `the GM extends the deadline by ${hoursText(request.hours)} (D.VII(4)(a))` };
  }
  // D.VII(5): never more than 7 days for one position in one game — the guaranteed extension included.
  if (request.hours > remainingHours) {
    return {
      kind: 'refused', reason: 'over-seven-days', applyLater: false, remainingHours,
      message: remainingHours > 0
        ? `this position has ${hoursText(remainingHours)} of extensions left of the 7 days (168 hours) one position may have in a game (D.VII(5)); ask for ${hoursText(remainingHours)} or fewer`
        : 'this position has used all 7 days (168 hours) of extensions one position may have in a game (D.VII(5))',
    };
  }
  // D.VII(5): "one guaranteed extension" per player.
  if (guaranteedUnused) {
    return { kind: 'granted', deadline: moved(request.hours), hours: request.hours, charged: true, guaranteed: true, message: `${request.hours}-hour extension granted: your guaranteed extension for this game (D.VII(5))` };
  }
  if (input.gmApproves === undefined) {
    return { kind: 'needs-gm', remainingHours, message: 'you have used your guaranteed extension; the GM decides on further extensions (D.VII(5))' };
  }
  if (!input.gmApproves) {
    return { kind: 'refused', reason: 'gm-declined', applyLater: false, remainingHours, message: 'the GM has declined a further extension (D.VII(5))' };
  }
  return { kind: 'granted', deadline: moved(request.hours), hours: request.hours, charged: true, guaranteed: false, message: `${request.hours}-hour extension granted at the GM's discretion (D.VII(5))` };
}

/** `deadline` + `hours`, moved to the first free whole hour if a window covers it (D.VII(2)). */
function newDeadline(deadline: Date, hours: number, windows: readonly UnavailableWindow[]): Date {
  const t = deadline.getTime() + hours * HOUR;
  const blocked = blockedIntervals(windows, t, t + SEARCH_LIMIT_MS);
  if (!intervalAt(blocked, t)) return new Date(t);
  const free = freeHourAtOrAfter(blocked, t, t + SEARCH_LIMIT_MS);
  return new Date(free ?? t);
}
