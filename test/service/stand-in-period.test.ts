/**
 * B.7, temporary replacements keep their word (issue #26, item 2), on the simulated clock through the
 * real intake, adjudication and calendar tick; the assertions are on the text people receive.
 * Three stand-ins are declared in S1901M, each "until F1901M": the player is back FOR F1901M, the
 * stand-in covers S1901M only.
 * - FRANCE: Stan plays S1901M; when F1901M opens his period ends (not permanent), the player orders.
 * - ITALY: Tina sends a set, then the Italy player sends one while Tina holds the power: the player's
 *   set counts (B.7 "the player's decision will be final"), Tina's holding ends, both are told.
 * - GERMANY: Gus plays S1901M and goes on sending orders in F1901M before the player: the period is
 *   exceeded, so the replacement becomes permanent (B.7) — the only way it does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCurrentPositions } from '../../src/db/positions.js';
import { findPhase } from '../../src/db/phases.js';
import { scheduleOpenPhases } from '../../src/db/schedule-jobs.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { runReplace } from '../../src/service/gm/replace.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails, type CalendarGame } from './fixtures.js';
import { JUDGE, Sim, holdAll } from './sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const D = new Date('2030-06-07T12:00:00Z'); // the S1901M deadline
const STAN = 'stan@example.org';
const TINA = 'tina@example.org';
const GUS = 'gus@example.org';

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

const kinds = async (power: Power) => (await findCurrentPositions(t.db, 'b7s')).filter((p) => p.power === power).map((p) => p.kind).sort();
const to = async (kind: string, address: string) => (await mails(t.db, 'b7s', kind)).filter((m) => m.to === address);

describe('temporary replacements keep their word (B.7)', () => {
  let g: CalendarGame;
  let sim: Sim;

  it('every stand-in announcement says temporary and until when', { timeout: 60_000 }, async () => {
    g = await calendarGame(t.db, 'b7s', { deadline: D });
    await scheduleOpenPhases(t.db);
    sim = new Sim(t.db, new Date(D.getTime() - 72 * HOUR));
    const ctx = { actor: 'cli:gm', now: sim.now, fromAddress: JUDGE };
    for (const [power, email, name] of [['FRANCE', STAN, 'Stan'], ['ITALY', TINA, 'Tina'], ['GERMANY', GUS, 'Gus']] as const) {
      const r = await runReplace(t.db, { gameId: 'b7s', power, email, name, untilPhase: 'F1901M', endTemporary: false }, ctx);
      expect(r).toMatchObject({ ok: true, json: { kind: 'temporary', until: 'F1901M' } });
      expect(r.ok && r.text).toContain(`stands in until F1901M (temporary, B.7): ${power} player plays again from F1901M, or sooner by sending orders`);
    }
    const stan = (await to('position-change', g.players.get('FRANCE')!.email)).find((m) => m.subject.includes('Stan'))!;
    expect(stan.subject).toBe('[b7s] FRANCE: Stan stands in until F1901M (temporary)');
    expect(stan.body).toContain('Stan stands in for FRANCE player as FRANCE until F1901M (a temporary\nreplacement, rule B.7): FRANCE player plays again from F1901M, or sooner by sending orders,');
    // "until S1901M" would cover nothing: refused.
    const none = await runReplace(t.db, { gameId: 'b7s', power: 'RUSSIA', email: 'x@example.org', name: 'X', untilPhase: 'S1901M', endTemporary: false }, ctx);
    expect(none).toMatchObject({ ok: false, problems: [expect.stringContaining('--until S1901M is not after the current phase S1901M')] });
  });

  it("the player's set while the stand-in holds the power counts, and both are told", { timeout: 60_000 }, async () => {
    sim.now = new Date(D.getTime() - 60 * HOUR);
    expect((await sim.send('b7s', TINA, 'A VEN H\nA ROM H\nF NAP H', 'orders FINAL')).kind).toBe('orders');
    sim.now = new Date(D.getTime() - 59 * HOUR);
    const italy = g.players.get('ITALY')!.email;
    expect((await sim.send('b7s', italy, 'A VEN - PIE\nA ROM H\nF NAP H', 'orders FINAL')).kind).toBe('orders');
    const ack = (await to('orders-received', italy)).at(-1)!;
    expect(ack.body).toContain("You are back: Tina's temporary replacement as ITALY has ended, and this set is the one that counts (rule B.7: the player's decision is final). Everyone has been told.");
    const toTina = (await to('position-change', TINA)).at(-1)!;
    expect(toTina.subject).toBe('[b7s] ITALY: ITALY player is back');
    expect(toTina.body).toContain("Tina's temporary replacement as ITALY has ended: ITALY player plays ITALY again (rule B.7).");
    expect(toTina.body).toContain("Whose set counts: ITALY player's set for S1901M is the one that counts for ITALY: the player's decision is final (rule B.7), and no set from Tina is used from now on.");
    expect(await kinds('ITALY')).toEqual(['original']);
    // Tina's next set is no longer hers to send.
    expect(await sim.send('b7s', TINA, 'A VEN H\nA ROM H\nF NAP H', 'orders FINAL')).toMatchObject({ kind: 'refused', reason: 'proxy' });
  });

  it('the declared phase opens: the period ends, nobody is made permanent; a stand-in who goes on playing is', { timeout: 120_000 }, async () => {
    for (const p of POWERS.filter((x) => x !== 'ITALY')) {
      const from = p === 'FRANCE' ? STAN : p === 'GERMANY' ? GUS : g.players.get(p)!.email;
      expect((await sim.send('b7s', from, await holdAll(t.db, 'b7s', p), 'orders FINAL')).kind).toBe('orders');
    }
    await sim.advanceTo(new Date(D.getTime() + HOUR));
    const s = (await findPhase(t.db, 'b7s', 'S1901M'))!;
    expect(s.adjudicatedAt).not.toBeNull();
    // The Italy player's set counted: A VEN - PIE moved (Tina's A VEN H was not used).
    expect(JSON.stringify(s.results)).toContain('"order":"A VEN - PIE","power":"ITALY","outcome":"moved"');
    // F1901M is open: Stan's and Gus's periods are over; neither is permanent.
    expect(await kinds('FRANCE')).toEqual(['original']);
    expect(await kinds('GERMANY')).toEqual(['original']);
    const ended = (await to('position-change', STAN)).at(-1)!;
    expect(ended.body).toContain("Stan's temporary replacement as FRANCE has ended (it was declared until F1901M): FRANCE player plays FRANCE again (rule B.7).");
    expect(ended.body).toContain('Stan no longer orders for FRANCE; a set from Stan before FRANCE player sends one would take the replacement past its declared period and make it permanent (rule B.7).');
    expect((await mails(t.db, 'b7s', 'position-change')).filter((m) => /permanent/.test(m.subject))).toEqual([]);

    // France's player orders F1901M; Stan, after the player, is refused.
    sim.now = new Date(D.getTime() + 2 * HOUR);
    expect((await sim.send('b7s', g.players.get('FRANCE')!.email, await holdAll(t.db, 'b7s', 'FRANCE'), 'orders')).kind).toBe('orders');
    expect(await sim.send('b7s', STAN, 'A PAR H', 'orders')).toMatchObject({ kind: 'refused', reason: 'proxy' });
    expect(await kinds('FRANCE')).toEqual(['original']);

    // Gus goes on sending orders for Germany in F1901M before the player: permanent (B.7).
    expect((await sim.send('b7s', GUS, await holdAll(t.db, 'b7s', 'GERMANY'), 'orders')).kind).toBe('orders');
    expect(await kinds('GERMANY')).toEqual(['permanent']);
    const gusAck = (await to('orders-received', GUS)).at(-1)!;
    expect(gusAck.body).toContain('You are now the permanent player of GERMANY: your temporary replacement was declared until F1901M, and a set sent after it makes the replacement permanent (rule B.7).');
    const made = (await to('position-change', g.players.get('GERMANY')!.email)).at(-1)!;
    expect(made.subject).toBe('[b7s] GERMANY: Gus takes over (permanent)');
    expect(made.body).toContain('Gus is now the player of GERMANY, replacing GERMANY player: a permanent replacement.');
    expect(await sim.send('b7s', g.players.get('GERMANY')!.email, 'A BER H', 'orders')).toMatchObject({ kind: 'refused', reason: 'proxy' });
  });
});
