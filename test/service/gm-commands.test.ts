/**
 * The GM's calendar commands: argument parsing (pure, every problem as a message), and each command's
 * run against a real PostgreSQL — refusals as problems (exit code 2), changes announced and logged.
 */
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAbsence } from '../../src/service/gm/absence.js';
import { runSetDeadline } from '../../src/service/gm/deadline.js';
import { extendedDeadline, runExtend } from '../../src/service/gm/extend.js';
import { runHolidayCreate, runHolidayList } from '../../src/service/gm/holiday.js';
import { collect, parseHours, parseInstant, parseLeadHours, parsePhaseName, parsePower, parseWeeklyTime, parseZone } from '../../src/cli/gm/parse-args.js';
import { runReplace } from '../../src/service/gm/replace.js';
import { runCalendarSettings } from '../../src/service/gm/settings.js';
import { registerCalendarCommands } from '../../src/cli/calendar-commands.js';
import { findAuditEntries } from '../../src/db/audit-log.js';
import { findPhase } from '../../src/db/phases.js';
import { findCurrentPositions } from '../../src/db/positions.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, communicate, mails } from './fixtures.js';
import { JUDGE } from './sim.js';

let t: TestDatabase;
const D = new Date('2030-09-13T12:00:00Z'); // a Friday
const NOW = new Date('2030-09-09T12:00:00Z'); // the Monday before
const ctx = (now = NOW) => ({ actor: 'cli:gm', now, fromAddress: JUDGE });

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('argument parsing', () => {
  // prettier-ignore
  it.each([
    ['Fri 17:00',   { ok: true,  value: { day: 'Fri', time: '17:00' } }],
    ['friday 5:30', { ok: true,  value: { day: 'Fri', time: '05:30' } }],
    ['Mon. 09:00',  { ok: true,  value: { day: 'Mon', time: '09:00' } }],
    ['Fri 25:00',   { ok: false, problem: '--from "Fri 25:00": write a weekday and a 24-hour time, e.g. "Fri 17:00"' }],
    ['17:00',       { ok: false, problem: '--from "17:00": write a weekday and a 24-hour time, e.g. "Fri 17:00"' }],
    ['Someday 1:00', { ok: false, problem: '--from "Someday 1:00": write a weekday and a 24-hour time, e.g. "Fri 17:00"' }],
  ])('weekly time %j', (text, expected) => {
    expect(parseWeeklyTime('--from', text)).toEqual(expected);
  });

  // prettier-ignore
  it.each([
    ['2030-05-08T12:00Z',      true],
    ['2030-05-08T14:00+02:00', true],
    ['2030-05-08T12:00',       false], // no zone: ambiguous
    ['2030-05-08',             false],
    ['next friday',            false],
  ])('instant %j', (text, ok) => {
    expect(parseInstant('--at', text).ok).toBe(ok);
  });

  it('collects every problem at once', () => {
    expect(collect({ a: parsePower('PRUSSIA'), b: parseHours('--hours', '0'), c: parseLeadHours('--reminders', '24,,6'), d: parseZone('--zone', 'Mars/Olympus'), e: parsePhaseName('--until', 'F1903X'), f: undefined })).toEqual({
      ok: false,
      problems: [
        '"PRUSSIA" is not a power: one of AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY',
        '--hours "0": give a whole number of hours from 1 to 672',
        '--reminders "24,,6": give hours before the deadline separated by commas, e.g. 48,24,6 (or none)',
        '--zone "Mars/Olympus": not a time zone; give an IANA name such as America/New_York',
        '--until "F1903X": not a phase; write e.g. F1903M, S1904R or W1903A',
      ],
    });
    expect(collect({ p: parsePower('italy'), l: parseLeadHours('--digests', '2, 24'), n: parseLeadHours('--digests', 'none') })).toEqual({ ok: true, value: { p: 'ITALY', l: [24, 2], n: [] } });
  });

  it('registers the commands with their help', () => {
    const program = new Command().name('mailjudge');
    registerCalendarCommands(program);
    expect(program.commands.map((c) => c.name())).toEqual(['extend', 'deadline', 'process', 'absence', 'holiday', 'replace', 'rollback-request', 'proposal', 'calendar']);
    expect(program.commands.find((c) => c.name() === 'proposal')!.commands.find((c) => c.name() === 'agree')!.helpInformation()).toContain('--disagree');
    expect(program.commands.find((c) => c.name() === 'process')!.helpInformation()).toContain('--override <reason>');
    const help = (name: string) => program.commands.find((c) => c.name() === name)!.helpInformation();
    expect(help('extend')).toContain('--for <power>');
    expect(help('absence')).toContain('--zone <IANA>');
    expect(help('deadline')).toContain('--consent-recorded [note]');
    expect(help('replace')).toContain('--until <phase>');
    expect(program.commands.find((c) => c.name() === 'holiday')!.commands.map((c) => c.name())).toEqual(['create', 'list']);
  });
});

