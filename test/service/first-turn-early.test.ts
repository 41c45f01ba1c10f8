/**
 * D.VII(2): "a minimum of 24 hours is required between posting of adjudications". The game's start
 * mail is no adjudication (issue #26, item 12): the first turn, every set Final, may be adjudicated at
 * once — by the GM's `PROCESS S1901M` or by the automatic early adjudication — without an override;
 * the next turn waits 24 hours from that first publication. On the simulated clock, through the real
 * intake, the real jobs, the text people receive.
 *
 * The clock starts at the real time of the run: the phase row's creation time is the database's own
 * `now()`, and the bug counted the 24 hours from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPhase } from '../../src/db/phases.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { runProcess } from '../../src/service/gm/process.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails, type CalendarGame } from './fixtures.js';
import { JUDGE, Sim, holdAll } from './sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
/** The real time now, to the second (the phase row's `created_at` is the database's `now()`). */
const realNow = () => new Date(Math.floor(Date.now() / 1000) * 1000);

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

async function allFinal(sim: Sim, g: CalendarGame): Promise<void> {
  for (const p of POWERS) {
    const out = await sim.send(g.game.id, g.players.get(p as Power)!.email, await holdAll(t.db, g.game.id, p), 'orders FINAL');
    expect(out.kind).toBe('orders');
  }
}

describe('the 24 hours of D.VII(2) count from the last published adjudication, not the start', () => {
  it("the GM's PROCESS S1901M with seven Final sets, a minute after the start: adjudicated, no override", { timeout: 60_000 }, async () => {
    const start = realNow();
    const g = await calendarGame(t.db, 'first1', { deadline: plus(start, 96 * HOUR) });
    const sim = new Sim(t.db, plus(start, 30_000));
    await allFinal(sim, g);
    sim.now = plus(start, 60_000);
    await sim.send('first1', g.gm.email, 'PROCESS S1901M', 'commands');
    const reply = (await mails(t.db, 'first1', 'gm-reply')).filter((m) => m.to === g.gm.email).at(-1)!;
    expect(reply.body).toContain('first1 S1901M will be adjudicated now: every set is Final, every vote is in');
    expect(reply.body).not.toContain('24 hours are required');
    expect(reply.body).not.toContain('refused');
    await sim.runDueJobs();
    expect((await findPhase(t.db, 'first1', 'S1901M'))!.publishedAt).toEqual(sim.now);
    // No override was needed, so nobody got an override notice.
    expect(await mails(t.db, 'first1', 'process-override')).toHaveLength(0);

    // F1901M: all Final a minute after the S1901M results — now the 24 hours hold, counted from them.
    const published = sim.now;
    sim.now = plus(published, 60_000);
    await allFinal(sim, g);
    sim.now = plus(published, 120_000);
    const early = await runProcess(t.db, { gameId: 'first1', phase: 'F1901M', via: 'cli' }, { actor: 'cli:gm', now: sim.now, fromAddress: JUDGE });
    // 2 minutes after the publication: "2 minutes ago"; allowed 24 hours after it.
    expect(!early.ok && early.problems[0]).toContain('2 minutes ago, and 24 hours are required between publications');
  });

  it('the automatic early adjudication of S1901M runs as soon as every set is Final', { timeout: 60_000 }, async () => {
    const start = realNow();
    const g = await calendarGame(t.db, 'first2', { deadline: plus(start, 96 * HOUR) });
    const sim = new Sim(t.db, plus(start, 30_000));
    await allFinal(sim, g);
    // The last Final set schedules the early adjudication for now (no earlier adjudication to wait for).
    await sim.runDueJobs();
    const s = (await findPhase(t.db, 'first2', 'S1901M'))!;
    expect(s.publishedAt).toEqual(plus(start, 30_000));
    const report = (await mails(t.db, 'first2', 'adjudication-report')).find((m) => m.to === g.players.get('FRANCE')!.email)!;
    expect(report.subject).toContain('S1901M');
  });
});
