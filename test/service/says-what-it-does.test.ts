/**
 * What the judge says is what it does (issue 19), on the simulated clock of the calendar scenario:
 * players' mail through the real pipeline, the real adjudication and calendar tasks, the GM's
 * commands by CLI function and by email — and every assertion on the text people receive.
 * - the GM's `process` bound by D.VII(2): refused with what fails and when it will hold, at 23:59:59
 *   and allowed at 24:00:00 after the last publication; `--override` / `OVERRIDE` recorded and told;
 * - an early adjudication waits for the votes due with the deadline (D.IX(2)), and the GM's digest says
 *   which proposal holds it up, never whose vote;
 * - acknowledgements: a late set under "late orders refused", a set one second after the deadline
 *   written for the phase just adjudicated, a granted extension's new deadline, late votes, deadlines
 *   with seconds, `extend --hours 1`, the 7 days in hours, an empty reserve pool, a 12-hour request
 *   with 1 hour of holiday left, `game create`'s D.VII(4)(a) check, the GM's subject "deadline".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExtend } from '../../src/service/gm/extend.js';
import { runHolidayCreate } from '../../src/service/gm/holiday.js';
import { runProcess } from '../../src/service/gm/process.js';
import { runCalendarSettings } from '../../src/service/gm/settings.js';
import { runGameCreate } from '../../src/cli/commands/game-create.js';
import { findAuditEntries } from '../../src/db/audit-log.js';
import { DEFAULT_POLICIES } from '../../src/db/games.js';
import { insertNmrNotice } from '../../src/db/nmr-notices.js';
import { findOrderSets } from '../../src/db/order-sets.js';
import { findPhase } from '../../src/db/phases.js';
import { findOpenProposals } from '../../src/db/proposals.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { contactDeadline } from '../../src/diplomacy/calendar/index.js';
import { calendarTickTask } from '../../src/service/diplomacy/calendar-tick.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { scheduleOpenPhases } from '../../src/db/schedule-jobs.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails, type CalendarGame } from './fixtures.js';
import { JUDGE, Sim, holdAll } from './sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
const CTX = (sim: Sim) => ({ actor: 'cli:gm', now: sim.now, fromAddress: JUDGE });
const addr = (g: CalendarGame, p: Power) => g.players.get(p)!.email;
const gmOf = (g: CalendarGame) => g.gm.email;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

/** The last mail of `kind` to `to` in game `id`. */
async function lastTo(id: string, kind: string, to: string): Promise<{ subject: string; body: string }> {
  const m = (await mails(t.db, id, kind)).filter((x) => x.to === to).at(-1);
  expect(m, `no ${kind} to ${to}`).toBeDefined();
  return m!;
}

/** Every power sends hold orders (Final unless listed); `extra` adds lines per power. */
async function everyoneOrders(sim: Sim, g: CalendarGame, o: { preliminary?: readonly Power[]; extra?: Partial<Record<Power, string>> } = {}): Promise<void> {
  for (const p of POWERS) {
    const final = !o.preliminary?.includes(p);
    const out = await sim.send(g.game.id, addr(g, p), `${await holdAll(t.db, g.game.id, p)}${o.extra?.[p] ? `\n${o.extra[p]}` : ''}`, final ? 'orders FINAL' : 'orders');
    expect(out.kind).toBe('orders');
  }
}

/** A game whose S1901M is adjudicated early at `start` (every set Final): F1901M open, published at `start`. */
async function pastSpring(id: string, start: Date): Promise<{ g: CalendarGame; sim: Sim; published: Date }> {
  const g = await calendarGame(t.db, id, { deadline: plus(start, 96 * HOUR) });
  const sim = new Sim(t.db, start);
  await everyoneOrders(sim, g);
  await sim.runDueJobs();
  const s = (await findPhase(t.db, id, 'S1901M'))!;
  expect(s.publishedAt).toEqual(start);
  return { g, sim, published: start };
}

