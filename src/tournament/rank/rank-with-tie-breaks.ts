/**
 * Ranking with a rule's tie-breaks applied in order (C.6–C.13). Entries equal on the main criterion
 * are separated by the first tie-break that tells any of them apart, the groups still tied by the
 * next, and so on; a rule that ends in "highest roll on 100-sided dice" (C.7(f), C.13(c)) rolls a
 * d100 for each still-tied entry through the verifiable dice, re-rolling equal rolls. Every tie the
 * ranking broke is reported with the criterion (rule number and words) that broke it.
 */
import type { DiceStream, RecordedRoll } from '../../dice/index.js';

/** Scores are sums of shared bonuses and pro-rated quotients: equal within this are equal. */
export const SCORE_EPSILON = 1e-9;

export interface Criterion<T> {
  /** The rule it comes from: `C.7(a)`. */
  readonly rule: string;
  /** In the seed's words: `least successful country`. */
  readonly name: string;
  /** Negative when `a` ranks above `b`, 0 when this criterion cannot tell them apart. */
  readonly compare: (a: T, b: T) => number;
}

export interface DiceTieBreak {
  readonly rule: string;
  readonly dice: DiceStream;
  /** Recorded with each roll, followed by the entry's id. */
  readonly purpose: string;
}

export interface RankedEntry<T> {
  readonly id: string;
  /** 1 = first. Entries left tied (no criterion could separate them) share a place. */
  readonly place: number;
  readonly item: T;
}

export interface BrokenTie {
  /** The entries that were tied, in their final order. */
  readonly ids: readonly string[];
  /** The best place they were tied for. */
  readonly place: number;
  readonly rule: string;
  readonly criterion: string;
  /** How the criterion split them, best first (a group of more than one went on to the next criterion). */
  readonly groups: readonly (readonly string[])[];
}

export interface Ranking<T> {
  readonly entries: readonly RankedEntry<T>[];
  readonly ties: readonly BrokenTie[];
  /** Ties nothing could break (only possible without dice): they share a place. */
  readonly unbroken: readonly { readonly ids: readonly string[]; readonly place: number }[];
  /** The d100 rolls made to break ties, in order. */
  readonly rolls: readonly RecordedRoll[];
}

export const D100_CRITERION = 'highest roll on 100-sided dice';

function runs<T>(items: readonly T[], compare: (a: T, b: T) => number): T[][] {
  const out: T[][] = [];
  for (const x of items) {
    const last = out[out.length - 1];
    if (last && compare(last[0]!, x) === 0) last.push(x);
    else out.push([x]);
  }
  return out;
}

/** Rank `items`: by `main`, then each of `tieBreaks` in turn, then (if given) d100 rolls. */
export function rankWithTieBreaks<T>(
  items: readonly T[],
  id: (item: T) => string,
  main: Criterion<T>,
  tieBreaks: readonly Criterion<T>[],
  dice?: DiceTieBreak,
): Ranking<T> {
  const entries: RankedEntry<T>[] = [];
  const ties: BrokenTie[] = [];
  const unbroken: { ids: string[]; place: number }[] = [];
  const rolls: RecordedRoll[] = [];
  const byId = (a: T, b: T) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);
  const sortBy = (list: readonly T[], c: (a: T, b: T) => number) => [...list].sort((a, b) => c(a, b) || byId(a, b));

  const resolve = (group: readonly T[], k: number, place: number): void => {
    if (group.length === 1) {
      entries.push({ id: id(group[0]!), place, item: group[0]! });
      return;
    }
    if (k < tieBreaks.length) {
      const c = tieBreaks[k]!;
      const split = runs(sortBy(group, c.compare), c.compare);
      if (split.length > 1) ties.push({ ids: split.flat().map(id), place, rule: c.rule, criterion: c.name, groups: split.map((g) => g.map(id)) });
      let at = place;
      for (const g of split) {
        resolve(g, k + 1, at);
        at += g.length;
      }
      return;
    }
    if (dice) {
      for (;;) {
        const rolled = sortBy(group, byId).map((item) => {
          const r = dice.dice.roll('d100', `${dice.purpose}: ${id(item)} (tied for place ${place})`);
          rolls.push(r);
          return { item, total: r.total };
        });
        const byRoll = (a: { total: number }, b: { total: number }) => b.total - a.total;
        const split = runs([...rolled].sort((a, b) => byRoll(a, b) || byId(a.item, b.item)), byRoll);
        if (split.length === 1) continue; // everyone rolled the same: roll again
        ties.push({ ids: split.flat().map((r) => id(r.item)), place, rule: dice.rule, criterion: D100_CRITERION, groups: split.map((g) => g.map((r) => id(r.item))) });
        let at = place;
        for (const g of split) {
          resolve(g.map((r) => r.item), k, at);
          at += g.length;
        }
        return;
      }
    }
    unbroken.push({ ids: group.map(id), place });
    for (const item of group) entries.push({ id: id(item), place, item });
  };

  let place = 1;
  for (const g of runs(sortBy(items, main.compare), main.compare)) {
    resolve(g, 0, place);
    place += g.length;
  }
  return { entries, ties, unbroken, rolls };
}

/** A criterion: the higher number ranks first (equal within {@link SCORE_EPSILON}). */
export function higher<T>(rule: string, name: string, value: (item: T) => number): Criterion<T> {
  return { rule, name, compare: (a, b) => numberOrder(value(b), value(a)) };
}

/** A criterion: the lower number ranks first (C.7(a): the least successful country). */
export function lower<T>(rule: string, name: string, value: (item: T) => number): Criterion<T> {
  return { rule, name, compare: (a, b) => numberOrder(value(a), value(b)) };
}

/** A criterion on a list compared element by element, higher first (count-back; scores with the best removed). */
export function higherList<T>(rule: string, name: string, value: (item: T) => readonly number[]): Criterion<T> {
  return {
    rule,
    name,
    compare: (a, b) => {
      const x = value(a);
      const y = value(b);
      for (let i = 0; i < Math.max(x.length, y.length); i++) {
        const c = numberOrder(y[i] ?? -Infinity, x[i] ?? -Infinity);
        if (c !== 0) return c;
      }
      return 0;
    },
  };
}

function numberOrder(a: number, b: number): number {
  if (a === b || Math.abs(a - b) <= SCORE_EPSILON) return 0;
  return a < b ? -1 : 1;
}
