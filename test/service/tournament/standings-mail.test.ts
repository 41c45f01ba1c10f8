/**
 * Standings by email, through the real pipeline on a simulated clock: a one-team tournament whose
 * round-1 board is shortened to 1901 (to keep the test short), played with HOLD orders by mail and
 * adjudicated by the real task. When the board (the whole round) finishes, every player of the
 * tournament is mailed the round's standings once; STANDINGS from a player is answered even with no
 * turn open; HELP lists it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTournamentGames } from '../../../src/db/games.js';
import { findTournamentBySlug, insertTournamentMember, setDiceSeedOnce } from '../../../src/db/tournaments.js';
import { insertPerson } from '../../../src/db/people.js';
import { POWERS, type Power } from '../../../src/diplomacy/index.js';
import { runTournamentCreate } from '../../../src/cli/commands/tournament.js';
import { runTournamentAssignDb, runTournamentRegister } from '../../../src/cli/commands/tournament-td.js';
import { mailStandingsIfRoundClosed } from '../../../src/service/tournament/standings-mail.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { scheduleOpenPhases } from '../../../src/db/schedule-jobs.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, Sim, holdAll } from '../sim.js';
import { withAttachments } from '../../helpers/outbox-attachments.js';

const SLUG = 'wm-mail';
const email = (p: Power) => `${p.toLowerCase()}@players.example.org`;
let t: TestDatabase;
let gameId: string;
let sim: Sim;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await runTournamentCreate(t.db, { slug: SLUG, name: 'Mail Masters' }, 'test');
  await setDiceSeedOnce(t.db, (await findTournamentBySlug(t.db, SLUG))!.id, 'mail-masters-seed-0001');
  const reg = await runTournamentRegister(t.db, SLUG, {
    teams: [{ name: 'solo-team', captain: email('FRANCE'), where: 'test', players: POWERS.map((p) => ({ name: `${p[0]}${p.slice(1).toLowerCase()} Player`, email: email(p), power: p, where: p })) }],
    individuals: [],
  }, 'test');
  expect(reg.ok).toBe(true);
  const start = new Date('2026-03-02T12:00:00Z');
  const made = await runTournamentAssignDb(t.db, SLUG, { round: 1, commit: true, gmEmail: 'gm@example.org', domain: 'judge.example.org', deadline: new Date('2026-03-06T12:00:00Z') }, 'test', start, JUDGE);
  expect(made.ok).toBe(true);
  gameId = (await findTournamentGames(t.db, (await findTournamentBySlug(t.db, SLUG))!.id))[0]!.id;
  // A one-year board, so the round closes after Fall 1901.
  await t.db.updateTable('games').set({ end_year: 1901 }).where('id', '=', gameId).execute();
  await scheduleOpenPhases(t.db); // what the running judge's sweep does for games made from the CLI
  sim = new Sim(t.db, start);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function standingsMails() {
  return withAttachments(t.db, await t.db.selectFrom('outbox').select(['to_address', 'subject', 'body_text', 'dedupe_key', 'attachments']).where('kind', '=', 'tournament-standings').orderBy('id').execute());
}

describe('standings by email', () => {
  it('HELP lists STANDINGS', async () => {
    await sim.send(gameId, email('ITALY'), 'HELP');
    const help = await t.db.selectFrom('outbox').select('body_text').where('kind', '=', 'help').executeTakeFirstOrThrow();
    expect(help.body_text).toContain("STANDINGS            the tournament's standings: scores, ties and the rule that broke them");
  });

  it('STANDINGS while round 1 runs: the provisional table on the current counts (B.3)', async () => {
    await sim.send(gameId, email('ENGLAND'), 'STANDINGS');
    const [m] = await standingsMails();
    expect(m!.to_address).toBe(email('ENGLAND'));
    expect(m!.subject).toBe('[wm-mail] STANDINGS: Mail Masters, round 1 (provisional)');
    expect(m!.body_text).toContain('The standings you asked for (STANDINGS)');
    expect(m!.body_text).toContain('provisional: 1 of 1 game still running, scored on the current centre counts (B.3)');
  });

  it('when the round\'s last board finishes, every player gets the standings once, with the arithmetic of C.1–C.3', async () => {
    for (const phase of ['S1901M', 'F1901M']) {
      for (const p of POWERS) {
        const out = await sim.send(gameId, email(p), `${await holdAll(t.db, gameId, p)}\nFINAL`);
        expect(out.kind, JSON.stringify(out)).toBe('orders');
      }
      await sim.advanceTo(new Date(sim.now.getTime() + (phase === 'S1901M' ? 5 : 4) * 86_400_000));
      expect((await t.db.selectFrom('phases').select('adjudicated_at').where('game_id', '=', gameId).where('name', '=', phase).executeTakeFirstOrThrow()).adjudicated_at).not.toBeNull();
    }
    const game = await t.db.selectFrom('games').select('status').where('id', '=', gameId).executeTakeFirstOrThrow();
    expect(game.status).toBe('finished');
    const mails = (await standingsMails()).slice(1); // after the one asked for above
    expect(mails.map((m) => m.to_address).sort()).toEqual(POWERS.map(email).sort());
    const body = mails[0]!.body_text;
    expect(mails[0]!.subject).toBe('[wm-mail] STANDINGS: Mail Masters, round 1 (final)');
    expect(body).toContain('Round 1 of Mail Masters is over');
    // Everyone held: Russia 4 centres + 32 = 36; the six others tie on 3 and share the bonuses of
    // 2nd–7th (16 + 8 + 4 + 2 + 1 + 0) / 6 = 31/6 = 5.17 (C.3), scoring 8.17. The team: 36 + 6 × 8.17 = 85.
    expect(body).toMatch(/^ +1 +Russia Player +solo-team +\S+ +RUSSIA +4 +32 +36 +10 +46 +advances$/m);
    expect(body).toMatch(/^ +2 +\w+ Player +solo-team +\S+ +\w+ +3 +5\.17 +8\.17 +10 +18\.17 +advances$/m);
    expect(body).toContain('  1  solo-team     85       10');
    // The six ties on 8.17: C.7(a) cannot split them (each power once), nor (b), (c); (d) count-back:
    // Russia aside, all had 3 centres every year; (e) same team; (f) the d100, whose rolls are listed.
    expect(body).toContain('C.7(f) (highest roll on 100-sided dice)');
    expect(body).toMatch(/C\.7\(f\) advancement to round 2.*: \d+ \(nonce round-1:\d+\)/);
    // Issue 28: each reader is told first where they stand (Russia: 1st of 7, 46 = 36 + 10 credits),
    // and the whole table comes as a CSV file without anyone's address.
    const russia = mails.find((m) => m.to_address === email('RUSSIA'))!;
    expect(russia.body_text.split('\n')[0]).toMatch(/^You are 1st of 7, with 46 \(\S+, RUSSIA, 4 centres\): you advance \(C\.7\)\.$/);
    const csv = russia.attachments.find((a) => a.contentType.startsWith('text/csv'))!;
    const csvText = Buffer.from(csv.content, 'base64').toString('utf8');
    expect(csvText.split('\r\n')[0]).toBe('place,player,team,game,power,centres,bonus,score,total,advances');
    expect(csvText.split('\r\n').filter((l) => l !== '')).toHaveLength(1 + 7);
    expect(csvText).not.toContain('@');
    // Exactly once: the hook again queues nothing.
    expect(await t.db.transaction().execute((trx) => mailStandingsIfRoundClosed(trx, JUDGE, gameId, sim.now))).toBe(0);
    expect((await standingsMails()).length).toBe(1 + POWERS.length);
  }, 90_000);

  it('STANDINGS to a finished game is still answered (no turn needs to be open)', async () => {
    const before = (await standingsMails()).length;
    const out = await sim.send(gameId, email('TURKEY'), 'Standings', 'STANDINGS');
    expect(out.kind, JSON.stringify(out)).toBe('command');
    expect((await standingsMails()).length).toBe(before + 1);
    const last = (await standingsMails()).at(-1)!;
    expect(last.to_address).toBe(email('TURKEY'));
    expect(last.body_text).toContain('The standings you asked for (STANDINGS)');
    expect(last.subject).toBe('[wm-mail] STANDINGS: Mail Masters, round 1 (final)');
  });

  it('STANDINGS from a reserve (a member holding no power in the game) is answered; from a stranger it is not', async () => {
    const tour = (await findTournamentBySlug(t.db, SLUG))!;
    const rita = await insertPerson(t.db, { name: 'Reserve Rita', email: 'rita@example.org' });
    await insertTournamentMember(t.db, { tournamentId: tour.id, personId: rita.id, role: 'reserve', rank: 1 });
    const out = await sim.send(gameId, 'rita@example.org', 'STANDINGS');
    expect(out.kind, JSON.stringify(out)).toBe('command');
    const last = (await standingsMails()).at(-1)!;
    expect(last.to_address).toBe('rita@example.org');
    expect(last.body_text).toContain('Mail Masters (wm-mail): round 1, team round 1, ranked by C.7 — final');
    await insertPerson(t.db, { name: 'Stranger', email: 'stranger@example.org' });
    const before = (await standingsMails()).length;
    const other = await sim.send(gameId, 'stranger@example.org', 'STANDINGS');
    expect(other.kind).not.toBe('command');
    expect((await standingsMails()).length).toBe(before);
  });
});