describe('mailjudge deadline', () => {
  it('refuses a past instant, a window, a short turn without consent; records consent; announces', async () => {
    const g = await calendarGame(t.db, 'dl', { deadline: D });
    await runAbsence(t.db, { gameId: 'dl', power: 'FRANCE', from: { day: 'Fri', time: '18:00' }, to: { day: 'Sat', time: '18:00' }, zone: 'Europe/Paris', clear: false }, ctx());
    expect(await runSetDeadline(t.db, { gameId: 'dl', at: new Date('2030-09-01T12:00:00Z') }, ctx())).toEqual({ ok: false, problems: ['--at 2030-09-01T12:00:00.000Z has passed; give a future instant'] });
    expect(await runSetDeadline(t.db, { gameId: 'dl', at: new Date('2030-09-20T17:00:00Z') }, ctx())).toEqual({ ok: false, problems: ['Fri 20 Sep 2030 17:00 GMT falls inside the unavailable window of FRANCE; no deadline may be set inside one (D.VII(2))'] });
    // The turn opened when the game was created (phase row created now, in real time); make it short.
    // France's window is cleared first: opened + 30 h would otherwise fall inside it on some days.
    await runAbsence(t.db, { gameId: 'dl', power: 'FRANCE', clear: true }, ctx());
    const opened = (await findPhase(t.db, 'dl', 'S1901M'))!.createdAt;
    const soon = new Date(Math.ceil((opened.getTime() + 30 * 3_600_000) / 3_600_000) * 3_600_000);
    const short = await runSetDeadline(t.db, { gameId: 'dl', at: soon }, ctx(new Date(opened.getTime() + 60_000)));
    expect(short.ok).toBe(false);
    expect(!short.ok && short.problems[0]).toMatch(/under the 72-hour minimum: it needs the consent of every surviving player \(D.VII\(4\)\(a\)\)/);
    const ok = await runSetDeadline(t.db, { gameId: 'dl', at: soon, consent: 'all seven by email, 9 Sept', reason: 'everyone is keen' }, ctx(new Date(opened.getTime() + 60_000)));
    expect(ok).toMatchObject({ ok: true, json: { shortened: true } });
    expect(await t.db.selectFrom('deadline_consents').select('note').where('game_id', '=', 'dl').execute()).toEqual([{ note: 'all seven by email, 9 Sept' }]);
    const told = await mails(t.db, 'dl', 'deadline-changed');
    expect(told).toHaveLength(8);
    expect(told[0]!.body).toContain('The S1901M deadline has been changed: set by the GM: everyone is keen.');
    expect((await findAuditEntries(t.db, 'dl')).filter((e) => e.action === 'deadline.set')).toHaveLength(1);
    expect(g.game.id).toBe('dl');
  });
});

describe('mailjudge extend', () => {
  it("the GM's own extension is uncharged and clear of windows; a refusal answers a pending request", async () => {
    const g = await calendarGame(t.db, 'gx', { deadline: D });
    await runAbsence(t.db, { gameId: 'gx', power: 'ENGLAND', from: { day: 'Sat', time: '00:00' }, to: { day: 'Mon', time: '00:00' }, zone: 'UTC', clear: false }, ctx());
    const r = await runExtend(t.db, { gameId: 'gx', hours: 24, uncharged: false, refuse: false }, ctx());
    expect(r).toMatchObject({ ok: true, json: { charged: false, deadline: '2030-09-16T00:00:00.000Z' } });
    expect(await runExtend(t.db, { gameId: 'gx', power: 'ITALY', uncharged: false, refuse: true }, ctx())).toEqual({ ok: false, problems: ['ITALY has no extension request waiting for your decision'] });
    await communicate(t.db, g, 'ITALY', 'EXTENSION 12h', NOW); // the guaranteed one
    await communicate(t.db, g, 'ITALY', 'EXTENSION 24h', NOW); // needs the GM
    const no = await runExtend(t.db, { gameId: 'gx', power: 'ITALY', uncharged: false, refuse: true, reason: 'not this time' }, ctx());
    expect(no).toMatchObject({ ok: true, json: { decision: 'refused' } });
    const answer = await mails(t.db, 'gx', 'extension-answer');
    expect(answer.map((m) => [m.to, m.subject])).toEqual([['gx-italy@example.org', '[gx] Extension refused for ITALY (S1901M)']]);
    expect(answer[0]!.body).toContain("The GM's note: not this time");
    expect(await runExtend(t.db, { gameId: 'gx', power: 'ITALY', uncharged: false, refuse: true }, ctx())).toMatchObject({ ok: false });
  });

  it('moves a deadline that lands in a window to its end, on the hour (pure)', () => {
    const w = [{ power: 'ENGLAND' as const, zone: 'America/New_York', startDay: 'Fri' as const, startTime: '17:30', endDay: 'Mon' as const, endTime: '09:30' }];
    expect(extendedDeadline(new Date('2030-09-13T12:00:00Z'), 12, w)).toEqual(new Date('2030-09-16T14:00:00Z')); // 09:30 EDT = 13:30Z, on to 14:00Z
    expect(extendedDeadline(new Date('2030-09-13T12:00:00Z'), 2, w)).toEqual(new Date('2030-09-13T14:00:00Z'));
  });
});

