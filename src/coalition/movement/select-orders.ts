/**
 * Which order each army carries out this turn: the orders read (parser of src/coalition/posts), then
 * the lock and the PM window (3.1), control at the lock (5.4.2), two legal controllers (3.3.6) and
 * "only the last order made by the movement deadline will be considered" (3.3.6), through
 * {@link coalitionArmyOrders}. Every order not carried out gets its result here.
 */
import type { Army } from '../armies/army.js';
import { controllersOf } from '../armies/control.js';
import { parseCoalitionPosts } from '../posts/parse-posts.js';
import type { CoalitionAction } from '../posts/post.js';
import { coalitionArmyOrders, type CoalitionOrder } from '../submission.js';
import { keyOf, shortestPaths } from '../world/square.js';
import type { MovementOrder, MovementReasonCode, MovementResult, MovementState } from './types.js';

/** An order that counts: the army, its action, and the order it came from. */
export interface ChosenOrder {
  readonly army: Army;
  readonly order: MovementOrder;
  /** Undefined when the order could not be read (the army then does not move). */
  readonly action: CoalitionAction | undefined;
  readonly unreadable?: { readonly code: 'unreadable' | 'tooFar' | 'diagonal'; readonly reason: string };
}

/** Far after any real lock: used when the state names none (every order is on time). */
const NO_LOCK = new Date('9999-12-31T23:59:00Z');