describe("the GM's process (D.VII(2))", () => {
  it('refuses with what fails and when it will hold; 23:59:59 refused, 24:00:00 allowed; the emailed PROCESS alike', { timeout: 60_000 }, async () => {
    const { g, sim, published } = await pastSpring('proc', at('2030-03-04T12:00:00Z'));
    // F1901M: Italy only preliminary, the rest Final, 10 seconds after the S1901M results.
    sim.now = plus(published, 10_000);
    await everyoneOrders(sim, g, { preliminary: ['ITALY'] });
    sim.now = plus(published, 20_000);
    const early = await runProcess(t.db, { gameId: 'proc', phase: 'F1901M', via: 'cli' }, CTX(sim));
    expect(early.ok).toBe(false);
    expect(!early.ok && early.problems[0]).toBe(
      'F1901M cannot be adjudicated early now (D.VII(2): early adjudication only when all orders are marked Final, at least 24 hours after the last results): ' +
        'not every set is marked Final (ITALY preliminary); the last results were published Monday 4 March 2030, 12:00:00 GMT, 20 seconds ago, and 24 hours are required between publications. ' +
        'It will be allowed once every set is marked Final, and from Tuesday 5 March 2030, 12:00:00 GMT; otherwise the phase is adjudicated at its deadline, Friday 8 March 2030, 12:00 GMT. ' +
        'To go past the rule (a TD\'s ruling, a restart after an outage), give your reason: mailjudge process proc F1901M --override "<why>"',
    );
    // The same by email: the GM's reply says it, and nothing is scheduled.
    await sim.send('proc', gmOf(g), 'PROCESS F1901M', 'commands');
    const reply = await lastTo('proc', 'gm-reply', gmOf(g));
    expect(reply.body).toContain('PROCESS F1901M: refused. F1901M cannot be adjudicated early now (D.VII(2)');
    expect(reply.body).toContain('give your reason: PROCESS F1901M OVERRIDE <why>');
    expect(reply.body).not.toContain('will be adjudicated now');
    await sim.runDueJobs();
    expect((await findPhase(t.db, 'proc', 'F1901M'))!.adjudicatedAt).toBeNull();

    // Italy goes Final. At 23:59:59 after the publication: still too soon, to the second.
    sim.now = plus(published, HOUR);
    await sim.send('proc', addr(g, 'ITALY'), 'A VEN - TYR\nA ROM - APU\nF NAP - ION', 'orders FINAL');
    sim.now = plus(published, 24 * HOUR - 1000);
    const almost = await runProcess(t.db, { gameId: 'proc', phase: 'F1901M', via: 'cli' }, CTX(sim));
    expect(!almost.ok && almost.problems[0]).toContain('the last results were published Monday 4 March 2030, 12:00:00 GMT, 23 hours 59 minutes 59 seconds ago, and 24 hours are required between publications. It will be allowed from Tuesday 5 March 2030, 12:00:00 GMT;');
    await sim.runDueJobs();
    expect((await findPhase(t.db, 'proc', 'F1901M'))!.adjudicatedAt).toBeNull();

    // At 24:00:00: allowed, and done.
    sim.now = plus(published, 24 * HOUR);
    const now = await runProcess(t.db, { gameId: 'proc', phase: 'F1901M', via: 'cli' }, CTX(sim));
    expect(now.ok && now.text).toBe('proc F1901M will be adjudicated now: every set is Final, every vote is in, and 24 hours have passed since the last results (D.VII(2)); the results follow by email. A revised set not marked Final arriving first would cancel it.');
    await sim.runDueJobs();
    expect((await findPhase(t.db, 'proc', 'F1901M'))!.publishedAt).toEqual(plus(published, 24 * HOUR));
    expect(await mails(t.db, 'proc', 'process-override')).toHaveLength(0);
    // Five minutes later, before the F1901M deadline, Italy revises its F1901M set: too late for it.
    sim.now = plus(published, 24 * HOUR + 5 * 60_000);
    expect(await sim.send('proc', addr(g, 'ITALY'), 'A VEN - PIE\nA ROM - VEN\nF NAP - TYS', 'orders FINAL')).toMatchObject({ kind: 'refused', reason: 'late' });
    const late = await lastTo('proc', 'orders-refused', addr(g, 'ITALY'));
    expect(late.subject).toBe('[proc] ITALY F1901M: late, not accepted');
    expect(late.body).toContain('Why: it was written for F1901M (its orders are for your units as they stood in F1901M, not in S1902M), and it is late for F1901M: F1901M was adjudicated at Tuesday 5 March 2030, 12:00:00 GMT, before its deadline (Friday 8 March 2030, 12:00:00 GMT), and your message was received Tuesday 5 March 2030, 12:05:00 GMT.');
    expect(await findOrderSets(t.db, 'proc', 'S1902M')).toEqual([]);
  });

  it('--override / OVERRIDE: adjudicated now, recorded in the audit log, every player told the reason', { timeout: 60_000 }, async () => {
    const { g, sim, published } = await pastSpring('ovr', at('2030-04-01T12:00:00Z'));
    sim.now = plus(published, 60_000);
    expect(await runProcess(t.db, { gameId: 'ovr', phase: 'F1901M', override: '  ', via: 'cli' }, CTX(sim))).toEqual({
      ok: false, problems: ["--override needs the reason: which rule you set aside and why (a TD's ruling, a restart after an outage…)"],
    });
    expect(await runProcess(t.db, { gameId: 'ovr', phase: 'S1901M', override: 'x', via: 'cli' }, CTX(sim))).toEqual({
      ok: false, problems: ["the open phase of ovr is F1901M, not S1901M: give the open phase's name to process it"],
    });
    // D.VII(6)(b): F1901M allows no NMR; an override of D.VII(2) does not set that aside.
    const missing = await runProcess(t.db, { gameId: 'ovr', phase: 'F1901M', override: 'x', via: 'cli' }, CTX(sim));
    expect(!missing.ok && missing.problems[0]).toBe('F1901M allows no NMR (D.VII(6)(b)) and AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY have no orders yet: processing now would withhold the results and seek replacements for players whose deadline has not come. They have until Friday 5 April 2030, 12:00 GMT; an override of D.VII(2) does not set D.VII(6)(b) aside');
    await everyoneOrders(sim, g, { preliminary: [...POWERS], extra: { FRANCE: 'PROPOSE DRAW AUSTRIA ENGLAND FRANCE\nVOTE YES' } });
    await sim.send('ovr', gmOf(g), 'Sorry all.', 'PROCESS F1901M OVERRIDE TD ruling 1 April: restart after the outage');
    const reply = await lastTo('ovr', 'gm-reply', gmOf(g));
    expect(reply.body).toContain('PROCESS F1901M OVERRIDE: ovr F1901M will be adjudicated now, before its deadline, setting aside D.VII(2): not every set is marked Final (AUSTRIA preliminary, ENGLAND preliminary');
    expect(reply.body).toContain('the last results were published Monday 1 April 2030, 12:00:00 GMT, 1 minute ago');
    expect(reply.body).toContain('Your reason is in the audit log, and every player and you have been told it.');
    const told = await mails(t.db, 'ovr', 'process-override');
    expect(told.map((m) => m.to).sort()).toEqual([...POWERS.map((p) => addr(g, p)), gmOf(g)].sort());
    const france = told.find((m) => m.to === addr(g, 'FRANCE'))!;
    expect(france.subject).toBe("[ovr] F1901M adjudicated before its deadline by the GM's override");
    expect(france.body).toContain('The GM is adjudicating F1901M now (Monday 1 April 2030, 12:01 GMT), before its deadline (Friday 5 April 2030, 12:00 GMT).');
    expect(france.body).toContain("  - not every power's orders were marked Final\n  - the previous results were published Monday 1 April 2030, 12:00:00 GMT, less than 24 hours before");
    expect(france.body).toContain("The GM's reason: TD ruling 1 April: restart after the outage");
    expect(france.body).not.toMatch(/AUSTRIA preliminary/);
    // D.IX(2): the draw's votes are due with the deadline and not all in: not decided, carried.
    expect(france.body).toContain('Votes are due with the deadline (D.IX(2)), and not every remaining player has voted on:\n  - a draw between Austria, England and France\nThis adjudication does not decide it');
    expect(reply.body).toContain('The proposals whose votes are not all in are not decided by this adjudication: they stay open until the next deadline (D.IX(2)).');
    const audit = (await findAuditEntries(t.db, 'ovr')).filter((e) => e.action === 'phase.process-override');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ phase: 'F1901M', rule: 'D.VII(2)', reason: 'TD ruling 1 April: restart after the outage', setAside: ['not-final', 'too-soon'], votesCarried: ['a draw between Austria, England and France'] });
    await sim.runDueJobs();
    expect((await findPhase(t.db, 'ovr', 'F1901M'))!.publishedAt).toEqual(sim.now);
    expect((await lastTo('ovr', 'adjudication-report', addr(g, 'FRANCE'))).body).not.toMatch(/A draw between/);
    expect((await findOpenProposals(t.db, 'ovr')).map((p) => p.proposal)).toEqual([{ kind: 'draw', powers: ['AUSTRIA', 'ENGLAND', 'FRANCE'] }]);
  });
});

