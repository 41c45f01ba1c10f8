/**
 * D.VIII(1) in two steps: the GM's ROLLBACK is a request recorded as pending and put to the TD; only
 * the TD's own answer (by mail from the TD's registered address, or the CLI) rolls back or refuses;
 * a request the game has moved past lapses. Through the real intake and adjudication on a real
 * PostgreSQL, reading the mails each person receives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEntries } from '../../src/db/audit-log.js';
import { findPhase } from '../../src/db/phases.js';
import type { Db } from '../../src/db/schema.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { answerRollbackRequest } from '../../src/service/diplomacy/rollback-request.js';
import { rollbackPhase } from '../../src/service/diplomacy/rollback-phase.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails, type CalendarGame } from './fixtures.js';
import { JUDGE, Sim, holdAll } from './sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const START = new Date('2030-06-03T12:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

/** Every power holds, Final, and the phase is adjudicated early (D.VII(2)). */
async function playPhase(sim: Sim, g: CalendarGame, id: string): Promise<void> {
  for (const p of POWERS) expect((await sim.send(id, g.players.get(p)!.email, await holdAll(t.db, id, p), 'orders FINAL')).kind).toBe('orders');
  await sim.runDueJobs();
}

async function started(id: string): Promise<{ g: CalendarGame; sim: Sim }> {
  const g = await calendarGame(t.db, id, { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
  const sim = new Sim(t.db, START);
  await playPhase(sim, g, id);
  expect((await findPhase(t.db, id, 'S1901M'))!.adjudicatedAt).not.toBeNull();
  sim.now = new Date(START.getTime() + HOUR);
  return { g, sim };
}

const status = async (db: Db, id: string) => (await db.selectFrom('rollback_requests').select(['phase', 'status']).where('game_id', '=', id).orderBy('id').execute());
const reply = async (id: string) => (await mails(t.db, id, 'gm-reply')).at(-1)!;

describe('a rollback the TD approves by the TD\'s own mail', () => {
  it('the GM asks: pending, the TD asked, nothing changed; a player or the GM cannot approve; the TD approves: reopened, everyone told', { timeout: 60_000 }, async () => {
    const { g, sim } = await started('rra');
    const gm = g.gm.email;
    const td = g.td!.email;

    await sim.send('rra', gm, "ROLLBACK S1901M Italy's orders were misread\nSTATUS", 'commands');
    let r = await reply('rra');
    expect(r.body).toContain("ROLLBACK S1901M: pending: the TD (TD of rra) has been asked to approve the rollback of S1901M (D.VIII(1)); nothing changes until the TD answers, by mail from the TD's registered address or at the command line. The request lapses if F1901M is adjudicated first.");
    expect(r.body).toContain("Rollback of S1901M, asked Mon 3 Jun 2030 13:00 GMT: pending, waiting for the TD's approval; nothing has changed yet.");
    const asked = await mails(t.db, 'rra', 'rollback-request');
    expect(asked.map((m) => m.to)).toEqual([td]);
    expect(asked[0]!.subject).toBe('[rra] The GM asks your consent to roll back S1901M');
    expect(asked[0]!.body).toContain("The GM's reason: Italy's orders were misread\nAsked: Mon 3 Jun 2030 13:00 GMT, while F1901M was open.");
    expect(asked[0]!.body).toContain('To answer, write to rra@judge.example.org from your registered address, one line:\n  APPROVE ROLLBACK S1901M <your note: who, when, why>\n  REFUSE ROLLBACK S1901M <why>');
    expect((await findPhase(t.db, 'rra', 'S1901M'))!.adjudicatedAt).not.toBeNull();
    expect(await mails(t.db, 'rra', 'rollback-notice')).toEqual([]);

    // A player's approval is a GM/TD command from a player: refused, the GM and the TD told.
    expect(await sim.send('rra', g.players.get('ITALY')!.email, 'APPROVE ROLLBACK S1901M', 'ok')).toMatchObject({ kind: 'refused', reason: 'gm commands from a player' });
    // The GM cannot approve the GM's own request.
    await sim.send('rra', gm, 'APPROVE ROLLBACK S1901M as TD', 'commands');
    expect((await reply('rra')).body).toContain("APPROVE ROLLBACK S1901M: refused, only the TD consents to a rollback (D.VIII(1)), from the TD's registered address.");
    expect(await status(t.db, 'rra')).toEqual([{ phase: 'S1901M', status: 'pending' }]);

    sim.now = new Date(START.getTime() + 2 * HOUR);
    await sim.send('rra', td, 'APPROVE ROLLBACK S1901M Jane Roe (TD), 3 June: misread confirmed', 'Re: consent');
    r = await reply('rra');
    expect(r.to).toBe(td);
    expect(r.body).toMatch(/^APPROVE ROLLBACK S1901M: approved: S1901M reopened as generation 1 with the deadline .*; withdrawn: S1901M, F1901M; 7 standing set\(s\) carried; every player and the GM told \(8 notices\)\.$/m);
    expect(await status(t.db, 'rra')).toEqual([{ phase: 'S1901M', status: 'approved' }]);
    expect((await findPhase(t.db, 'rra', 'S1901M'))!.adjudicatedAt).toBeNull();
    const notices = await mails(t.db, 'rra', 'rollback-notice');
    expect(notices.map((m) => m.to).sort()).toEqual([gm, ...[...g.players.values()].map((p) => p.email)].sort());
    expect(notices[0]!.body).toContain("The TD's approval: Jane Roe (TD), 3 June: misread confirmed (the TD TD of rra <rra-td@example.org>, by email, answering the GM's request of Mon 3 Jun 2030 13:00 GMT: Italy's orders were misread)");
    expect((await findAuditEntries(t.db, 'rra')).map((e) => e.action)).toEqual(expect.arrayContaining(['rollback.request', 'phase.rollback']));
  });

  it('the TD refuses: nothing changes, the GM is told why', { timeout: 60_000 }, async () => {
    const { g, sim } = await started('rrb');
    await sim.send('rrb', g.gm.email, 'ROLLBACK S1901M TD-APPROVAL Jane said yes on the phone', 'commands');
    expect((await mails(t.db, 'rrb', 'rollback-request'))[0]!.body).toContain(`The GM's reason: the GM quotes the TD's approval: "Jane said yes on the phone" (confirm it with your answer)`);
    await sim.send('rrb', g.td!.email, 'REFUSE ROLLBACK S1901M the error was not pointed out in time', 'Re: consent');
    expect((await reply('rrb')).body).toContain('REFUSE ROLLBACK S1901M: refused: the rollback of S1901M will not happen; the GM has been told.');
    const answer = await mails(t.db, 'rrb', 'rollback-answer');
    expect(answer.map((m) => m.to)).toEqual([g.gm.email]);
    expect(answer[0]!.subject).toBe('[rrb] Rollback of S1901M: refused by the TD');
    expect(answer[0]!.body).toContain("The TD has refused your request of Mon 3 Jun 2030 13:00 GMT to roll back S1901M (rule D.VIII(1)).\nThe TD's reason: the error was not pointed out in time\nThe results stand; nothing has changed.");
    expect((await findPhase(t.db, 'rrb', 'S1901M'))!.adjudicatedAt).not.toBeNull();
    expect(await status(t.db, 'rrb')).toEqual([{ phase: 'S1901M', status: 'refused' }]);
  });

  it('the game moves on first: the request lapses at once, the GM and the TD are told, STATUS says so, an approval finds nothing', { timeout: 90_000 }, async () => {
    const { g, sim } = await started('rrc');
    await sim.send('rrc', g.gm.email, 'ROLLBACK S1901M misread', 'commands');
    sim.now = new Date(START.getTime() + 26 * HOUR);
    await playPhase(sim, g, 'rrc'); // F1901M adjudicated: the game moves on to S1902M
    expect((await findPhase(t.db, 'rrc', 'F1901M'))!.adjudicatedAt).not.toBeNull();
    expect(await status(t.db, 'rrc')).toEqual([{ phase: 'S1901M', status: 'lapsed' }]);
    const told = await mails(t.db, 'rrc', 'rollback-answer');
    expect(told.map((m) => m.to).sort()).toEqual([g.gm.email, g.td!.email].sort());
    expect(told[0]!.subject).toBe('[rrc] Rollback of S1901M: request lapsed');
    expect(told[0]!.body).toContain("The GM's request of Mon 3 Jun 2030 13:00 GMT to roll back S1901M has lapsed: it was asked while F1901M\nwas open, and the game has moved on since (F1901M was adjudicated before the TD answered).\nNothing has been rolled back.");
    await sim.send('rrc', g.gm.email, 'STATUS', 'commands');
    expect((await reply('rrc')).body).toMatch(/Rollback of S1901M, asked Mon 3 Jun 2030 13:00 GMT: lapsed .* GMT \(F1901M was adjudicated before the TD answered\); ask again if it is still needed\./);
    const r = await answerRollbackRequest(t.db, { gameId: 'rrc', approve: true, note: 'ok', answeredBy: 'the TD, at the command line (cli:td)' }, { actor: 'cli:td', now: sim.now, fromAddress: JUDGE });
    expect(r).toEqual({ ok: false, problems: ['no rollback request is pending in rrc; the GM asks with ROLLBACK <phase> <why>'] });
    expect((await findPhase(t.db, 'rrc', 'F1901M'))!.adjudicatedAt).not.toBeNull();

    // Asked again for F1901M; the TD rolls back S1901M instead (the CLI): the F1901M request lapses too.
    await sim.send('rrc', g.gm.email, 'ROLLBACK F1901M misread', 'commands');
    expect(await rollbackPhase(t.db, { gameId: 'rrc', phase: 'S1901M', tdApproval: 'TD: the earlier error', actor: 'cli:td', now: sim.now, fromAddress: JUDGE })).toMatchObject({ ok: true });
    expect(await status(t.db, 'rrc')).toEqual([{ phase: 'S1901M', status: 'lapsed' }, { phase: 'F1901M', status: 'lapsed' }]);
    expect((await mails(t.db, 'rrc', 'rollback-answer')).at(-1)!.body).toContain('(S1901M was rolled back before the TD answered)');
  });

  it('from the TD, ROLLBACK is the consent itself: rolled back at once', { timeout: 60_000 }, async () => {
    const { g, sim } = await started('rrd');
    await sim.send('rrd', g.td!.email, 'ROLLBACK S1901M TD ruling: misread', 'commands');
    expect((await reply('rrd')).body).toMatch(/^ROLLBACK S1901M: reopened as generation 1 with the deadline .*; withdrawn: S1901M, F1901M; 7 standing set\(s\) carried; every player and the GM told \(8 notices\)\.$/m);
    expect((await mails(t.db, 'rrd', 'rollback-notice'))[0]!.body).toContain("The TD's approval: TD ruling: misread (the TD TD of rrd <rrd-td@example.org>, by email)");
    expect(await mails(t.db, 'rrd', 'rollback-request')).toEqual([]);
  });
});
