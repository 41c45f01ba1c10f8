/**
 * Issue 28: a deadline moved to less than a reminder's lead time away still gets its reminder — at
 * once, saying the deadline moved and naming the new one — and only once; the reminders of a deadline
 * that was never moved keep their rule (a lead time before the turn opened is skipped: the start or
 * results mail named the deadline). On the simulated clock, through the GM's `deadline` command and
 * the calendar tick, against a real PostgreSQL; the mail's text checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalendarSettings } from '../../src/db/calendar-settings.js';
import { updateGameProgress } from '../../src/db/games.js';
import { findPhase, insertPhase, markPhasePublished, savePhaseResult } from '../../src/db/phases.js';
import { POWERS, type GameState } from '../../src/diplomacy/index.js';
import { runSetDeadline } from '../../src/service/gm/deadline.js';
import { runExtend } from '../../src/service/gm/extend.js';
import { calendarTickTask } from '../../src/service/diplomacy/calendar-tick.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails, orders, type CalendarGame } from './fixtures.js';
import { JUDGE } from './sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const MIN = 60_000;
// S1901M's results were published Monday 3 June 2030, 12:00 GMT: F1901M opened then, due 72 hours later.
const P0 = new Date('2030-06-03T12:00:00Z');
const after = (h: number) => new Date(P0.getTime() + h * HOUR);
const tick = (now: Date) => calendarTickTask(t.db, { now: () => now, fromAddress: JUDGE });

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t?.close());

/** A game whose S1901M was adjudicated and published at P0; F1901M open until `deadline`; reminders 24 and 6 hours before. */
async function fallGame(id: string, deadline: Date): Promise<CalendarGame> {
  const g = await calendarGame(t.db, id, { deadline: new Date(P0.getTime() - HOUR) });
  const spring = (await findPhase(t.db, id, 'S1901M'))!;
  const fall: GameState = { ...spring.stateBefore, phase: { season: 'F', year: 1901, kind: 'M' } };
  await savePhaseResult(t.db, id, 'S1901M', { stateAfter: fall, results: [], adjudicatedAt: new Date(P0.getTime() - 5 * MIN) });
  await markPhasePublished(t.db, id, 'S1901M', P0);
  await insertPhase(t.db, { gameId: id, state: fall, deadline });
  await updateGameProgress(t.db, id, { currentPhase: 'F1901M', status: 'active' });
  await saveCalendarSettings(t.db, id, { turnHours: {}, reminderLeadHours: [24, 6], digestLeadHours: [], digestTimes: [] }, P0);
  // Everyone but England is Final: England alone is reminded.
  for (const p of POWERS.filter((x) => x !== 'ENGLAND')) await orders(t.db, g, p, 'F1901M', after(1), true);
  return g;
}

