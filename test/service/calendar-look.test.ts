/**
 * Issue 29/30 (sql/0036): the calendar tick looks only at the games that may have something due. A
 * tick that finds nothing due records when the game next has something (its next reminder, digest,
 * contact deadline or procedure step; at most an hour ahead) and the ticks before then pass the game
 * by; any change that could make something due sooner (a set in, a holding, the phase, the calendar
 * settings, a holiday, a vote, a stand-in's period, a time zone, the game's own row) makes the next tick look at it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalendarSettings } from '../../src/db/calendar-settings.js';
import { startCivilDisorder } from '../../src/db/nmr-notices.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { calendarTickTask, CALENDAR_LOOK_AHEAD_MS } from '../../src/service/diplomacy/calendar-tick.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails, orders, type CalendarGame } from './fixtures.js';
import { JUDGE } from './sim.js';

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
  it('looks an hour ahead at most, skips the game meanwhile, and sends the 24-hour reminder on time', async () => {
    expect(CALENDAR_LOOK_AHEAD_MS).toBe(HOUR);
    const g = await calendarGame(t.db, 'look', { deadline: D });
    await saveCalendarSettings(t.db, 'look', { turnHours: {}, reminderLeadHours: [24], digestLeadHours: [], digestTimes: [] }, before(100));
    for (const p of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'RUSSIA', 'TURKEY'] as const) await orders(t.db, g, p, 'S1901M', before(90), true);
    // 40 hours before: nothing due; the reminder is 16 hours away, so the game is next looked at in an hour.
    expect((await tick(before(40))).games).toBe(1);
    expect(await lookAt('look')).toEqual(before(39));
    expect((await tick(before(39.5))).games).toBe(0);
    // 25 hours before: the reminder (24 hours before the deadline) is within the hour.
    expect((await tick(before(39))).games).toBe(1);
    for (let h = 38; h >= 25; h--) await tick(before(h));
    expect(await lookAt('look')).toEqual(before(24));
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
    ['an order set in', () => orders(t.db, g, 'ITALY', 'S1901M', before(50), false)],
    ['a position in civil disorder', () => startCivilDisorder(t.db, 'chg', 'GERMANY', before(50), 'test')],
    ['the calendar settings', () => saveCalendarSettings(t.db, 'chg', { turnHours: {}, reminderLeadHours: [6], digestLeadHours: [2], digestTimes: [] }, before(50))],
    ['the deadline moved', () => sql`UPDATE phases SET deadline = deadline + interval '1 day' WHERE game_id = 'chg'`.execute(t.db)],
    ['a holding changed', () => sql`UPDATE positions SET reason = 'test' WHERE game_id = 'chg' AND power = 'FRANCE' AND ended_at IS NULL`.execute(t.db)],
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
