/**
 * Issue 29, stop 46: queries compiled once (src/db/precompiled.ts). Each converted query must send
 * exactly what Kysely's builder sends for the same values (the same text, so the named prepared
 * statements still apply, and the same parameters in the same order), and the helper must refuse a
 * parameter the builder consumed instead of sending it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.js';
import { MESSAGE_TO_DECIDE } from '../../src/db/inbound-messages.js';
import { PERSON_BY_EMAIL } from '../../src/db/people.js';
import { CURRENT_POSITIONS } from '../../src/db/positions.js';
import { LOCK_GAME } from '../../src/db/games.js';
import { PHASE } from '../../src/db/phases.js';
import { PLAYER_FACTS } from '../../src/db/player-facts.js';
import { REPLACEMENT_PERIODS } from '../../src/db/replacement-periods.js';
import { PLAYER_ABBREVIATIONS } from '../../src/db/player-abbreviations.js';
import { INSERT_RECORDED } from '../../src/db/communications-recorded.js';
import { INSERT_ORDER_SET, ORDER_SET_STATUS } from '../../src/db/order-sets.js';
import { precompiled, type Precompiled } from '../../src/db/precompiled.js';
import { MARK_CONTACTED } from '../../src/service/diplomacy/nmr-handling.js';
import { CONFIRM_COPIES } from '../../src/service/intake/player-mail.js';
import { createTestDatabase } from '../helpers/test-db.js';

// Compiling needs no connection: the pool connects at the first query, which this part never sends.
const offline = createDb('postgres://nobody@127.0.0.1:1/none');
afterAll(() => offline.destroy());

const at = new Date('2026-11-29T05:00:00.123Z');
// Two value sets per query: the second differs in every value, so a value baked into the text fails.
const cases: [string, Precompiled<never, unknown>, Record<string, unknown>[]][] = [
  ['findMessageToDecide', MESSAGE_TO_DECIDE as never, [{ id: 7 }, { id: 123456 }]],
  ['findPersonByEmail', PERSON_BY_EMAIL as never, [{ email: 'a@example.org' }, { email: "o'brien@example.net" }]],
  ['findCurrentPositions', CURRENT_POSITIONS as never, [{ gameId: 'g1' }, { gameId: 'other' }]],
  ['lockGame', LOCK_GAME as never, [{ id: 'g1' }, { id: 'g2' }]],
  ['findPhase', PHASE as never, [{ gameId: 'g1', name: 'S1901M' }, { gameId: 'g2', name: 'F1901R' }]],
  ['findReplacementPeriods', REPLACEMENT_PERIODS as never, [{ gameId: 'g1' }, { gameId: 'g2' }]],
  ['findPlayerAbbreviations', PLAYER_ABBREVIATIONS as never, [{ gameId: 'g1', personId: 1 }, { gameId: 'g2', personId: 99 }]],
  ['insertRecordedNotes', INSERT_RECORDED as never, [{ inboundMessageId: 1, gameId: 'g1', notes: '[]', at }, { inboundMessageId: 2, gameId: 'g2', notes: '["x"]', at: new Date(0) }]],
  ['insertOrderSet', INSERT_ORDER_SET as never, [
    { gameId: 'g1', phase: 'S1901M', power: 'France', personId: 3, inboundMessageId: null, receivedAt: at, final: false, sheet: '{}', orders: '[]' },
    { gameId: 'g2', phase: 'F1901M', power: 'Italy', personId: 4, inboundMessageId: 5, receivedAt: new Date(0), final: true, sheet: '{"a":1}', orders: '["A VEN H"]' },
  ]],
  ['findOrderSetStatus', ORDER_SET_STATUS as never, [{ gameId: 'g1', phase: 'S1901M' }, { gameId: 'g2', phase: 'F1901M' }]],
  ['markContacted', MARK_CONTACTED as never, [{ gameId: 'g1', power: 'France', personId: 3, at }, { gameId: 'g2', power: 'Italy', personId: 4, at: new Date(0) }]],
  ['findPlayerFacts', PLAYER_FACTS as never, [{ gameId: 'g1', personId: 1, messageId: null, from: 'a@example.org' }, { gameId: 'g2', personId: 99, messageId: '<m@x>', from: 'b@example.net' }]],
  ['confirmCopies', CONFIRM_COPIES as never, [{ messageId: '<a@b>', from: 'a@example.org' }, { messageId: '<c@d>', from: 'c@example.net' }]],
];

describe('precompiled queries (issue 29)', () => {
  it.each(cases)('%s sends what its builder sends', (_, q, valueSets) => {
    for (const values of valueSets) {
      const mine = q.compiled(offline, values as never);
      const kysely = q.built(offline, values as never);
      expect(mine.sql).toBe(kysely.sql);
      expect(mine.parameters).toEqual(kysely.parameters);
      // Every value is a parameter, none written into the text.
      for (const v of Object.values(values)) if (typeof v === 'string' && v.length > 2) expect(mine.sql).not.toContain(v);
    }
  });

  it('refuses a builder that consumes a parameter instead of sending it', () => {
    const bad = precompiled((db, p: { limit: number }) => db.selectFrom('games').selectAll().limit(Number(p.limit) || 1));
    expect(() => bad.compiled(offline, { limit: 3 })).toThrow(/not a parameter/);
  });

  it('runs on a real database as the builder does, in and out of a transaction', async () => {
    const t = await createTestDatabase();
    try {
      const { gameWithPlayers } = await import('../helpers/db-fixtures.js');
      await gameWithPlayers(t.db, 'pc');
      const built = await CURRENT_POSITIONS.built(t.db, { gameId: 'pc' });
      const viaBuilder = (await t.db.executeQuery(built)).rows;
      expect(viaBuilder.length).toBeGreaterThan(0);
      expect(await CURRENT_POSITIONS.execute(t.db, { gameId: 'pc' })).toEqual(viaBuilder);
      expect(await CURRENT_POSITIONS.execute(t.db, { gameId: 'none' })).toEqual([]);
      await t.db.transaction().execute(async (trx) => {
        const locked = await LOCK_GAME.first(trx, { id: 'pc' });
        expect(locked?.id).toBe('pc');
        const phase = await PHASE.first(trx, { gameId: 'pc', name: locked!.current_phase });
        expect(phase?.name).toBe(locked!.current_phase);
      });
    } finally {
      await t.close();
    }
  }, 60_000);
});
