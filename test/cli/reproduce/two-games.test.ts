/**
 * `mailjudge reproduce` for every game of a database, not only the first (issue #26, item 8): two
 * games played in one database, each with its players' sets (the second game's sets have database ids
 * 9 to 16); each game replayed alone into a fresh
 * database is identical to the record. The decision on an accepted set names the power's own set
 * number in the phase ("FRANCE's set 2 for S1901M"), never the database-wide id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameCreate } from '../../../src/cli/commands/game-create.js';
import { formatReproduce, reproduceInto } from '../../../src/cli/reproduce/reproduce.js';
import { compareRecords } from '../../../src/cli/reproduce/compare-records.js';
import { DEFAULT_POLICIES } from '../../../src/db/games.js';
import { findPhase } from '../../../src/db/phases.js';
import { scheduleOpenPhases } from '../../../src/db/schedule-jobs.js';
import { POWERS, type Power } from '../../../src/diplomacy/index.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { calendarTickTask } from '../../../src/service/diplomacy/calendar-tick.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, Sim, holdAll } from '../../service/sim.js';

const at = (iso: string) => new Date(iso);
const email = (g: string, p: Power) => `${p.toLowerCase()}@${g}.example.org`;
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

async function play(sim: Sim, g: string): Promise<void> {
  const created = await runGameCreate(t.db, {
    id: g, address: `${g}@judge.example.org`, gm: { email: `gm@${g}.example.org`, name: `GM ${g}` }, rules: 'wm', endYear: 1909, policies: DEFAULT_POLICIES,
    tournament: undefined, round: undefined, board: g, deadline: at('2030-03-08T12:00:00Z'),
    players: POWERS.map((power) => ({ power, name: `${power} of ${g}`, email: email(g, power), timeZone: 'UTC', where: power })),
  }, 'cli:gm', sim.now, JUDGE);
  expect(created.ok).toBe(true);
}

describe('reproduce: two games in one database', () => {
  it('each game, replayed alone, is identical to the record', { timeout: 120_000 }, async () => {
    const db = t.db;
    const sim = new Sim(db, at('2030-03-04T12:00:00Z'));
    await play(sim, 'two-a');
    await play(sim, 'two-b');
    await scheduleOpenPhases(db); // what the running judge's scheduler does for a game created from the CLI
    sim.now = at('2030-03-05T12:00:00Z');
    for (const g of ['two-a', 'two-b']) {
      for (const p of POWERS) expect((await sim.send(g, email(g, p), await holdAll(db, g, p))).kind).toBe('orders');
      // France sends a second set: its set 2 for S1901M.
      expect((await sim.send(g, email(g, 'FRANCE'), 'A PAR - BUR\nA MAR H\nF BRE - MAO')).kind).toBe('orders');
    }
    // Two workers deciding the two games' queues in parallel: two-a's third set commits first with the
    // later instant, two-b's after it with the earlier one. The replay runs them by instant (two-b's
    // first), so the two games' sets interleave the other way round in the replay's ids.
    sim.now = at('2030-03-06T13:00:00Z');
    expect((await sim.send('two-a', email('two-a', 'FRANCE'), 'A PAR - PIC\nA MAR H\nF BRE - MAO')).kind).toBe('orders');
    sim.now = at('2030-03-06T12:30:00Z');
    expect((await sim.send('two-b', email('two-b', 'FRANCE'), 'A PAR - PIC\nA MAR H\nF BRE - MAO')).kind).toBe('orders');
    await sim.advanceTo(at('2030-03-08T12:00:00Z'), 24 * 3_600_000);
    for (const g of ['two-a', 'two-b']) expect((await findPhase(db, g, 'S1901M'))!.adjudicatedAt).toEqual(at('2030-03-08T12:00:00Z'));

    // The decisions name the power's own set number, the same in both games.
    const reasons = async (g: string) => (await db.selectFrom('inbound_decisions').select(['reason']).where('game_id', '=', g).where('outcome', '=', 'orders').orderBy('inbound_message_id').execute()).map((r) => r.reason);
    expect(await reasons('two-b')).toEqual(await reasons('two-a'));
    expect((await reasons('two-b')).filter((r) => r?.startsWith("FRANCE's set"))).toEqual(["FRANCE's set 1 for S1901M", "FRANCE's set 2 for S1901M", "FRANCE's set 3 for S1901M"]);

    for (const g of ['two-a', 'two-b']) {
      const fresh = await createTestDatabase();
      await migrateQueue(fresh.url);
      const r = await reproduceInto(db, fresh.db, [g], { fromAddress: JUDGE });
      console.log(formatReproduce(r));
      await fresh.close();
      expect(r).toMatchObject({ kind: 'matched', failures: [] });
    }
    // Both games replayed together (`reproduce --tournament`): each game's sets compared in its own
    // order, not in the order two parallel workers happened to interleave them.
    const fresh = await createTestDatabase();
    await migrateQueue(fresh.url);
    const both = await reproduceInto(db, fresh.db, ['two-a', 'two-b'], { fromAddress: JUDGE });
    expect(both, formatReproduce(both)).toMatchObject({ kind: 'matched', failures: [] });
    try {
      // Read one game at a time (as a whole event is, GAMES_PER_READ at a time): the same rows match.
      const oneByOne = await compareRecords(db, fresh.db, ['two-a', 'two-b'], { gamesPerRead: 1 });
      expect(oneByOne).toEqual({ matched: both.kind === 'problem' ? {} : both.matched, difference: undefined });
      // A mail of the second game edited in the replay: found in its read, placed among both games' mails.
      const aMails = Number((await db.selectFrom('outbox').select((e) => e.fn.countAll<string>().as('n')).where('game_id', '=', 'two-a').executeTakeFirstOrThrow()).n);
      const allMails = Number((await db.selectFrom('outbox').select((e) => e.fn.countAll<string>().as('n')).where('game_id', 'in', ['two-a', 'two-b']).executeTakeFirstOrThrow()).n);
      const second = await fresh.db.selectFrom('outbox').select(['id', 'body_text']).where('game_id', '=', 'two-b').orderBy('id').offset(1).limit(1).executeTakeFirstOrThrow();
      await fresh.db.updateTable('outbox').set({ body_text: `${second.body_text}\nedited` }).where('id', '=', second.id).execute();
      const edited = await compareRecords(db, fresh.db, ['two-a', 'two-b'], { gamesPerRead: 1 });
      expect(edited.difference).toMatchObject({ table: 'outbox', field: expect.stringMatching(/^body_text line \d+$/), expected: '<no line>', got: 'edited' });
      expect(edited.difference!.row).toMatch(new RegExp(`^outbox row ${aMails + 2} of ${allMails}: two-b mail `));
    } finally {
      await fresh.close();
    }
  });

  it('a calendar tick is replayed for the game it was logged for, not for every game at that instant', { timeout: 120_000 }, async () => {
    const db = t.db;
    const sim = new Sim(db, at('2030-03-04T12:00:00Z'));
    await play(sim, 'tick-a');
    await play(sim, 'tick-b');
    // Both S1901M deadlines 2030-03-08 12:00; the GM's digest and the players' reminders fall 24 hours
    // before it (DEFAULT_CALENDAR_SETTINGS: digests 24 and 2 hours, reminders 24 and 6), 2030-03-07 12:00.
    // One tick of the running judge takes each game's lock and then the clock, game after game: here
    // tick-b's part ran a minute before that instant (nothing due, nothing logged), tick-a's a minute
    // after it (logged), and tick-b's next part at 12:10 (logged).
    const tickOnly = (g: string, iso: string) => calendarTickTask(db, { now: () => at(iso), fromAddress: JUDGE }, g);
    expect((await tickOnly('tick-b', '2030-03-07T11:59:00Z')).digests).toBe(0);
    expect((await tickOnly('tick-a', '2030-03-07T12:01:00Z')).digests).toBe(1);
    expect((await tickOnly('tick-b', '2030-03-07T12:10:00Z')).digests).toBe(1);
    const digestOf = async (d: typeof db, g: string) => (await d.selectFrom('outbox').select('body_text').where('kind', '=', 'gm-digest').where('game_id', '=', g).executeTakeFirstOrThrow()).body_text.split('\n')[0];
    expect(await digestOf(db, 'tick-b')).toBe('Digest of S1901M at Thursday 7 March 2030, 12:10 GMT.');
    // Replayed together: tick-a's logged tick at 12:01 ticks tick-a alone; tick-b's digest comes at its
    // own 12:10 (replayed for every game, tick-a's tick sent tick-b's digest "at 12:01").
    const fresh = await createTestDatabase();
    await migrateQueue(fresh.url);
    const both = await reproduceInto(db, fresh.db, ['tick-a', 'tick-b'], { fromAddress: JUDGE });
    const replayed = await digestOf(fresh.db, 'tick-b');
    await fresh.close();
    expect(both, formatReproduce(both)).toMatchObject({ kind: 'matched', failures: [] });
    expect(replayed).toBe('Digest of S1901M at Thursday 7 March 2030, 12:10 GMT.');
  });
});
