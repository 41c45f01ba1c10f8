/**
 * `mailjudge reproduce --game` of a game whose people had their secret before it (a tournament's
 * later round, a GM's second game): the game's start mail tells them to use "the secret the judge
 * sent you before" (role-secret.ts: a secret is issued once, never again), and a replay of that game
 * alone must say the same, not issue a new one. Stop 47 found `reproduce --game` of a later-round
 * game of the --full rehearsal differing there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameCreate } from '../../../src/cli/commands/game-create.js';
import { formatReproduce, reproduceInto } from '../../../src/cli/reproduce/reproduce.js';
import { DEFAULT_POLICIES } from '../../../src/db/games.js';
import { scheduleOpenPhases } from '../../../src/db/schedule-jobs.js';
import { POWERS, type Power } from '../../../src/diplomacy/index.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, Sim, holdAll } from '../../service/sim.js';

const at = (iso: string) => new Date(iso);
// FRANCE of both games is one person (her second board), and one GM runs both.
const email = (g: string, p: Power) => (p === 'FRANCE' ? 'france@shared.example.org' : `${p.toLowerCase()}@${g}.example.org`);
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

async function create(sim: Sim, g: string): Promise<void> {
  const created = await runGameCreate(t.db, {
    id: g, address: `${g}@judge.example.org`, gm: { email: 'gm@shared.example.org', name: 'The GM' }, rules: 'wm', endYear: 1909, policies: DEFAULT_POLICIES,
    tournament: undefined, round: undefined, board: g, deadline: at('2030-03-08T12:00:00Z'),
    players: POWERS.map((power) => ({ power, name: power === 'FRANCE' ? 'Frances Shared' : `${power} of ${g}`, email: email(g, power), timeZone: 'UTC', where: power })),
  }, 'cli:gm', sim.now, JUDGE);
  expect(created.ok).toBe(true);
}

describe('reproduce: a game whose people had their secret before it', () => {
  it('the second game, replayed alone, matches the record: its start mails say to use the secret sent before', { timeout: 120_000 }, async () => {
    const db = t.db;
    const sim = new Sim(db, at('2030-03-04T12:00:00Z'));
    await create(sim, 'sec-a');
    sim.now = at('2030-03-04T13:00:00Z');
    await create(sim, 'sec-b');
    await scheduleOpenPhases(db);
    // What the people of the second game were told, by hand from role-secret.ts's rule: FRANCE and the
    // GM had a secret from sec-a, so no new one; ENGLAND of sec-b is new to the judge and gets one.
    const startOf = async (d: typeof db, g: string, to: string) =>
      (await d.selectFrom('outbox').select('body_text').where('game_id', '=', g).where('to_address', '=', to).orderBy('id').executeTakeFirstOrThrow()).body_text;
    for (const to of ['france@shared.example.org', 'gm@shared.example.org']) {
      expect(await startOf(db, 'sec-a', to)).toMatch(/^Your secret: \S+$/m);
      expect(await startOf(db, 'sec-b', to)).toContain('Use the secret the judge sent you before');
      expect(await startOf(db, 'sec-b', to)).not.toMatch(/^Your secret: /m);
    }
    expect(await startOf(db, 'sec-b', email('sec-b', 'ENGLAND'))).toMatch(/^Your secret: \S+$/m);
    // FRANCE orders in the second game (authenticated by the secret she got in the first).
    sim.now = at('2030-03-05T12:00:00Z');
    for (const p of POWERS) expect((await sim.send('sec-b', email('sec-b', p), await holdAll(db, 'sec-b', p))).kind).toBe('orders');
    await sim.advanceTo(at('2030-03-08T12:00:00Z'), 24 * 3_600_000);

    for (const games of [['sec-b'], ['sec-a'], ['sec-a', 'sec-b']]) {
      const fresh = await createTestDatabase();
      await migrateQueue(fresh.url);
      try {
        const r = await reproduceInto(db, fresh.db, games, { fromAddress: JUDGE });
        expect(r, `${games.join(', ')}: ${formatReproduce(r)}`).toMatchObject({ kind: 'matched', failures: [] });
        if (games.includes('sec-b')) expect(await startOf(fresh.db, 'sec-b', 'france@shared.example.org')).toContain('Use the secret the judge sent you before');
      } finally {
        await fresh.close();
      }
    }
  });
});