function key(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The action of one order's text, or the parser's first error. */
export function readOrderText(army: string, text: string): { action: CoalitionAction } | { problem: string; code: 'unreadable' | 'tooFar' | 'diagonal' } {
  const tries = [text, `${army}: ${text}`];
  for (const t of tries) {
    const r = parseCoalitionPosts(t);
    const errors = r.issues.filter((i) => i.severity === 'error');
    const [post] = r.posts;
    if (r.posts.length === 1 && post && errors.length === 0 && key(post.army) === key(army)) return { action: post.action };
  }
  const r = parseCoalitionPosts(`${army}: ${text}`);
  const first = r.issues.find((i) => i.severity === 'error');
  if (!first) return { problem: `"${text}" is not an order for ${army}`, code: 'unreadable' };
  // The two range rules of 3.2.2.1 get their own codes and a leading word for people.
  if (first.code === 'stepTooLong') return { problem: `too far: ${first.message}`, code: 'tooFar' };
  if (first.code === 'routeMismatch' && /diagonally/.test(first.message)) return { problem: `diagonal: ${first.message}`, code: 'diagonal' };
  return { problem: first.message, code: 'unreadable' };
}

function rejected(order: MovementOrder, code: MovementReasonCode, reason: string): MovementResult {
  return { army: order.army, order: order.text, post: order.post, line: order.line, outcome: 'rejected', code, reason };
}

/** The order each army carries out, and the results of all the others. */
export function selectOrders(state: MovementState, orders: readonly MovementOrder[]): { chosen: ChosenOrder[]; results: MovementResult[] } {
  const results: MovementResult[] = [];
  const edit = checkAfterLockEdits(state, orders, results);
  const byArmy = new Map<string, { army: Army; orders: MovementOrder[] }>();
  for (const o of orders) {
    if (o.afterLockEdit) continue;
    const army = state.armies.find((a) => key(a.name) === key(o.army));
    if (!army) {
      results.push(rejected(o, 'unknownArmy', `there is no army named ${o.army} on the map`));
      continue;
    }
    const entry = byArmy.get(key(army.name)) ?? { army, orders: [] };
    entry.orders.push(o);
    byArmy.set(key(army.name), entry);
  }
  if (edit && !byArmy.has(key(edit.army.name))) byArmy.set(key(edit.army.name), { army: edit.army, orders: [] });
  const chosen: ChosenOrder[] = [];
  for (const { army, orders: list } of byArmy.values()) {
    // 3.3.1: of two orders with one timestamp, the later written counts last — sort by time, post, line.
    const sorted = [...list].sort(compareOrders);
    const legal = state.control ? controllersOf(army, state.control.list, state.control.players) : ['*'];
    const wrapped: CoalitionOrder<MovementOrder>[] = sorted.map((o) => ({
      controller: state.control ? (o.sender ?? '') : '*',
      receivedAt: o.at,
      order: o,
      ...(o.via ? { via: o.via } : {}),
    }));
    const d = coalitionArmyOrders(wrapped, legal, state.lock ?? NO_LOCK);
    for (const r of d.rejected) {
      const o = sorted[r.index]!;
      if (r.reason === 'after-lock') results.push(rejected(o, 'afterLock', `received after the movement lock (3.1: 5:00 is in, 5:01 is out)`));
      else if (r.reason === 'pm-before-window') results.push(rejected(o, 'pmBeforeWindow', 'a PM to the movement judge counts only within the 28 hours before the lock (3.1)'));
      else results.push(rejected(o, 'notController', `${o.sender ?? 'the sender'} does not control ${army.name} at the lock (5.4.2)`));
    }
    const rejectedIdx = new Set(d.rejected.map((r) => r.index));
    const valid = sorted.filter((_o, i) => !rejectedIdx.has(i));
    if (d.kind === 'ignored') {
      for (const o of valid) results.push(rejected(o, 'twoControllers', `${army.name} has two legal controllers who both ordered it (${d.controllers.join(', ')}): it ignores all orders and does not move (3.3.6)`));
      continue;
    }
    const edited = edit && edit.army === army ? edit.order : undefined;
    if (d.kind === 'none' && !edited) continue;
    const counted = edited ?? (d as { order: MovementOrder }).order;
    for (const o of valid) if (o !== counted) results.push(rejected(o, 'superseded', `a later order for ${army.name} counts (3.3.6)`));
    const read = readOrderText(army.name, counted.text);
    chosen.push('action' in read ? { army, order: counted, action: read.action } : { army, order: counted, action: undefined, unreadable: { code: read.code, reason: read.problem } });
  }
  return { chosen, results };
}

/**
 * 6.3.2 "After Lock Edit: Once per turn, the Mercenary commander may post after the movement lock to
 * change ONE Raider army movement to a new movement ... The new command must be an attempt to engage
 * an army, not simply to avoid engagement. The new command must not take the army through the current
 * position of any army on the map." The first such edit (by time) that is a one-leg move with
 * `engage` for a Raider, whose route (given, or every shortest route) passes no army's square before
 * the one it engages, counts; every other is refused (its result pushed to `results`).
 */
export function checkAfterLockEdits(state: Pick<MovementState, 'armies'>, orders: readonly MovementOrder[], results: MovementResult[]): { army: Army; order: MovementOrder } | undefined {
  let kept: { army: Army; order: MovementOrder } | undefined;
  const occupied = new Set(state.armies.map((a) => a.at));
  for (const o of orders.filter((x) => x.afterLockEdit).sort(compareOrders)) {
    const army = state.armies.find((a) => key(a.name) === key(o.army));
    const read = army ? readOrderText(army.name, o.text) : undefined;
    const move = read && 'action' in read && read.action.kind === 'move' ? read.action : undefined;
    const engages = move?.destinationArmy?.kind === 'engage';
    const leg = move?.legs[0];
    const routes = move && leg ? (leg.route ? [[move.from, ...leg.route]] : shortestPaths(move.from, leg.to)) : [];
    // Squares walked through: neither the start nor the square of the army engaged.
    const through = (r: readonly { col: number; row: string }[]) => r.slice(1, -1).map((q) => keyOf(q as never)).filter((q) => occupied.has(q));
    const blocked = routes.length > 0 && routes.every((r) => through(r).length > 0) ? through(routes[0]!) : [];
    if (!army || army.mercenary !== 'raider') results.push(rejected(o, 'afterLockEdit', `${o.army} is not a Raider: only a Raider's move may be changed after the lock (6.3.2)`));
    else if (kept) results.push(rejected(o, 'afterLockEdit', `one After Lock Edit a turn, and ${kept.army.name}'s came first (6.3.2)`));
    else if (!engages) results.push(rejected(o, 'afterLockEdit', 'an After Lock Edit must be an attempt to engage an army: a move with "; engage <army>" (6.3.2)'));
    else if (move!.legs.length > 1) results.push(rejected(o, 'afterLockEdit', 'an After Lock Edit is one move within range, to engage an army this turn (6.3.2)'));
    else if (blocked.length > 0) results.push(rejected(o, 'afterLockEdit', `an After Lock Edit must not take the army through the current position of any army (6.3.2): ${blocked.join(', ')}`));
    else kept = { army, order: o };
  }
  return kept;
}

/** Receipt time, then the message, then the line within it (3.3.1's priorities). */
export function compareOrders(a: Pick<MovementOrder, 'at' | 'post' | 'line'>, b: Pick<MovementOrder, 'at' | 'post' | 'line'>): number {
  return a.at.getTime() - b.at.getTime() || (a.post < b.post ? -1 : a.post > b.post ? 1 : 0) || a.line - b.line;
}
