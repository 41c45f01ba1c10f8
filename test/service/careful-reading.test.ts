/**
 * Issue 17 on the simulated clock, through the real pipeline and the real adjudication task: the
 * game-start mail; after a Final set, a question, a refused black-press message, a proxy-only
 * message and a line of prose are each answered as what they are and the Final set stands (D.III(3));
 * in Winter 1901 a set written `B A Rome / B F Naples / FINAL` is understood and is not an NMR, while
 * the powers that sent nothing are told their builds were waived (D.VII(6), D.V) — never "all units
 * hold".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameCreate } from '../../src/cli/commands/game-create.js';
import { DEMO_ORDERS } from '../../src/cli/commands/demo.js';
import { DEFAULT_POLICIES } from '../../src/db/games.js';
import { findLatestOrderSets } from '../../src/db/order-sets.js';
import { findPhase } from '../../src/db/phases.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { scheduleOpenPhases } from '../../src/db/schedule-jobs.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { JUDGE, Sim, outbox } from './sim.js';

let t: TestDatabase;
const G = 'careful-b1';
const at = (iso: string) => new Date(iso);
const email = (p: Power) => `${p.toLowerCase()}@careful.example.org`;
const GM = 'gm@careful.example.org';

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

/** The acknowledgement `to` got last. */
async function lastAck(to: string): Promise<string> {
  const acks = (await outbox(t.db, G, 'orders-received')).filter((m) => m.to_address === to);
  return `${acks.at(-1)!.subject}\n${acks.at(-1)!.body_text}`;
}

