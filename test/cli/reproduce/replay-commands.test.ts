/**
 * `mailjudge reproduce` over the commands a game can take besides orders (issue 16): a GM's EXTEND
 * by email (replayed by its message, so not logged: logging it too would extend twice), a TD-approved
 * rollback at the console (logged with its arguments), the re-adjudication; and a game created
 * before the replay log existed, refused with the reason.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameCreate } from '../../../src/cli/commands/game-create.js';
import { formatReproduce, reproduceInto, resolveGames } from '../../../src/cli/reproduce/reproduce.js';
import { DEFAULT_POLICIES } from '../../../src/db/games.js';
import { findPhase } from '../../../src/db/phases.js';
import { POWERS, type Power } from '../../../src/diplomacy/index.js';
import { rollbackPhase } from '../../../src/service/diplomacy/rollback-phase.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { gameWithPlayers } from '../../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, Sim, holdAll } from '../../service/sim.js';

const G = 'repro-cmds';
const GM = 'gm@repro.example.org';
const email = (p: Power) => `${p.toLowerCase()}@repro.example.org`;
const at = (iso: string) => new Date(iso);
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('reproduce: GM commands by email, a rollback at the console', () => {
  it('replays them once each and finds the record identical', { timeout: 60_000 }, async () => {
    const db = t.db;
    const sim = new Sim(db, at('2030-03-04T12:00:00Z'));
    const created = await runGameCreate(db, {
      id: G, address: `${G}@judge.example.org`, gm: { email: GM, name: 'Gm' }, rules: 'wm', endYear: 1909, policies: DEFAULT_POLICIES,
      tournament: undefined, round: undefined, board: G, deadline: at('2030-03-08T12:00:00Z'),
      players: POWERS.map((power) => ({ power, name: power, email: email(power), timeZone: 'Europe/Paris', where: power })),
    }, 'cli:gm', sim.now, JUDGE);
    expect(created.ok).toBe(true);
    await sim.advanceTo(at('2030-03-05T12:00:00Z'), 24 * 3_600_000);
    for (const p of POWERS) expect((await sim.send(G, email(p), await holdAll(db, G, p))).kind).toBe('orders');
    expect((await sim.send(G, GM, 'EXTEND 24')).kind).toBe('command');
    expect((await findPhase(db, G, 'S1901M'))!.deadline).toEqual(at('2030-03-09T12:00:00Z'));
    await sim.advanceTo(at('2030-03-09T12:00:00Z'), 24 * 3_600_000);
    expect((await findPhase(db, G, 'S1901M'))!.adjudicatedAt).toEqual(at('2030-03-09T12:00:00Z'));

    sim.now = at('2030-03-10T09:00:00Z');
    const back = await rollbackPhase(db, { gameId: G, phase: 'S1901M', tdApproval: 'TD Tess, 10 March: misread orders', actor: 'cli:td', now: sim.now, fromAddress: JUDGE, deadline: at('2030-03-13T12:00:00Z') });
    expect(back.ok).toBe(true);
    expect((await sim.send(G, email('FRANCE'), 'A PAR - BUR\nA MAR H\nF BRE - MAO')).kind).toBe('orders');
    await sim.advanceTo(at('2030-03-13T12:00:00Z'), 24 * 3_600_000);

    const log = await db.selectFrom('replay_log').select(['kind', 'name']).where('game_id', '=', G).orderBy('id').execute();
    expect(log.filter((e) => e.kind === 'command').map((e) => e.name)).toEqual(['game-create', 'rollback']); // EXTEND came by email

    const fresh = await createTestDatabase();
    await migrateQueue(fresh.url);
    const r = await reproduceInto(db, fresh.db, [G], { fromAddress: JUDGE });
    console.log(formatReproduce(r));
    expect(r).toMatchObject({ kind: 'matched', failures: [], replayed: { mails: 9, commands: 2 } });
    // The extension happened once in the replay too, and the rollback's generation is the record's.
    expect(await fresh.db.selectFrom('phases').select(['name', 'generation', 'deadline']).where('game_id', '=', G).where('name', '=', 'S1901M').executeTakeFirst())
      .toEqual({ name: 'S1901M', generation: 1, deadline: at('2030-03-13T12:00:00Z') });
    await fresh.close();
  });

  it('refuses a game created before the replay log, saying why', async () => {
    await gameWithPlayers(t.db, 'old-game');
    expect(await resolveGames(t.db, { game: 'old-game' })).toEqual({ ok: false, problem: 'old-game: created before the judge logged its commands (migration 0013), so there is no recorded creation to replay from' });
    await sql`UPDATE games SET kind = 'coalition' WHERE id = 'old-game'`.execute(t.db);
    expect(await resolveGames(t.db, { tournament: 'nope' })).toEqual({ ok: false, problem: 'no tournament "nope"' });
  });
});
