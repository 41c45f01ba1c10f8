/**
 * The round's last two games ending at once (issue 30's rehearsal: one deadline for the round, two
 * workers): each transaction marks its game finished and then looks whether the round is over (B.3).
 * Forced here into the interleaving the rehearsal hit — both games marked finished before either
 * looks — the standings still go to every player, once: the look is serialized per round, so the
 * second sees the first's game finished.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTournamentGames } from '../../../src/db/games.js';
import { findTournamentBySlug, setDiceSeedOnce } from '../../../src/db/tournaments.js';
import { POWERS, type Power } from '../../../src/diplomacy/index.js';
import { runTournamentCreate } from '../../../src/cli/commands/tournament.js';
import { runTournamentAssignDb, runTournamentRegister } from '../../../src/cli/commands/tournament-td.js';
import { mailStandingsIfRoundClosed } from '../../../src/service/tournament/standings-mail.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE } from '../sim.js';

const SLUG = 'wm-race';
const email = (team: string, p: Power) => `${p.toLowerCase()}@${team}.example.org`;
let t: TestDatabase;
let games: string[];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await runTournamentCreate(t.db, { slug: SLUG, name: 'Race Masters' }, 'test');
  await setDiceSeedOnce(t.db, (await findTournamentBySlug(t.db, SLUG))!.id, 'race-masters-seed-0001');
  const reg = await runTournamentRegister(t.db, SLUG, {
    teams: ['north', 'south'].map((team) => ({
      name: team, captain: email(team, 'FRANCE'), where: 'test',
      players: POWERS.map((p) => ({ name: `${p[0]}${p.slice(1).toLowerCase()} of ${team}`, email: email(team, p), power: p, where: p })),
    })),
    individuals: [],
  }, 'test');
  expect(reg.ok).toBe(true);
  const made = await runTournamentAssignDb(t.db, SLUG, { round: 1, commit: true, gmEmail: 'gm@example.org', domain: 'judge.example.org', deadline: new Date('2026-03-06T12:00:00Z') }, 'test', new Date('2026-03-02T12:00:00Z'), JUDGE);
  expect(made.ok).toBe(true);
  games = (await findTournamentGames(t.db, (await findTournamentBySlug(t.db, SLUG))!.id)).map((g) => g.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A one-shot gate both transactions wait at. */
function barrier(n: number): () => Promise<void> {
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((r) => { open = r; });
  return async () => {
    waiting += 1;
    if (waiting === n) open();
    await opened;
  };
}

describe('the round closing in two transactions at once', () => {
  it('both games finished before either looks: the standings go to all 14 players, once each', { timeout: 60_000 }, async () => {
    // 2 teams × 7 players = 14 players on 2 boards (B.2, B.6).
    expect(games).toHaveLength(2);
    const bothFinished = barrier(2);
    const queued = await Promise.all(games.map((g) => t.db.transaction().execute(async (trx) => {
      await trx.updateTable('games').set({ status: 'finished' }).where('id', '=', g).execute();
      await bothFinished(); // the other game's transaction has marked its game too, not committed
      return mailStandingsIfRoundClosed(trx, JUDGE, g, new Date('2026-03-20T12:00:00Z'));
    })));
    // One of the two looked last and mailed everyone; the other saw a game still running.
    expect([...queued].sort((a, b) => a - b)).toEqual([0, 14]);
    const mails = await t.db.selectFrom('outbox').select(['to_address']).where('kind', '=', 'tournament-standings').execute();
    const expected = ['north', 'south'].flatMap((team) => POWERS.map((p) => email(team, p))).sort();
    expect(mails.map((m) => m.to_address).sort()).toEqual(expected);
  });
});