describe('mailjudge absence', () => {
  it('validates the window (64 hours at most), tells the player and the GM, warns of a deadline inside it, withdraws', async () => {
    await calendarGame(t.db, 'ab', { deadline: D, zones: { ENGLAND: 'America/New_York' } });
    expect(await runAbsence(t.db, { gameId: 'ab', power: 'ENGLAND', from: { day: 'Fri', time: '09:00' }, to: { day: 'Mon', time: '09:00' }, clear: false }, ctx())).toEqual({
      ok: false, problems: ['the window lasts 72 hours; at most 64 hours a week may be declared (D.VII(2)), e.g. Fri 17:00 to Mon 09:00'],
    });
    expect(await runAbsence(t.db, { gameId: 'ab', power: 'ENGLAND', clear: true }, ctx())).toEqual({ ok: false, problems: ['ENGLAND (ENGLAND player) has no unavailable period recorded'] });
    const r = await runAbsence(t.db, { gameId: 'ab', power: 'ENGLAND', from: { day: 'Fri', time: '07:00' }, to: { day: 'Sat', time: '07:00' }, clear: false }, ctx());
    expect(r).toMatchObject({ ok: true, json: { window: { zone: 'America/New_York' }, hours: 24, deadlineInside: true } });
    expect(r.ok && r.text).toContain('Warning: the current S1901M deadline (Fri 13 Sep 2030 12:00 GMT) falls inside this window');
    expect((await mails(t.db, 'ab', 'absence-recorded')).map((m) => m.to)).toEqual(['ab-england@example.org', 'ab-gm@example.org']);
    expect((await runAbsence(t.db, { gameId: 'ab', power: 'ENGLAND', clear: true }, ctx())).ok).toBe(true);
    expect(await t.db.selectFrom('unavailable_windows').select('withdrawn_at').where('game_id', '=', 'ab').execute()).toEqual([{ withdrawn_at: NOW }]);
  });
});

describe('mailjudge holiday', () => {
  it('declares once per name and lists', async () => {
    await calendarGame(t.db, 'hol', { deadline: D });
    expect(await runHolidayCreate(t.db, { name: 'Easter 2031', from: new Date('2031-04-11T00:00:00Z'), to: new Date('2031-04-14T00:00:00Z') }, ctx())).toMatchObject({ ok: true, json: { hours: 72, tournament: null } });
    expect(await runHolidayCreate(t.db, { name: 'Easter 2031', from: new Date('2031-04-11T00:00:00Z'), to: new Date('2031-04-14T00:00:00Z') }, ctx())).toMatchObject({ ok: false });
    expect(await runHolidayCreate(t.db, { name: 'Backwards', from: new Date('2031-04-14T00:00:00Z'), to: new Date('2031-04-11T00:00:00Z') }, ctx())).toEqual({ ok: false, problems: ['--to must be after --from'] });
    const list = await runHolidayList(t.db);
    expect(list.ok && list.text).toContain('Easter 2031: Fri 11 Apr 2031 00:00 GMT to Mon 14 Apr 2031 00:00 GMT, 72 hours');
    // Every active game's players and GM are told, once.
    const told = await mails(t.db, 'hol', 'holiday-declared');
    expect(told).toHaveLength(8);
    expect(told[0]!.subject).toBe('[hol] Holiday declared by the TD: Easter 2031');
    expect(told[0]!.body).toContain('up to\n72 hours in this game (D.VII(5))');
  });
});

