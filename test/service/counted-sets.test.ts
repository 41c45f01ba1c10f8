/** Which sets the adjudication counts (D.VII(1),(3),(6)(b)), at the same one-second resolution the intake judges them. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES } from '../../src/db/games.js';
import type { OrderSet } from '../../src/db/order-sets.js';
import { countedSets } from '../../src/service/diplomacy/adjudicate-phase.js';

const deadline = new Date('2030-05-01T12:00:00Z');
const now = new Date('2030-05-01T12:05:00Z');
const set = (id: number, power: string, at: string): OrderSet =>
  ({ id, power, receivedAt: new Date(at), gameId: 'g', phase: 'S1901M', personId: 1, inboundMessageId: null, final: false, sheet: {}, orders: [], createdAt: new Date(at), phaseGeneration: 0 }) as OrderSet;
const ids = (sets: OrderSet[]) => sets.map((s) => s.id);

describe('countedSets', () => {
  const sets = [set(1, 'FRANCE', '2030-05-01T12:00:00.000Z'), set(2, 'FRANCE', '2030-05-01T12:00:00.900Z'), set(3, 'FRANCE', '2030-05-01T12:00:01.000Z'), set(4, 'ITALY', '2030-05-01T12:03:00Z')];
  it.each([
    ['D.VII(1): within the deadline\'s second is on time, the next second is late', { policy: DEFAULT_POLICIES, lateAllowed: [] }, [1, 2]],
    ['D.VII(3) alternative: everything until adjudication starts', { policy: { ...DEFAULT_POLICIES, lateOrders: 'accept-until-adjudication' as const }, lateAllowed: [] }, [1, 2, 3, 4]],
    ['D.VII(6)(b): a withheld phase takes the missing power\'s late set only', { policy: DEFAULT_POLICIES, lateAllowed: ['ITALY'] }, [1, 2, 4]],
  ])('%s', (_rule, c, expected) => {
    expect(ids(countedSets(sets, { deadline, now, ...c }))).toEqual(expected);
  });
});
