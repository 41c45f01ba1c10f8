/**
 * D.VIII(1) rollbacks against a real PostgreSQL: only with the TD's recorded consent; the phase is
 * reopened under a new generation, later phases are withdrawn, the orders that stood still stand,
 * sets for withdrawn phases never count, and the reports go out again under new keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/db/audit-log.js';
import { findGame } from '../../src/db/games.js';
import { findOrderSets } from '../../src/db/order-sets.js';
import { findPhase, findPhases } from '../../src/db/phases.js';
import { rollbackPhase } from '../../src/service/diplomacy/rollback-phase.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { DEMO_CTX, demoGameWithOrders, orderMail } from '../helpers/demo-game.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
const later = new Date('2026-03-07T09:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

const rollback = (gameId: string, phase: string, tdApproval = 'TD J. Smith, email of 7 March: GM misread the Italian orders') =>
  rollbackPhase(t.db, { gameId, phase, tdApproval, actor: 'cli:test', now: later, fromAddress: DEMO_CTX.fromAddress });

async function outbox(gameId: string, kind: string) {
  return t.db.selectFrom('outbox').select(['to_address', 'dedupe_key', 'body_text']).where('game_id', '=', gameId).where('kind', '=', kind).execute();
}

describe('mailjudge rollback (D.VIII(1))', () => {
  it('refuses without the TD approval, an unadjudicated phase, or a phase not in the history', async () => {
    await demoGameWithOrders(t.db, 'rb-refuse');
    expect(await rollback('rb-refuse', 'S1901M', '  ')).toEqual({ ok: false, problem: expect.stringContaining('express consent') });
    expect(await rollback('rb-refuse', 'S1901M')).toEqual({ ok: false, problem: expect.stringContaining('has not been adjudicated') });
    expect(await rollback('rb-refuse', 'F1905M')).toEqual({ ok: false, problem: expect.stringContaining('no phase F1905M') });
    expect(await rollback('rb-refuse', 'spring')).toEqual({ ok: false, problem: expect.stringContaining('not a phase name') });
    expect(await rollback('no-such-game', 'S1901M')).toEqual({ ok: false, problem: 'no game "no-such-game"' });
  });

  it('reopens the phase, withdraws later phases, keeps standing orders and re-sends the report once', async () => {
    const id = 'rb-main';
    await demoGameWithOrders(t.db, id);
    expect(await adjudicatePhaseTask(t.db, DEMO_CTX, { gameId: id, phase: 'S1901M' })).toBe('adjudicated');
    // England orders for F1901M, a phase the rollback will withdraw.
    const f = await receiveMessage(t.db, DEMO_CTX, { raw: await orderMail(id, 'ENGLAND', 'F NTH - NWY\nA YOR H\nF NWG - BAR', 'rb-eng-f'), receivedAt: new Date('2026-03-05T13:00:00Z'), source: 'cli' });
    expect(f.kind).toBe('orders');
    const before = (await findPhase(t.db, id, 'S1901M'))!;
    expect(before.generation).toBe(0);

    const r = await rollback(id, 'S1901M');
    expect(r).toMatchObject({ ok: true, phase: 'S1901M', generation: 1, withdrawn: ['S1901M', 'F1901M'], carried: 7, notified: 8 });
    expect((await findGame(t.db, id))!.currentPhase).toBe('S1901M');
    const s = (await findPhase(t.db, id, 'S1901M'))!;
    expect(s).toMatchObject({ generation: 1, adjudicatedAt: null, stateAfter: null, results: null });
    expect(s.deadline.getTime()).toBeGreaterThan(later.getTime());
    expect((await findPhases(t.db, id)).map((p) => p.name)).toEqual(['S1901M']);
    expect(await findOrderSets(t.db, id, 'S1901M')).toHaveLength(7);
    const notices = await outbox(id, 'rollback-notice');
    expect(notices).toHaveLength(8);
    expect(notices[0]!.body_text).toContain('TD J. Smith, email of 7 March');
    expect(notices[0]!.body_text).toContain('Withdrawn (these results no longer stand): S1901M, F1901M');
    const stored = await t.db.selectFrom('rollbacks').selectAll().where('game_id', '=', id).execute();
    expect(stored).toHaveLength(1);
    expect((stored[0]!.withdrawn as { phase: string }[]).map((w) => w.phase)).toEqual(['S1901M', 'F1901M']);

    // Italy resubmits; everyone else's orders stand; the re-adjudication follows Italy's new set.
    await receiveMessage(t.db, DEMO_CTX, { raw: await orderMail(id, 'ITALY', 'A VEN H\nA ROM - APU\nF NAP - ION', 'rb-ita-2'), receivedAt: new Date('2026-03-07T10:00:00Z'), source: 'cli' });
    expect(await adjudicatePhaseTask(t.db, { ...DEMO_CTX, now: () => new Date('2026-03-08T12:00:00Z') }, { gameId: id, phase: 'S1901M' })).toBe('adjudicated');
    const after = (await findPhase(t.db, id, 'S1901M'))!;
    expect(after.stateAfter!.units.some((u) => u.power === 'ITALY' && u.location === 'APU')).toBe(true);
    expect(after.stateAfter!.units.some((u) => u.power === 'ENGLAND' && u.location === 'NTH')).toBe(true);
    // F1901M is re-opened (generation 1); England's set from the withdrawn timeline does not count.
    const f2 = (await findPhase(t.db, id, 'F1901M'))!;
    expect(f2).toMatchObject({ generation: 1, supersededAt: null, adjudicatedAt: null });
    expect(await findOrderSets(t.db, id, 'F1901M')).toHaveLength(0);
    // One report per recipient for each adjudication of S1901M: 8 + 8.
    const reports = (await outbox(id, 'adjudication-report')).map((m) => m.dedupe_key);
    expect(reports).toHaveLength(16);
    expect(new Set(reports).size).toBe(16);
    expect(await verifyAuditChain(t.db)).toBeNull();
    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('game_id', '=', id).where('action', '=', 'phase.rollback').execute();
    expect(audit).toHaveLength(1);
  });
});
