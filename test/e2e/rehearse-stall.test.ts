/**
 * A rehearsal whose rounds are not played in time says why before it gives up (`--timeout`,
 * `stallReport` in scripts/rehearse.ts): the decisions other than orders, each with the subject of
 * the message it decided, and every phase still open with its deadline and the simulated clock. At
 * stop 49 that report itself failed: it read a `subject` column `inbound_messages` never had (the
 * table keeps the raw message), so a stalled 42-team run ended on an SQL error instead of its
 * diagnosis. Run here on a real database with the judge's schema: a game with its open S1901M, and
 * three decided messages (two extension requests, one order set) written as the intake writes them.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stallReport } from '../../scripts/rehearse.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestDatabase();
  pool = new pg.Pool({ connectionString: t.url, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

/** Store `raw` as the intake does and record its decision. */
async function decided(raw: string, outcome: string, reason: string | null, n: number): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO inbound_messages (raw, received_at, source, mailbox) VALUES ($1, $2, 'smtp', 'smtp:game') RETURNING id`,
    [Buffer.from(raw), new Date(`2027-03-01T0${n}:00:00Z`)],
  );
  await pool.query(`INSERT INTO inbound_decisions (inbound_message_id, role, decided_at, game_id, outcome, reason) VALUES ($1, 'game', $2, 'rh-r1-b1', $3, $4)`, [
    rows[0]!.id, new Date(`2027-03-01T0${n}:00:01Z`), outcome, reason,
  ]);
}

describe('stallReport, what a stalled rehearsal prints', () => {
  it('names each decision other than orders by its subject, and every open phase with its deadline', async () => {
    await gameWithPlayers(t.db, 'rh-r1-b1', new Date('2027-03-04T10:00:00Z'));
    const ask = (id: string) => `From: Italy <italy@example.org>\r\nTo: rh-r1-b1@judge.example.org\r\nSubject: Re: [rh-r1-b1] Extension request from ITALY: 24 hours (S1901M)\r\nMessage-ID: <${id}@example.org>\r\n\r\nEXTEND\r\n`;
    await decided(ask('a'), 'command', 'extend', 1);
    await decided(ask('b'), 'command', 'extend', 2);
    // A subject line that is not the first header, and a message with none at all.
    await decided('From: France <france@example.org>\r\nSubject: S1901M orders\r\n\r\nA PAR - BUR\r\n', 'orders', null, 3);
    await decided('From: Turkey <turkey@example.org>\r\nX-Note: nothing\r\n\r\nhello\r\n', 'refused', 'no orders and no command', 4);

    const lines = await stallReport(pool, new Date('2027-03-02T05:56:52.800Z'));
    expect(lines).toEqual([
      'decided 2× command: Re: [rh-r1-b1] Extension request from ITALY: 24 hours (S1901M): extend',
      'decided 1× refused: (no subject): no orders and no command',
      'open: rh-r1-b1 S1901M, deadline 2027-03-04T10:00:00.000Z (simulated now 2027-03-02T05:56:52.800Z)',
    ]);
  });
});
