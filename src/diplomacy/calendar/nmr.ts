/**
 * What happens at a deadline when powers have no orders (D.VII(6)), and how long an NMR'd player has
 * to get in touch. Pure.
 *
 * - D.VII(6)(b): "The only seasons in which there are no NMR's allowed are Spring 1901 and the movement
 *   phase of Fall 1901 … The GM will not release results during either of these seasons if there is an
 *   NMR", and the player "will be replaced immediately". Spring 1901 is read as the whole season
 *   (S1901M and, should one ever occur, S1901R); F1901R and W1901A are ordinary turns.
 * - D.VII(6)(c): later, "All units will hold. If any units are dislodged, the player will be able to
 *   order retreats for those units."
 * - B.8(b): "In the event of an NMR the GM will notify the TD who will send an email to both the Team
 *   Captain and Team Members"; the issue adds the player. A position already in civil disorder
 *   gets no new notices (B.8(c): its player or captain may still send orders at any time).
 * - D.VII(6)(a): the player must contact the GM "within 48 hours [or 96 hours if the period includes a
 *   weekend] of the publication of the adjudication, or the replacement procedure described in Rule
 *   B.8 will be activated". The seed does not define a weekend: we take Saturday 00:00 to Monday
 *   00:00 on the player's own clock (GMT when unknown, D.VII(4)(b)), and the period "includes" one
 *   when any part of it falls on a Saturday or Sunday.
 */
import { formatPhase, type Phase, type Power } from '../index.js';
import { DAY, HOUR } from '../../rules/calendar/time.js';
import { wallOf, wallToInstants, wallWeekday } from '../../rules/calendar/zone-time.js';

/** D.VII(6)(a) and B.8(d). */
export const CONTACT_HOURS = 48;
export const CONTACT_HOURS_OVER_WEEKEND = 96;

export type NoticeRecipient = 'player' | 'captain' | 'TD' | 'GM';

export type NmrDecision =
  | { readonly kind: 'none' }
  | {
      /** D.VII(6)(b): results withheld until every power has orders; each missing power is replaced at once. */
      readonly kind: 'withhold-results';
      readonly phase: string;
      readonly missing: readonly Power[];
      readonly notify: readonly NoticeRecipient[];
      readonly requestReplacement: readonly Power[];
    }
  | {
      /** D.VII(6)(c): adjudicate; the missing powers' units hold (retreats may still be ordered next). */
      readonly kind: 'adjudicate-with-holds';
      readonly phase: string;
      readonly missing: readonly Power[];
      /** D.VII(6)(c): after a movement NMR the player may still order retreats for dislodged units. */
      readonly mayOrderRetreats: boolean;
      /** The powers that get an NMR notice (not those already in civil disorder). */
      readonly notices: readonly { readonly power: Power; readonly to: readonly NoticeRecipient[] }[];
    };

/** Whether `phase` is one in which no NMR is allowed (D.VII(6)(b)). */
export function noNmrAllowed(phase: Phase): boolean {
  return phase.year === 1901 && (phase.season === 'S' || (phase.season === 'F' && phase.kind === 'M'));
}

/**
 * The decision at the deadline of `phase` when `missing` powers sent no orders. Under D.VII(6)(b) the
 * GM and the TD are told and a replacement is requested; otherwise each NMR'd power (not in civil
 * disorder) gets a notice to its player, its team captain and the TD.
 */
export function nmrAtDeadline(phase: Phase, missing: readonly Power[], civilDisorder: ReadonlySet<Power> = new Set()): NmrDecision {
  if (missing.length === 0) return { kind: 'none' };
  const name = formatPhase(phase);
  if (noNmrAllowed(phase)) return { kind: 'withhold-results', phase: name, missing: [...missing], notify: ['GM', 'TD'], requestReplacement: [...missing] };
  return {
    kind: 'adjudicate-with-holds',
    phase: name,
    missing: [...missing],
    mayOrderRetreats: phase.kind === 'M',
    notices: missing.filter((p) => !civilDisorder.has(p)).map((power) => ({ power, to: ['player', 'captain', 'TD'] as const })),
  };
}

/** Whether `[from, from + hours)` touches a Saturday or Sunday on the clocks of `zone`. */
export function includesWeekend(from: Date, hours: number, zone = 'UTC'): boolean {
  const t = from.getTime();
  const wall = wallOf(zone, t);
  const weekday = wallWeekday(wall);
  if (weekday >= 6) return true;
  const saturdayWall = Math.floor(wall / DAY) * DAY + (6 - weekday) * DAY;
  return wallToInstants(zone, saturdayWall).earliest < t + hours * HOUR;
}

/**
 * The instant by which an NMR'd player must contact the GM, counted from the publication of the
 * adjudication (D.VII(6)(a)): 48 hours, or 96 if the 48 hours include a weekend in `zone`.
 */
export function contactDeadline(publishedAt: Date, zone = 'UTC'): Date {
  const hours = includesWeekend(publishedAt, CONTACT_HOURS, zone) ? CONTACT_HOURS_OVER_WEEKEND : CONTACT_HOURS;
  return new Date(publishedAt.getTime() + hours * HOUR);
}