describe('a player\'s mail read as a careful GM would (issue 17)', () => {
  it('game start, messages that are no set, and a winter set that is not an NMR', { timeout: 120_000 }, async () => {
    const db = t.db;
    const sim = new Sim(db, at('2030-02-04T12:00:00Z')); // a Monday
    const created = await runGameCreate(db, {
      id: G, address: `${G}@judge.example.org`, gm: { email: GM, name: 'Gwen GM' }, rules: 'wm', endYear: 1909,
      policies: DEFAULT_POLICIES, tournament: undefined, round: undefined, board: 'Careful Board',
      deadline: at('2030-02-08T12:00:00Z'),
      players: POWERS.map((power) => ({ power, name: `${power[0]}${power.slice(1).toLowerCase()} Player`, email: email(power), timeZone: power === 'ITALY' ? 'Europe/Rome' : 'UTC', where: power })),
    }, 'test', sim.now, JUDGE);
    expect(created.ok).toBe(true);
    await scheduleOpenPhases(db); // what the running judge's scheduler does for a game created from the CLI

    // ---- The game-start mail: every player and the GM, once.
    const start = await outbox(db, G, 'game-start');
    expect(start.map((m) => m.to_address).sort()).toEqual([...POWERS.map(email), GM].sort());
    const italy = start.find((m) => m.to_address === email('ITALY'))!;
    expect(italy.subject).toBe(`[${G}] The game begins: Careful Board`);
    expect(italy.body_text).toContain('You play ITALY.');
    expect(italy.body_text).toContain('Your units: F NAP, A ROM, A VEN');
    expect(italy.body_text).toContain('S1901M deadline: Friday 8 February 2030, 12:00 GMT');
    expect(italy.body_text).toContain('Friday 8 February 2030, 13:00 GMT+1 in Europe/Rome');
    expect(italy.body_text).toContain(`write to ${G}@judge.example.org, one order per line`);
    expect(italy.body_text).toContain('Orders received after the deadline are not accepted, not even by a second (D.VII(3))');
    expect(italy.body_text).toContain('A revised set replaces your earlier set entirely');
    expect(italy.body_text).toMatch(/Who you are: .*DMARC/);
    expect(italy.body_text).toMatch(/ITALY\s+Italy Player/);
    const gmStart = start.find((m) => m.to_address === GM)!.body_text;
    expect(gmStart).toContain('you are its GM');
    // Issue 25: the GM is told how to prove who they are, like every player.
    expect(gmStart).toMatch(/Who you are: .*DMARC/);

    // ---- S1901M: every power but Turkey Final (Turkey's preliminary set keeps the turn open to the deadline).
    await sim.advanceTo(at('2030-02-05T09:00:00Z'));
    for (const p of POWERS) expect((await sim.send(G, email(p), DEMO_ORDERS.S1901M[p], p === 'TURKEY' ? 'orders' : 'orders FINAL')).kind).toBe('orders');
    const finalSets = new Map((await findLatestOrderSets(db, G, 'S1901M')).map((s) => [s.power, s.id]));

    // A question after the Final set: answered as a question, the Final set stands.
    await sim.advanceTo(at('2030-02-05T10:00:00Z'));
    expect((await sim.send(G, email('AUSTRIA'), 'Dear GM, is Trieste adjacent to Venice?')).kind).toBe('noOrders');
    let ack = await lastAck(email('AUSTRIA'));
    expect(ack).toContain('message received');
    expect(ack).toContain('It is not a set of orders, so it replaces nothing (D.III(3)). Your FINAL set received at Tuesday 5 February 2030, 09:00:00 GMT still stands (3 orders: A VIE - GAL, A BUD - SER, F TRI - ALB).');
    expect(ack).toMatch(/Dear GM, is Trieste adjacent to V…\s+\(set aside: question, not read as an order\)/);

    // Press officially attributed to Italy (black press, D.X(1)): refused, and the set stands.
    expect((await sim.send(G, email('AUSTRIA'), 'PRESS FROM ITALY\nAustria, we will attack you in the spring.\nEND PRESS')).kind).toBe('noOrders');
    ack = await lastAck(email('AUSTRIA'));
    expect(ack).toContain('press officially attributed to ITALY cannot be accepted (D.X(1))');
    expect(ack).toContain('Your FINAL set received at Tuesday 5 February 2030, 09:00:00 GMT still stands');

    // Orders for another power's units only (D.II(3)): refused line by line, France and the GM told, Italy's set stands.
    expect((await sim.send(G, email('ITALY'), 'France:\nA Par - Pic')).kind).toBe('noOrders');
    ack = await lastAck(email('ITALY'));
    expect(ack).toContain('that unit is not yours; you may order only your own units (D.II(3))');
    expect(ack).toContain('Your FINAL set received at Tuesday 5 February 2030, 09:00:00 GMT still stands (3 orders: A VEN - PIE, A ROM - VEN, F NAP - ION).');
    expect((await outbox(db, G, 'proxy-alert')).map((m) => m.to_address).sort()).toEqual([email('FRANCE'), GM].sort());

    // Prose that begins like an order (issue 20's lines): set aside, the set stands.
    expect((await sim.send(G, email('ENGLAND'), 'A happy day\nA reminder for everyone\nFleet Street\nArmy of darkness\nA')).kind).toBe('noOrders');
    ack = await lastAck(email('ENGLAND'));
    expect(ack).toMatch(/A happy day\s+\(set aside: conversation, not read as an order\)/);
    expect(ack).toContain('Your FINAL set received at');

    // A Final mark with no order is no set either, and the reply says how to make a set Final.
    expect((await sim.send(G, email('GERMANY'), 'FINAL')).kind).toBe('noOrders');
    expect(await lastAck(email('GERMANY'))).toContain('a "Final" mark needs the orders with it');

    expect(new Map((await findLatestOrderSets(db, G, 'S1901M')).map((s) => [s.power, s.id]))).toEqual(finalSets);

    // The deadline: adjudicated with the standing sets (S1901M is not withheld: nobody NMR'd, D.VII(6)(b)).
    await sim.advanceTo(at('2030-02-08T12:00:00Z'));
    expect(sim.runs.at(-1)).toMatchObject({ payload: { phase: 'S1901M' }, outcome: 'adjudicated' });
    const spring = (await outbox(db, G, 'adjudication-report')).find((m) => m.to_address === email('AUSTRIA'))!.body_text;
    expect(spring).toMatch(/A VIE - GAL\s+(moves|bounces)/);
    expect(spring).toMatch(/A ROM - VEN\s+moves/);
    expect(spring).not.toContain('NMR');

    // ---- F1901M: every power Final (the demo's orders): adjudicated early, 24 hours after the spring
    // results (D.VII(2)); Italy takes Tunis and Marseilles and owes two builds.
    await sim.advanceTo(at('2030-02-09T11:00:00Z'));
    for (const p of POWERS) expect((await sim.send(G, email(p), DEMO_ORDERS.F1901M[p], 'orders FINAL')).kind).toBe('orders');
    await sim.advanceTo(at('2030-02-09T12:00:00Z'));
    expect(sim.runs.at(-1)).toMatchObject({ payload: { phase: 'F1901M', early: true }, outcome: 'adjudicated' });
    const winter = (await findPhase(db, G, 'W1901A'))!;
    expect(winter.adjudicatedAt).toBeNull();

    // ---- W1901A: Italy writes its builds the way players do; nobody else sends anything.
    expect((await sim.send(G, email('ITALY'), 'B A Rome\nB F Naples\nFINAL')).kind).toBe('orders');
    ack = await lastAck(email('ITALY'));
    expect(ack).toContain('orders received (FINAL)');
    expect(ack).toMatch(/B A Rome\s+A ROM B/);
    expect(ack).toMatch(/B F Naples\s+F NAP B/);
    expect(ack).toContain('Orders the judge holds from this set (2):');
    await sim.advanceTo(winter.deadline);
    expect(sim.runs.at(-1)).toMatchObject({ payload: { phase: 'W1901A' }, outcome: 'adjudicated' });

    const report = (await outbox(db, G, 'adjudication-report')).find((m) => m.to_address === email('ITALY') && m.subject.includes('W1901A'))!.body_text;
    expect(report).toMatch(/ITALY:\n\s+A ROM B\s+built\s+\[written: B A Rome\]\n\s+F NAP B\s+built\s+\[written: B F Naples\]/);
    expect(report).not.toMatch(/ITALY: no orders/);
    expect(report).toContain('AUSTRIA: no orders received (NMR): the builds are waived');
    expect(report).not.toContain('all units hold');
    // D.VII(6)(c): Italy's set was received: no NMR notice; the others' notices fit the winter.
    const notices = await outbox(db, G, 'nmr-notice');
    expect(notices.filter((m) => m.to_address === email('ITALY'))).toEqual([]);
    const austria = notices.find((m) => m.to_address === email('AUSTRIA'))!.body_text;
    expect(austria).toContain('No orders from you (AUSTRIA) reached the judge for W1901A by the deadline, so it was\nadjudicated without them (rule D.VII(6)): the builds are waived.');
    expect(austria).not.toMatch(/units held|dislodged/);
  });

  it('a set received within the deadline\'s second but read after the adjudication is not lost silently (D.VII(1), D.VIII(1))', { timeout: 60_000 }, async () => {
    const db = t.db;
    const G2 = 'careful-b2';
    const sim = new Sim(db, at('2030-03-04T12:00:00Z'));
    const created = await runGameCreate(db, {
      id: G2, address: `${G2}@judge.example.org`, gm: { email: GM, name: 'Gwen GM' }, rules: 'wm', endYear: 1909,
      policies: DEFAULT_POLICIES, tournament: undefined, round: undefined, board: 'Careful Board 2', deadline: at('2030-03-08T12:00:00Z'),
      players: POWERS.map((power) => ({ power, name: `${power[0]}${power.slice(1).toLowerCase()} Player`, email: email(power), timeZone: 'UTC', where: power })),
    }, 'test', sim.now, JUDGE);
    expect(created.ok).toBe(true);
    await scheduleOpenPhases(db);
    await sim.advanceTo(at('2030-03-05T12:00:00Z'));
    for (const p of POWERS) expect((await sim.send(G2, email(p), DEMO_ORDERS.S1901M[p])).kind).toBe('orders');
    // The deadline's job runs at 12:00:00; Italy's revised set, stamped 12:00:00 too, is read after it.
    await sim.advanceTo(at('2030-03-08T12:00:00Z'));
    expect(sim.runs.at(-1)).toMatchObject({ payload: { phase: 'S1901M' }, outcome: 'adjudicated' });
    const out = await sim.send(G2, email('ITALY'), 'A Ven - Tyr\nA Rom - Apu\nF Nap - Ion', 'orders FINAL');
    expect(out).toMatchObject({ kind: 'refused', reason: 'missed' });
    const told = (await outbox(db, G2, 'orders-refused')).find((m) => m.to_address === email('ITALY'))!;
    expect(told.subject).toBe(`[${G2}] ITALY S1901M: received on time, read after the adjudication`);
    expect(told.body_text).toContain('received Friday 8 March 2030, 12:00:00 GMT, by the S1901M deadline (Friday 8 March 2030, 12:00:00 GMT), so it should have counted (D.VII(1))');
    expect(told.body_text).toContain("only a rollback of S1901M with the TD's consent can put it right (D.VIII(1))");
    const alert = await outbox(db, G2, 'missed-set');
    expect(alert.map((m) => m.to_address)).toEqual([GM]);
    expect(alert[0]!.body_text).toContain(`mailjudge rollback ${G2} S1901M --td-approval`);
    // Nothing was filed for the new phase.
    expect(await findLatestOrderSets(db, G2, 'F1901M')).toEqual([]);
  });
});
