/**
 * Submission timing and order selection for the Coalition/Phyrexia wargame
 * (seeds/000_812220f31794b81d.txt, 3.1 and 3.3.6). Pure: the lock is a parameter.
 *
 * 3.1: "New movement posts and edits to old movement posts will continue to be accepted until
 * precisely 24 hours inclusive after the battle deadline (usually 5:00 AM GMT, meaning 5:00 is in,
 * 5:01 is out). As an additional option, movement orders may be sent by PM to the movement judge
 * within the last twenty-eight (28) hours before the deadline, and the judge will re-post them in the
 * thread after the deadline. These will be treated exactly the same as moves posted in the thread
 * directly …" — `lock` below is that movement deadline (the instant the thread locks, e.g. 05:00 GMT).
 * "The deadline" of the PM sentence is read as this same movement deadline: the PMs are re-posted in
 * the thread "after the deadline", i.e. after the lock.
 */
import { isOnTime } from '../rules/submission/on-time.js';

/** 3.1: PMs to the movement judge count within this many hours before the lock. */
export const COALITION_PM_WINDOW_HOURS = 28;

const MINUTE = 60_000;

/**
 * 3.1: a movement post (or an edit of one) is on time when stamped at or before the lock's minute:
 * "5:00 is in, 5:01 is out" — `05:00:59` is in, `05:01:00` is out.
 */
export function coalitionPostOnTime(postedAt: Date, lock: Date): boolean {
  return isOnTime(postedAt, lock, 'minute');
}

export type PmWindowDecision =
  | { readonly counts: true; readonly opensAt: Date }
  | { readonly counts: false; readonly code: 'before-window' | 'after-lock'; readonly opensAt: Date };

/**
 * 3.1: movement orders "sent by PM to the movement judge within the last twenty-eight (28) hours
 * before the deadline" count, and are "treated exactly the same as moves posted in the thread", so
 * the lock's minute rule closes the window too. Both ends are read at the minute, like the lock: the
 * window opens at the minute 28 hours before the lock's (inclusive: a PM stamped 01:00 for a 05:00
 * lock counts, 00:59 does not) and closes with the lock's minute (05:00 in, 05:01 out).
 */
export function coalitionPmWindow(receivedAt: Date, lock: Date): PmWindowDecision {
  const lockMinute = Math.floor(lock.getTime() / MINUTE);
  const opensAt = new Date((lockMinute - COALITION_PM_WINDOW_HOURS * 60) * MINUTE);
  if (!coalitionPostOnTime(receivedAt, lock)) return { counts: false, code: 'after-lock', opensAt };
  if (!(Math.floor(receivedAt.getTime() / MINUTE) >= lockMinute - COALITION_PM_WINDOW_HOURS * 60)) {
    return { counts: false, code: 'before-window', opensAt };
  }
  return { counts: true, opensAt };
}

/** One order received for one army: who sent it, when, and how. */
export interface CoalitionOrder<T = string> {
  /** The player who sent it (compared case-insensitively, blanks trimmed). */
  readonly controller: string;
  /** The post's (or edit's) timestamp, or the PM's receipt time. */
  readonly receivedAt: Date;
  readonly order: T;
  /** A thread post (default) or a PM to the movement judge (3.1's 28-hour window applies). */
  readonly via?: 'post' | 'pm';
}

export type CoalitionOrderRejection = 'after-lock' | 'pm-before-window' | 'not-a-controller';

export type CoalitionArmyDecision<T = string> =
  /** The order the army carries out: the last one its one legal controller made by the lock. */
  | { readonly kind: 'order'; readonly order: T; readonly controller: string; readonly receivedAt: Date; readonly rejected: readonly { index: number; reason: CoalitionOrderRejection }[] }
  /** 3.3.6: orders from two or more legal controllers — the army ignores them all and does not move. */
  | { readonly kind: 'ignored'; readonly controllers: readonly string[]; readonly rejected: readonly { index: number; reason: CoalitionOrderRejection }[] }
  /** No order counts: the army does not move. */
  | { readonly kind: 'none'; readonly rejected: readonly { index: number; reason: CoalitionOrderRejection }[] };

function person(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The order one army carries out this turn, from every order it received (3.3.6 "Multiple Commands
 * for the same Army": "Occasionally one army may receive two or more orders in the same turn. If an
 * army has two or more otherwise legal controllers, it will ignore all orders and fail to move. If it
 * has one legal controller and receives multiple orders from that controller, only the last order made
 * by the movement deadline will be considered.")
 *
 * First the orders that do not count at all are set aside, each with its reason: those after the lock
 * (3.1, `05:01` out), PMs before the 28-hour window (3.1), and those from anyone not among
 * `legalControllers` — the army's controllers per the proxy list at the lock ("If a player controls
 * an army at the movement lock, all of his actions with that army for the turn are valid. Otherwise,
 * they are invalid.", 5.4.2; such posts are also reported for the judge's 5.4.1 reprimand). Then:
 * - the remaining orders come from two or more distinct legal controllers → all ignored, the army
 *   fails to move. "Has two or more otherwise legal controllers" is read as: the orders it received
 *   came from two or more people each of whom is a legal controller — the section is about the orders
 *   an army receives, and a co-controller who sent nothing gives it no conflicting command;
 * - they come from one controller → the last one made by the lock (latest time; of two with the same
 *   time, the later in `orders`);
 * - none remain → the army has no order.
 */
export function coalitionArmyOrders<T>(orders: readonly CoalitionOrder<T>[], legalControllers: readonly string[], lock: Date): CoalitionArmyDecision<T> {
  const legal = new Set(legalControllers.map(person));
  const rejected: { index: number; reason: CoalitionOrderRejection }[] = [];
  const valid: { index: number; o: CoalitionOrder<T> }[] = [];
  orders.forEach((o, index) => {
    if (o.via === 'pm') {
      const w = coalitionPmWindow(o.receivedAt, lock);
      if (!w.counts) { rejected.push({ index, reason: w.code === 'after-lock' ? 'after-lock' : 'pm-before-window' }); return; }
    } else if (!coalitionPostOnTime(o.receivedAt, lock)) {
      rejected.push({ index, reason: 'after-lock' });
      return;
    }
    if (!legal.has(person(o.controller))) { rejected.push({ index, reason: 'not-a-controller' }); return; }
    valid.push({ index, o });
  });
  const controllers = [...new Set(valid.map((v) => person(v.o.controller)))];
  if (controllers.length >= 2) return { kind: 'ignored', controllers, rejected };
  let last: { index: number; o: CoalitionOrder<T> } | undefined;
  for (const v of valid) if (!last || v.o.receivedAt.getTime() >= last.o.receivedAt.getTime()) last = v;
  if (!last) return { kind: 'none', rejected };
  return { kind: 'order', order: last.o.order, controller: last.o.controller, receivedAt: last.o.receivedAt, rejected };
}