describe('a deadline moved inside the reminder lead time (issue 28)', () => {
  it('the GM moves the deadline to 10 hours away: England is reminded at once, once, told it moved; the 6-hour reminder follows as usual', async () => {
    await fallGame('mvd', after(72));
    await tick(after(4));
    expect(await mails(t.db, 'mvd', 'reminder')).toHaveLength(0);
    // Monday 17:00 GMT the GM brings the deadline forward to Tuesday 4 June 03:00 GMT (10 hours away),
    // the players' consent recorded (D.VII(4)(a): shorter than three days from the publication).
    const moved = await runSetDeadline(t.db, { gameId: 'mvd', at: after(15), consent: 'every player agreed by email' }, { actor: 'test', now: after(5), fromAddress: JUDGE });
    expect(moved.ok).toBe(true);
    // 24 hours before the new deadline (Tuesday 03:00) is Monday 03:00, before the turn opened (Monday
    // 12:00); 6 hours before is Monday 21:00. The deadline moved inside the 24 hours at 17:00: that
    // reminder is due from the move, at the next tick (17:01).
    await tick(after(5 + 1 / 60));
    const first = await mails(t.db, 'mvd', 'reminder');
    expect(first.map((m) => [m.to, m.subject])).toEqual([['mvd-england@example.org', '[mvd] Reminder: F1901M orders for ENGLAND not received']]);
    // Time left at 17:01 until 03:00: 9 hours 59 minutes.
    expect(first[0]!.body).toContain([
      'The judge has no orders from you (ENGLAND) for F1901M yet.',
      'The deadline was moved on Monday 3 June 2030, 17:00 GMT; it is now less than 24 hours away, so this reminder',
      'comes at once. The deadline below is the new one.',
      '',
      'Deadline: Tuesday 4 June 2030, 03:00 GMT',
      'Time left: 9 hours 59 minutes',
    ].join('\n'));
    // Once: the next ticks before the 6-hour mark send nothing.
    await tick(after(5 + 2 / 60));
    await tick(after(8));
    expect(await mails(t.db, 'mvd', 'reminder')).toHaveLength(1);
    // The 6-hour mark (Monday 21:00) is an ordinary reminder: no word of a move.
    await tick(after(9));
    const all = await mails(t.db, 'mvd', 'reminder');
    expect(all).toHaveLength(2);
    expect(all[1]!.body).toContain('Deadline: Tuesday 4 June 2030, 03:00 GMT\nTime left: 6 hours 0 minutes');
    expect(all[1]!.body).not.toContain('moved');
  });

  it('a deadline never moved keeps the rule: a lead time before the turn opened gets no reminder', async () => {
    // F1901M opened Monday 12:00 with its deadline 10 hours away (22:00): the 24-hour mark (Sunday 22:00)
    // is before the turn opened and the results mail named the deadline; only the 6-hour mark (16:00) is sent.
    await fallGame('short', after(10));
    await tick(after(0.5));
    expect(await mails(t.db, 'short', 'reminder')).toHaveLength(0);
    await tick(after(4));
    const sent = await mails(t.db, 'short', 'reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('Deadline: Monday 3 June 2030, 22:00 GMT\nTime left: 6 hours 0 minutes');
    expect(sent[0]!.body).not.toContain('moved');
  });

  it('an extension granted inside the lead time: the reminder for the new deadline comes at once and says it moved', async () => {
    // The deadline Wednesday 5 June 12:00 (48 hours after P0); its 24-hour reminder goes Tuesday 12:00.
    // Tuesday 23:00 (13 hours ahead: D.VII(5) wants 12) England is granted 4 hours: the new deadline is
    // Wednesday 16:00, 17 hours away. Its 24-hour mark (Tuesday 16:00) is before the move: due at once,
    // naming the move and the new deadline.
    const g = await fallGame('ext', after(48));
    await tick(after(24)); // Tuesday 12:00: the 24-hour reminder of the first deadline
    expect(await mails(t.db, 'ext', 'reminder')).toHaveLength(1);
    const ext = await runExtend(t.db, { gameId: 'ext', hours: 4, power: 'ENGLAND', uncharged: true, refuse: false }, { actor: 'test', now: after(35), fromAddress: JUDGE });
    expect(ext.ok ? '' : ext.problems.join('; ')).toBe('');
    expect((await findPhase(t.db, 'ext', 'F1901M'))!.deadline).toEqual(after(52));
    await tick(after(35 + 1 / 60));
    const sent = await mails(t.db, 'ext', 'reminder');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.to).toBe(g.players.get('ENGLAND')!.email);
    // Tuesday 23:01 to Wednesday 16:00: 16 hours 59 minutes.
    expect(sent[1]!.body).toContain('The deadline was moved on Tuesday 4 June 2030, 23:00 GMT; it is now less than 24 hours away');
    expect(sent[1]!.body).toContain('Deadline: Wednesday 5 June 2030, 16:00 GMT\nTime left: 16 hours 59 minutes');
  });
});
