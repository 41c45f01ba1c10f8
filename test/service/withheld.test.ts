/**
 * D.VII(6)(b) under the default late-orders rule: a 1901 movement phase with a power missing is not
 * adjudicated; the GM (and the TD) are told and a replacement is sought; only the missing powers may
 * still send orders (`lateSetAllowed`, which the pipeline asks); once their orders are in the phase is
 * adjudicated at once, everyone else's orders as they stood at the deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterOrderSet } from '../../src/service/diplomacy/after-order-set.js';
import { runReplace } from '../../src/service/gm/replace.js';
import { lateSetAllowed } from '../../src/service/diplomacy/late-set.js';
import { startCivilDisorder } from '../../src/db/nmr-notices.js';
import { findPersonByEmail } from '../../src/db/people.js';
import { findPhase } from '../../src/db/phases.js';
import { findWithheldPhase } from '../../src/db/withheld-phases.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { scheduleOpenPhases } from '../../src/db/schedule-jobs.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails, orders } from './fixtures.js';
import { JUDGE } from './sim.js';

let t: TestDatabase;
const D = new Date('2030-03-08T12:00:00Z');
const before = new Date('2030-03-07T12:00:00Z');
const after = (h: number) => new Date(D.getTime() + h * 3_600_000);
const ctx = (now: Date) => ({ now: () => now, fromAddress: JUDGE });

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

async function jobKeys(): Promise<string[]> {
  const rows = await t.db.selectFrom('graphile_worker.jobs' as never).select('key' as never).execute();
  return rows.map((r) => (r as { key: string }).key).filter(Boolean);
}

describe('results withheld in 1901 (D.VII(6)(b))', () => {
  it('withholds, takes only the missing power late, then adjudicates at once', async () => {
    const g = await calendarGame(t.db, 'wh', { deadline: D });
    for (const p of POWERS.filter((x) => x !== 'ITALY')) await orders(t.db, g, p, 'S1901M', before, true, p === 'FRANCE' ? ['A PAR - BUR'] : []);
    expect(await adjudicatePhaseTask(t.db, ctx(D), { gameId: 'wh', phase: 'S1901M' })).toBe('withheld');
    expect(await adjudicatePhaseTask(t.db, ctx(after(1)), { gameId: 'wh', phase: 'S1901M' })).toBe('withheld'); // a re-run: nothing new
    expect((await findPhase(t.db, 'wh', 'S1901M'))!.adjudicatedAt).toBeNull();
    expect(await mails(t.db, 'wh', 'adjudication-report')).toHaveLength(0);
    const told = await mails(t.db, 'wh', 'nmr-withheld');
    expect(told.map((m) => m.to)).toEqual(['wh-gm@example.org']);
    expect(told[0]!.body).toContain('This game belongs to no tournament, so no TD has been told');
    // No tournament, no captain: the GM is asked to find a replacement from the reserves (none listed).
    const asked = await mails(t.db, 'wh', 'replacement-request');
    expect(asked.map((m) => m.to)).toEqual(['wh-gm@example.org']);
    expect(asked[0]!.body).toContain('mailjudge replace wh ITALY --email <address> --name "<name>"');

    expect(await lateSetAllowed(t.db, { gameId: 'wh', phase: 'S1901M', power: 'ITALY' })).toBe(true);
    expect(await lateSetAllowed(t.db, { gameId: 'wh', phase: 'S1901M', power: 'FRANCE' })).toBe(false);
    // The sweep leaves a withheld phase alone: it waits for orders, not for a time.
    await t.db.deleteFrom('graphile_worker._private_jobs' as never).execute();
    await scheduleOpenPhases(t.db);
    expect(await jobKeys()).not.toContain('adjudicate:wh:S1901M');

    const r = await runReplace(t.db, { gameId: 'wh', power: 'ITALY', email: 'rita@example.org', name: 'Rita', endTemporary: false }, { actor: 'cli:gm', now: after(2), fromAddress: JUDGE });
    expect(r).toMatchObject({ ok: true });
    expect(r.ok && r.text).toContain("Rita's orders for ITALY are taken although the deadline has passed");
    const rita = (await findPersonByEmail(t.db, 'rita@example.org'))!;
    // France's late revision would be refused by the pipeline; even stored, it does not count.
    await orders(t.db, g, 'FRANCE', 'S1901M', after(3), true, ['A PAR - PIC']);
    expect((await afterOrderSet(t.db, { gameId: 'wh', now: after(3), fromAddress: JUDGE })).released).toBe(false);
    await orders(t.db, g, 'ITALY', 'S1901M', after(4), true, ['A VEN - TYR'], rita);
    expect((await afterOrderSet(t.db, { gameId: 'wh', now: after(4), fromAddress: JUDGE })).released).toBe(true);
    expect(await jobKeys()).toContain('adjudicate:wh:S1901M');

    expect(await adjudicatePhaseTask(t.db, ctx(after(4)), { gameId: 'wh', phase: 'S1901M' })).toBe('adjudicated');
    const s = (await findPhase(t.db, 'wh', 'S1901M'))!;
    expect(s.stateAfter!.units.filter((u) => ['FRANCE', 'ITALY'].includes(u.power) && u.kind === 'A').map((u) => u.location).sort()).toEqual(['BUR', 'MAR', 'ROM', 'TYR']);
    expect((await findWithheldPhase(t.db, 'wh', 'S1901M', 0))!.releasedAt).toEqual(after(4));
    expect(await mails(t.db, 'wh', 'adjudication-report')).toHaveLength(8);
    expect(await lateSetAllowed(t.db, { gameId: 'wh', phase: 'S1901M', power: 'ITALY' })).toBe(false);
  });

  it('the job runs late (a busy judge): a missing power\'s set received after the deadline but before it counts as after a withholding', async () => {
    // All but Italy ordered on time; Italy's set comes an hour after the deadline, the job two hours after.
    const g = await calendarGame(t.db, 'wh-late', { deadline: D });
    for (const p of POWERS.filter((x) => x !== 'ITALY')) await orders(t.db, g, p, 'S1901M', before, true);
    // What the intake asks at that moment (no withholding recorded yet): Italy's set is taken, France's late revision is not.
    expect(await lateSetAllowed(t.db, { gameId: 'wh-late', phase: 'S1901M', power: 'ITALY' })).toBe(true);
    expect(await lateSetAllowed(t.db, { gameId: 'wh-late', phase: 'S1901M', power: 'FRANCE' })).toBe(false);
    await orders(t.db, g, 'ITALY', 'S1901M', after(1), true, ['A VEN - TYR']);
    // Nobody is missing any more: adjudicated at once, Italy's A VEN - TYR moves (TYR is empty and no one else goes there).
    expect(await adjudicatePhaseTask(t.db, ctx(after(2)), { gameId: 'wh-late', phase: 'S1901M' })).toBe('adjudicated');
    expect((await findPhase(t.db, 'wh-late', 'S1901M'))!.stateAfter!.units.filter((u) => u.power === 'ITALY' && u.kind === 'A').map((u) => u.location).sort()).toEqual(['ROM', 'TYR']);
    expect(await mails(t.db, 'wh-late', 'nmr-withheld')).toHaveLength(0);
    expect(await mails(t.db, 'wh-late', 'adjudication-report')).toHaveLength(8);
  });

  it('the job runs late with two powers missing, one of whom has sent since: withheld for the other alone, then both sets count', async () => {
    const g = await calendarGame(t.db, 'wh-late2', { deadline: D });
    for (const p of POWERS.filter((x) => x !== 'ITALY' && x !== 'TURKEY')) await orders(t.db, g, p, 'S1901M', before, true);
    await orders(t.db, g, 'ITALY', 'S1901M', after(1), true, ['A VEN - TYR']);
    expect(await adjudicatePhaseTask(t.db, ctx(after(2)), { gameId: 'wh-late2', phase: 'S1901M' })).toBe('withheld');
    // Both were missing at the deadline (both may still send); the GM is told of Turkey alone, and only Turkey's replacement is sought.
    expect([...(await findWithheldPhase(t.db, 'wh-late2', 'S1901M', 0))!.missing].sort()).toEqual(['ITALY', 'TURKEY']);
    const told = await mails(t.db, 'wh-late2', 'nmr-withheld');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('TURKEY');
    expect(told[0]!.body).not.toContain('ITALY');
    expect((await mails(t.db, 'wh-late2', 'replacement-request')).map((m) => m.body.includes('TURKEY'))).toEqual([true]);
    expect(await lateSetAllowed(t.db, { gameId: 'wh-late2', phase: 'S1901M', power: 'TURKEY' })).toBe(true);
    await orders(t.db, g, 'TURKEY', 'S1901M', after(5), true, ['A SMY - ARM']);
    expect((await afterOrderSet(t.db, { gameId: 'wh-late2', now: after(5), fromAddress: JUDGE })).released).toBe(true);
    expect(await adjudicatePhaseTask(t.db, ctx(after(5)), { gameId: 'wh-late2', phase: 'S1901M' })).toBe('adjudicated');
    const units = (await findPhase(t.db, 'wh-late2', 'S1901M'))!.stateAfter!.units;
    expect(units.some((u) => u.power === 'ITALY' && u.location === 'TYR')).toBe(true);
    expect(units.some((u) => u.power === 'TURKEY' && u.location === 'ARM')).toBe(true);
  });

  it('a missing power that has fallen into civil disorder (B.8(f)) no longer holds the game up', async () => {
    const g = await calendarGame(t.db, 'wh-cd', { deadline: D });
    for (const p of POWERS.filter((x) => x !== 'TURKEY')) await orders(t.db, g, p, 'S1901M', before, true);
    expect(await adjudicatePhaseTask(t.db, ctx(D), { gameId: 'wh-cd', phase: 'S1901M' })).toBe('withheld');
    await startCivilDisorder(t.db, 'wh-cd', 'TURKEY', after(100), 'test');
    expect((await afterOrderSet(t.db, { gameId: 'wh-cd', now: after(100), fromAddress: JUDGE })).released).toBe(true);
    expect(await adjudicatePhaseTask(t.db, ctx(after(100)), { gameId: 'wh-cd', phase: 'S1901M' })).toBe('adjudicated');
  });

  it('Fall 1901 movement is covered too; Fall 1901 retreats and later phases are not', async () => {
    const g = await calendarGame(t.db, 'wh-f', { deadline: D });
    for (const p of POWERS) await orders(t.db, g, p, 'S1901M', before, true);
    expect(await adjudicatePhaseTask(t.db, ctx(D), { gameId: 'wh-f', phase: 'S1901M' })).toBe('adjudicated');
    const f = (await findPhase(t.db, 'wh-f', 'F1901M'))!;
    for (const p of POWERS.filter((x) => x !== 'AUSTRIA')) await orders(t.db, g, p, 'F1901M', after(1), true);
    expect(await adjudicatePhaseTask(t.db, ctx(f.deadline), { gameId: 'wh-f', phase: 'F1901M' })).toBe('withheld');
    expect((await mails(t.db, 'wh-f', 'nmr-withheld'))[0]!.subject).toBe('[wh-f] F1901M results withheld: orders missing (D.VII(6)(b))');
  });
});
