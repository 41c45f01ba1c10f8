/**
 * The Diplomacy game's calendar (D.VII), on the shared time rules of src/rules/calendar: deadlines clear of players' unavailable windows, publication times,
 * early adjudication, extensions, reminders, NMRs and contact deadlines, the GM's digest, and the
 * per-game "what is due now" evaluation. All pure: time is always a parameter.
 */
export { MINUTE, HOUR, DAY, WEEK, type Interval } from '../../rules/calendar/time.js';
export { isValidZone, offsetMinutes } from '../../rules/calendar/zone-time.js';
export type { CalendarWarning, Recipient } from '../../rules/calendar/warnings.js';
export {
  MAX_WINDOW_HOURS,
  WEEKDAYS,
  insideWindow,
  validateWindow,
  windowHours,
  windowOccurrences,
  type UnavailableWindow,
  type Weekday,
  type WindowIssue,
} from './unavailable-window.js';
export { SEARCH_LIMIT_MS, blockedIntervals, nextAllowedPublication, publicationAllowed } from './publication.js';
export { MIN_TURN_HOURS, nextDeadline, type NextDeadline, type NextDeadlineInput } from './next-deadline.js';
export { checkTurnLength, type TurnLengthCheck, type TurnLengthInput } from './turn-length.js';
export { exactFormat, formatDeadlineForRecipients, formatGmt, formatGmtSeconds, formatInZone, type DeadlineLine } from '../../rules/calendar/format-deadline.js';
export { MIN_BETWEEN_PUBLICATIONS_MS, earlyAdjudicationAt, earlyAdjudicationCheck, type EarlyAdjudicationInput, type EarlyBlock, type EarlyCheck } from './early-adjudication.js';
export { holidayAllowanceHours, holidaysOverlapping, type Holiday } from '../../rules/calendar/holidays.js';
export {
  EXTENSION_NOTICE_HOURS,
  MAX_EXTENSION_HOURS_PER_POSITION,
  decideExtension,
  type ExtensionDecision,
  type ExtensionInput,
  type ExtensionRequest,
  type GrantedExtension,
} from './extensions.js';
export { reminderKey, remindersDue, type OrderStatus, type PowerStatus, type Reminder, type RemindersInput } from './reminders.js';
export {
  CONTACT_HOURS,
  CONTACT_HOURS_OVER_WEEKEND,
  contactDeadline,
  includesWeekend,
  nmrAtDeadline,
  noNmrAllowed,
  type NmrDecision,
  type NoticeRecipient,
} from './nmr.js';
export { digestFor, formatTimeLeft, type Digest, type DigestInput, type DigestPower, type ImpersonationAlarm, type RefusedMessage } from './digest.js';
export { actionsDue, digestKey, type CalendarAction, type GameCalendar, type NmrNotice } from './actions-due.js';
