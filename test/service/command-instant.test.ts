/**
 * A GM's console command and a decision of the same game are ordered by time as they commit (issue
 * 30's rehearsal at 147 boards: `mailjudge calendar` took its instant before it waited for the game, a
 * decision holding the game committed with a later instant first, and `reproduce` replayed them the
 * other way round). Run live (with the judge's clock), a recorded command locks the game first and
 * reads the time under the lock: the instant it logs, audits and mails is after the decision's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockGame } from '../../src/db/games.js';
import { findReplayEntries } from '../../src/db/replay-log.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { rollbackPhase } from '../../src/service/diplomacy/rollback-phase.js';
import { runCalendarSettings } from '../../src/service/gm/settings.js';
import { DEMO_CTX, demoGameWithOrders } from '../helpers/demo-game.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame } from './fixtures.js';
import { JUDGE } from './sim.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('a recorded command run live', () => {
  it('waits for the game and takes its instant under the lock, after the decision that held it', { timeout: 60_000 }, async () => {
    await calendarGame(t.db, 'ci1', { deadline: new Date('2030-07-01T12:00:00Z') });
    const started = new Date('2030-06-03T12:00:00Z'); // when the GM typed the command
    const decided = new Date('2030-06-03T12:00:05Z'); // the decision holding the game, committed after it
    let clock = started;
    let command: Promise<unknown> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await lockGame(trx, 'ci1');
      command = runCalendarSettings(t.db, { gameId: 'ci1', turnHours: { M: 96 } }, { actor: 'gm', now: started, clock: () => clock, fromAddress: JUDGE });
      await new Promise((r) => setTimeout(r, 300));
      clock = decided; // the decision's instant, read under its lock; it commits now
    });
    expect(await command).toMatchObject({ ok: true });
    const entries = (await findReplayEntries(t.db, ['ci1'])).filter((e) => e.name === 'calendar');
    expect(entries.map((e) => e.at.toISOString())).toEqual([decided.toISOString()]);
    // The players' notice is keyed by the same instant.
    const keys = await t.db.selectFrom('outbox').select('dedupe_key').where('game_id', '=', 'ci1').where('kind', '=', 'calendar-changed').execute();
    expect(keys.length).toBe(8); // the seven players and the GM
    for (const k of keys) expect(k.dedupe_key).toContain(`calendar-changed:ci1:${decided.toISOString()}:`);
  });

  it('without a clock (a replay) uses the instant it is given', async () => {
    await calendarGame(t.db, 'ci2', { deadline: new Date('2030-07-01T12:00:00Z') });
    const at = new Date('2030-06-04T08:00:00Z');
    expect(await runCalendarSettings(t.db, { gameId: 'ci2', turnHours: { M: 96 } }, { actor: 'gm', now: at, fromAddress: JUDGE })).toMatchObject({ ok: true });
    expect((await findReplayEntries(t.db, ['ci2'])).map((e) => e.at.toISOString())).toEqual([at.toISOString()]);
  });

  it('a rollback run live too: its instant, its default deadline and its log entry come after the decision that held the game', { timeout: 60_000 }, async () => {
    await demoGameWithOrders(t.db, 'ci3');
    expect(await adjudicatePhaseTask(t.db, DEMO_CTX, { gameId: 'ci3', phase: 'S1901M' })).toBe('adjudicated');
    const started = new Date('2026-03-07T09:00:00Z');
    const decided = new Date('2026-03-07T09:00:07Z');
    let clock = started;
    let command: Promise<Awaited<ReturnType<typeof rollbackPhase>>> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await lockGame(trx, 'ci3');
      command = rollbackPhase(t.db, { gameId: 'ci3', phase: 'S1901M', tdApproval: 'TD J. Smith, 7 March', actor: 'cli:test', now: started, clock: () => clock, fromAddress: DEMO_CTX.fromAddress });
      await new Promise((r) => setTimeout(r, 300));
      clock = decided;
    });
    const r = (await command)!;
    // The default deadline: a movement turn's 96 hours from the instant, on the next whole hour
    // (deadlines.ts): 7 March 09:00:07 + 96 h = 11 March 09:00:07 → 10:00 (from 09:00:00 it would be 09:00).
    expect(r).toMatchObject({ ok: true, deadline: new Date('2026-03-11T10:00:00Z') });
    const entries = (await findReplayEntries(t.db, ['ci3'])).filter((e) => e.name === 'rollback');
    expect(entries.map((e) => e.at.toISOString())).toEqual([decided.toISOString()]);
    // The log's arguments are the request's, without the clock (a function is no record).
    expect(Object.keys(entries[0]!.args as object)).not.toContain('clock');
  });
});
