/**
 * `mailjudge calendar <game...>` through the built CLI (dist/src/cli/main.js), DATABASE_URL pointing
 * at this file's database: several boards changed by one command, each as the single-game command
 * changes it (its own mail to its own players, audit entry and replay-log entry; D.VII(4)(a) checked
 * game by game), a refused board among changed ones (exit code 2, every game named), and the
 * single-game form's output as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEntries } from '../../src/db/audit-log.js';
import { insertDeadlineConsent } from '../../src/db/deadline-consents.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { runDbCli } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails } from '../service/fixtures.js';

let t: TestDatabase;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  // The CLI runs on the real clock: S1901M open for four days from now.
  for (const id of ['cm1', 'cm2', 'cm3', 'cm4', 'cm5', 'cm6', 'cm7']) await calendarGame(t.db, id, { deadline: new Date(Date.now() + 96 * HOUR) });
  await insertDeadlineConsent(t.db, { gameId: 'cm4', phase: 'S1901M', note: 'all seven by email', recordedBy: 'cli:gm', recordedAt: new Date() });
});
afterAll(async () => t.close());

const cli = (...args: string[]) => runDbCli(t.url, ...args);
/** Who a board's calendar mail goes to: its seven players and its GM. */
const board = (id: string) => [...POWERS.map((p) => `${id}-${p.toLowerCase()}@example.org`), `${id}-gm@example.org`].sort();
const replayed = async (id: string) => (await t.db.selectFrom('replay_log').select(['name', 'args']).where('game_id', '=', id).execute());

