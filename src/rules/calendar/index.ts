/**
 * Time as every game's calendar needs it: intervals, time zones, deadlines written for people (GMT
 * first, then the reader's zone), holidays. The Diplomacy calendar (D.VII) builds on these in
 * src/diplomacy/calendar. All pure: time is always a parameter.
 */
export { MINUTE, HOUR, DAY, WEEK, type Interval } from './time.js';
export { isValidZone, offsetMinutes } from './zone-time.js';
export type { CalendarWarning, Recipient } from './warnings.js';
export { exactFormat, formatDeadlineForRecipients, formatGmt, formatGmtSeconds, formatInZone, type DeadlineLine } from './format-deadline.js';
export { holidayAllowanceHours, holidaysOverlapping, type Holiday } from './holidays.js';