describe('early adjudication and votes (D.VII(2), D.IX(2))', () => {
  it('waits for every remaining player to vote; the digest names the proposal, never whose vote; the last vote lets it run', { timeout: 60_000 }, async () => {
    const { g, sim, published } = await pastSpring('ev', at('2030-05-06T12:00:00Z'));
    // The GM's digest 72 hours before the F1901M deadline: 24 hours after the publication.
    expect((await runCalendarSettings(t.db, { gameId: 'ev', turnHours: {}, reminders: [], digests: [72] }, CTX(sim))).ok).toBe(true);
    sim.now = plus(published, HOUR);
    await everyoneOrders(sim, g, { extra: { FRANCE: 'PROPOSE DRAW AUSTRIA ENGLAND FRANCE\nVOTE YES', AUSTRIA: 'VOTE DRAW AEF YES', ENGLAND: 'VOTE DRAW AEF YES', GERMANY: 'VOTE DRAW AEF NO', ITALY: 'VOTE DRAW AEF YES', RUSSIA: 'VOTE DRAW AEF YES' } });
    // Every set Final, 24 hours passed: no early adjudication while Turkey has not voted.
    await sim.advanceTo(plus(published, 24 * HOUR));
    expect((await findPhase(t.db, 'ev', 'F1901M'))!.adjudicatedAt).toBeNull();
    const digest = await lastTo('ev', 'gm-digest', gmOf(g));
    expect(digest.body).toContain('Every set is Final, but the early adjudication (D.VII(2)) waits for the votes on:\n  - a draw between Austria, England and France\nNot every remaining player has voted on it');
    expect(digest.body).not.toMatch(/TURKEY[^\n]*vot|YES|\bNO\b/);
    sim.now = plus(published, 24 * HOUR + 60_000);
    const gm = await runProcess(t.db, { gameId: 'ev', phase: 'F1901M', via: 'cli' }, CTX(sim));
    expect(!gm.ok && gm.problems[0]).toContain('cannot be adjudicated early now (D.VII(2): early adjudication only when all orders are marked Final, at least 24 hours after the last results): the votes on a draw between Austria, England and France are not all in, and they are due with the deadline (D.IX(2)). It will be allowed once every remaining player has voted;');
    // Turkey votes (a message without orders): the early adjudication runs, and decides the vote.
    sim.now = plus(published, 25 * HOUR);
    expect((await sim.send('ev', addr(g, 'TURKEY'), 'VOTE DRAW AEF YES')).kind).toBe('noOrders');
    expect(sim.lastNotes(addr(g, 'TURKEY')).join('\n')).toContain('Your vote (YES) on a draw between Austria, England and France is recorded.');
    await sim.runDueJobs();
    expect((await findPhase(t.db, 'ev', 'F1901M'))!.publishedAt).toEqual(plus(published, 25 * HOUR));
    expect((await lastTo('ev', 'adjudication-report', addr(g, 'ENGLAND'))).body).toContain('A draw between Austria, England, France was proposed and has not been agreed.');
  });
});

