/**
 * Deadlines as people read them (D.VII(4)(b)): "It is mandatory that all deadlines be stated in GMT …
 * in addition to any local time". GMT first and definitive, then each recipient's zone, every line
 * with its weekday. "GMT is the definitive deadline", so the deadline is stated exactly as it is
 * enforced: a deadline on a whole minute reads `13:52`, one with seconds (a GM may set
 * `2026-11-25T13:52:30Z`) reads `13:52:30` everywhere — never rounded to a minute it is not. Pure.
 */
import { DateTime } from 'luxon';
import { isValidZone } from './zone-time.js';

export interface DeadlineLine {
  /** `GMT`, or the IANA zone of the line. */
  readonly zone: string;
  readonly text: string;
}

const FORMAT = 'cccc d LLLL yyyy, HH:mm';
const FORMAT_SECONDS = 'cccc d LLLL yyyy, HH:mm:ss';

/** The luxon format that states `instant` exactly: with seconds when it is not on a whole minute. */
export function exactFormat(instant: Date, minutes: string, seconds: string): string {
  return instant.getTime() % 60_000 === 0 ? minutes : seconds;
}
const UTC_NAMES = new Set(['UTC', 'GMT', 'Etc/UTC', 'Etc/GMT', 'Etc/Zulu', 'Zulu', 'Etc/Universal', 'Universal']);

/** `Friday 7 March 2025, 22:00 GMT`. */
export function formatGmt(instant: Date): string {
  return `${DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat(exactFormat(instant, FORMAT, FORMAT_SECONDS))} GMT`;
}

/** `Friday 7 March 2025, 22:00:00 GMT`: a receipt time, or a deadline next to one, to the second. */
export function formatGmtSeconds(instant: Date): string {
  return `${DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat(FORMAT_SECONDS)} GMT`;
}

/** `Friday 7 March 2025, 17:00 EST in America/New_York`, or `undefined` for an unknown zone. */
export function formatInZone(instant: Date, zone: string): string | undefined {
  if (!isValidZone(zone)) return undefined;
  const t = DateTime.fromJSDate(instant, { zone });
  return `${t.toFormat(exactFormat(instant, FORMAT, FORMAT_SECONDS))} ${t.offsetNameShort ?? ''} in ${zone}`.replace('  ', ' ');
}

/**
 * The deadline in GMT, then once in each distinct recipient zone (UTC aliases and unknown zones add
 * no line; unknown zones are refused when a player registers one).
 */
export function formatDeadlineForRecipients(deadline: Date, zones: readonly string[]): DeadlineLine[] {
  const lines: DeadlineLine[] = [{ zone: 'GMT', text: formatGmt(deadline) }];
  for (const zone of new Set(zones)) {
    if (UTC_NAMES.has(zone)) continue;
    const text = formatInZone(deadline, zone);
    if (text) lines.push({ zone, text });
  }
  return lines;
}
