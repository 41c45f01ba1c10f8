/**
 * The orders a power is adjudicated with: from the order sets it sent for the phase, the last one
 * received in time (D.III(3)), or, under the game's alternative policy, the most recent order for
 * each unit across its sets. Sets received after the deadline count only where the game accepts late
 * orders until adjudication starts (D.VII(3)). A power with no set holds everything (D.VII(6)(c)).
 * Pure: time is a parameter.
 */
import { isOnTime } from '../rules/submission/on-time.js';
import { parseOrder, provinceOf, type Order, type Power, type SubmittedOrder } from './index.js';

export interface StoredSet {
  readonly id: number;
  readonly power: Power;
  readonly receivedAt: Date;
  /** Canonical orders in sheet order. */
  readonly orders: readonly string[];
  /** The lines as the player wrote them, parallel to `orders` where known. */
  readonly written?: readonly string[];
}

export interface EffectivePolicy {
  readonly revisedSets: 'replace' | 'merge';
  readonly lateOrders: 'refuse' | 'accept-until-adjudication';
}

export interface EffectiveOrders {
  readonly orders: SubmittedOrder[];
  /** Each order's line as the player wrote it, parallel to `orders` (D.VIII(4)). */
  readonly writtenLines: string[];
  /** Per power, the order lines as written (D.VIII(4)), parallel to that power's orders. */
  readonly written: Partial<Record<Power, { written: string; text: string }[]>>;
  /** The set each power is adjudicated with (the latest counted). */
  readonly setIds: Partial<Record<Power, number>>;
  /** Powers with no set that counts. */
  readonly missing: Power[];
}

function unitKey(o: Order): string | undefined {
  return o.kind === 'build' || o.kind === 'waive' ? undefined : provinceOf(o.unit.location);
}

/** Choose the orders each power is adjudicated with. `startedAt` is when adjudication began. */
export function effectiveOrders(sets: readonly StoredSet[], powers: readonly Power[], deadline: Date, startedAt: Date, policy: EffectivePolicy): EffectiveOrders {
  // D.VII(1),(3): on time = at or before the deadline; late sets only by the game's policy.
  const limit = policy.lateOrders === 'accept-until-adjudication' ? startedAt : deadline;
  // Compared at the whole second, as the intake's lateDecision does (IMAP INTERNALDATE has seconds only).
  const counted = sets.filter((s) => isOnTime(s.receivedAt, limit)).sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id - b.id);
  const orders: SubmittedOrder[] = [];
  const writtenLines: string[] = [];
  const written: EffectiveOrders['written'] = {};
  const setIds: EffectiveOrders['setIds'] = {};
  const missing: Power[] = [];
  for (const power of powers) {
    const mine = counted.filter((s) => s.power === power);
    const last = mine[mine.length - 1];
    if (!last) { missing.push(power); continue; }
    setIds[power] = last.id;
    // D.III(3): the last set replaces the earlier ones, or (alternative) is merged unit by unit.
    const chosen = new Map<string, { order: Order; written: string; text: string }>();
    const extra: { order: Order; written: string; text: string }[] = [];
    for (const s of policy.revisedSets === 'merge' ? mine : [last]) {
      s.orders.forEach((text, i) => {
        const p = parseOrder(text);
        if (!p.ok) return; // stored sets hold canonical text; nothing else reaches here
        const entry = { order: p.order, written: s.written?.[i] ?? text, text };
        const key = unitKey(p.order);
        if (key === undefined) { if (s === last) extra.push(entry); return; }
        chosen.delete(key); // keep sheet order of the most recent order
        chosen.set(key, entry);
      });
    }
    const list = [...chosen.values(), ...extra];
    written[power] = list.map((e) => ({ written: e.written, text: e.text }));
    for (const e of list) {
      orders.push({ power, order: e.order });
      writtenLines.push(e.written);
    }
  }
  return { orders, writtenLines, written, setIds, missing };
}
