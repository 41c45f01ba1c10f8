/**
 * The judge's one clock (issue 30). Every part of the shell that asks "what time is it?" asks here:
 * {@link judgeNow} for the judge's time (receipt times, deadlines, the calendar, digests, the 24-hour
 * rule), {@link realNow} where a real duration is meant (a timeout, a file's age, a round trip).
 *
 * Off by default: the judge's time is the real time. For a rehearsal (`npm run rehearse`) the clock
 * can run fast: a setting of three values,
 *
 *   MAILJUDGE_CLOCK_ORIGIN=<ISO instant>   the simulated instant at the anchor
 *   MAILJUDGE_CLOCK_ANCHOR=<ISO instant>   a fixed REAL instant (default: the origin itself)
 *   MAILJUDGE_CLOCK_SPEED=<factor>         simulated seconds per real second (default 1)
 *
 * (or `"clock": {"origin", "anchor", "speed"}` in the config file), and
 *
 *   simulated = origin + (real − anchor) × speed        real = anchor + (simulated − origin) / speed
 *
 * A rehearsal whose later rounds have fewer boards may speed the clock up from a real instant on
 * (`MAILJUDGE_CLOCK_CHANGES=<real instant>=<speed>,…`, or `"changes": [{"at", "speed"}]`): the simulated
 * time stays continuous at each change and runs at the new speed after it, so the formula holds piece
 * by piece, each piece's origin being where the one before it reached. Every process must know the
 * same changes before the first of them (the rehearsal stops its judges, adds the change a moment
 * ahead, and starts them again).
 *
 * Because the anchor is a fixed instant, not the process's start, every process sharing a database
 * (a restarted judge, a second worker, the CLI) computes the same simulated time from the same real
 * time. Real timestamps from outside (IMAP INTERNALDATE, our MTA's Received header) map by the same
 * formula ({@link judgeTimeOf}); instants the job queue waits for map back ({@link realTimeOf}, rounded
 * up so a job never runs before its simulated instant).
 */

/** The fast clock's setting. */
export interface ClockSetting {
  /** The simulated instant at `anchor`. */
  readonly origin: Date;
  /** The real instant at which the simulated time is `origin`. */
  readonly anchor: Date;
  /** Simulated milliseconds per real millisecond (> 0). */
  readonly speed: number;
  /** Later speeds, each from a real instant on (after the anchor, in increasing order); none: one speed. */
  readonly changes?: readonly SpeedChange[] | undefined;
}

/** From the real instant `at` on, the clock runs `speed` times fast (continuing from where it was). */
export interface SpeedChange {
  readonly at: Date;
  readonly speed: number;
}

/** One piece of the formula: from the real instant `anchor` on, `origin + (real − anchor) × speed`. */
interface Piece {
  readonly anchor: number;
  readonly origin: number;
  readonly speed: number;
}

/** The pieces of `setting`, the first one also before its anchor. Pure. */
function pieces(setting: ClockSetting): Piece[] {
  const out: Piece[] = [{ anchor: setting.anchor.getTime(), origin: setting.origin.getTime(), speed: setting.speed }];
  for (const c of setting.changes ?? []) {
    const last = out[out.length - 1]!;
    const at = c.at.getTime();
    out.push({ anchor: at, origin: last.origin + Math.round((at - last.anchor) * last.speed), speed: c.speed });
  }
  return out;
}

/** The last piece whose start (`at` of the piece: its real anchor or simulated origin) is at or before `t`; the first one before all. */
function pieceAt(setting: ClockSetting, t: number, at: (p: Piece) => number): Piece {
  const all = pieces(setting);
  let p = all[0]!;
  for (const q of all) if (at(q) <= t) p = q;
  return p;
}

/** The speed at the real instant `real`. Pure. */
export function speedAt(setting: ClockSetting, real: Date): number {
  return pieceAt(setting, real.getTime(), (p) => p.anchor).speed;
}

/** The simulated instant at real instant `real`. Pure. */
export function simulatedAt(setting: ClockSetting, real: Date): Date {
  const p = pieceAt(setting, real.getTime(), (q) => q.anchor);
  return new Date(p.origin + Math.round((real.getTime() - p.anchor) * p.speed));
}

/**
 * The real instant at which the simulated time reaches `simulated`: rounded UP to the millisecond,
 * so that at that real instant {@link simulatedAt} is at or past `simulated`. Pure.
 */
export function realAt(setting: ClockSetting, simulated: Date): Date {
  // The piece whose simulated span holds `simulated` (the simulated time grows with the real time).
  const p = pieceAt(setting, simulated.getTime(), (q) => q.origin);
  const exact = p.anchor + (simulated.getTime() - p.origin) / p.speed;
  let ms = Math.ceil(exact);
  // Float division may land a hair below; step until the forward mapping agrees.
  while (simulatedAt(setting, new Date(ms)).getTime() < simulated.getTime()) ms++;
  return new Date(ms);
}

let setting: ClockSetting | undefined;
let realClock: () => number = () => Date.now();

/** Turn the fast clock on (a setting) or off (`undefined`) for this process. */
export function useClock(s: ClockSetting | undefined): void {
  setting = s;
}

/** The fast clock's setting, `undefined` when the judge runs on real time. */
export function clockSetting(): ClockSetting | undefined {
  return setting;
}

/** Tests only: the real clock underneath (default `Date.now`). Returns the previous one. */
export function useRealClock(clock: () => number): () => number {
  const previous = realClock;
  realClock = clock;
  return previous;
}

/** The real time now: for durations and timeouts, never for the judge's decisions. */
export function realNow(): Date {
  return new Date(realClock());
}

/** The judge's time now (the real time when the fast clock is off). */
export function judgeNow(): Date {
  const real = realNow();
  return setting ? simulatedAt(setting, real) : real;
}

/** A real instant from outside (INTERNALDATE, a Received header) on the judge's clock. */
export function judgeTimeOf(real: Date): Date {
  return setting ? simulatedAt(setting, real) : real;
}

/** The real instant at which the judge's clock reaches `judgeTime` (for the job queue's run_at). */
export function realTimeOf(judgeTime: Date): Date {
  return setting ? realAt(setting, judgeTime) : judgeTime;
}

/** How long, in real milliseconds, `judgeMs` of the judge's time takes. */
export function realDurationOf(judgeMs: number): number {
  return setting ? judgeMs / speedAt(setting, realNow()) : judgeMs;
}

/** One line describing the setting, for logs and `doctor`. */
export function describeClock(s: ClockSetting): string {
  const later = (s.changes ?? []).map((c) => `, ${c.speed}× from real ${c.at.toISOString()}`).join('');
  return `simulated clock: ${s.speed}× real time, ${s.origin.toISOString()} at real ${s.anchor.toISOString()}${later} (simulated = origin + (real − anchor) × speed)`;
}
