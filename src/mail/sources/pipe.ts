/**
 * Mail handed to the judge by the MTA on standard input (`mailjudge ingest`, a Postfix `pipe`
 * transport or a `.forward`/procmail rule). The trusted receipt time is the one our own MTA wrote
 * into the topmost `Received:` header when it accepted the message (DESIGN.md "Time, deadlines"),
 * not the time the pipe ran (a deferred delivery may run much later) and never the sender's Date:.
 *
 * Everything here is pure; the command itself is src/cli/ingest-command.ts.
 */
import { headerFields } from '../inbound/header-fields.js';

export { mboxFromLineLength } from '../inbound/header-fields.js';

const MONTHS: Readonly<Record<string, number>> = { jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11 };
/** RFC 5322 §4.3 obsolete zone names (and the common UTC), in hours east of UTC. */
const ZONES: Readonly<Record<string, number>> = { ut: 0, utc: 0, gmt: 0, edt: -4, est: -5, cdt: -5, cst: -6, mdt: -6, mst: -7, pdt: -7, pst: -8 };

/**
 * An RFC 5322 date-time (`Tue, 7 May 2024 09:15:02 +0000 (UTC)`), or `undefined` when it is not
 * one. Comments are ignored; a two-digit year is read as RFC 5322 §4.3 says; the day of the week
 * is not checked. Pure.
 */
export function parseRfc5322Date(text: string): Date | undefined {
  const clean = text.replace(/\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  const m = /^(?:[A-Za-z]{3},?\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{4}|[A-Za-z]{1,5})?$/.exec(clean);
  if (!m) return undefined;
  const [, dd, mon, yy, hh, mi, ss, zone] = m;
  const month = MONTHS[mon!.toLowerCase()];
  if (month === undefined) return undefined;
  let year = Number(yy);
  if (yy!.length === 2) year += year < 50 ? 2000 : 1900;
  else if (yy!.length === 3) year += 1900;
  const day = Number(dd);
  const hour = Number(hh);
  const minute = Number(mi);
  const second = ss === undefined ? 0 : Math.min(Number(ss), 59); // a leap second counts as :59
  if (hour > 23 || minute > 59 || Number(ss ?? 0) > 60) return undefined;
  let offsetMinutes: number;
  if (zone === undefined) return undefined; // the zone is required
  if (/^[+-]\d{4}$/.test(zone)) {
    const sign = zone[0] === '-' ? -1 : 1;
    const zh = Number(zone.slice(1, 3));
    const zm = Number(zone.slice(3, 5));
    if (zm > 59) return undefined;
    offsetMinutes = sign * (zh * 60 + zm);
  } else {
    // A one-letter military zone counts as UTC (RFC 5322 §4.3); any other name is not a zone we know.
    const hours = zone.length === 1 ? 0 : ZONES[zone.toLowerCase()];
    if (hours === undefined) return undefined;
    offsetMinutes = hours * 60;
  }
  const utc = Date.UTC(year, month, day, hour, minute, second);
  const check = new Date(utc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month) return undefined; // 31 Feb
  return new Date(utc - offsetMinutes * 60_000);
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
