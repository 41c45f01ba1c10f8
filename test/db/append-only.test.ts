/**
 * The tables the judge must never rewrite refuse UPDATE, DELETE and TRUNCATE at the database level,
 * whoever asks: order_sets (D.III(3): sets are derived from, never written over), audit_log and the
 * raw inbound_messages (evidence for the TD, D.VII(7)).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../src/db/audit-log.js';
import { insertInboundMessage } from '../../src/db/inbound-messages.js';
import { insertOrderSet } from '../../src/db/order-sets.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { insertReplayEntry } from '../../src/db/replay-log.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const { players } = await gameWithPlayers(t.db, 'g1');
  await insertOrderSet(t.db, {
    gameId: 'g1',
    phase: 'S1901M',
    power: 'FRANCE',
    personId: players.get('FRANCE')!.id,
    receivedAt: new Date('2030-04-30T10:00:00Z'),
    final: false,
    sheet: {},
    orders: ['A PAR - BUR'],
  });
  await t.db.transaction().execute((trx) => appendAudit(trx, { actor: 'test', action: 'test.seed' }));
  await insertInboundMessage(t.db, { raw: Buffer.from('Subject: x\r\n\r\nhi\r\n'), receivedAt: new Date(), source: 'cli' });
  await insertReplayEntry(t.db, { gameId: null, at: new Date(), kind: 'command', name: 'extend', args: { hours: 24 }, actor: 'test' });
});
afterAll(() => t.close());

async function refusal(statement: string): Promise<string> {
  const e = await sql.raw(statement).execute(t.db).then(
    () => undefined,
    (err: unknown) => err as { message: string; code: string },
  );
  expect(e, `${statement} was not refused`).toBeDefined();
  expect(e!.code).toBe('23001'); // restrict_violation
  return e!.message;
}

// prettier-ignore
describe.each([
  ['order_sets',       "UPDATE order_sets SET final = true",               'DELETE FROM order_sets'],
  ['audit_log',        "UPDATE audit_log SET actor = 'someone else'",      'DELETE FROM audit_log'],
  ['inbound_messages', "UPDATE inbound_messages SET received_at = now()",  'DELETE FROM inbound_messages'],
  ['replay_log',       "UPDATE replay_log SET at = now()",                 'DELETE FROM replay_log'],
])('%s is append-only', (table, update, remove) => {
  it('refuses UPDATE', async () => {
    expect(await refusal(update)).toBe(`${table} is append-only: UPDATE refused`);
  });
  it('refuses DELETE', async () => {
    expect(await refusal(remove)).toBe(`${table} is append-only: DELETE refused`);
  });
  it('refuses TRUNCATE', async () => {
    // CASCADE may reach order_sets first (it references inbound_messages): either refusal will do.
    expect(await refusal(`TRUNCATE ${table} CASCADE`)).toMatch(/^(\w+) is append-only: TRUNCATE refused$/);
  });
  it('still holds its row', async () => {
    const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.db);
    expect(n.rows[0]!.n).toBe(1);
  });
});