describe('mailjudge replace', () => {
  it('permanent, temporary, the four-season limit, and the player coming back', async () => {
    await calendarGame(t.db, 'rp', { deadline: D });
    expect(await runReplace(t.db, { gameId: 'rp', power: 'FRANCE', email: 'rp-england@example.org', name: 'X', endTemporary: false }, ctx())).toEqual({
      ok: false, problems: ['rp-england@example.org already plays ENGLAND in rp; nobody holds two powers on one board'],
    });
    expect(await runReplace(t.db, { gameId: 'rp', power: 'FRANCE', endTemporary: true }, ctx())).toEqual({ ok: false, problems: ['FRANCE has no temporary replacement to end'] });
    // Four seasons at most (B.7): until S1903M covers S1901 to F1902, four; until F1903M (the player
    // back for F1903M) covers S1903 too, five — permanent then.
    const long = await runReplace(t.db, { gameId: 'rp', power: 'FRANCE', email: 'long@example.org', name: 'Long', untilPhase: 'F1903M', endTemporary: false }, ctx());
    expect(long).toMatchObject({ ok: true, json: { kind: 'permanent', note: 'the period would take FRANCE past four seasons replaced (B.7), so the replacement is permanent' } });
    const temp = await runReplace(t.db, { gameId: 'rp', power: 'ITALY', email: 'tina@example.org', name: 'Tina', untilPhase: 'F1902M', endTemporary: false }, ctx());
    expect(temp).toMatchObject({ ok: true, json: { kind: 'temporary', until: 'F1902M' } });
    const positions = await findCurrentPositions(t.db, 'rp');
    expect(positions.filter((p) => p.power === 'FRANCE').map((p) => p.kind)).toEqual(['permanent']);
    expect(positions.filter((p) => p.power === 'ITALY').map((p) => p.kind).sort()).toEqual(['original', 'temporary']);
    expect((await runReplace(t.db, { gameId: 'rp', power: 'ITALY', endTemporary: true, reason: 'back early' }, ctx())).ok).toBe(true);
    expect((await findCurrentPositions(t.db, 'rp')).filter((p) => p.power === 'ITALY').map((p) => p.kind)).toEqual(['original']);
    const told = await mails(t.db, 'rp', 'position-change');
    const back = told.filter((m) => m.subject === '[rp] ITALY: ITALY player is back');
    expect(back).toHaveLength(9); // six other players, the GM, Italy's player and Tina
    expect(back[0]!.body).toContain("Tina's temporary replacement as ITALY has ended: ITALY player plays ITALY again (rule B.7).\nWhose set counts: from now on only ITALY player's sets count for ITALY.\nWhy: back early");
    expect((await findAuditEntries(t.db, 'rp')).map((e) => e.action)).toEqual(['position.replace', 'position.replace', 'position.return']);
  });
});

describe('mailjudge calendar', () => {
  it('shows and changes the settings; a turn under the minimum needs consent on record', async () => {
    await calendarGame(t.db, 'cs', { deadline: D });
    const show = await runCalendarSettings(t.db, { gameId: 'cs', turnHours: {} }, ctx());
    expect(show.ok && show.text).toBe('cs\nturn lengths: movement 96h (default), retreats 24h (default), adjustments 24h (default)\nreminders:    24h, 6h before the deadline\nGM digests:   24h, 2h before the deadline');
    expect(await runCalendarSettings(t.db, { gameId: 'cs', turnHours: { M: 48 } }, ctx())).toMatchObject({ ok: false, problems: [expect.stringMatching(/movement turns of 48 hours are under the 72-hour minimum/)] });
    const set = await runCalendarSettings(t.db, { gameId: 'cs', turnHours: { M: 120 }, reminders: [48, 12], digests: [] }, ctx());
    expect(set.ok && set.text).toContain('movement 120h, retreats 24h (default)');
    expect(set.ok && set.text).toContain('GM digests:   none before the deadline');
    // Every player and the GM are told, once; a refused change and a mere display tell nobody.
    const told = await mails(t.db, 'cs', 'calendar-changed');
    expect(told).toHaveLength(8);
    expect(told[0]!.body).toContain('movement 120h');
    const daily = await runCalendarSettings(t.db, { gameId: 'cs', turnHours: {}, digestTimes: ['08:00'] }, ctx());
    expect(daily.ok && daily.text).toContain("and daily at 08:00 (the GM's time)");
    expect(await mails(t.db, 'cs', 'calendar-changed')).toHaveLength(16);
  });
});
