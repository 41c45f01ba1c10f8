/**
 * D.VII(4)(a): "At least 3 days will normally be allowed for each movement turn and at least 1 day …
 * for each retreat or adjustment turn. The GM may speed up or slow down the timing … but will never
 * speed up beyond these stated minimums without the consent of the surviving players." One check for
 * every deadline the GM gives — the first one at `game create` as much as `deadline` later: a turn
 * shorter than the minimum, counted from the publication (or the game's start) that opened it, needs
 * the players' consent on record. Pure.
 */
import type { PhaseKind } from '../index.js';
import { MIN_TURN_HOURS } from './next-deadline.js';
import { HOUR, MINUTE } from '../../rules/calendar/time.js';

export interface TurnLengthInput {
  readonly phase: string;
  readonly kind: PhaseKind;
  /** When the turn opened: the last publication, or the game's start for Spring 1901. */
  readonly opened: Date;
  readonly deadline: Date;
  /** Every surviving player's consent is on record, or is being recorded with this deadline. */
  readonly consented: boolean;
  /** How the GM records consent where this is answered (`add --consent-recorded "<how>"`). */
  readonly howToConsent: string;
}

export interface TurnLengthCheck {
  /** Under the minimum of its kind. */
  readonly short: boolean;
  readonly minimumHours: number;
  /** Why it is refused (short and no consent), for the GM. */
  readonly problem?: string;
}

/** `30 hours`, `6 minutes`. */
function length(ms: number): string {
  const hours = Math.floor(ms / HOUR);
  if (hours >= 1) return `${hours} hour${hours === 1 ? '' : 's'}`;
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function checkTurnLength(input: TurnLengthInput): TurnLengthCheck {
  const minimumHours = MIN_TURN_HOURS[input.kind];
  const ms = input.deadline.getTime() - input.opened.getTime();
  const short = ms < minimumHours * HOUR;
  if (!short || input.consented) return { short, minimumHours };
  return {
    short, minimumHours,
    problem: `that makes the ${input.phase} turn ${length(ms)} long, under the ${minimumHours}-hour minimum: it needs the consent of every surviving player (D.VII(4)(a)); once you have it, ${input.howToConsent}`,
  };
}
