/**
 * Issue 29: two scheduler processes on one database never double-schedule or double-send. Two
 * connection pools named like two `mailjudge start --role scheduler` processes run their ticks at the
 * same time, round after round: the sweep (every open phase gets its adjudication job, every
 * undecided message its decision job; scheduler-sweep.ts, one at a time under a try-lock) and the
 * calendar tick (reminders). Their effects are keyed, so each is there once; the 0030 columns and the
 * sweep reports show that both did some of the work. Also `--role`'s parsing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { saveCalendarSettings } from '../../src/db/calendar-settings.js';
import { createDb } from '../../src/db/database.js';
import type { Db } from '../../src/db/schema.js';
import { calendarTickTask } from '../../src/service/diplomacy/calendar-tick.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { parseRoles, roleLabel } from '../../src/worker/roles.js';
import { schedulerSweep, type SweepReport } from '../../src/worker/scheduler-sweep.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, storedMessage } from '../service/fixtures.js';
import { JUDGE } from '../service/sim.js';

let t: TestDatabase;
let a: Db;
let b: Db;
const HOUR = 3_600_000;
const D = new Date('2030-06-07T12:00:00Z');
const GAMES = ['two-sched-1', 'two-sched-2', 'two-sched-3', 'two-sched-4'];
const MESSAGES = 12;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  a = createDb(t.url, { maxConnections: 4, applicationName: 'scheduler-a' });
  b = createDb(t.url, { maxConnections: 4, applicationName: 'scheduler-b' });
});
afterAll(async () => {
  await a?.destroy();
  await b?.destroy();
  await t?.close();
});

const jobs = async () =>
  (await sql<{ key: string | null; task_identifier: string }>`SELECT key, task_identifier FROM graphile_worker.jobs`.execute(t.db)).rows;

describe('two schedulers at once', () => {
  it('schedule each phase once, give each message one decision job, send each reminder once', async () => {
    for (const id of GAMES) {
      await calendarGame(t.db, id, { deadline: D });
      await saveCalendarSettings(t.db, id, { turnHours: {}, reminderLeadHours: [24, 6], digestLeadHours: [], digestTimes: [] }, new Date(D.getTime() - 100 * HOUR));
    }
    for (let i = 0; i < MESSAGES; i++) await storedMessage(t.db, new Date(D.getTime() - 50 * HOUR));
    // As after a database restore: no job at all; the schedulers must rebuild them.
    await sql`DELETE FROM graphile_worker._private_jobs`.execute(t.db);
    expect(await jobs()).toEqual([]);

    // Five hours before the deadline both reminders' lead times (24 h, 6 h) have passed: one mail per player.
    const ctx = { now: () => new Date(D.getTime() - 5 * HOUR), fromAddress: JUDGE };
    const reports: { who: 'a' | 'b'; r: SweepReport }[] = [];
    for (let round = 0; round < 8; round++) {
      await Promise.all([
        schedulerSweep(a, ctx, { graceMs: 0 }).then((r) => reports.push({ who: 'a', r })),
        schedulerSweep(b, ctx, { graceMs: 0 }).then((r) => reports.push({ who: 'b', r })),
        calendarTickTask(a, ctx),
        calendarTickTask(b, ctx),
      ]);
    }

    const all = await jobs();
    const adjudications = all.filter((j) => j.task_identifier === 'adjudicate-phase').map((j) => j.key).sort();
    expect(adjudications).toEqual(GAMES.map((g) => `adjudicate:${g}:S1901M`));
    const decisions = all.filter((j) => j.task_identifier === 'decide-message').map((j) => j.key);
    expect(decisions).toHaveLength(MESSAGES);
    expect(new Set(decisions).size).toBe(MESSAGES);

    // 7 players × 4 games, one reminder each (covering both lead times), sent by whichever tick came first.
    const reminders = await t.db.selectFrom('outbox').select(['to_address', 'game_id']).where('kind', '=', 'reminder').execute();
    expect(reminders).toHaveLength(7 * GAMES.length);
    expect(new Set(reminders.map((r) => r.to_address)).size).toBe(7 * GAMES.length);
    expect(await t.db.selectFrom('calendar_sent').select('key').where('game_id', 'in', GAMES).execute()).toHaveLength(7 * 2 * GAMES.length);

    const swept = reports.filter((x) => x.r.swept);
    const skipped = reports.filter((x) => !x.r.swept);
    // Every round at least one of the two swept (a skip means the other held the lock).
    expect(swept.length).toBeGreaterThanOrEqual(8);
    expect(swept.length + skipped.length).toBe(16);
    console.log(`two schedulers, 8 rounds: sweeps done a ${swept.filter((x) => x.who === 'a').length}, b ${swept.filter((x) => x.who === 'b').length}; skipped while the other swept ${skipped.length}; ${adjudications.length} adjudication jobs, ${decisions.length} decision jobs, ${reminders.length} reminders`);
  });
});

describe('--role', () => {
  it('accepts all, one role or several, in canonical order', () => {
    expect(parseRoles('all')).toEqual({ ok: true, roles: ['ingest', 'worker', 'scheduler'] });
    expect(parseRoles('scheduler, ingest')).toEqual({ ok: true, roles: ['ingest', 'scheduler'] });
    expect(parseRoles('WORKER')).toEqual({ ok: true, roles: ['worker'] });
    expect(roleLabel(['ingest', 'worker', 'scheduler'])).toBe('all');
    expect(roleLabel(['ingest', 'scheduler'])).toBe('ingest+scheduler');
  });

  it('names the wrong part and the accepted forms', () => {
    expect(parseRoles('ingest,sender')).toEqual({ ok: false, problem: '--role "ingest,sender": "sender" is not a role; give all, ingest, worker, scheduler, or several joined by commas (ingest,scheduler)' });
    expect(parseRoles(' , ')).toMatchObject({ ok: false, problem: expect.stringContaining('give all, ingest, worker, scheduler') });
  });
});
