/**
 * Issue 29/30 (sql/0036): the calendar tick looks only at the games that may have something due. A
 * tick that finds nothing due records when the game next has something (its next reminder, digest,
 * contact deadline or procedure step; at most a day ahead) and the ticks before then pass the game
 * by; any change that could make something due sooner (a preliminary revision of a Final set, a
 * holding, the phase, the calendar settings, a holiday, a vote, a stand-in's period, a time zone, the
 * game's own row) makes the next tick look at it. What every message does and cannot make anything
 * due sooner (a Final set, a first preliminary set, the holding's reply token) does not (sql/0037).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalendarSettings } from '../../src/db/calendar-settings.js';
import { startCivilDisorder } from '../../src/db/nmr-notices.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { calendarTickTask, CALENDAR_LOOK_AHEAD_MS } from '../../src/service/diplomacy/calendar-tick.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails, orders, type CalendarGame } from './fixtures.js';
import { JUDGE, Sim, holdAll } from './sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const D = new Date('2030-06-07T12:00:00Z'); // a Friday: the deadline
const before = (h: number) => new Date(D.getTime() - h * HOUR);
const tick = (now: Date) => calendarTickTask(t.db, { now: () => now, fromAddress: JUDGE });
const lookAt = async (id: string) => (await t.db.selectFrom('games').select('calendar_look_at').where('id', '=', id).executeTakeFirstOrThrow()).calendar_look_at;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('the tick passes by a game with nothing due until its next reminder', () => {
  it('looks a day ahead at most, skips the game meanwhile, and sends the 24-hour reminder on time', async () => {
    expect(CALENDAR_LOOK_AHEAD_MS).toBe(24 * HOUR);
    const g = await calendarGame(t.db, 'look', { deadline: D });
    await saveCalendarSettings(t.db, 'look', { turnHours: {}, reminderLeadHours: [24], digestLeadHours: [], digestTimes: [] }, before(100));
    for (const p of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'RUSSIA', 'TURKEY'] as const) await orders(t.db, g, p, 'S1901M', before(90), true);
    // 60 hours before: nothing due; the reminder is 36 hours away, so the game is next looked at in a day.
    expect((await tick(before(60))).games).toBe(1);
    expect(await lookAt('look')).toEqual(before(36));
    for (let h = 59; h > 36; h--) expect((await tick(before(h))).games).toBe(0);
    // 36 hours before: the reminder (24 hours before the deadline) is within the day.
    expect((await tick(before(36))).games).toBe(1);
    expect(await lookAt('look')).toEqual(before(24));
    for (let h = 35; h >= 25; h--) expect((await tick(before(h))).games).toBe(0);
    expect((await tick(before(24.5))).games).toBe(0);
    expect(await mails(t.db, 'look', 'reminder')).toHaveLength(0);
    // At 24 hours before, Italy (the one power without orders) is reminded, once.
    expect((await tick(before(24))).reminders).toBe(1);
    await tick(before(23.9));
    const sent = await mails(t.db, 'look', 'reminder');
    expect(sent.map((m) => [m.to, m.subject])).toEqual([['look-italy@example.org', '[look] Reminder: S1901M orders for ITALY not received']]);
    expect(sent[0]!.body).toContain('Time left: 1 day 0 hours');
  });
});

describe('a change makes the next tick look at the game', () => {
  let g: CalendarGame;
  /** The game's look-at time pushed a day ahead, as a tick that found nothing would leave it. */
  const idle = async () => {
    await t.db.updateTable('games').set({ calendar_look_at: before(0) }).where('id', '=', 'chg').execute();
    expect(await lookAt('chg')).toEqual(before(0));
  };
  beforeAll(async () => {
    g = await calendarGame(t.db, 'chg', { deadline: D });
  });

  const changes: [string, () => Promise<unknown>][] = [
    // sql/0037: a preliminary revision of a Final set puts the power back on the reminders (D.II(1)).
    ['a preliminary revision of a Final set', async () => {
      await orders(t.db, g, 'ITALY', 'S1901M', before(51), true);
      await idle();
      await orders(t.db, g, 'ITALY', 'S1901M', before(50), false);
    }],
    ['a position in civil disorder', () => startCivilDisorder(t.db, 'chg', 'GERMANY', before(50), 'test')],
    ['the calendar settings', () => saveCalendarSettings(t.db, 'chg', { turnHours: {}, reminderLeadHours: [6], digestLeadHours: [2], digestTimes: [] }, before(50))],
    ['the deadline moved', () => sql`UPDATE phases SET deadline = deadline + interval '1 day' WHERE game_id = 'chg'`.execute(t.db)],
    ['a holding changed', () => sql`UPDATE positions SET reason = 'test' WHERE game_id = 'chg' AND power = 'FRANCE' AND ended_at IS NULL`.execute(t.db)],
    ['a holding ended', () => sql`UPDATE positions SET ended_at = ${before(50)} WHERE game_id = 'chg' AND power = 'FRANCE' AND ended_at IS NULL`.execute(t.db)],
    ["a player's time zone", () => sql`UPDATE people SET time_zone = 'Asia/Tokyo' WHERE id = ${g.players.get('RUSSIA')!.id}`.execute(t.db)],
    ["the GM's time zone", () => sql`UPDATE people SET time_zone = 'America/New_York' WHERE id = (SELECT gm_person_id FROM games WHERE id = 'chg')`.execute(t.db)],
    ["the game's own row", () => sql`UPDATE games SET press_rule = press_rule WHERE id = 'chg'`.execute(t.db).then(() => sql`UPDATE games SET board_name = 'chg 2' WHERE id = 'chg'`.execute(t.db))],
    ['a holiday for every game', () => sql`INSERT INTO holidays (name, tournament_id, starts_at, ends_at, declared_by) VALUES ('look holiday', NULL, ${before(30)}, ${before(10)}, 'test')`.execute(t.db)],
    ["a stand-in's declared period", () => sql`INSERT INTO replacement_periods (position_id, from_phase, until_phase, declared_at, declared_by)
      SELECT id, 'S1901M', 'F1901M', ${before(50)}, 'test' FROM positions WHERE game_id = 'chg' AND power = 'ITALY' AND ended_at IS NULL`.execute(t.db)],
    ['a proposal and a vote', async () => {
      const p = await sql<{ id: number }>`INSERT INTO proposals (game_id, phase, kind, powers, proposed_at) VALUES ('chg', 'S1901M', 'draw', '{AUSTRIA,ENGLAND}', ${before(45)}) RETURNING id`.execute(t.db);
      expect(await lookAt('chg')).toBeNull();
      await idle();
      await sql`INSERT INTO votes (proposal_id, power, person_id, vote, received_at) VALUES (${p.rows[0]!.id}, 'AUSTRIA', ${g.players.get('AUSTRIA')!.id}, 'yes', ${before(40)})`.execute(t.db);
    }],
  ];
  it.each(changes)('%s', async (_what, change) => {
    await idle();
    await change();
    expect(await lookAt('chg')).toBeNull();
  });

  it('a change to another game leaves this one alone; an unchanged time zone too', async () => {
    await idle();
    const other = await calendarGame(t.db, 'chg-other', { deadline: D });
    await orders(t.db, other, 'ITALY', 'S1901M', before(50), true);
    await sql`UPDATE people SET time_zone = time_zone WHERE id = ${g.players.get('RUSSIA')!.id}`.execute(t.db);
    expect(await lookAt('chg')).toEqual(before(0));
  });
});

