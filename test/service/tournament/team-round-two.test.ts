/**
 * The second team round from the database (42 teams or more, B.4): C.8's ranking of round 2 plus half
 * of round 1, and the C.12 team standings after two rounds, every figure computed by hand. Only a few
 * boards are played (the standings take whatever games the rounds have), so the arithmetic stays small.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../../../src/db/games.js';
import { insertPerson } from '../../../src/db/people.js';
import { insertPhase } from '../../../src/db/phases.js';
import { insertPosition } from '../../../src/db/positions.js';
import { ensureRound, findTournamentBySlug, setDiceSeedOnce } from '../../../src/db/tournaments.js';
import { POWERS, standardStartState, type Power } from '../../../src/diplomacy/index.js';
import { runTournamentCreate } from '../../../src/cli/commands/tournament.js';
import { runTournamentRegister, runTournamentStandings } from '../../../src/cli/commands/tournament-td.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { playGame } from './play-records.js';

const SLUG = 'wm-42';
const team = (k: number) => `t${String(k).padStart(2, '0')}`;
const email = (k: number, p: Power) => `${team(k)}-${p.toLowerCase()}@example.org`;
const nameOf = (k: number, p: Power) => `${team(k).toUpperCase()} ${p[0]}${p.slice(1).toLowerCase()}`;
const C = (a: number, e: number, f: number, g: number, i: number, r: number, t: number): Record<Power, number> => ({ AUSTRIA: a, ENGLAND: e, FRANCE: f, GERMANY: g, ITALY: i, RUSSIA: r, TURKEY: t });
let t: TestDatabase;
const person = new Map<string, number>();

async function board(id: string, round: number, seats: Record<Power, string>, end: { 1908: Record<Power, number>; 1909: Record<Power, number> }, start: Date): Promise<void> {
  const tour = (await findTournamentBySlug(t.db, SLUG))!;
  await ensureRound(t.db, { tournamentId: tour.id, number: round, endYear: 1909 });
  const gm = person.get('gm@example.org')!;
  await insertGame(t.db, { id, boardName: id, address: `${id}@judge.example.org`, gmPersonId: gm, status: 'active', tournamentId: tour.id, roundNumber: round, endYear: 1909 });
  for (const p of POWERS) await insertPosition(t.db, { gameId: id, power: p, personId: person.get(seats[p])!, kind: 'original', startedAt: new Date(start.getTime() - 86_400_000) });
  await insertPhase(t.db, { gameId: id, state: standardStartState(), deadline: start });
  await playGame(t.db, id, { start, endYear: 1909, counts: (y) => (y === 1908 ? end[1908] : y === 1909 ? end[1909] : undefined) });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await runTournamentCreate(t.db, { slug: SLUG, name: 'Forty-two' }, 'test');
  await setDiceSeedOnce(t.db, (await findTournamentBySlug(t.db, SLUG))!.id, 'forty-two-teams-seed');
  const teams = Array.from({ length: 42 }, (_, i) => i + 1).map((k) => ({ name: team(k), captain: email(k, 'AUSTRIA'), where: team(k), players: POWERS.map((p) => ({ name: nameOf(k, p), email: email(k, p), power: p, where: p })) }));
  expect((await runTournamentRegister(t.db, SLUG, { teams, individuals: [] }, 'test')).ok).toBe(true);
  await insertPerson(t.db, { name: 'GM', email: 'gm@example.org' });
  for (const r of await t.db.selectFrom('people').select(['id', 'email']).execute()) person.set(r.email, r.id);
  const seatsOf = (ks: number[]) => Object.fromEntries(POWERS.map((p, i) => [p, email(ks[i]!, p)])) as Record<Power, string>;
  // Round 1, board a: teams 1–7, team k playing the k-th power; board b: teams 8–14 the same way.
  await board('wm-42-r1-a', 1, seatsOf([1, 2, 3, 4, 5, 6, 7]), { 1908: C(10, 8, 6, 4, 3, 2, 1), 1909: C(10, 8, 6, 4, 3, 2, 1) }, new Date('2026-01-01T12:00:00Z'));
  await board('wm-42-r1-b', 1, seatsOf([8, 9, 10, 11, 12, 13, 14]), { 1908: C(9, 7, 5, 3, 2, 1, 1), 1909: C(9, 8, 6, 4, 3, 2, 2) }, new Date('2026-01-01T12:00:00Z'));
  // Round 2: one board of seven who advanced.
  const r2: Record<Power, string> = {
    AUSTRIA: email(2, 'ENGLAND'), ENGLAND: email(8, 'AUSTRIA'), FRANCE: email(1, 'AUSTRIA'), GERMANY: email(9, 'ENGLAND'),
    ITALY: email(3, 'FRANCE'), RUSSIA: email(10, 'FRANCE'), TURKEY: email(4, 'GERMANY'),
  };
  await board('wm-42-r2-a', 2, r2, { 1908: C(10, 8, 6, 4, 3, 2, 1), 1909: C(10, 8, 6, 4, 3, 2, 1) }, new Date('2026-03-01T12:00:00Z'));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('42 teams: the second round is a team round (B.4)', () => {
  it('round 1: C.6 team ranking with the count-back and least-successful-country ties, credits 10 … 1', async () => {
    const r = await runTournamentStandings(t.db, SLUG, { round: 1, format: 'json' }, 'test', new Date('2026-02-15T00:00:00Z'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const j = r.json as { stage: string; teams: { team: string; total: number }[]; standings: { name: string; credits: number; advancing: boolean }[] };
    expect(j.stage).toBe('team-round-1');
    // Board a: A 10 + 32 = 42, E 8 + 16 = 24, F 6 + 8 = 14, G 4 + 4 = 8, I 3 + 2 = 5, R 2 + 1 = 3, T 1.
    // Board b: A 9 + 32 = 41, E 24, F 14, G 8, I 5, Russia and Turkey tie on 2: (1 + 0) / 2 = 0.5 each, 2.5.
    // t02 = t09 = 24: C.6(a) nothing left to remove; C.6(b) their Englands by C.7: same power (a),
    // score (b), bonus (c); count-back 1908 (d) 8 against 7: t02 first. The same for t03/t10 (6 vs 5),
    // t04/t11 (4 vs 3), t05/t12 (3 vs 2). t13 = t14 = 2.5: C.7(a) Turkey's total 1 + 2.5 = 3.5 is below
    // Russia's 3 + 2.5 = 5.5, so t14's Turkey ranks first.
    expect(j.teams.map((x) => [x.team, x.total])).toEqual([
      ['t01', 42], ['t08', 41], ['t02', 24], ['t09', 24], ['t03', 14], ['t10', 14], ['t04', 8], ['t11', 8], ['t05', 5], ['t12', 5], ['t06', 3], ['t14', 2.5], ['t13', 2.5], ['t07', 1],
    ]);
    const credits = (n: string) => j.standings.find((x) => x.name === n)!.credits;
    expect([credits('T01 Austria'), credits('T08 Austria'), credits('T12 Italy'), credits('T06 Russia')]).toEqual([10, 9, 1, 0]);
    // B.4: 42 teams → 21 boards in round 2 (28 would be more than one half): 147 places, all 14 advance.
    expect(j.standings.filter((x) => x.advancing)).toHaveLength(14);
  });

  it('round 2: C.8 ranks round 2 plus half of round 1; C.12 team standings after two rounds', async () => {
    const r = await runTournamentStandings(t.db, SLUG, { round: 2, format: 'text' }, 'test', new Date('2026-04-15T00:00:00Z'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const j = r.json as { stage: string; rule: string; standings: { name: string; score: number; round1Half: number; total: number }[] };
    expect(j.stage).toBe('team-round-2');
    expect(j.rule).toBe('C.8');
    // Round 2 by power A 42, E 24, F 14, G 8, I 5, R 3, T 1; plus half of round 1:
    // T02 England (Austria) 42 + 24/2 = 54; T08 Austria (England) 24 + 41/2 = 44.5; T01 Austria (France)
    // 14 + 42/2 = 35; T09 England (Germany) 8 + 12 = 20; T03 France (Italy) 5 + 7 = 12; T10 France
    // (Russia) 3 + 7 = 10; T04 Germany (Turkey) 1 + 4 = 5.
    expect(j.standings.map((x) => [x.name, x.total])).toEqual([
      ['T02 England', 54], ['T08 Austria', 44.5], ['T01 Austria', 35], ['T09 England', 20], ['T03 France', 12], ['T10 France', 10], ['T04 Germany', 5],
    ]);
    // C.12: rounds 1 + 2: t02 24 + 42 = 66, t08 41 + 24 = 65, t01 42 + 14 = 56, t09 24 + 8 = 32, t03 14 + 5 = 19,
    // t10 14 + 3 = 17, t04 8 + 1 = 9, t11 8; t05 = t12 = 5: (a) one advanced each, (b), (c) nothing to
    // remove that differs, (d) round-1 places 9 and 10: t05 first.
    expect(r.text).toMatch(/Teams after round 2 \(C\.12\):\n  Place  Team  Round 1  Round 2  Total\n +1  t02 +24 +42 +66\n +2  t08 +41 +24 +65\n +3  t01 +42 +14 +56\n +4  t09 +24 +8 +32\n +5  t03 +14 +5 +19\n +6  t10 +14 +3 +17\n +7  t04 +8 +1 +9\n +8  t11 +8 +0 +8\n +9  t05 +5 +0 +5\n +10  t12 +5 +0 +5\n/);
    expect(r.text).toContain('places 9–10: t05, t12 tied; C.12(d) (highest ranking team at the end of round one) put them t05 > t12');
  });
});
