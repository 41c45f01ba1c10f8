/**
 * Deadlines as people read them (D.VII(4)(b)): "It is mandatory that all deadlines be stated in GMT …
 * in addition to any local time". GMT first and definitive, then each recipient's zone, every line
 * with its weekday. Pure.
 */
import { DateTime } from 'luxon';
import { isValidZone } from './zone-time.js';

export interface DeadlineLine {
  /** `GMT`, or the IANA zone of the line. */
  readonly zone: string;
  readonly text: string;
}

const FORMAT = 'cccc d LLLL yyyy, HH:mm';
const UTC_NAMES = new Set(['UTC', 'GMT', 'Etc/UTC', 'Etc/GMT', 'Etc/Zulu', 'Zulu', 'Etc/Universal', 'Universal']);

/** `Friday 7 March 2025, 22:00 GMT`. */
export function formatGmt(instant: Date): string {
  return `${DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat(FORMAT)} GMT`;
}

/** `Friday 7 March 2025, 17:00 EST (America/New_York)`, or `undefined` for an unknown zone. */
export function formatInZone(instant: Date, zone: string): string | undefined {
  if (!isValidZone(zone)) return undefined;
  const t = DateTime.fromJSDate(instant, { zone });
  return `${t.toFormat(FORMAT)} ${t.offsetNameShort ?? ''} (${zone})`.replace('  ', ' ');
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