describe('the orders a game receives do not send it back to the tick (sql/0037)', () => {
  it('a first preliminary set and a Final set through the pipeline leave the look-at time; the 24-hour reminder then goes to nobody', async () => {
    const g = await calendarGame(t.db, 'flow', { deadline: D });
    await saveCalendarSettings(t.db, 'flow', { turnHours: {}, reminderLeadHours: [24], digestLeadHours: [], digestTimes: [] }, before(100));
    for (const p of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'RUSSIA', 'TURKEY'] as const) await orders(t.db, g, p, 'S1901M', before(90), true);
    const sim = new Sim(t.db, before(40));
    await sim.tick();
    expect(await lookAt('flow')).toEqual(before(24));
    // Italy's first message (its reply token is made) with a preliminary set, then its Final set.
    sim.now = before(39.8);
    expect((await sim.send('flow', g.players.get('ITALY')!.email, await holdAll(t.db, 'flow', 'ITALY'), 'orders')).kind).toBe('orders');
    expect(await lookAt('flow')).toEqual(before(24));
    sim.now = before(39.6);
    expect((await sim.send('flow', g.players.get('ITALY')!.email, await holdAll(t.db, 'flow', 'ITALY'), 'orders FINAL')).kind).toBe('orders');
    expect(await lookAt('flow')).toEqual(before(24));
    expect((await tick(before(39.5))).games).toBe(0);
    // Every power Final: the set's own transaction scheduled the early adjudication (D.VII(2)); the
    // tick, looking at its time, finds no reminder to send: Italy's is no longer due.
    for (let h = 39; h >= 23; h--) await tick(before(h));
    expect(await mails(t.db, 'flow', 'reminder')).toHaveLength(0);
    const acks = await mails(t.db, 'flow', 'orders-received');
    expect(acks.map((m) => m.to)).toEqual(['flow-italy@example.org', 'flow-italy@example.org']);
  });

  it('a preliminary revision of a Final set sends it back, and the 24-hour reminder reaches the player on time, saying the set is preliminary', async () => {
    const g = await calendarGame(t.db, 'rev', { deadline: D });
    await saveCalendarSettings(t.db, 'rev', { turnHours: {}, reminderLeadHours: [24], digestLeadHours: [], digestTimes: [] }, before(100));
    for (const p of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'RUSSIA', 'TURKEY'] as const) await orders(t.db, g, p, 'S1901M', before(90), true);
    const sim = new Sim(t.db, before(30));
    expect((await sim.send('rev', g.players.get('ITALY')!.email, await holdAll(t.db, 'rev', 'ITALY'), 'orders FINAL')).kind).toBe('orders');
    // Every power Final: no reminder is due, so the game is next looked at a day on.
    await tick(before(29.5));
    expect(await lookAt('rev')).toEqual(before(5.5));
    sim.now = before(29);
    expect((await sim.send('rev', g.players.get('ITALY')!.email, await holdAll(t.db, 'rev', 'ITALY'), 'orders')).kind).toBe('orders');
    expect(await lookAt('rev')).toBeNull();
    for (let h = 28.5; h >= 24; h -= 0.5) await tick(before(h));
    const sent = await mails(t.db, 'rev', 'reminder');
    expect(sent.map((m) => [m.to, m.subject])).toEqual([['rev-italy@example.org', '[rev] Reminder: S1901M orders for ITALY are only preliminary']]);
    expect(sent[0]!.body).toContain('Your latest orders for ITALY in S1901M are preliminary.');
    expect(sent[0]!.body).toContain('Time left: 1 day 0 hours');
  });
});
