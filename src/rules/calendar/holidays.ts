/**
 * TD-declared holidays (D.VII(5)): "The TD may decree that certain international holidays are eligible
 * for extensions, Christmas being a prime example. Players and GM will have the option to take those
 * extensions without being charged for an extension." Pure.
 */

export interface Holiday {
  /** Stable name, e.g. `Christmas 2025`: the extensions granted for it are counted under it. */
  readonly name: string;
  readonly start: Date;
  readonly end: Date;
  /**
   * Uncharged extension hours this holiday gives one game in all; default its length rounded up to
   * whole hours. The seed sets no amount, so the TD's decree should.
   */
  readonly maxHours?: number;
}

/** The holidays that overlap `[from, to]`. */
export function holidaysOverlapping(holidays: readonly Holiday[], from: Date, to: Date): Holiday[] {
  return holidays.filter((h) => h.start.getTime() <= to.getTime() && from.getTime() < h.end.getTime());
}

/** Uncharged hours a holiday gives one game in all. */
export function holidayAllowanceHours(h: Holiday): number {
  return h.maxHours ?? Math.ceil((h.end.getTime() - h.start.getTime()) / 3_600_000);
}
