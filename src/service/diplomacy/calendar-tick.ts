/**
 * Task `calendar-tick` (every minute, graphile-worker cron): for every active game, evaluate what the
 * calendar has due now (the pure `actionsDue`) and do it, one transaction per game under the game's
 * lock, so a tick never races an adjudication or an accepted set:
 * - reminders (one email per player per game, keyed; never to a position in civil disorder);
 * - the GM's digests before the deadline (keyed by game, phase, deadline and lead time);
 * - early adjudication when every power is Final (a keyed job, cancelled when that stops holding);
 * - a withheld 1901 phase whose missing orders are in: adjudicated now (D.VII(6)(b));
 * - a round-1 captain standing in who has ordered becomes the official player (B.8(c));
 * - an NMR'd player's contact deadline passed: the replacement procedure (B.8), and a procedure
 *   whose waiting time is over: its next step (reserves, then civil disorder, B.8(d),(f));
 * - a temporary replacement whose declared phase has opened ends: the player plays again (B.7).
 * Everything is keyed (outbox dedupe keys, `calendar_sent`, job keys), so two ticks at once, or a
 * retried one, do each thing once. Deadlines themselves are the `adjudicate-phase` jobs' business.
 */
import { insertReplayEntry } from '../../db/replay-log.js';
import { findCalendarSent, markCalendarSent } from '../../db/calendar-sent.js';
import { markFailuresReported } from '../../db/outbox.js';
import { lockGame, type Game } from '../../db/games.js';
import { findActiveNmrNotices, updateNmrNotice } from '../../db/nmr-notices.js';
import { findPerson } from '../../db/people.js';
import { settleReplacementPeriods } from './stand-in-period.js';
import type { Db, Trx } from '../../db/schema.js';
import type { Power } from '../../diplomacy/index.js';
import { HOUR, actionsDue, formatTimeLeft, type CalendarAction, type NmrNotice } from '../../diplomacy/calendar/index.js';
import { gameCalendar, loadCalendarFacts, type CalendarFacts } from './calendar-facts.js';
import { scheduleEarlyAdjudication } from './early-adjudication.js';
import { findGm, findSeats } from '../game-people.js';
import { waitingForGm } from './gm-waiting.js';
import { buildDigest } from './gm-digest.js';
import { withheldReady } from './nmr-handling.js';
import { sendNotice, when } from '../notify.js';
import { advanceReplacement, confirmCaptainStandIns } from './replacement-procedure.js';
import { processNow } from '../../db/schedule-jobs.js';
import type { TaskContext } from './adjudicate-phase.js';

/** What one tick did, per kind (for logs and tests). */
export interface TickReport {
  games: number;
  reminders: number;
  digests: number;
  early: number;
  released: number;
  procedures: number;
  confirmed: number;
  /** Stand-ins whose declared period ran out (the player plays again, B.7). */
  periodsEnded: number;
}

/**
 * Run the calendar for every active game at `ctx.now()`, or for the game `only` (`mailjudge reproduce`:
 * a tick is logged per game, at the instant that game's part of it ran, and is replayed for that game
 * alone; replayed for every game, it did the other games' reminders and digests at that instant too,
 * before their own ticks: the 147-board rehearsal's first difference).
 */
export async function calendarTickTask(db: Db, ctx: TaskContext, only?: string): Promise<TickReport> {
  const report: TickReport = { games: 0, reminders: 0, digests: 0, early: 0, released: 0, procedures: 0, confirmed: 0, periodsEnded: 0 };
  let query = db.selectFrom('games').select('id').where('status', '=', 'active');
  // Issue 29/30: only the games that may have something due (sql/0036: a game's look-at time, reset
  // by every change that could make something due sooner). `reproduce` replays a logged tick of one game.
  if (only !== undefined) query = query.where('id', '=', only);
  else {
    const now = ctx.now();
    query = query.where((eb) => eb.or([eb('calendar_look_at', 'is', null), eb('calendar_look_at', '<=', now)]));
  }
  const games = await query.orderBy('id').execute();
  for (const { id } of games) {
    await db.transaction().execute(async (trx) => {
      // The game's lock first, then the clock (issue 30): the instant logged for `reproduce` is then
      // after every decision this tick could see, and before every one it held back, even when a
      // tick over many games (or a fast clock) takes a while.
      const game = await lockGame(trx, id);
      const now = ctx.now();
      const before = JSON.stringify({ ...report, early: 0 });
      const lookAt = await tickGame(trx, ctx, game, now, report);
      // Logged for `mailjudge reproduce` (replay_log, 0013) when it did something (scheduling an early
      // adjudication's job is not: the adjudication's own run is logged).
      if (JSON.stringify({ ...report, early: 0 }) !== before) await insertReplayEntry(trx, { gameId: id, at: now, kind: 'task', name: 'calendar-tick', args: {}, actor: 'worker' });
      // A game where nothing was due: looked at again when something next may be (the column is
      // set back to NULL by any change meanwhile). One that did something is looked at next tick.
      else if (lookAt && only === undefined) await trx.updateTable('games').set({ calendar_look_at: lookAt }).where('id', '=', id).execute();
    });
    report.games++;
  }
  return report;
}

