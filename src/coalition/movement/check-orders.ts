/**
 * Checking orders as they arrive, for the acknowledgement (3.2.2.2: engage/replace are judged on the
 * map as it stands when the move is posted, which is the map of the whole turn): each order alone
 * against the state, accepted or rejected with the reason the movement update would give. The
 * outcome of an accepted move (moved, partial, intercepted) is only known at the update.
 */
import { DiceStream } from '../../dice/index.js';
import { adjudicateMovement } from './adjudicate-movement.js';
import type { MovementOrder, MovementReasonCode, MovementState } from './types.js';

export interface OrderCheck {
  readonly order: MovementOrder;
  readonly accepted: boolean;
  readonly code: MovementReasonCode | null;
  readonly reason: string | null;
}

/** One check per order, in the input's order; never throws for a bad order. */
export function checkOrders(state: MovementState, orders: readonly MovementOrder[]): OrderCheck[] {
  return orders.map((order) => {
    // Routes chosen here are thrown away: a fixed preview seed keeps this pure and repeatable.
    const out = adjudicateMovement(state, [order], new DiceStream('order-check', 'check'));
    const r = out.results[0];
    const rejected = r?.outcome === 'rejected';
    return { order, accepted: !rejected, code: rejected ? r.code : null, reason: rejected ? r.reason : null };
  });
}
