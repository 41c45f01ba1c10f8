/**
 * `mailjudge reproduce` over the console commands logged since issue #13's follow-ups: a holiday
 * declared mid-game (`holiday create`: replayed at its instant, not copied ahead of the game, so an
 * extension asked before it stays charged and the players' notice is sent again), the GM's answer
 * to a house-rule proposal at the console (`proposal agree`), and the TD's approval of the GM's
 * rollback request at the console (`rollback-request approve`), and a holiday the TD declares by email
 * (replayed by its message, once). The record and the replay match.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameCreate } from '../../../src/cli/commands/game-create.js';
import { formatReproduce, reproduceInto } from '../../../src/cli/reproduce/reproduce.js';
import { DEFAULT_POLICIES } from '../../../src/db/games.js';
import { findPhase } from '../../../src/db/phases.js';
import { POWERS, type Power } from '../../../src/diplomacy/index.js';
import { runAgreeProposal } from '../../../src/service/gm/agree-proposal.js';
import { runHolidayCreate } from '../../../src/service/gm/holiday.js';
import { answerRollbackRequest } from '../../../src/service/diplomacy/rollback-request.js';
import { insertPerson } from '../../../src/db/people.js';
import { ensureRound, insertTournament, insertTournamentMember } from '../../../src/db/tournaments.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, Sim, holdAll } from '../../service/sim.js';

const G = 'repro-td';
const GM = 'gm@repro-td.example.org';
const email = (p: Power) => `${p.toLowerCase()}@repro-td.example.org`;
const at = (iso: string) => new Date(iso);
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('reproduce: a mid-game holiday, a proposal agreed and a rollback approved at the console', () => {
  it('logs each with its instant and replays it there; the record and the replay match', { timeout: 90_000 }, async () => {
    const db = t.db;
    const sim = new Sim(db, at('2030-03-04T12:00:00Z'));
    // A tournament game, so that a TD may consent to a rollback (D.VIII(1)).
    const tournament = await insertTournament(db, { slug: 'rtd', name: 'Reproduce TD' });
    await ensureRound(db, { tournamentId: tournament.id, number: 1 });
    const td = await insertPerson(db, { name: 'Tess', email: 'td@repro-td.example.org' });
    await insertTournamentMember(db, { tournamentId: tournament.id, personId: td.id, role: 'td' });
    const created = await runGameCreate(db, {
      id: G, address: `${G}@judge.example.org`, gm: { email: GM, name: 'Gm' }, rules: 'wm', endYear: 1909, policies: DEFAULT_POLICIES,
      tournament: 'rtd', round: 1, board: G, deadline: at('2030-03-08T12:00:00Z'),
      players: POWERS.map((power) => ({ power, name: power, email: email(power), timeZone: 'UTC', where: power })),
    }, 'cli:gm', sim.now, JUDGE);
    expect(created.ok).toBe(true);

    // England asks for an extension before any holiday exists: charged (the guaranteed one).
    sim.now = at('2030-03-05T09:00:00Z');
    await sim.send(G, email('ENGLAND'), 'EXTENSION 24 HOURS', 'extension');
    // The TD declares a holiday over the deadline, mid-turn.
    sim.now = at('2030-03-05T10:00:00Z');
    const holiday = await runHolidayCreate(db, { name: 'Spring Fest 2030', from: at('2030-03-08T00:00:00Z'), to: at('2030-03-10T00:00:00Z'), maxHours: 24 }, { actor: 'cli:td', now: sim.now, fromAddress: JUDGE });
    expect(holiday.ok).toBe(true);
    // France's extension now falls on the holiday: not charged.
    sim.now = at('2030-03-05T11:00:00Z');
    await sim.send(G, email('FRANCE'), 'EXTENSION 24 HOURS', 'extension');
    const ext = await db.selectFrom('extensions').select(['power', 'guaranteed', 'charged', 'holiday']).where('game_id', '=', G).where('power', 'is not', null).orderBy('id').execute();
    expect(ext).toEqual([{ power: 'ENGLAND', guaranteed: true, charged: true, holiday: null }, { power: 'FRANCE', guaranteed: false, charged: false, holiday: 'Spring Fest 2030' }]);

    // A house-rule proposal, agreed by the GM at the console.
    sim.now = at('2030-03-05T12:00:00Z');
    await sim.send(G, email('ITALY'), 'PROPOSE D.VII(3): accept orders until the start of adjudication', 'proposal');
    sim.now = at('2030-03-05T13:00:00Z');
    const agreed = await runAgreeProposal(db, { gameId: G, rule: 'D.VII(3)', agrees: true }, { actor: 'cli:gm', now: sim.now, fromAddress: JUDGE });
    expect(agreed).toMatchObject({ ok: true });

    // The TD declares another by email: logged too (it belongs to no game), replayed once (by its message).
    sim.now = at('2030-03-05T14:00:00Z');
    expect((await sim.send(G, 'td@repro-td.example.org', 'HOLIDAY Late Fest 2030 FROM 2030-03-20T00:00Z TO 2030-03-21T00:00Z', 'commands')).kind).toBe('command');

    for (const p of POWERS) await sim.send(G, email(p), await holdAll(db, G, p));
    const deadline = (await findPhase(db, G, 'S1901M'))!.deadline;
    await sim.advanceTo(deadline, 12 * 3_600_000);
    expect((await findPhase(db, G, 'S1901M'))!.adjudicatedAt).not.toBeNull();

    // The GM asks for a rollback by email; the TD approves it at the console. Other games' requests
    // took ids 1-4 in this database first (the sequence moved as theirs would move it): the request is
    // row 5 in the record and row 1 in a replay of this game alone, and the mails' keys name it
    // (`rollback-request:<game>:<id>`): compared by its rank in the game (stop 48).
    await sql`SELECT setval(pg_get_serial_sequence('rollback_requests', 'id'), 4)`.execute(db);
    sim.now = new Date(deadline.getTime() + 3_600_000);
    await sim.send(G, GM, 'ROLLBACK S1901M misread orders', 'commands');
    const approved = await answerRollbackRequest(db, { gameId: G, phase: 'S1901M', approve: true, note: 'TD Tess: agreed', answeredBy: 'the TD, at the command line (cli:td)' }, { actor: 'cli:td', now: sim.now, fromAddress: JUDGE });
    expect(approved).toMatchObject({ ok: true });
    await sim.advanceTo((await findPhase(db, G, 'S1901M'))!.deadline, 12 * 3_600_000);

    const log = await db.selectFrom('replay_log').select(['game_id', 'name']).where('kind', '=', 'command').orderBy('id').execute();
    expect(log).toEqual([
      { game_id: G, name: 'game-create' }, { game_id: null, name: 'holiday-create' }, { game_id: G, name: 'proposal-agree' }, { game_id: null, name: 'holiday-create' }, { game_id: G, name: 'rollback-request' },
    ]);

    const fresh = await createTestDatabase();
    await migrateQueue(fresh.url);
    const r = await reproduceInto(db, fresh.db, [G], { fromAddress: JUDGE });
    console.log(formatReproduce(r));
    expect(r).toMatchObject({ kind: 'matched', failures: [], replayed: { commands: 5 } });
    expect((await fresh.db.selectFrom('holidays').select(['id', 'name']).orderBy('id').execute())).toEqual(await db.selectFrom('holidays').select(['id', 'name']).orderBy('id').execute());
    expect(await fresh.db.selectFrom('extensions').select(['power', 'guaranteed', 'charged', 'holiday']).where('game_id', '=', G).where('power', 'is not', null).orderBy('id').execute()).toEqual(ext);
    expect(await fresh.db.selectFrom('rollback_requests').select('status').where('game_id', '=', G).execute()).toEqual([{ status: 'approved' }]);
    expect((await db.selectFrom('rollback_requests').select('id').where('game_id', '=', G).executeTakeFirstOrThrow()).id).toBe(5);
    await fresh.close();
  });
});
