/**
 * A Coalition turn by email on a simulated clock, through the real intake and the lock job: thread
 * posts re-sent to both teams, a control change effective at its request's timestamp (5.2.1) that
 * makes an earlier order count (5.4.2), a PM held back until the lock (3.1), a post at 05:01 refused,
 * an order by a player who does not control the army reported to its controller and the Battle Judge
 * (5.4.1), a strategy passed to the Battle Judge with its receipt time, and the update with the
 * revealed seed matching the commitment of the start mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitment } from '../../../src/dice/index.js';
import { findCoalitionGame } from '../../../src/db/coalition.js';
import { findGame } from '../../../src/db/games.js';
import { runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { adjudicateTurn } from '../../../src/service/game-kinds.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, at, exampleMap, sendMail, outboxTo } from './fixtures.js';

let t: TestDatabase;
const LOCK = new Date('2026-11-20T05:00:00Z');
const map = exampleMap();

const spec = {
  id: 'cvp1', address: 'cvp1@judge.example.org', pmAddress: 'cvp1-mj@judge.example.org', battleAddress: 'cvp1-battle@judge.example.org',
  movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
  world: {
    map,
    armies: [
      { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D' },
      { name: 'Proxy1', team: 'coalition', rank: 'lieutenant', at: '6G' },
      { name: 'Darkhand5', team: 'coalition', rank: 'lieutenant', at: '6E' },
      { name: 'Gix', team: 'phyrexia', rank: 'praetor', at: '20H' },
      // 1.7.3: each side keeps an army ranked Captain/Evincar or higher, or it has lost.
      { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
    ],
  },
  players: [
    { name: 'Ann', email: 'ann@example.org', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Bob', email: 'bob@example.org', team: 'coalition' as const, rank: 'admiral', authority: true },
    { name: 'Sai Rei', email: 'sai@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Darkhand5', email: 'dark@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Gix', email: 'gix@example.org', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
    { name: 'Kara', email: 'kara@example.org', team: 'phyrexia' as const, rank: 'praetor', authority: true },
  ],
  lock: LOCK,
};

const send = (from: string, to: string, text: string, receivedAt: Date, id: string) => sendMail(t.db, { from, to, text, receivedAt, id, subject: 'turn 1' });

const mails = (to: string, kind?: string) => outboxTo(t.db, 'cvp1', to, kind);

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('a Coalition turn by email', () => {
  it('runs from the start mail to the movement update', async () => {
    const created = await runCoalitionCreate(t.db, spec, 'test', at('2026-11-18T12:00:00Z'), JUDGE);
    expect(created).toMatchObject({ ok: true });
    const start = await mails('sai@example.org', 'coalition-start');
    expect(start[0]!.body_text).toContain('Turn 1 movement lock: Friday 20 November 2026, 05:00 GMT');
    expect(start[0]!.body_text).toContain('05:00:59 GMT count');
    const committed = /committed to as ([0-9a-f]{64})/.exec(start[0]!.body_text)![1]!;

    // 3.1: a thread post, acknowledged and re-sent to every other player and the judges.
    const post = await send('sai@example.org', spec.address, 'Sai Rei: 3D > 5D\nProxy1: 6G > 7G', at('2026-11-19T20:00:00Z'), 'p1');
    expect(post).toMatchObject({ kind: 'movement', armies: ['Sai Rei', 'Proxy1'], via: 'post' });
    const ack = (await mails('sai@example.org', 'coalition-received'))[0]!.body_text;
    expect(ack).toMatch(/line 1: Sai Rei: 3D > 5D\s+accepted/);
    expect(ack).toMatch(/Proxy1 is controlled by nobody now: it counts only if you control it at the lock \(5\.4\.2\)/);
    for (const who of ['ann@example.org', 'gix@example.org', 'kara@example.org', 'mo@example.org', 'bea@example.org']) {
      expect((await mails(who, 'coalition-thread'))[0]?.body_text).toContain('Sai Rei: 3D > 5D');
    }
    expect(await mails('sai@example.org', 'coalition-thread')).toHaveLength(0);

    // 5.2.1: a control change by a player with authority, effective at the request's timestamp.
    await send('ann@example.org', spec.address, 'CONTROL Proxy1 TO Sai Rei', at('2026-11-19T21:00:00Z'), 'c1');
    expect((await mails('ann@example.org', 'coalition-received'))[0]!.body_text).toContain('done: Proxy1 is controlled by Sai Rei from Thursday 19 November 2026, 21:00:00 GMT');
    expect((await mails('gix@example.org', 'coalition-control'))[0]!.body_text).toContain('Proxy1 is controlled by Sai Rei (before: nobody)');
    // 5.3.2: a namesake army is not taken from its player.
    await send('bob@example.org', spec.address, 'CONTROL Darkhand5 TO Sai Rei', at('2026-11-19T21:05:00Z'), 'c2');
    expect((await mails('bob@example.org', 'coalition-received'))[0]!.body_text).toContain("refused: Darkhand5 is Darkhand5's namesake army");
    // 5.2.2.1: no authority.
    await send('sai@example.org', spec.address, 'CONTROL Proxy1 TO Darkhand5', at('2026-11-19T21:10:00Z'), 'c3');
    expect((await mails('sai@example.org', 'coalition-received')).at(-1)!.body_text).toContain('only the two players of your side with authority');

    // 3.1: a PM to the Movement Judge, held back; an order for an army the sender does not control.
    expect(await send('dark@example.org', spec.pmAddress, 'Darkhand5: 6E > 7E', at('2026-11-20T01:00:00Z'), 'pm1')).toMatchObject({ kind: 'movement', via: 'pm' });
    expect(await mails('gix@example.org', 'coalition-thread')).toHaveLength(1);
    await send('kara@example.org', spec.address, 'Gix: 20H > 21H', at('2026-11-20T04:00:00Z'), 'k1');
    // 4.1.1: a strategy with no battle to fight: refused with a reply (battles.test.ts has the battle cycle).
    expect(await send('gix@example.org', spec.battleAddress, 'Fliers high, troops low.', at('2026-11-20T04:30:00Z'), 's1')).toMatchObject({ kind: 'refused' });
    expect((await mails('gix@example.org', 'coalition-refused')).at(-1)!.body_text).toContain('you control no army in a battle waiting for strategies');
    // 05:00:59 is in, 05:01:00 out.
    expect(await send('sai@example.org', spec.address, 'Sai Rei: 3D > 4D', at('2026-11-20T05:00:59Z'), 'in')).toMatchObject({ kind: 'movement' });
    expect(await send('sai@example.org', spec.address, 'Sai Rei: 3D > 6D', at('2026-11-20T05:01:00Z'), 'out')).toMatchObject({ kind: 'ignored', reason: 'after the lock' });
    expect((await mails('sai@example.org', 'coalition-received')).at(-1)!.body_text).toContain('after the movement lock of turn 1');

    // The lock job: not before the lock's minute is over.
    const ctx = (now: string) => ({ now: () => at(now), fromAddress: JUDGE });
    expect(await adjudicateTurn(t.db, ctx('2026-11-20T05:00:30Z'), { gameId: 'cvp1', phase: 'T1' })).toBe('skipped');
    expect(await adjudicateTurn(t.db, ctx('2026-11-20T05:01:00Z'), { gameId: 'cvp1', phase: 'T1' })).toBe('adjudicated');
    expect(await adjudicateTurn(t.db, ctx('2026-11-20T05:02:00Z'), { gameId: 'cvp1', phase: 'T1' })).toBe('skipped');
    const setup = (await findCoalitionGame(t.db, 'cvp1'))!;
    expect(setup.turn).toBe(2);
    expect((await findGame(t.db, 'cvp1'))!.currentPhase).toBe('T2');
    const where = Object.fromEntries(setup.world.armies.map((a) => [a.name, a.at]));
    expect(where).toEqual({ 'Sai Rei': '4D', Proxy1: '7G', Darkhand5: '7E', Gix: '20H', Ann: '16C' });

    const update = (await mails('gix@example.org', 'coalition-update'))[0]!.body_text;
    expect(update).toContain('Darkhand5, received Friday 20 November 2026, 01:00:00 GMT: Darkhand5: 6E > 7E');
    expect(update).toContain('Sai Rei: 3D > 4D');
    const seed = /is\n([0-9a-f]+)\n/.exec(update)![1]!;
    expect(commitment(seed)).toBe(committed);
    expect(update).toContain(`committed to as ${commitment(setup.seed)}`);
    // 5.4.1: Kara did not control Gix: Gix's player and the Battle Judge are told, nobody else.
    expect((await mails('gix@example.org', 'coalition-not-controller'))[0]!.body_text).toContain('Kara sent an order for Gix');
    expect(await mails('bea@example.org', 'coalition-not-controller')).toHaveLength(1);
    expect(await mails('ann@example.org', 'coalition-not-controller')).toHaveLength(0);
    const jobs = await t.db.selectFrom('graphile_worker.jobs' as never).select(['key' as never, 'run_at' as never]).execute() as { key: string; run_at: Date }[];
    expect(jobs.find((j) => j.key === 'adjudicate:cvp1:T2')?.run_at.toISOString()).toBe('2026-11-21T05:01:00.000Z');
  });
});
