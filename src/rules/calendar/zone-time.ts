/**
 * Wall clocks in IANA zones, DST-aware, for the weekly calendar rules. A wall time is written as
 * "wall milliseconds": the local date and time read as if it were UTC, so that `wall + 7 days` is the
 * same local time next week whatever the clocks did in between. Offsets come from luxon's IANA zone
 * data (the platform's tzdb) and are memoised per zone and quarter hour (every modern tzdb change
 * falls on a quarter hour); the memo is invisible to callers, so the functions stay pure.
 */
import { IANAZone } from 'luxon';
import { HOUR, MINUTE } from './time.js';

const QUARTER = 15 * MINUTE;
const MEMO_LIMIT = 200_000;
const zones = new Map<string, IANAZone>();
const memo = new Map<string, Map<number, number>>();
let memoSize = 0;

const validity = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone name the platform knows (`UTC` included). */
export function isValidZone(zone: string): boolean {
  let ok = validity.get(zone);
  if (ok === undefined) {
    // luxon builds an Intl formatter to check: slow, so each name is checked once.
    ok = IANAZone.isValidZone(zone);
    if (validity.size < 10_000) validity.set(zone, ok);
  }
  return ok;
}

function zoneObject(zone: string): IANAZone {
  let z = zones.get(zone);
  if (!z) {
    if (!isValidZone(zone)) throw new Error(`unknown time zone: ${zone}`);
    z = IANAZone.create(zone);
    zones.set(zone, z);
  }
  return z;
}

/** The UTC offset of `zone` at instant `t`, in minutes (Kolkata: 330). Throws for an unknown zone. */
export function offsetMinutes(zone: string, t: number): number {
  const bucket = Math.floor(t / QUARTER);
  let m = memo.get(zone);
  if (!m) {
    m = new Map();
    memo.set(zone, m);
  }
  const hit = m.get(bucket);
  if (hit !== undefined) return hit;
  const o = zoneObject(zone).offset(bucket * QUARTER);
  if (memoSize >= MEMO_LIMIT) {
    for (const other of memo.values()) other.clear();
    memoSize = 0;
  }
  m.set(bucket, o);
  memoSize++;
  return o;
}

/** The wall milliseconds of instant `t` in `zone`. */
export function wallOf(zone: string, t: number): number {
  return t + offsetMinutes(zone, t) * MINUTE;
}

/**
 * The instants at which the clocks of `zone` show `wall`: `earliest === latest` on an ordinary day;
 * on the autumn change a time shown twice gives its two instants; on the spring change a time never
 * shown gives its readings with the offsets before and after the change. Callers choose the end that
 * errs on the safe side (a window starts at `earliest` and ends at `latest`).
 */
export function wallToInstants(zone: string, wall: number): { earliest: number; latest: number } {
  // At most one offset change lies within a day either side of any wall time.
  const before = offsetMinutes(zone, wall - 26 * HOUR);
  const after = offsetMinutes(zone, wall + 26 * HOUR);
  const readings = before === after ? [wall - before * MINUTE] : [wall - before * MINUTE, wall - after * MINUTE];
  const real = readings.filter((t) => wallOf(zone, t) === wall);
  const chosen = real.length > 0 ? real : readings;
  return { earliest: Math.min(...chosen), latest: Math.max(...chosen) };
}

/** ISO weekday of a wall time: 1 = Monday … 7 = Sunday. */
export function wallWeekday(wall: number): number {
  const d = new Date(wall).getUTCDay();
  return d === 0 ? 7 : d;
}
