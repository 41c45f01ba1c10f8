/**
 * Issue #15: the GM's calendar actions by email — CALENDAR (the settings of `mailjudge calendar`),
 * HOLIDAYS (`mailjudge holiday list`) — and the TD's HOLIDAY decree (`mailjudge holiday create`,
 * D.VII(5)), through the real intake on a real PostgreSQL: the same service functions in the
 * message's transaction, answered, audited, announced to the players as the CLI announces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEntries } from '../../src/db/audit-log.js';
import { findCalendarSettings } from '../../src/db/calendar-settings.js';
import { readGmCommands } from '../../src/diplomacy/conduct/gm-commands.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails } from './fixtures.js';
import { Sim } from './sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const START = new Date('2030-06-03T12:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('reading CALENDAR and HOLIDAY lines', () => {
  // prettier-ignore
  it.each([
    ['CALENDAR',                                                  { kind: 'calendar', settings: {}, problems: [] }],
    ['calendar movement 96 retreats 36 reminders 24,48 digests none', { kind: 'calendar', settings: { movementHours: 96, retreatHours: 36, reminders: [48, 24], digests: [] }, problems: [] }],
    ['CALENDAR DIGEST-TIMES 20:00,08:00 ADJUSTMENT 24',          { kind: 'calendar', settings: { digestTimes: ['08:00', '20:00'], adjustmentHours: 24 }, problems: [] }],
    ['CALENDAR MOVEMENT soon',                                    { kind: 'calendar', settings: {}, problems: ['MOVEMENT soon: give a whole number of hours from 1 to 672, e.g. MOVEMENT 72'] }],
    ['CALENDAR SPEED 3 REMINDERS 0',                              { kind: 'calendar', settings: {}, problems: ['"SPEED" is not a calendar setting: write CALENDAR [MOVEMENT <hours>] [RETREAT <hours>] [ADJUSTMENT <hours>] [REMINDERS 48,24,6|NONE] [DIGESTS 24,2|NONE] [DIGEST-TIMES 08:00,20:00|NONE]', '"3" is not a calendar setting: write CALENDAR [MOVEMENT <hours>] [RETREAT <hours>] [ADJUSTMENT <hours>] [REMINDERS 48,24,6|NONE] [DIGESTS 24,2|NONE] [DIGEST-TIMES 08:00,20:00|NONE]', 'REMINDERS 0: give hours before the deadline separated by commas, e.g. REMINDERS 48,24,6 (or NONE)'] }],
    ['HOLIDAYS',                                                  { kind: 'holidays' }],
    ['HOLIDAY Christmas 2030 FROM 2030-12-24T00:00Z TO 2030-12-27T00:00Z MAX 48', { kind: 'holiday', name: 'Christmas 2030', from: '2030-12-24T00:00Z', to: '2030-12-27T00:00Z', maxHours: 48, problems: [] }],
    ['HOLIDAY Christmas FROM 24 December TO 27 December',         { kind: 'holiday', name: 'Christmas', problems: ['write HOLIDAY <name> FROM 2030-12-24T00:00Z TO 2030-12-27T00:00Z [MAX 72]'] }],
    ['HOLIDAY Xmas FROM 2030-12-24 TO 2030-12-27T00:00Z',         { kind: 'holiday', name: 'Xmas', from: '2030-12-24', to: '2030-12-27T00:00Z', problems: ['FROM 2030-12-24: give an instant with its zone, e.g. 2030-12-24T00:00Z'] }],
  ])('%j', (text, command) => {
    expect(readGmCommands([{ line: 1, text }])).toEqual({ commands: [command], unknown: [] });
  });

  it('a subject "Calendar for July" is a title, not a command', () => {
    expect(readGmCommands([{ line: 0, text: 'Calendar for July', subject: true }])).toEqual({ commands: [], unknown: [] });
  });
});

describe('CALENDAR and HOLIDAYS by email', () => {
  it('the GM shows and changes the calendar; the players are told; a bad line changes nothing', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'cal', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const sim = new Sim(t.db, START);
    const gm = g.gm.email;

    await sim.send('cal', gm, 'CALENDAR', 'commands');
    let reply = (await mails(t.db, 'cal', 'gm-reply')).at(-1)!;
    expect(reply.to).toBe(gm);
    expect(reply.body).toContain([
      'CALENDAR: cal',
      'turn lengths: movement 96h (default), retreats 24h (default), adjustments 24h (default)',
    ].join('\n'));
    expect(await mails(t.db, 'cal', 'calendar-changed')).toEqual([]);

    await sim.send('cal', gm, 'CALENDAR MOVEMENT 120 REMINDERS 48,24 DIGEST-TIMES 08:00', 'commands');
    reply = (await mails(t.db, 'cal', 'gm-reply')).at(-1)!;
    expect(reply.body).toContain([
      'CALENDAR MOVEMENT 120 REMINDERS 48,24 DIGEST-TIMES 08:00: cal (from the next turn on)',
      'turn lengths: movement 120h, retreats 24h (default), adjustments 24h (default)',
      'reminders:    48h, 24h before the deadline',
    ].join('\n'));
    expect(reply.body).toContain("daily at 08:00 (the GM's time)\nEvery player has been told.");
    const told = await mails(t.db, 'cal', 'calendar-changed');
    expect(told.map((m) => m.to).sort()).toEqual([gm, ...[...g.players.values()].map((p) => p.email)].sort());
    const france = told.find((m) => m.to === g.players.get('FRANCE')!.email)!;
    expect(france.subject).toBe("[cal] The GM changed the game's calendar");
    expect(france.body).toContain("The GM has changed cal's calendar. From the next turn on:\n\n  turn lengths: movement 120h, retreats 24h (default), adjustments 24h (default)\n  reminders:    48h, 24h before the deadline");
    expect((await findCalendarSettings(t.db, 'cal')).turnHours).toEqual({ M: 120 });

    // Under the 72-hour minimum without the players' consent, and an unreadable part: refused, unchanged.
    await sim.send('cal', gm, 'CALENDAR MOVEMENT 48\nCALENDAR RETREAT 24 SPEED 2', 'commands');
    reply = (await mails(t.db, 'cal', 'gm-reply')).at(-1)!;
    expect(reply.body).toContain("CALENDAR MOVEMENT 48: refused, movement turns of 48 hours are under the 72-hour minimum: record the players' consent first");
    expect(reply.body).toContain('CALENDAR RETREAT 24: refused, nothing changed: "SPEED" is not a calendar setting');
    expect((await findCalendarSettings(t.db, 'cal')).turnHours).toEqual({ M: 120 });
    expect(await mails(t.db, 'cal', 'calendar-changed')).toHaveLength(told.length);

    const audit = (await findAuditEntries(t.db, 'cal')).filter((e) => e.action === 'calendar.settings');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(`person:${g.gm.id}`);
  });

  it('HOLIDAY: refused from the GM (D.VII(5) is the TD\'s decree), done from the TD; HOLIDAYS lists it', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'hol', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const sim = new Sim(t.db, START);
    const gm = g.gm.email;
    const line = 'HOLIDAY Christmas 2030 FROM 2030-12-24T00:00Z TO 2030-12-27T00:00Z MAX 48';

    await sim.send('hol', gm, `HOLIDAYS\n${line}`, 'commands');
    let reply = (await mails(t.db, 'hol', 'gm-reply')).at(-1)!;
    expect(reply.body).toContain('HOLIDAYS:\nNo holidays declared.\n');
    expect(reply.body).toContain('HOLIDAY Christmas 2030: refused, only the TD decrees holidays (D.VII(5)); the TD may send this line from the TD\'s registered address, or run mailjudge holiday create.');
    expect(await mails(t.db, 'hol', 'holiday-declared')).toEqual([]);

    // The TD, who plays no power here, writes to the game: the TD's commands are read, the GM's refused.
    expect(await sim.send('hol', g.td!.email, `${line}\nEXTEND 24`, 'holiday')).toMatchObject({ kind: 'command' });
    reply = (await mails(t.db, 'hol', 'gm-reply')).at(-1)!;
    expect(reply.to).toBe(g.td!.email);
    expect(reply.subject).toBe('[hol] TD commands');
    expect(reply.body).toContain('HOLIDAY Christmas 2030: Holiday "Christmas 2030" declared: Tue 24 Dec 2030 00:00 GMT to Fri 27 Dec 2030 00:00 GMT, 48 uncharged extension hours per game in t');
    expect(reply.body).toContain('Every game it applies to has been told.');
    expect(reply.body).toContain('EXTEND: refused, only the GM of hol gives this command; you are the TD');
    const told = await mails(t.db, 'hol', 'holiday-declared');
    expect(told.map((m) => m.to).sort()).toEqual([gm, ...[...g.players.values()].map((p) => p.email)].sort());
    expect(told[0]!.subject).toBe('[hol] Holiday declared by the TD: Christmas 2030');
    expect(told[0]!.body).toContain('  From: Tuesday 24 December 2030, 00:00 GMT\n  To:   Friday 27 December 2030, 00:00 GMT');
    expect(told[0]!.body).toContain('up to\n48 hours in this game (D.VII(5))');

    await sim.send('hol', gm, 'HOLIDAYS', 'commands');
    reply = (await mails(t.db, 'hol', 'gm-reply')).at(-1)!;
    expect(reply.body).toContain('HOLIDAYS:\nChristmas 2030: Tue 24 Dec 2030 00:00 GMT to Fri 27 Dec 2030 00:00 GMT, 48 hours (tournament ');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor']).where('action', '=', 'holiday.declare').execute();
    expect(audit).toEqual([{ action: 'holiday.declare', actor: `person:${g.td!.id}` }]);
  });
});
