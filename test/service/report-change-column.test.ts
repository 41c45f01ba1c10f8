/**
 * Issue #15: the results report's position counts each power's centre change over the game year
 * (since the last Winter), so the Winter report shows the gains its builds come from — through the
 * real intake and adjudication on a real PostgreSQL, read in the mail France receives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPhase } from '../../src/db/phases.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails } from './fixtures.js';
import { Sim, holdAll } from './sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const START = new Date('2030-06-03T12:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('the change column of the report', () => {
  it('France takes SPA in 1901: the Fall and Winter reports say +1 "In 1901"; the Spring 1902 report 0 "In 1902"', { timeout: 90_000 }, async () => {
    const g = await calendarGame(t.db, 'chg', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const sim = new Sim(t.db, START);
    const france = g.players.get('FRANCE')!.email;
    const play = async (orders: Partial<Record<string, string>>) => {
      const game = await t.db.selectFrom('games').select('current_phase').where('id', '=', 'chg').executeTakeFirstOrThrow();
      const phase = (await findPhase(t.db, 'chg', game.current_phase))!;
      for (const p of POWERS) {
        if (phase.name.endsWith('A') && !orders[p]) continue; // nothing to build or remove
        await sim.send('chg', g.players.get(p)!.email, orders[p] ?? (await holdAll(t.db, 'chg', p)), 'orders FINAL');
      }
      await sim.runDueJobs();
      // Adjudicated early once every set is Final (D.VII(2) allowing), else at its deadline.
      if (!(await findPhase(t.db, 'chg', phase.name))!.adjudicatedAt) {
        sim.now = new Date(phase.deadline.getTime() + 60_000);
        await sim.runDueJobs();
      }
      expect((await findPhase(t.db, 'chg', phase.name))!.adjudicatedAt).not.toBeNull();
      // The next phase opens at once, and its deadline may be a day away: the next sets go an hour later.
      sim.now = new Date(sim.now.getTime() + HOUR);
    };
    const report = async (n: number) => (await mails(t.db, 'chg', 'adjudication-report')).filter((m) => m.to === france)[n]!.body;

    await play({ FRANCE: 'A MAR - SPA\nA PAR H\nF BRE H' });
    await play({}); // F1901M: SPA counted for France at the end of the Fall
    expect(await report(1)).toContain('Position at the start of W1901A:\nPower      Centres In 1901  Units  Adjustment\nFRANCE           4      +1      3  build 1\n');
    await play({ FRANCE: 'A MAR B' });
    const winter = await report(2);
    expect(winter).toContain('Position at the start of S1902M:');
    // The reader's own lines come first (issue #15: "Your units: ..."), with the same year's change.
    expect(winter).toMatch(/Your units \(FRANCE\): .*\nYour 4 centres: BRE, MAR, PAR, SPA\n1 more than at the start of 1901\.\n/);
    expect(winter).toContain('Power      Centres In 1901  Units  Adjustment\nFRANCE           4      +1      4\n');
    expect(winter).toMatch(/Your units \(FRANCE\): .*A MAR/);
    expect(winter).toContain('(In 1901: centres gained or lost since the start of 1901.)');
    await play({});
    expect(await report(3)).toContain('Power      Centres In 1902  Units  Adjustment\nFRANCE           4       0 ');
  });
});
