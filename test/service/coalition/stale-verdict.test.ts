/**
 * 4.1.1 after an early verdict: a strategy replaced afterwards makes the verdict stale (withdrawn, the
 * Battle Judge gets the digest as it stands with why); weather and verdicts entered after the
 * deadline's digest send him an updated digest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { adjudicateTurn } from '../../../src/service/game-kinds.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, at, exampleMap, troop, sendMail } from './fixtures.js';

let t: TestDatabase;
const map = exampleMap();

const spec = {
  id: 'cvs', address: 'cvs@judge.example.org', pmAddress: 'cvs-mj@judge.example.org', battleAddress: 'cvs-battle@judge.example.org',
  movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
  world: {
    map,
    armies: [
      { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D', colours: ['red'], troops: [troop('Goblin Raiders', ['red'], 1, 0, 5000)] },
      { name: 'Gix', team: 'phyrexia', rank: 'centurion', at: '5D', troops: [troop('Plague Rats', ['black'], 1, 0, 5000)] },
      { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
      { name: 'Kara', team: 'phyrexia', rank: 'praetor', at: '30C' },
    ],
  },
  players: [
    { name: 'Ann', email: 'ann@example.org', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Bob', email: 'bob@example.org', team: 'coalition' as const, rank: 'admiral', authority: true },
    { name: 'Sai Rei', email: 'sai@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Gix', email: 'gix@example.org', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
    { name: 'Kara', email: 'kara@example.org', team: 'phyrexia' as const, rank: 'praetor', authority: true },
  ],
  lock: at('2026-11-20T05:00:00Z'),
  turnHours: 72,
};

const send = (from: string, to: string, text: string, receivedAt: Date, id: string) => sendMail(t.db, { from, to, text, receivedAt, id, subject: 'mail' });
const digests = async () => (await t.db.selectFrom('outbox').select(['subject', 'body_text']).where('game_id', '=', 'cvs').where('to_address', '=', 'bea@example.org').where('kind', '=', 'coalition-battle-digest').orderBy('id').execute());
const verdictOf = async () => (await t.db.selectFrom('coalition_battles').select(['verdict', 'outcome']).where('game_id', '=', 'cvs').executeTakeFirstOrThrow());

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('a verdict and the strategies after it', () => {
  it('withdraws an early verdict made stale by a replaced strategy, and updates the digest for weather and verdicts after it', async () => {
    expect(await runCoalitionCreate(t.db, spec, 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    await send('sai@example.org', spec.address, 'Sai Rei: 3D > 5D; engage Gix', at('2026-11-19T20:00:00Z'), 'o1');
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'cvs', phase: 'T1' })).toBe('adjudicated');
    await send('sai@example.org', spec.battleAddress, 'Goblins charge.', at('2026-11-21T08:00:00Z'), 's1');
    await send('gix@example.org', spec.battleAddress, 'Rats swarm.', at('2026-11-21T09:00:00Z'), 's2');
    // Early (every strategy is in, 4.1.1): the verdict is taken.
    await send('bea@example.org', spec.battleAddress, 'VERDICT 5D\nstrategy Sai Rei 4\nstrategy Gix 3', at('2026-11-21T10:00:00Z'), 'v1');
    expect((await verdictOf()).verdict).not.toBeNull();
    expect(await digests()).toHaveLength(0);

    // Gix replaces his strategy: the verdict is stale, withdrawn; Bea gets the digest as it stands.
    await send('gix@example.org', spec.battleAddress, 'Rats hide, then swarm.', at('2026-11-21T11:00:00Z'), 's3');
    expect((await verdictOf()).verdict).toBeNull();
    let d = await digests();
    expect(d).toHaveLength(1);
    expect(d[0]!.subject).toBe('[cvs] battle at 5D: updated digest');
    expect(d[0]!.body_text).toContain("UPDATED digest: your verdict of Saturday 21 November 2026, 10:00:00 GMT is STALE and withdrawn: Gix's strategy was replaced at Saturday 21 November 2026, 11:00:00 GMT, after it (4.1.1); judge the battle again on the strategies below.\nNo verdict is recorded for this battle now: send one (below) before the movement lock.");
    expect(d[0]!.body_text).toContain('Rats hide, then swarm.');
    expect(await t.db.selectFrom('outbox').select('id').where('game_id', '=', 'cvs').where('to_address', '=', 'gix@example.org').where('kind', '=', 'coalition-battle-digest').execute()).toHaveLength(0);

    // The deadline's digest; then weather and a verdict after it: an updated digest each.
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-22T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'cvs', phase: 'T1', step: 'battle-deadline' })).toBe('adjudicated');
    await send('bea@example.org', spec.battleAddress, 'WEATHER 5D: thick fog', at('2026-11-22T08:00:00Z'), 'w1');
    d = await digests();
    expect(d).toHaveLength(3);
    expect(d[2]!.body_text).toContain('UPDATED digest: the weather was entered after the digest: "thick fog" (4.1.2.5).\nNo verdict is recorded');
    expect(d[2]!.body_text).toContain('Weather: thick fog');
    const ack = await t.db.selectFrom('outbox').select('body_text').where('game_id', '=', 'cvs').where('to_address', '=', 'bea@example.org').where('kind', '=', 'coalition-judge-received').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(ack.body_text).toContain('weather of the battle at 5D set to "thick fog" and sent to everyone (4.1.2.5); an updated digest is on its way to you');
    await send('bea@example.org', spec.battleAddress, 'VERDICT 5D\nstrategy Sai Rei 5\nstrategy Gix 2', at('2026-11-22T09:00:00Z'), 'v2');
    d = await digests();
    expect(d).toHaveLength(4);
    expect(d[3]!.body_text).toContain('UPDATED digest: your verdict of Sunday 22 November 2026, 09:00:00 GMT was recorded after the digest.\nVerdict recorded: strategy Gix +2; strategy Sai Rei +5.');
    // Rolled at the lock as recorded.
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-23T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'cvs', phase: 'T2' })).toBe('adjudicated');
    expect((await verdictOf()).outcome).not.toBeNull();
  });
});
