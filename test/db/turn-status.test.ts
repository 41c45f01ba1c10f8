/**
 * Issue 29, stop 46: findTurnStatus reads the sets' statuses, the civil disorders and whether the
 * phase is withheld in one statement; its statuses must equal findOrderSetStatus's (the receipt
 * times to the millisecond, through JSON), and its other two what the tables hold.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCivilDisorder } from '../../src/db/nmr-notices.js';
import { findOrderSetStatus, findTurnStatus, insertOrderSet } from '../../src/db/order-sets.js';
import { findPhase } from '../../src/db/phases.js';
import { insertWithheldPhase } from '../../src/db/withheld-phases.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

describe('findTurnStatus (issue 29)', () => {
  it('equals findOrderSetStatus, the civil disorders and the withheld mark', async () => {
    const { game, players } = await gameWithPlayers(t.db, 'ts');
    const phase = (await findPhase(t.db, game.id, game.currentPhase))!;
    const empty = await findTurnStatus(t.db, game.id, phase.name, phase.generation);
    expect(empty).toEqual({ statuses: [], civilDisorder: [], withheld: false });

    // Receipt times with microseconds (PostgreSQL keeps them; pg and the JSON path both drop them).
    const set = (power: 'FRANCE' | 'ITALY' | 'AUSTRIA', at: string, final: boolean) =>
      insertOrderSet(t.db, { gameId: game.id, phase: phase.name, power, personId: players.get(power)!.id, receivedAt: new Date(at), final, sheet: {}, orders: [] });
    await set('FRANCE', '2030-04-01T10:00:00.001Z', false);
    await set('FRANCE', '2030-04-01T11:00:00.999Z', true);
    await set('ITALY', '2030-04-01T09:30:00.500Z', true);
    await set('AUSTRIA', '2030-04-01T12:00:00.123Z', false);
    // Italy's later set (order sets are append-only), received at …10:30:00.500456.
    await t.db.executeQuery(CompiledQuery.raw(`INSERT INTO order_sets (phase_generation, game_id, phase, power, person_id, received_at, final, sheet, orders)
      SELECT phase_generation, game_id, phase, power, person_id, received_at + interval '1 hour 456 microseconds', false, sheet, orders FROM order_sets WHERE game_id = $1 AND power = 'ITALY'`, [game.id]));
    await startCivilDisorder(t.db, game.id, 'RUSSIA', new Date(), 'test');
    await insertWithheldPhase(t.db, { gameId: game.id, phase: phase.name, generation: phase.generation, missing: ['RUSSIA'], at: new Date() });

    const turn = await findTurnStatus(t.db, game.id, phase.name, phase.generation);
    const statuses = await findOrderSetStatus(t.db, game.id, phase.name);
    expect(statuses.map((s) => s.power)).toEqual(['AUSTRIA', 'FRANCE', 'ITALY']);
    expect(turn.statuses).toEqual(statuses);
    expect(turn.statuses.find((s) => s.power === 'FRANCE')).toEqual({ power: 'FRANCE', final: true, receivedAt: new Date('2030-04-01T11:00:00.999Z'), sets: 2 });
    expect(turn.statuses.find((s) => s.power === 'ITALY')).toEqual({ power: 'ITALY', final: false, receivedAt: new Date('2030-04-01T10:30:00.500Z'), sets: 2 });
    expect(turn.civilDisorder).toEqual(['RUSSIA']);
    expect(turn.withheld).toBe(true);
    // Another generation of the phase is not withheld.
    expect((await findTurnStatus(t.db, game.id, phase.name, phase.generation + 1)).withheld).toBe(false);
  }, 60_000);
});