describe('acknowledgements that say what the judge does', () => {
  it('a deadline with seconds is announced as enforced; a set one second late, written for the adjudicated phase, is refused as late for it', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'sec', { deadline: at('2030-06-08T12:00:00Z') });
    const sim = new Sim(t.db, at('2030-06-03T12:00:00Z'));
    // The GM's subject "deadline" is a title, not an unknown command.
    await sim.send('sec', gmOf(g), 'DEADLINE 2030-06-07T13:52:30Z', 'deadline');
    const reply = await lastTo('sec', 'gm-reply', gmOf(g));
    expect(reply.body).toContain('DEADLINE 2030-06-07T13:52:30Z: sec S1901M: deadline Sat 8 Jun 2030 12:00 GMT → Fri 7 Jun 2030 13:52:30 GMT');
    expect(reply.body).not.toContain('is not a command the judge knows');
    const told = await lastTo('sec', 'deadline-changed', addr(g, 'FRANCE'));
    expect(told.subject).toBe('[sec] S1901M deadline changed: Friday 7 June 2030, 13:52:30 GMT');
    expect(told.body).toContain('New deadline: Friday 7 June 2030, 13:52:30 GMT');
    // Every power orders, preliminary (no early adjudication): the acknowledgement states the same deadline.
    await everyoneOrders(sim, g, { preliminary: [...POWERS] });
    await sim.send('sec', addr(g, 'ITALY'), 'A VEN - TYR\nA ROM - APU\nF NAP - ION');
    expect((await lastTo('sec', 'orders-received', addr(g, 'ITALY'))).body).toContain('Deadline: Friday 7 June 2030, 13:52:30 GMT');
    // The deadline, to the second: S1901M adjudicated at 13:52:30, F1901M open.
    await sim.advanceTo(at('2030-06-07T13:52:30Z'), 2 * HOUR);
    expect((await findPhase(t.db, 'sec', 'S1901M'))!.publishedAt).toEqual(at('2030-06-07T13:52:30Z'));
    // Italy's revised S1901M set, received one second after the deadline.
    sim.now = at('2030-06-07T13:52:31Z');
    expect(await sim.send('sec', addr(g, 'ITALY'), 'A VEN - PIE\nA ROM - VEN\nF NAP - TYS', 'orders FINAL')).toMatchObject({ kind: 'refused', reason: 'late' });
    const late = await lastTo('sec', 'orders-refused', addr(g, 'ITALY'));
    expect(late.subject).toBe('[sec] ITALY S1901M: late, not accepted');
    expect(late.body).toContain('Your message received at Friday 7 June 2030, 13:52:31 GMT was not accepted as orders.');
    expect(late.body).toContain('Why: it was written for S1901M (its orders are for your units as they stood in S1901M, not in F1901M), and it is late for S1901M: the S1901M deadline was Friday 7 June 2030, 13:52:30 GMT, and your message was received Friday 7 June 2030, 13:52:31 GMT. It arrived after the deadline, and orders are not accepted after the deadline in this game (D.VII(3))');
    expect(late.body).toContain('Nothing was filed for F1901M: send your F1901M orders for the new position by Tuesday 11 June 2030, 14:00 GMT.');
    expect(await findOrderSets(t.db, 'sec', 'F1901M')).toEqual([]);
    expect((await mails(t.db, 'sec', 'orders-received')).filter((m) => m.to === addr(g, 'ITALY') && m.subject.includes('F1901M'))).toEqual([]);
    // Italy's F1901M orders, for the new position, are taken as usual.
    sim.now = at('2030-06-07T13:53:00Z');
    expect((await sim.send('sec', addr(g, 'ITALY'), await holdAll(t.db, 'sec', 'ITALY'))).kind).toBe('orders');
  });

  it('late orders under "refused" taken for a withheld 1901 phase say why; late votes are answered as late and not counted, and never become a new proposal', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'lv', { deadline: at('2030-07-05T12:00:00Z') });
    await scheduleOpenPhases(t.db); // the deadline's job, as \`mailjudge start\` makes it
    const sim = new Sim(t.db, at('2030-07-01T12:00:00Z'));
    // Six powers order, with a draw proposal; Germany does not vote; Italy sends nothing.
    for (const p of POWERS.filter((x) => x !== 'ITALY')) {
      const extra = p === 'FRANCE' ? '\nPROPOSE DRAW AUSTRIA ENGLAND FRANCE\nVOTE YES' : p === 'GERMANY' ? '' : '\nVOTE DRAW AEF YES';
      await sim.send('lv', addr(g, p), `${await holdAll(t.db, 'lv', p)}${extra}`);
    }
    // The deadline: Italy has no orders, S1901M is withheld (D.VII(6)(b)).
    await sim.advanceTo(at('2030-07-05T12:00:00Z'));
    expect(sim.runs.at(-1)).toMatchObject({ payload: { phase: 'S1901M' }, outcome: 'withheld' });
    // Germany votes an hour after the deadline, before the phase is decided: late, not counted.
    sim.now = at('2030-07-05T13:00:00Z');
    await sim.send('lv', addr(g, 'GERMANY'), 'VOTE DRAW AEF YES');
    const vote = await lastTo('lv', 'orders-received', addr(g, 'GERMANY'));
    expect(vote.body).toContain('Line 1: your vote on a draw between Austria, England and France was received Friday 5 July 2030, 13:00:00 GMT, after the S1901M deadline (Friday 5 July 2030, 12:00:00 GMT). Votes were due with it (D.IX(2)), so this vote was not counted.');
    expect(vote.body).not.toMatch(/is recorded|you may change yours/);
    // Italy's orders after the deadline are taken (the results are withheld for them), and the
    // acknowledgement says why — not the alternative rule this game does not use.
    sim.now = at('2030-07-05T14:00:00Z');
    expect((await sim.send('lv', addr(g, 'ITALY'), await holdAll(t.db, 'lv', 'ITALY'))).kind).toBe('orders');
    const ack = await lastTo('lv', 'orders-received', addr(g, 'ITALY'));
    expect(ack.body).toContain("It arrived after the deadline. This game does not accept late orders (D.VII(3)), but the S1901M results are withheld until the missing powers' orders are in (D.VII(6)(b)), so your set is accepted");
    expect(ack.body).not.toContain('accepts late orders until adjudication starts');
    await sim.runDueJobs();
    expect((await lastTo('lv', 'adjudication-report', addr(g, 'FRANCE'))).body).toContain('A draw between Austria, England, France was proposed and has not been agreed.');
    // After the decision: Germany's vote is answered, not turned into a new proposal.
    const notices = (await mails(t.db, 'lv', 'proposal-notice')).length;
    sim.now = at('2030-07-05T15:00:00Z');
    await sim.send('lv', addr(g, 'GERMANY'), 'VOTE DRAW AEF YES');
    expect((await lastTo('lv', 'orders-received', addr(g, 'GERMANY'))).body).toContain(
      'Line 1: the vote on a draw between Austria, England and France was decided when S1901M was adjudicated (Friday 5 July 2030, 14:00:00 GMT); your vote, received Friday 5 July 2030, 15:00:00 GMT, came after that and was not counted. To put it to the vote again, write PROPOSE DRAW AUSTRIA ENGLAND FRANCE.',
    );
    expect(await mails(t.db, 'lv', 'proposal-notice')).toHaveLength(notices);
    expect(await findOpenProposals(t.db, 'lv')).toEqual([]);
    sim.now = at('2030-07-05T15:01:00Z');
    await sim.send('lv', addr(g, 'AUSTRIA'), 'VOTE YES');
    expect((await lastTo('lv', 'orders-received', addr(g, 'AUSTRIA'))).body).toContain('Line 1: the vote on a draw between Austria, England and France was decided when S1901M was adjudicated');
  });

  it('extensions: the granted deadline in the acknowledgement, "1 hour" exactly, the 7 days in hours, the guaranteed one before a holiday\'s last hour', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'ext19', { deadline: at('2030-12-23T13:52:30Z') });
    const sim = new Sim(t.db, at('2030-12-16T12:00:00Z'));
    await runHolidayCreate(t.db, { name: 'Christmas 2030 (ext19)', from: at('2030-12-22T00:00:00Z'), to: at('2030-12-27T00:00:00Z'), maxHours: 1 }, CTX(sim));
    // England takes the holiday's only hour.
    await sim.send('ext19', addr(g, 'ENGLAND'), 'EXTENSION 1 hour');
    expect(sim.lastNotes(addr(g, 'ENGLAND')).join('\n')).toContain('1-hour extension granted for Christmas 2030 (ext19), not charged');
    // Italy asks 12 hours; the holiday has nothing left, Italy's guaranteed extension is unused: 12 hours.
    await sim.send('ext19', addr(g, 'ITALY'), 'EXTENSION 12 hours');
    const ack = await lastTo('ext19', 'orders-received', addr(g, 'ITALY'));
    expect(ack.body).toContain('Extension granted: the S1901M deadline is now Tuesday 24 December 2030, 02:52:30 GMT');
    expect(ack.body).toContain('12-hour extension granted: your guaranteed extension for this game (D.VII(5))');
    // The acknowledgement states the new deadline, the one everyone is told.
    expect(ack.body).toContain('Deadline: Tuesday 24 December 2030, 02:52:30 GMT');
    expect(ack.body).not.toContain('Monday 23 December 2030');
    expect((await lastTo('ext19', 'deadline-changed', addr(g, 'RUSSIA'))).body).toContain('New deadline: Tuesday 24 December 2030, 02:52:30 GMT');
    // France asks for more than 7 days: told in hours.
    await sim.send('ext19', addr(g, 'FRANCE'), 'EXTENSION 200 hours');
    expect((await lastTo('ext19', 'orders-received', addr(g, 'FRANCE'))).body).toContain('Extension refused: this position has 168 hours of extensions left of the 7 days (168 hours) one position may have in a game (D.VII(5)); ask for 168 hours or fewer.');
    // The GM's own hour: exactly one hour, said as "1 hour".
    const gm = await runExtend(t.db, { gameId: 'ext19', hours: 1, uncharged: false, refuse: false }, CTX(sim));
    expect(gm).toMatchObject({ ok: true, json: { hours: 1, deadline: '2030-12-24T03:52:30.000Z' } });
    expect(gm.ok && gm.text).toBe('ext19 S1901M: deadline extended by 1 hour, from Tue 24 Dec 2030 02:52:30 GMT to Tue 24 Dec 2030 03:52:30 GMT; every player and the GM have been told.');
    const told = await lastTo('ext19', 'deadline-changed', addr(g, 'TURKEY'));
    expect(told.body).toContain('The S1901M deadline has been extended: the GM extends the deadline by 1 hour.');
    expect(told.body).toContain('New deadline: Tuesday 24 December 2030, 03:52:30 GMT');
  });

  it("game create applies D.VII(4)(a)'s minimum to the first deadline", async () => {
    const now = at('2030-08-05T13:46:30Z');
    const spec = (id: string, consent?: string) => ({
      id, address: `${id}@judge.example.org`, gm: { email: `${id}-gm@example.org`, name: 'GM' }, rules: 'wm' as const, endYear: 1909, policies: DEFAULT_POLICIES,
      tournament: undefined, round: undefined, board: id, deadline: at('2030-08-05T13:52:30Z'), ...(consent ? { consent } : {}),
      players: POWERS.map((power) => ({ power, name: power, email: `${id}-${power.toLowerCase()}@example.org`, timeZone: 'UTC', where: power })),
    });
    expect(await runGameCreate(t.db, spec('gc6'), 'test', now, JUDGE)).toEqual({
      ok: false,
      problems: ['that makes the S1901M turn 6 minutes long, under the 72-hour minimum: it needs the consent of every surviving player (D.VII(4)(a)); once you have it, add --consent-recorded "<how and when they agreed>" (JSON: "consentRecorded")'],
    });
    const ok = await runGameCreate(t.db, spec('gc6', 'all seven on the list, 5 August'), 'test', now, JUDGE);
    expect(ok.ok && ok.text).toContain('active: S1901M is open until Mon 5 Aug 2030 13:52:30 GMT (under the 72-hour minimum, with the players\' consent on record, D.VII(4)(a))');
    expect(await t.db.selectFrom('deadline_consents').select(['phase', 'note']).where('game_id', '=', 'gc6').execute()).toEqual([{ phase: 'S1901M', note: 'all seven on the list, 5 August' }]);
  });

  it('the replacement procedure with nobody on the reserve list says so and what happens next (B.8(d),(f))', async () => {
    const g = await calendarGame(t.db, 'nores', { deadline: at('2030-07-01T12:00:00Z'), round: 2, captains: ['TURKEY'], reserves: 0 });
    const published = at('2030-06-03T12:00:00Z'); // a Monday
    const contact = contactDeadline(published);
    await insertNmrNotice(t.db, { gameId: 'nores', phase: 'S1901M', power: 'TURKEY', personId: g.players.get('TURKEY')!.id, publishedAt: published, contactDeadline: contact });
    await calendarTickTask(t.db, { now: () => contact, fromAddress: JUDGE });
    await calendarTickTask(t.db, { now: () => at('2030-06-07T12:00:00Z'), fromAddress: JUDGE }); // the captain's 48 hours are over
    const toGm = (await mails(t.db, 'nores', 'replacement-request')).filter((m) => m.to === gmOf(g)).at(-1)!;
    expect(toGm.body).toContain('There is no one on the reserve list for this game, so nobody has been asked (rule B.8(d)). A\nreplacement may still be found and recorded until Tuesday 11 June 2030, 12:00 GMT.');
    expect(toGm.body).toContain('If nobody is recorded by Tuesday 11 June 2030, 12:00 GMT, the position falls into civil disorder (rule B.8(f)).');
    expect(toGm.body).not.toMatch(/reserve pool \(0 on the list\) has been asked/);
  });
});
