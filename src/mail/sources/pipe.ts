/**
 * Mail handed to the judge by the MTA on standard input (`mailjudge ingest`, a Postfix `pipe`
 * transport or a `.forward`/procmail rule). The trusted receipt time is the one our own MTA wrote
 * into the topmost `Received:` header when it accepted the message (DESIGN.md "Time, deadlines"),
 * not the time the pipe ran (a deferred delivery may run much later) and never the sender's Date:.
 *
 * Everything here is pure; the command itself is src/cli/ingest-command.ts.
 */
import { DateTime } from 'luxon';
import { headerFields } from '../inbound/header-fields.js';

export { mboxFromLineLength } from '../inbound/header-fields.js';

/**
 * An RFC 5322 date-time (`Tue, 7 May 2024 09:15:02 +0000 (UTC)`), or `undefined` when it is not
 * one. luxon's `DateTime.fromRFC2822` parses it (calendar checks included: no 31 Feb); a short
 * pre-pass first brings the RFC 5322 forms luxon does not take into its grammar: comments anywhere,
 * nested too (§3.2.2), folding whitespace, month and zone names in any case (§3.3), the obsolete
 * zones `UT` and the military letters, read as UTC, and the common `UTC` (§4.3), two- and three-digit
 * years as §4.3 says (00–49 → 20xx, 50–999 → +1900), a one-digit hour, and a leap second (:60, read
 * as :59). The day
 * of the week is not checked (the date wins). Refused although luxon would take them: hour 24 and a
 * zone with more than 59 minutes. Pure.
 */
export function parseRfc5322Date(text: string): Date | undefined {
  let clean = text;
  // §3.2.2: comments may nest; drop the innermost until none is left (an unbalanced one stays and fails).
  for (let before = ''; before !== clean; ) {
    before = clean;
    clean = clean.replace(/\([^()]*\)/g, ' ');
  }
  clean = clean.replace(/\s+/g, ' ').trim();
  clean = clean.replace(/^[A-Za-z]{3},?\s*(?=\d)/, ''); // the day of the week: not checked
  // Split into its fields only to normalise them; luxon reads the result.
  const m = /^(\d{1,2}) ([A-Za-z]{3}) (\d{2,4}) (\d{1,2}:\d\d(?::\d\d)?) ([+-]\d{4}|[A-Za-z]{1,3})$/.exec(clean);
  if (!m) return undefined;
  const [, day, month, year, time, zone] = m as unknown as [string, string, string, string, string, string];
  const y = Number(year);
  const fullYear = year.length === 4 ? year : String(year.length === 2 && y < 50 ? 2000 + y : 1900 + y); // §4.3
  const upper = zone.toUpperCase();
  const luxonZone = upper === 'UT' || upper === 'UTC' || (upper.length === 1 && upper !== 'J') ? '+0000' : upper; // §4.3
  if (/^[+-]\d\d[6-9]\d$/.test(luxonZone) || time.startsWith('24:')) return undefined;
  const monthName = month[0]!.toUpperCase() + month.slice(1).toLowerCase();
  const hms = time.padStart(time.indexOf(':') === 1 ? time.length + 1 : time.length, '0').replace(/:60$/, ':59');
  const parsed = DateTime.fromRFC2822(`${day} ${monthName} ${fullYear} ${hms} ${luxonZone}`);
  return parsed.isValid ? parsed.toJSDate() : undefined;
}

/**
 * The receipt time our MTA wrote: the date after the last `;` of the topmost `Received:` header
 * (unfolded). `fallback` when there is no Received header or its date is missing or invalid. Pure.
 */
export function receiptTimeFromReceived(raw: Buffer, fallback: Date): Date {
  const received = headerFields(raw).find((f) => f.name === 'received');
  if (!received) return fallback;
  const semi = received.value.lastIndexOf(';');
  if (semi === -1) return fallback;
  return parseRfc5322Date(received.value.slice(semi + 1)) ?? fallback;
}

/** How far ahead of the pipe's clock a Received date may be before it is not believed (clock skew). */
export const MAX_RECEIVED_AHEAD_MS = 5 * 60_000;

export interface PipeReceipt {
  readonly receivedAt: Date;
  /** `received`: our MTA's header; `clock`: the time of the call, with why. */
  readonly from: 'received' | 'clock';
  readonly note?: string;
}

/**
 * The receipt time of a piped message (DESIGN.md "Time, deadlines"; issue 16): the date of the topmost
 * `Received:` header only when our MTA wrote it (its `by` host is one of `receivedBy`) and it is not
 * more than a few minutes ahead of the pipe's clock; otherwise the clock, and why. A sender's own
 * forged Received (a `.forward`, procmail, an MTA that adds none) can therefore never set the time. Pure.
 */
export function pipeReceiptTime(raw: Buffer, now: Date, receivedBy: readonly string[], toJudgeTime: (real: Date) => Date = (real) => real): PipeReceipt {
  const received = headerFields(raw).find((f) => f.name === 'received');
  if (receivedBy.length === 0) return { receivedAt: now, from: 'clock', note: 'no trusted MTA configured (MAILJUDGE_PIPE_RECEIVED_BY): the time of delivery to the judge is the receipt time' };
  if (!received) return { receivedAt: now, from: 'clock', note: 'no Received header: the time of delivery to the judge is the receipt time' };
  const by = /\bby\s+([A-Za-z0-9.-]+)/i.exec(received.value)?.[1]?.toLowerCase();
  if (!by || !receivedBy.includes(by)) return { receivedAt: now, from: 'clock', note: `the topmost Received header was written by ${by ?? 'an unnamed host'}, not by our MTA (${receivedBy.join(', ')}): the time of delivery is the receipt time` };
  const written = receiptTimeFromReceived(raw, new Date(Number.NaN));
  // Issue 30: the MTA's real date on the judge's clock (src/config/clock.ts judgeTimeOf; the identity when it is off).
  const at = Number.isNaN(written.getTime()) ? written : toJudgeTime(written);
  if (Number.isNaN(at.getTime())) return { receivedAt: now, from: 'clock', note: `our MTA's Received header has no readable date: the time of delivery is the receipt time` };
  if (at.getTime() - now.getTime() > MAX_RECEIVED_AHEAD_MS) return { receivedAt: now, from: 'clock', note: `our MTA's Received date ${at.toISOString()} is ahead of the clock (${now.toISOString()}) by more than ${MAX_RECEIVED_AHEAD_MS / 60_000} minutes: the clock is the receipt time` };
  return { receivedAt: at, from: 'received' };
}
