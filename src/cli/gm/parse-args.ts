/**
 * Reading the GM's CLI arguments (pure): every problem is returned as a message saying how to write
 * the value, never thrown (STYLE.md 6.4).
 */
import { POWERS, parsePhase, type Power } from '../../diplomacy/index.js';
import { WEEKDAYS, isValidZone, type Weekday } from '../../diplomacy/calendar/index.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const DAY_NAMES: Record<string, Weekday> = {};
for (const d of WEEKDAYS) DAY_NAMES[d.toLowerCase()] = d;
for (const [full, d] of Object.entries({ monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun', tues: 'Tue', thur: 'Thu', thurs: 'Thu' } as const)) DAY_NAMES[full] = d;

/** `Fri 17:00`, `friday 5:00`, `Mon 09:00` → a weekday and an `HH:MM`. */
export function parseWeeklyTime(option: string, text: string): Parsed<{ day: Weekday; time: string }> {
  const m = /^\s*([a-z]+)\.?\s+(\d{1,2}):(\d{2})\s*$/i.exec(text);
  const day = m ? DAY_NAMES[m[1]!.toLowerCase()] : undefined;
  const h = m ? Number(m[2]) : NaN;
  const min = m ? Number(m[3]) : NaN;
  if (!m || !day || h > 23 || min > 59) return { ok: false, problem: `${option} "${text}": write a weekday and a 24-hour time, e.g. "Fri 17:00"` };
  return { ok: true, value: { day, time: `${String(h).padStart(2, '0')}:${m[3]}` } };
}

/** An ISO 8601 instant with its zone (`2030-05-01T12:00Z`, `2030-05-01T14:00+02:00`). */
export function parseInstant(option: string, text: string): Parsed<Date> {
  const at = new Date(text);
  if (Number.isNaN(at.getTime()) || !/T\d{1,2}:\d{2}/.test(text) || !/([zZ]|[+-]\d\d:?\d\d)$/.test(text.trim())) {
    return { ok: false, problem: `${option} "${text}": give an ISO 8601 instant with its zone, e.g. 2030-05-08T12:00Z` };
  }
  // Deadlines are enforced to the whole second (D.VII(1)) and stated as enforced (D.VII(4)(b)).
  if (at.getTime() % 1000 !== 0) return { ok: false, problem: `${option} "${text}": give whole seconds at most (deadlines are enforced and announced to the second), e.g. 2030-05-08T12:00:30Z` };
  return { ok: true, value: at };
}

export function parsePower(text: string): Parsed<Power> {
  const p = text.trim().toUpperCase();
  return (POWERS as readonly string[]).includes(p) ? { ok: true, value: p as Power } : { ok: false, problem: `"${text}" is not a power: one of ${POWERS.join(', ')}` };
}

/** A whole number of hours from 1 to `max`. */
export function parseHours(option: string, text: string, max = 24 * 28): Parsed<number> {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? { ok: true, value: n } : { ok: false, problem: `${option} "${text}": give a whole number of hours from 1 to ${max}` };
}

/** `24,6` → [24, 6] (hours, each 1..336), or `none` → []. */
export function parseLeadHours(option: string, text: string): Parsed<number[]> {
  if (/^\s*none\s*$/i.test(text)) return { ok: true, value: [] };
  const parts = text.split(',').map((s) => s.trim());
  const out = parts.map(Number);
  if (parts.some((p) => p === '') || out.some((n) => !Number.isInteger(n) || n < 1 || n > 336)) {
    return { ok: false, problem: `${option} "${text}": give hours before the deadline separated by commas, e.g. 48,24,6 (or none)` };
  }
  return { ok: true, value: [...new Set(out)].sort((a, b) => b - a) };
}

export function parseZone(option: string, text: string): Parsed<string> {
  return isValidZone(text) ? { ok: true, value: text } : { ok: false, problem: `${option} "${text}": not a time zone; give an IANA name such as America/New_York` };
}

export function parsePhaseName(option: string, text: string): Parsed<string> {
  const p = parsePhase(text);
  return p ? { ok: true, value: `${p.season}${p.year}${p.kind}` } : { ok: false, problem: `${option} "${text}": not a phase; write e.g. F1903M, S1904R or W1903A` };
}

/** Collect every problem of several parses; the values when all are fine. */
export function collect<T extends Record<string, Parsed<unknown> | undefined>>(
  parts: T,
): { ok: true; value: { [K in keyof T]: T[K] extends Parsed<infer V> ? V : T[K] extends Parsed<infer V> | undefined ? V | undefined : never } } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const value: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parts)) {
    if (v === undefined) { value[k] = undefined; continue; }
    if (v.ok) value[k] = v.value;
    else problems.push(v.problem);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: value as never };
}

/** `08:00,20:00` (times of day) or `none`. */
export function parseTimesOfDay(option: string, text: string): Parsed<string[]> {
  if (/^none$/i.test(text.trim())) return { ok: true, value: [] };
  const parts = text.split(',').map((x) => x.trim());
  const bad = parts.filter((x) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(x));
  if (parts.length === 0 || bad.length > 0) return { ok: false, problem: `${option} ${text}: give times of day as HH:MM, e.g. 08:00,20:00 (or none)` };
  return { ok: true, value: [...new Set(parts)].sort() };
}