describe('mailjudge calendar <game...>', () => {
  it('changes every board named, each on its own: its players told the new turn lengths, its audit and replay entries', { timeout: 90_000 }, async () => {
    const r = cli('calendar', 'cm1', 'cm2', 'cm3', '--movement-hours', '120', '--retreat-hours', '48', '--adjustment-hours', '36', '--reminders', '12,48', '--digests', 'none', '--json');
    expect(r.status, r.stderr).toBe(0);
    const settings = { turnHours: { M: 120, R: 48, A: 36 }, reminderLeadHours: [48, 12], digestLeadHours: [], digestTimes: [] };
    expect(JSON.parse(r.stdout)).toEqual({ games: ['cm1', 'cm2', 'cm3'].map((game) => ({ game, ...settings })), refused: [] });
    for (const id of ['cm1', 'cm2', 'cm3']) {
      const told = await mails(t.db, id, 'calendar-changed');
      // Only this board's people, once each.
      expect(told.map((m) => m.to).sort()).toEqual(board(id));
      for (const m of told) {
        expect(m.subject).toBe(`[${id}] The GM changed the game's calendar`);
        // What the players read, from the options: 120 h of movement, 48 of retreats, 36 of
        // adjustments; reminders 48 and 12 hours before the deadline (sorted), no digests.
        expect(m.body).toContain([
          `The GM has changed ${id}'s calendar. From the next turn on:`,
          '',
          '  turn lengths: movement 120h, retreats 48h, adjustments 36h',
          '  reminders:    48h, 12h before the deadline',
          '  GM digests:   none before the deadline',
          '',
          'The current deadline is unchanged.',
        ].join('\n'));
      }
      expect((await findAuditEntries(t.db, id)).map((e) => e.action)).toEqual(['calendar.settings']);
      expect(await replayed(id)).toEqual([{ name: 'calendar', args: { gameId: id, turnHours: { M: 120, R: 48, A: 36 }, reminders: [48, 12], digests: [] } }]);
    }
    // A board not named is untouched.
    expect(await mails(t.db, 'cm7', 'calendar-changed')).toEqual([]);
  });

  it('a board refused among changed ones: the others changed, exit code 2, each board named', { timeout: 90_000 }, async () => {
    // 48-hour movement turns: cm4 has its players' consent on record, cm5 has not (D.VII(4)(a)); no game "nosuch".
    const r = cli('calendar', 'cm4', 'cm5', 'nosuch', '--movement-hours', '48');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe([
      'cm4 (from the next turn on)',
      'turn lengths: movement 48h, retreats 24h (default), adjustments 24h (default)',
      'reminders:    24h, 6h before the deadline',
      'GM digests:   24h, 2h before the deadline',
      '',
      'cm5: refused, nothing changed',
      '',
      'nosuch: refused, nothing changed',
      '',
      '3 games: 1 done, 2 refused (cm5, nosuch)',
      '',
    ].join('\n'));
    expect(r.stderr).toBe([
      'mailjudge calendar: 2 problems:',
      "  - cm5: movement turns of 48 hours are under the 72-hour minimum: record the players' consent first (mailjudge deadline … --consent-recorded) (D.VII(4)(a))",
      '  - nosuch: no game "nosuch"',
      '',
    ].join('\n'));
    expect((await mails(t.db, 'cm4', 'calendar-changed')).map((m) => m.to).sort()).toEqual(board('cm4'));
    expect((await mails(t.db, 'cm4', 'calendar-changed'))[0]!.body).toContain('  turn lengths: movement 48h, retreats 24h (default), adjustments 24h (default)');
    // The refused board: no mail, no audit entry, no replay entry, its settings as they were.
    expect(await mails(t.db, 'cm5', 'calendar-changed')).toEqual([]);
    expect(await findAuditEntries(t.db, 'cm5')).toEqual([]);
    expect(await replayed('cm5')).toEqual([]);
    expect(await t.db.selectFrom('game_calendars').select('game_id').where('game_id', '=', 'cm5').execute()).toEqual([]);

    // JSON: every game's outcome, and the refusals as the error contract has them.
    const j = cli('calendar', 'cm5', 'cm6', '--movement-hours', '48', '--json');
    expect(j.status).toBe(2);
    const short = "movement turns of 48 hours are under the 72-hour minimum: record the players' consent first (mailjudge deadline … --consent-recorded) (D.VII(4)(a))";
    expect(JSON.parse(j.stdout)).toEqual({
      games: [{ game: 'cm5', problems: [short] }, { game: 'cm6', problems: [short] }],
      refused: ['cm5', 'cm6'],
      error: `cm5: ${short}`,
      problems: [`cm5: ${short}`, `cm6: ${short}`],
    });
    expect(await mails(t.db, 'cm6', 'calendar-changed')).toEqual([]);
  });

  it('a game named twice, or a bad option, is refused before anything is done', { timeout: 60_000 }, async () => {
    const r = cli('calendar', 'cm7', 'cm6', 'cm7', '--movement-hours', '0', '--json');
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({
      error: 'cm7 is named twice: give each game once',
      problems: ['cm7 is named twice: give each game once', '--movement-hours "0": give a whole number of hours from 1 to 672'],
    });
    expect(await mails(t.db, 'cm7', 'calendar-changed')).toEqual([]);
  });

  it('one game: the output as it always was', { timeout: 60_000 }, async () => {
    const show = cli('calendar', 'cm1');
    expect(show.status).toBe(0);
    expect(show.stdout).toBe('cm1\nturn lengths: movement 120h, retreats 48h, adjustments 36h\nreminders:    48h, 12h before the deadline\nGM digests:   none before the deadline\n');
    const refused = cli('calendar', 'cm7', '--movement-hours', '48', '--json');
    expect(refused.status).toBe(2);
    expect(JSON.parse(refused.stdout)).toEqual({
      error: "movement turns of 48 hours are under the 72-hour minimum: record the players' consent first (mailjudge deadline … --consent-recorded) (D.VII(4)(a))",
      problems: ["movement turns of 48 hours are under the 72-hour minimum: record the players' consent first (mailjudge deadline … --consent-recorded) (D.VII(4)(a))"],
    });
    const set = cli('calendar', 'cm7', '--digest-times', '08:00', '--json');
    expect(set.status).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ game: 'cm7', turnHours: {}, reminderLeadHours: [24, 6], digestLeadHours: [24, 2], digestTimes: ['08:00'] });
  });
});
