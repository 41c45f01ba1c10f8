/**
 * The deadline of the next turn (D.VII(2), D.VII(4)). The turn lasts the GM's length (default: the
 * judge's usual one, `TURN_HOURS` in `../deadlines.ts`) from the publication that opens it, on a whole
 * UTC hour; never less than 3 days for movement and 1 day for retreats and adjustments unless every
 * surviving player has consented (D.VII(4)(a)); and never inside any player's declared window
 * (D.VII(2)). A deadline a window covers moves to the nearest free whole hour — later, or earlier if
 * that keeps the turn at least as long as the minimum — the later one on a tie. When no free hour
 * exists within the search limit, the deadline is left where it was and the GM and the TD are warned:
 * D.VII(2) has the GM warn the TD "so a compromise can be found". Pure.
 */
import type { PhaseKind } from '../index.js';
import { TURN_HOURS } from './deadlines.js';
import { holidaysOverlapping, type Holiday } from '../../rules/calendar/holidays.js';
import { blockedIntervals, SEARCH_LIMIT_MS } from './publication.js';
import { HOUR, ceilHour, floorHour, intervalAt, type Interval } from '../../rules/calendar/time.js';
import { validateWindow, type UnavailableWindow } from './unavailable-window.js';
import type { CalendarWarning } from '../../rules/calendar/warnings.js';

/** D.VII(4)(a): "At least 3 days … for each movement turn and at least 1 day … for each retreat or adjustment turn". */
export const MIN_TURN_HOURS = { M: 72, R: 24, A: 24 } as const;

export interface NextDeadlineInput {
  /** When the turn opened: the publication of the previous adjudication (or the game start). */
  readonly previousPublication: Date;
  readonly phaseKind: PhaseKind;
  /** The GM's turn length in hours (D.VII(4)(a): "The GM may speed up or slow down the timing"). */
  readonly gmLength?: number;
  /**
   * The shortest turn, in hours, the GM accepts when a window forces the deadline earlier than
   * `gmLength`; default the rule minimum (or `gmLength`, if shorter and consented to).
   */
  readonly gmMinimum?: number;
  /** Every surviving player has consented, on record, to turns below the minimum (D.VII(4)(a)). */
  readonly consentToShorten?: boolean;
  /** Every declared window of every player in the game. */
  readonly windows: readonly UnavailableWindow[];
  /** TD-declared holidays (D.VII(5)). */
  readonly holidays?: readonly Holiday[];
}

export interface NextDeadline {
  readonly deadline: Date;
  /** Where the deadline would be without windows. */
  readonly target: Date;
  /** Powers whose windows covered `target` (for the GM). */
  readonly movedFor: readonly string[];
  readonly warnings: readonly CalendarWarning[];
}

/** The next turn's deadline, clear of every window, with warnings for the GM and the TD; never throws. */
export function nextDeadline(input: NextDeadlineInput): NextDeadline {
  const warnings: CalendarWarning[] = [];
  const kind = input.phaseKind;
  const minimum = MIN_TURN_HOURS[kind];
  let length = input.gmLength ?? TURN_HOURS[kind];
  if (length < minimum && !input.consentToShorten) {
    warnings.push({ code: 'below-minimum', message: `a ${length}-hour turn is shorter than the ${minimum}-hour minimum and needs the consent of every surviving player (D.VII(4)(a)); ${minimum} hours used`, notify: ['GM'] });
    length = minimum;
  }
  const ruleFloor = input.consentToShorten ? Math.min(length, minimum) : minimum;
  const floorHours = Math.min(length, Math.max(input.gmMinimum ?? ruleFloor, ruleFloor));

  const windows = input.windows.filter((w) => {
    const issues = validateWindow(w);
    if (issues.length === 0) return true;
    warnings.push({ code: 'invalid-window', message: `${w.power}'s window ${w.startDay} ${w.startTime} – ${w.endDay} ${w.endTime} ${w.zone} is ignored: ${issues.map((i) => i.message).join('; ')}`, notify: ['GM'] });
    return false;
  });

  const opened = input.previousPublication.getTime();
  const target = ceilHour(opened + length * HOUR);
  const earliest = opened + floorHours * HOUR;
  const blocked = blockedIntervals(windows, earliest - HOUR, target + SEARCH_LIMIT_MS);
  let deadline = target;
  let movedFor: string[] = [];
  if (intervalAt(blocked, target)) {
    movedFor = [...new Set(windows.filter((w) => blockedIntervals([w], target, target).some((i) => i.start <= target && target < i.end)).map((w) => w.power))];
    const later = freeHourAtOrAfter(blocked, target, target + SEARCH_LIMIT_MS);
    const earlier = freeHourAtOrBefore(blocked, target, earliest);
    const best = [later, earlier]
      .filter((t): t is number => t !== undefined)
      .sort((a, b) => Math.abs(a - target) - Math.abs(b - target) || b - a)[0];
    if (best === undefined) {
      // D.VII(2): "the GM must warn the TD in due course so a compromise can be found".
      warnings.push({ code: 'no-legal-slot', message: `the unavailable windows of ${movedFor.join(', ')} and others leave no free hour for a deadline within 7 days of ${new Date(target).toISOString()}; a compromise must be found (D.VII(2))`, notify: ['GM', 'TD'] });
    } else deadline = best;
  }
  const on = new Date(deadline);
  for (const h of holidaysOverlapping(input.holidays ?? [], input.previousPublication, on)) {
    warnings.push({ code: 'holiday', message: `this turn runs into ${h.name}: any player or the GM may take an uncharged extension, which must be granted (D.VII(5))`, notify: ['GM'] });
  }
  return { deadline: on, target: new Date(target), movedFor, warnings };
}

/** The first whole hour in `[from, limit]` outside `blocked`. */
export function freeHourAtOrAfter(blocked: readonly Interval[], from: number, limit: number): number | undefined {
  let t = ceilHour(from);
  for (let i = intervalAt(blocked, t); i; i = intervalAt(blocked, t)) t = ceilHour(i.end);
  return t <= limit ? t : undefined;
}

/** The last whole hour in `[floor, from]` outside `blocked`. */
function freeHourAtOrBefore(blocked: readonly Interval[], from: number, floor: number): number | undefined {
  let t = floorHour(from);
  for (let i = intervalAt(blocked, t); i; i = intervalAt(blocked, t)) t = floorHour(i.start - 1);
  return t >= floor ? t : undefined;
}