/**
 * The furthest ahead the tick puts off looking at a game with nothing due (sql/0036): the triggers
 * make it look sooner at any change; this bounds what a change they missed could delay. A day, not
 * an hour (stop 44): under a rehearsal's fast clock a tick comes every real second, which at 3,600×
 * is a simulated hour, so an hour's look-ahead ran out at every tick and every game was read every
 * time (the rehearsal ran another policy than a real judge). Every time-based action the tick takes
 * is in the pure calendar's `actionsDue` over this horizon (reminders, digests, contact deadlines) or
 * a waiting procedure's own time; what a message makes due is done in its own transaction
 * (after-order-set.ts) or resets the game through the triggers.
 */
export const CALENDAR_LOOK_AHEAD_MS = 24 * HOUR;

/** The first instant of the calendar's actions the tick does something for (reminders, digests, contact deadlines), or `undefined`. Pure. */
function nextActionAt(actions: readonly CalendarAction[]): number | undefined {
  const times = actions.filter((a) => a.kind !== 'deadline' && a.kind !== 'early-adjudication').map((a) => a.at.getTime());
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * `game`: as its lock read it in this transaction (issue 29: read once). Returns when the tick should
 * look at the game again if nothing changes (issue 29/30, sql/0036), or `undefined` for the next tick.
 */
async function tickGame(trx: Trx, ctx: TaskContext, game: Game | undefined, now: Date, report: TickReport): Promise<Date | undefined> {
  if (!game || game.status !== 'active') return undefined;
  const horizon = now.getTime() + CALENDAR_LOOK_AHEAD_MS;
  const lookAt = (...times: (number | undefined)[]) => new Date(Math.min(horizon, ...times.filter((t): t is number => t !== undefined)));
  report.confirmed += (await confirmCaptainStandIns(trx, game, now, ctx.fromAddress)).length;
  report.periodsEnded += await settleReplacementPeriods(trx, game, now, ctx.fromAddress);
  // Issue 29: the holdings with their people and the GM read once (after the two steps above, which may change them).
  const facts = await loadCalendarFacts(trx, game, { seats: await findSeats(trx, game) });
  if (!facts) return lookAt(); // no open Diplomacy turn (a Coalition game): nothing for this tick

  const ready = await withheldReady(trx, game, facts.phase, facts.civilDisorder);
  if (ready !== undefined) {
    // D.VII(6)(b): the phase waits for its missing orders; nothing else is due meanwhile.
    if (ready) {
      await processNow(trx, game.id, facts.phase.name, now);
      report.released++;
    }
    return lookAt(); // the set that completes it releases it in its own transaction (after-order-set.ts)
  }

  const notices = await findActiveNmrNotices(trx, game.id);
  const nmrNotices: NmrNotice[] = [];
  for (const n of notices.filter((x) => x.status === 'open')) {
    const person = await findPerson(trx, n.personId);
    nmrNotices.push({ power: n.power, publishedAt: n.publishedAt, ...(person ? { zone: person.timeZone } : {}), contacted: false });
  }
  const calendar = gameCalendar(facts, { reminders: await findCalendarSent(trx, game.id, 'reminder'), digests: await findCalendarSent(trx, game.id, 'digest') }, nmrNotices);
  // What is due within the look-ahead: done now when its time has come; the rest says when to look again.
  const ahead = actionsDue(calendar, now, CALENDAR_LOOK_AHEAD_MS);
  const actions = ahead.filter((a) => a.at.getTime() <= now.getTime());
  for (const action of actions) if (action.kind !== 'digest') await act(trx, ctx, facts, action, now, report);
  // Issue 25: digests due at one tick (a daily digest falling on a before-deadline one) are one mail.
  const digestKeys = actions.flatMap((a) => (a.kind === 'digest' ? [a.key] : []));
  if (digestKeys.length > 0) await sendDigest(trx, ctx, facts, digestKeys, now, report);

  // Early adjudication (D.VII(2)): scheduled while every power is Final, removed when that stops.
  if (await scheduleEarlyAdjudication(trx, facts, now)) report.early++;

  // B.8(d),(f): a procedure whose waiting time is over takes its next step.
  for (const n of notices.filter((x) => x.status === 'procedure' && x.procedureUntil !== null && x.procedureUntil.getTime() <= now.getTime())) {
    await stepProcedure(trx, ctx, game, n.id, n.power, n.personId, n.contactDeadline, n.phase, facts.phase.name, now);
    report.procedures++;
  }
  // When something is next due: the calendar's next reminder, digest or contact deadline, and the
  // next step of a waiting procedure (the caller uses it only when this tick did nothing).
  const procedureSteps = notices.flatMap((n) => (n.status === 'procedure' && n.procedureUntil !== null ? [n.procedureUntil.getTime()] : []));
  return lookAt(nextActionAt(ahead), ...procedureSteps);
}

async function act(trx: Trx, ctx: TaskContext, facts: CalendarFacts, action: CalendarAction, now: Date, report: TickReport): Promise<void> {
  const { game, phase } = facts;
  switch (action.kind) {
    case 'reminder': {
      const r = action.reminder;
      const person = facts.acting.get(r.power);
      if (!person) return;
      await sendNotice(trx, ctx.fromAddress, {
        game, template: 'reminder', key: r.key,
        // Issue 28: a reminder due because the deadline moved inside its lead time says so.
        context: (zone) => ({ phase: phase.name, power: r.power, preliminary: r.status === 'preliminary', deadline: when(phase.deadline, zone), timeLeft: formatTimeLeft(phase.deadline.getTime() - now.getTime()), ...(r.becauseMoved ? { moved: when(r.becauseMoved.at, zone), lead: `${Math.round(r.becauseMoved.leadMs / 3_600_000)} hours` } : {}) }),
        calendar: { phase: phase.name, deadline: phase.deadline, sequence: phase.deadlineSequence, stamp: now },
      }, [person]);
      await markCalendarSent(trx, game.id, 'reminder', r.keys, now);
      report.reminders++;
      return;
    }
    case 'digest':
      await sendDigest(trx, ctx, facts, [action.key], now, report);
      return;
    case 'contact-deadline': {
      const notice = (await findActiveNmrNotices(trx, game.id)).find((n) => n.power === action.power && n.status === 'open');
      if (!notice) return;
      await stepProcedure(trx, ctx, game, notice.id, notice.power, notice.personId, action.at, notice.phase, phase.name, now);
      report.procedures++;
      return;
    }
    case 'early-adjudication':
    case 'deadline':
      return; // early: scheduled after the actions; deadline: the adjudicate-phase job.
  }
}

/**
 * One GM digest for every digest key due now (sent under the first key; all are recorded as sent).
 * The failed mails it names are marked reported in the same transaction, so each is named once.
 */
async function sendDigest(trx: Trx, ctx: TaskContext, facts: CalendarFacts, keys: readonly string[], now: Date, report: TickReport): Promise<void> {
  const { game } = facts;
  const gm = await findGm(trx, game);
  if (gm) {
    const digest = await buildDigest(trx, facts, gm, now);
    // D.IX(5), D.VIII(1): what waits on the GM's answer or the TD's.
    const waiting = await waitingForGm(trx, game, now);
    await sendNotice(trx, ctx.fromAddress, { game, template: 'gm-digest', key: keys[0]!, context: () => ({ digest, waiting }) }, [gm]);
    await markFailuresReported(trx, digest.undeliveredIds, now);
  }
  await markCalendarSent(trx, game.id, 'digest', keys, now);
  report.digests++;
}

/** Start or continue the replacement procedure for an NMR'd position, and record where it stands. */
async function stepProcedure(trx: Trx, ctx: TaskContext, game: Game, noticeId: number, power: Power, playerId: number, startedAt: Date, nmrPhase: string, openPhase: string, now: Date): Promise<void> {
  const choice = await advanceReplacement(trx, { game, power, playerId, startedAt, now, cause: `NMR in ${nmrPhase} and no contact with the GM in time, rule D.VII(6)(a)`, phase: openPhase, fromAddress: ctx.fromAddress });
  if (choice.kind === 'wait') await updateNmrNotice(trx, noticeId, { status: 'procedure', at: now, procedureUntil: choice.until, note: `waiting for the ${choice.for}` });
  // B.8(c), B.9: the captain may not stand in; the procedure waits for the replacement the GM records.
  else if (choice.kind === 'captain-barred-b9') await updateNmrNotice(trx, noticeId, { status: 'procedure', at: now, procedureUntil: null, note: 'the team captain may not stand in (B.9); waiting for the replacement the captain names' });
  else if (choice.kind === 'captain-plays-here') await updateNmrNotice(trx, noticeId, { status: 'procedure', at: now, procedureUntil: null, note: `the team captain plays ${choice.power} in this game (B.8(c)); waiting for the replacement the captain names` });
  else if (choice.kind === 'stand-in-holds') await updateNmrNotice(trx, noticeId, { status: 'procedure', at: now, procedureUntil: null, note: 'a stand-in holds the position (B.7); the captain was not given it' });
  else if (choice.kind === 'captain-default') await updateNmrNotice(trx, noticeId, { status: 'captain', at: now, note: 'the team captain stands in (B.8(c))' });
  // civil-disorder: advanceReplacement resolved the notice; captain-choice and reserve need a choice the judge never makes alone.
}
