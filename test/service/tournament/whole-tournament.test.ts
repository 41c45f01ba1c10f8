/**
 * A whole tournament on a simulated clock, end to end through the database: seven teams registered
 * (B.2, B.5), round 1 seated and its games created by `tournament assign --commit`, every game played
 * phase by phase through the repositories the adjudication worker writes, a reserve replacing a
 * player (B.8(e), C.14), standings and advancement read from those records (C.6–C.9), then the
 * semi-final and the final seated from the recorded advancement, and the winners (C.11, C.12).
 *
 * Seven teams is fewer than 42, so round 2 is the semi-final and round 3 the final (B.4); the
 * tournament has three rounds, as the rule says for this size.
 *
 * The outcomes are designed by person (who sits where is the seating search's choice), so every
 * figure below is computed by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTournamentGames } from '../../../src/db/games.js';
import { insertPerson } from '../../../src/db/people.js';
import { endPosition, findCurrentPositions, insertPosition } from '../../../src/db/positions.js';
import { findRoundAdvancements, findTournamentBySlug, insertTournamentMember, setDiceSeedOnce } from '../../../src/db/tournaments.js';
import { POWERS, type Power } from '../../../src/diplomacy/index.js';
import { runTournamentCreate } from '../../../src/cli/commands/tournament.js';
import { runTournamentAdvance, runTournamentAssignDb, runTournamentRegister, runTournamentStandings, runTournamentTrophies } from '../../../src/cli/commands/tournament-td.js';
import type { Registration } from '../../../src/service/tournament/register.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { playGame } from './play-records.js';
import { migrateQueue } from '../../../src/worker/queue.js';

const SLUG = 'wm-sim';
const TEAMS = ['t1', 't2', 't3', 't4', 't5', 't6', 't7'];
const lower = (p: Power) => p.toLowerCase();
const email = (team: string, p: Power) => `${team}-${lower(p)}@example.org`;
const nameOf = (team: string, p: Power) => `${team.toUpperCase()} ${p[0]}${lower(p).slice(1)}`;
const ACTOR = 'test';
const DAY = 86_400_000;

// Round 1 (to 1909): on every board the player of team k (k = 1..7) ends with these centres, so
// with one player of each team on each board (B.6(b)) the positions never tie (C.3 does not apply).
const R1_CENTRES = [10, 8, 6, 5, 3, 2, 0];
// The centres at the end of 1908 by power, the same on every board: the C.7(d) count-back.
const R1_1908: Record<Power, number> = { AUSTRIA: 7, ENGLAND: 6, FRANCE: 5, GERMANY: 4, ITALY: 3, RUSSIA: 2, TURKEY: 1 };

let t: TestDatabase;
const person = new Map<string, number>(); // email → person id
const emailOf = new Map<number, string>();

async function play(round: number, start: Date, endYear: number, counts: (year: number, seat: (power: Power) => string) => Record<Power, number> | undefined, between?: (gameId: string, season: number, at: Date) => Promise<void>): Promise<Date> {
  const tour = (await findTournamentBySlug(t.db, SLUG))!;
  let clock = start;
  for (const g of (await findTournamentGames(t.db, tour.id)).filter((x) => x.roundNumber === round)) {
    const end = await playGame(t.db, g.id, {
      start, endYear,
      counts: (year, holderOf) => counts(year, (p) => emailOf.get(holderOf(p))!),
      ...(between ? { between: (s: number, at: Date) => between(g.id, s, at) } : {}),
    });
    if (end > clock) clock = end;
  }
  return clock;
}

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url); // the game-start mail goes through the queue
  await runTournamentCreate(t.db, { slug: SLUG, name: 'Simulated Masters' }, ACTOR);
  // A known seed, so the seating and any d100 are the same on every run (the commitment is still audited).
  await setDiceSeedOnce(t.db, (await findTournamentBySlug(t.db, SLUG))!.id, 'simulated-masters-seed-0001');
  // Each team chooses a different power for each player (B.5).
  const reg: Registration = {
    teams: TEAMS.map((team) => ({ name: team, captain: email(team, 'AUSTRIA'), where: team, players: POWERS.map((p) => ({ name: nameOf(team, p), email: email(team, p), power: p, where: `${team} ${p}` })) })),
    individuals: [],
  };
  const r = await runTournamentRegister(t.db, SLUG, reg, ACTOR);
  expect(r.ok).toBe(true);
  const reserve = await insertPerson(t.db, { name: 'Reserve Rita', email: 'rita@example.org' });
  await insertTournamentMember(t.db, { tournamentId: (await findTournamentBySlug(t.db, SLUG))!.id, personId: reserve.id, role: 'reserve', rank: 1 });
  const rows = await t.db.selectFrom('people').select(['id', 'email']).execute();
  for (const row of rows) { person.set(row.email, row.id); emailOf.set(row.id, row.email); }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const teamOf = (e: string) => e.split('-')[0]!;
const powerIn = (e: string) => e.split('-')[1]!.split('@')[0]!.toUpperCase() as Power;

describe('a seven-team tournament, from registration to the winners', () => {
  let clock = new Date('2026-01-05T12:00:00Z');

  it('round 1: seated with the teams\' powers, one player of each team per board (B.5, B.6(b))', async () => {
    const dry = await runTournamentAssignDb(t.db, SLUG, { round: 1, commit: false }, ACTOR, clock, 'judge@judge.example.org');
    expect(dry.ok && dry.text).toContain('Dry run: round 1 of wm-sim');
    expect(await findTournamentGames(t.db, (await findTournamentBySlug(t.db, SLUG))!.id)).toHaveLength(0);
    const r = await runTournamentAssignDb(t.db, SLUG, { round: 1, commit: true, gmEmail: 'gm@example.org', domain: 'judge.example.org', deadline: new Date(clock.getTime() + 4 * DAY) }, ACTOR, clock, 'judge@judge.example.org');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // Seven teams meet on every one of the seven boards: B.6(e) cannot hold, (a)–(d) do.
    const broken = (r.json as { broken: { rule: string }[] }).broken;
    expect(broken.filter((b) => b.rule !== 'B.6(e)')).toEqual([]);
    const games = (await findTournamentGames(t.db, (await findTournamentBySlug(t.db, SLUG))!.id)).filter((g) => g.roundNumber === 1);
    expect(games).toHaveLength(7);
    for (const g of games) {
      const seats = await findCurrentPositions(t.db, g.id);
      expect(new Set(seats.map((s) => teamOf(emailOf.get(s.personId)!))).size).toBe(7);
      for (const s of seats) expect(powerIn(emailOf.get(s.personId)!)).toBe(s.power); // B.5: the team's choice
    }
  });

  it('round 1 standings from the records: C.6 team credits, C.7 ranking with count-back ties, B.8(e) forfeit, C.14 pro-rating', async () => {
    const t6Austria = person.get(email('t6', 'AUSTRIA'))!;
    const rita = person.get('rita@example.org')!;
    clock = await play(1, clock, 1909, (year, seat) => {
      const by = (f: (e: string) => number) => Object.fromEntries(POWERS.map((p) => [p, f(seat(p))])) as Record<Power, number>;
      if (year === 1909) return by((e) => (e === 'rita@example.org' ? R1_CENTRES[5]! : R1_CENTRES[TEAMS.indexOf(teamOf(e))]!));
      if (year === 1908) return R1_1908;
      return undefined;
    }, async (gameId, season, at) => {
      // t6's Austria leaves after Fall 1904 (8 seasons); the captain names nobody, so the pool's reserve
      // Rita takes Austria permanently from Spring 1905 (B.8(d)): team t6 forfeits the position (B.8(e)).
      if (season !== 8) return;
      const seat = (await findCurrentPositions(t.db, gameId)).find((p) => p.personId === t6Austria);
      if (!seat) return;
      const after = new Date(at.getTime() + 3_600_000); // an hour after Fall 1904 was adjudicated
      await endPosition(t.db, seat.id, { at: after, reason: 'left the game' });
      await insertPosition(t.db, { gameId, power: 'AUSTRIA', personId: rita, kind: 'permanent', startedAt: after, reason: 'reserve from the pool, B.8(d)', fromPool: true });
    });
    const r = await runTournamentStandings(t.db, SLUG, { round: 1, format: 'text' }, ACTOR, clock);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const j = r.json as { standings: { place: number; name: string; score: number; credits: number; total: number; advancing: boolean }[]; ties: { players: string[]; rule: string }[]; teams: { team: string; total: number }[] };
    // Scores (C.1–C.3): team k's players, centres + bonus: t1 10 + 32 = 42, t2 8 + 16 = 24, t3 6 + 8 = 14,
    // t4 5 + 4 = 9, t5 3 + 2 = 5, t6 2 + 1 = 3, t7 0 + 0 = 0.
    // Team totals (C.6): 7 × 42 = 294, 7 × 24 = 168, 98, 63, 35; t6 7 × 3 = 21 less Austria's 3 forfeited (B.8(e)) = 18; t7 0.
    expect(j.teams.map((x) => [x.team, x.total])).toEqual([['t1', 294], ['t2', 168], ['t3', 98], ['t4', 63], ['t5', 35], ['t6', 18], ['t7', 0]]);
    // Credits 10, 9, …, 4. C.7 totals: t1 52, t2 33, t3 22, t4 16, t5 11, t6 8; t6 Austria 3 × 8/18 + 5 = 6.33 (C.14);
    // t7 4; Rita (no team, no credits) 3 × 10/18 = 1.67.
    const row = (n: string) => j.standings.find((x) => x.name === n)!;
    expect(row('T1 Austria')).toMatchObject({ place: 1, score: 42, credits: 10, total: 52, advancing: true });
    expect(row('T6 Austria').score).toBeCloseTo(3 * 8 / 18, 9);
    expect(row('T6 Austria')).toMatchObject({ place: 42, credits: 5 });
    expect(row('Reserve Rita').score).toBeCloseTo(3 * 10 / 18, 9);
    expect(row('Reserve Rita')).toMatchObject({ place: 50, credits: 0, advancing: false });
    // Each team's players tie; every power totals 42 + 24 + 14 + 9 + 5 + 3 + 0 = 97 over the seven boards
    // (C.7(a) cannot split them), same score (b) and bonus (c): the 1908 count-back (d) orders them
    // Austria 7, England 6, France 5, Germany 4, Italy 3, Russia 2, Turkey 1.
    expect(j.standings.slice(0, 7).map((x) => x.name)).toEqual(POWERS.map((p) => nameOf('t1', p)));
    expect(j.standings.slice(35, 41).map((x) => x.name)).toEqual(POWERS.filter((p) => p !== 'AUSTRIA').map((p) => nameOf('t6', p)));
    expect(j.ties.map((x) => x.rule)).toEqual(['C.7(d)', 'C.7(d)', 'C.7(d)', 'C.7(d)', 'C.7(d)', 'C.7(d)', 'C.7(d)']);
    // 7 × 7 = 49 places in round 2 (B.4: round 2 is the semi-final of 7 boards): all but Rita.
    expect(j.standings.filter((x) => x.advancing)).toHaveLength(49);
    // The text says which criterion broke each tie.
    expect(r.text).toContain('places 1–7: T1 Austria, T1 England, T1 France, T1 Germany, T1 Italy, T1 Russia, T1 Turkey tied; C.7(d) (count-back (highest centres at the end of 1908, then 1907, …)) put them T1 Austria > T1 England > T1 France > T1 Germany > T1 Italy > T1 Russia > T1 Turkey');
    expect(r.text).toMatch(/^ +1 +T1 Austria +t1 +wm-sim-r1-b\d +AUSTRIA +10 +32 +42 +10 +52 +advances$/m);
  });

  it('advance records the C.7 ranking once; the semi-final is seated from it', async () => {
    const a = await runTournamentAdvance(t.db, SLUG, { round: 1, declined: [] }, ACTOR, clock);
    expect(a.ok && a.text).toContain('Advancement from round 1 (C.7) recorded: 49 player(s) go on.');
    const again = await runTournamentAdvance(t.db, SLUG, { round: 1, declined: [] }, ACTOR, clock);
    expect(again.ok).toBe(false);
    const tour = (await findTournamentBySlug(t.db, SLUG))!;
    expect((await findRoundAdvancements(t.db, tour.id, 1)).map((x) => x.personId)).not.toContain(person.get('rita@example.org'));
    const audit = await t.db.selectFrom('audit_log').select(['action']).where('action', 'like', 'tournament.%').execute();
    expect(audit.map((x) => x.action)).toContain('tournament.advance');
    const r = await runTournamentAssignDb(t.db, SLUG, { round: 2, commit: true, gmEmail: 'gm@example.org', domain: 'judge.example.org', deadline: new Date(clock.getTime() + 4 * DAY) }, ACTOR, clock, 'judge@judge.example.org');
    expect(r.ok).toBe(true);
    const games = (await findTournamentGames(t.db, tour.id)).filter((g) => g.roundNumber === 2);
    expect(games).toHaveLength(7);
    expect(games.every((g) => g.endYear === 1912)).toBe(true); // B.3: the semi-final plays to 1912
  });

  it('semi-final: each board\'s best player by the C.7 ranking wins it (C.9): the seven T1 players reach the final', async () => {
    const tour = (await findTournamentBySlug(t.db, SLUG))!;
    const place = new Map((await findRoundAdvancements(t.db, tour.id, 1)).map((x) => [emailOf.get(x.personId)!, x.place]));
    // On each board the seats ranked by their round-1 place get 10, 8, 6, 5, 3, 2, 0 centres in 1911 and 1912.
    clock = await play(2, clock, 1912, (year, seat) => {
      if (year < 1911) return undefined;
      const order = [...POWERS].sort((a, b) => place.get(seat(a))! - place.get(seat(b))!);
      return Object.fromEntries(order.map((p, i) => [p, R1_CENTRES[i]!])) as Record<Power, number>;
    });
    const r = await runTournamentStandings(t.db, SLUG, { format: 'json' }, ACTOR, clock);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    if (process.env.SHOW_TD_OUTPUT) console.log((await runTournamentStandings(t.db, SLUG, { format: 'text' }, ACTOR, clock) as { text: string }).text);
    const j = r.json as { stage: string; advancing: string[] };
    expect(j.stage).toBe('semi-final');
    // B.6(b): no two T1 players on one board, so each board's best-placed seat is a T1 player: 10 + 32 = 42.
    expect([...j.advancing].sort()).toEqual(POWERS.map((p) => nameOf('t1', p)).sort());
    const a = await runTournamentAdvance(t.db, SLUG, { round: 2, declined: [] }, ACTOR, clock);
    expect(a.ok).toBe(true);
    const f = await runTournamentAssignDb(t.db, SLUG, { round: 3, commit: true, gmEmail: 'gm@example.org', domain: 'judge.example.org', deadline: new Date(clock.getTime() + 4 * DAY) }, ACTOR, clock, 'judge@judge.example.org');
    expect(f.ok).toBe(true);
  });

  it('the final: C.11 by centres, a tie at 0 broken by the 1914 count-back; trophies C.11–C.13', async () => {
    // Final centres by player in 1915 (and 1914): Austria 12 (11), England 9 (9), France 6 (6), Germany 4 (4),
    // Italy 3 (1), Russia 0 (2), Turkey 0 (1) — sums 34 and 34.
    const f1915: Record<string, number> = { AUSTRIA: 12, ENGLAND: 9, FRANCE: 6, GERMANY: 4, ITALY: 3, RUSSIA: 0, TURKEY: 0 };
    const f1914: Record<string, number> = { AUSTRIA: 11, ENGLAND: 9, FRANCE: 6, GERMANY: 4, ITALY: 1, RUSSIA: 2, TURKEY: 1 };
    clock = await play(3, clock, 1915, (year, seat) => {
      const table = year === 1915 ? f1915 : year === 1914 ? f1914 : undefined;
      return table && (Object.fromEntries(POWERS.map((p) => [p, table[powerIn(seat(p))]!])) as Record<Power, number>);
    });
    const r = await runTournamentStandings(t.db, SLUG, { round: 3, format: 'text' }, ACTOR, clock);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const j = r.json as { stage: string; standings: { name: string; place: number }[]; ties: { players: string[]; rule: string }[] };
    expect(j.stage).toBe('final');
    expect(j.standings.map((x) => x.name)).toEqual(['T1 Austria', 'T1 England', 'T1 France', 'T1 Germany', 'T1 Italy', 'T1 Russia', 'T1 Turkey']);
    expect(j.ties).toEqual([expect.objectContaining({ players: ['T1 Russia', 'T1 Turkey'], rule: 'C.11(a)' })]);
    expect(r.text).toContain('Winner of the tournament (C.11): T1 Austria');
    if (process.env.SHOW_TD_OUTPUT) console.log(r.text);
    const tr = await runTournamentTrophies(t.db, SLUG, ACTOR, clock);
    expect(tr.ok).toBe(true);
    if (!tr.ok) return;
    expect(tr.text).toContain('Individual winner (C.11): T1 Austria');
    if (process.env.SHOW_TD_OUTPUT) console.log(tr.text);
    // C.12 with fewer than 42 teams: round 1 only (B.4): t1 294 first.
    expect(tr.text).toContain('Team winner (C.12): t1');
    const json = tr.json as { countries: Record<string, { score: number; round: number }> };
    // C.13: the seven T1 semi-final winners (42, round 2) outrank the round-1 best (42 in round 1) by C.13(a)
    // for every power one of them held; every power's best is worth 42.
    for (const p of POWERS) expect(json.countries[p]!.score).toBe(42);
  });
});

