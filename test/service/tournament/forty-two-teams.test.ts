/**
 * The 42-team event of issue 26 ("Done when"): 42 teams, 294 players (accents and apostrophes in the
 * names), round 1 written to the database as the adjudication worker writes it (play-records.ts), with
 * EIGHT partial draws that leave surviving powers out (D.IX(4)), a player who comes back after a
 * two-season temporary stand-in (B.7, C.14), a one-season outside stand-in (C.14: "more than one turn"),
 * the captain's own outside permanent replacement (C.14: the team is credited the full points) and a
 * reserve from the pool (B.8(e): the team loses the position). The standings the judge produces and
 * mails are checked against figures computed by hand here from section C, then the advancement.
 *
 * The seating is the test's own (so that every figure can be worked out by hand): on board b (0–41)
 * the player of power j (AUSTRIA … TURKEY = 0 … 6) is team (b + 6j) mod 42's, who chose that power
 * (B.5). Seven distinct teams per board (6j < 42, B.6(b)); each team plays each power once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../../../src/db/games.js';
import { insertPerson, type Person } from '../../../src/db/people.js';
import { insertPhase } from '../../../src/db/phases.js';
import { endPosition, findCurrentPositions, insertPosition } from '../../../src/db/positions.js';
import { insertProposal, insertProposalResult } from '../../../src/db/proposals.js';
import { ensureRound, findRoundAdvancements, findTournamentBySlug, insertTournamentMember, setDiceSeedOnce } from '../../../src/db/tournaments.js';
import { POWERS, standardStartState, type Power } from '../../../src/diplomacy/index.js';
import { runTournamentCreate } from '../../../src/cli/commands/tournament.js';
import { runTournamentAdvance, runTournamentRegister, runTournamentStandings } from '../../../src/cli/commands/tournament-td.js';
import { mailStandingsIfRoundClosed } from '../../../src/service/tournament/standings-mail.js';
import type { Registration } from '../../../src/service/tournament/register.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { withAttachments } from '../../helpers/outbox-attachments.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { playGame } from './play-records.js';
import { loadRoundRecords } from '../../../src/service/tournament/round-records.js';
import { scoreRound } from '../../../src/tournament/advance/index.js';

const SLUG = 'wm42';
const ACTOR = 'test';
const JUDGE = 'judge@judge.example.org';
const TEAMS = 42;
const FIRST = ['Zoë', 'Anaïs', 'Jérôme', 'Søren', 'Łukasz', 'Çağrı', 'Seán', 'Noël', 'Renée', 'Håkon'];
const LAST = ["O'Neill", "D'Amico", "N'Diaye", 'Müller', 'Ødegård', 'García', 'Dvořák'];
const teamName = (k: number) => (k % 2 === 0 ? `Équipe ${k + 1}` : `L'Étoile ${k + 1}`);
const playerName = (k: number, j: number) => `${FIRST[k % FIRST.length]} ${LAST[j]} ${k + 1}`;
const emailOf = (k: number, j: number) => `t${k + 1}-${POWERS[j]!.toLowerCase()}@example.org`;
/** The team of power j on board b. */
const teamAt = (b: number, j: number) => (b + 6 * j) % TEAMS;
const gameId = (b: number) => `${SLUG}-r1-b${b + 1}`;
const DAY = 86_400_000;
const HOUR = 3_600_000;

// Every board's centres by power at the end of 1908 and 1909, unless it ends otherwise below (34 in all).
const END: Record<Power, number> = { AUSTRIA: 10, ENGLAND: 8, FRANCE: 6, GERMANY: 4, ITALY: 3, RUSSIA: 2, TURKEY: 1 };
// C.1, C.2: centres + bonus, places 1st … 7th: Austria 10 + 32 = 42, England 8 + 16 = 24, France 6 + 8 = 14,
// Germany 4 + 4 = 8, Italy 3 + 2 = 5, Russia 2 + 1 = 3, Turkey 1 + 0 = 1. Every team plays each power
// once: 42 + 24 + 14 + 8 + 5 + 3 + 1 = 97 for a team with no special board.
const NORMAL: Record<Power, number> = { AUSTRIA: 42, ENGLAND: 24, FRANCE: 14, GERMANY: 8, ITALY: 5, RUSSIA: 3, TURKEY: 1 };

// Boards 0–3 (draw A): the game ends by a draw voted in S1909 of England, France, Germany, Italy, Russia and
// Turkey with the 1908 counts A10 E8 F6 G4 I3 R2 T1: Austria, a survivor left out, is eliminated (D.IX(4),
// C.1: 0). The others take places 1–6 (C.5: the counts then apply): England 8 + 32 = 40, France 6 + 16 = 22,
// Germany 4 + 8 = 12, Italy 3 + 4 = 7, Russia 2 + 2 = 4, Turkey 1 + 1 = 2.
const DRAW_A: Record<Power, number> = { AUSTRIA: 0, ENGLAND: 40, FRANCE: 22, GERMANY: 12, ITALY: 7, RUSSIA: 4, TURKEY: 2 };
// Boards 4–7 (draw B): 1908 counts A9 E9 F6 G4 I3 R2 T1, a draw of Austria, England, France, Germany and Italy:
// Russia and Turkey left out are eliminated (0). Austria and England tie for 1st and 2nd: (32 + 16) / 2 = 24
// each (C.3): 9 + 24 = 33; France 6 + 8 = 14, Germany 4 + 4 = 8, Italy 3 + 2 = 5.
const B_1908: Record<Power, number> = { AUSTRIA: 9, ENGLAND: 9, FRANCE: 6, GERMANY: 4, ITALY: 3, RUSSIA: 2, TURKEY: 1 };
const DRAW_B: Record<Power, number> = { AUSTRIA: 33, ENGLAND: 33, FRANCE: 14, GERMANY: 8, ITALY: 5, RUSSIA: 0, TURKEY: 0 };
const DRAW_A_BOARDS = [0, 1, 2, 3];
const DRAW_B_BOARDS = [4, 5, 6, 7];
// Board 8: France's player away Spring and Fall 1903 (two seasons, more than one turn) and back for S1904;
// Zoë d'Artagnan (from outside the tournament) stands in temporarily (B.7). France scores 14: the player
// 14 × 16/18 = 12.444…, the stand-in 14 × 2/18 = 1.555… (C.14); the team is credited the full 14.
// Board 9: Germany's player away for Spring 1905 only (one turn: not pro-rated, C.14) — 8; the outside
// stand-in Seán Ó Briain 8 × 1/18 = 0.444….
// Board 10: the captain replaces Italy's player permanently from S1905 with Anaïs L'Hermite, from outside
// the team: the player 5 × 8/18 = 2.222…, the replacement 5 × 10/18 = 2.777…; the team credited 5 (C.14).
// Board 11: nobody is named for Russia's player, who leaves after F1904; the pool's reserve takes the seat
// from S1905 (B.8(d)): the player 3 × 8/18 = 1.333…, the reserve 3 × 10/18 = 1.666…; the team loses the
// position's 3 (B.8(e)).
/** The points a board credits the team of its power j (C.14, B.8(e)). */
function teamPoints(b: number, p: Power): number {
  if (DRAW_A_BOARDS.includes(b)) return DRAW_A[p];
  if (DRAW_B_BOARDS.includes(b)) return DRAW_B[p];
  if (b === 11 && p === 'RUSSIA') return 0;
  return NORMAL[p];
}
/** The score of the player who started power p on board b (C.14 pro-rating of the player of record). */
function starterScore(b: number, p: Power): number {
  if (b === 8 && p === 'FRANCE') return (14 * 16) / 18;
  if (b === 10 && p === 'ITALY') return (5 * 8) / 18;
  if (b === 11 && p === 'RUSSIA') return (3 * 8) / 18;
  return teamPoints(b, p);
}

let t: TestDatabase;
const ids = new Map<string, number>(); // email → person id
let outsiders: { zoe: Person; sean: Person; anais: Person; reserve: Person };

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await runTournamentCreate(t.db, { slug: SLUG, name: 'World Masters 42' }, ACTOR);
  const tour = (await findTournamentBySlug(t.db, SLUG))!;
  await setDiceSeedOnce(t.db, tour.id, 'forty-two-teams-seed-0001');
  const reg: Registration = {
    teams: Array.from({ length: TEAMS }, (_, k) => ({
      name: teamName(k), captain: emailOf(k, 0), where: `team ${k + 1}`,
      players: POWERS.map((p, j) => ({ name: playerName(k, j), email: emailOf(k, j), power: p, where: `team ${k + 1} ${p}` })),
    })),
    individuals: [],
  };
  const r = await runTournamentRegister(t.db, SLUG, reg, ACTOR);
  expect(r.ok ? '' : r.problems.join('; ')).toBe('');
  for (const row of await t.db.selectFrom('people').select(['id', 'email']).execute()) ids.set(row.email, row.id);
  outsiders = {
    zoe: await insertPerson(t.db, { name: "Zoë d'Artagnan", email: 'zoe@elsewhere.example.org' }),
    sean: await insertPerson(t.db, { name: 'Seán Ó Briain', email: 'sean@elsewhere.example.org' }),
    anais: await insertPerson(t.db, { name: "Anaïs L'Hermite", email: 'anais@elsewhere.example.org' }),
    reserve: await insertPerson(t.db, { name: 'Renée Réserve', email: 'reserve@example.org' }),
  };
  await insertTournamentMember(t.db, { tournamentId: tour.id, personId: outsiders.reserve.id, role: 'reserve', rank: 1 });
  // Round 1's 42 games, as `tournament assign --commit` leaves them (the seating above).
  await ensureRound(t.db, { tournamentId: tour.id, number: 1, endYear: 1909 });
  const gm = await insertPerson(t.db, { name: 'GM', email: 'gm@example.org' });
  for (let b = 0; b < TEAMS; b++) {
    await insertGame(t.db, { id: gameId(b), boardName: `r1-b${b + 1}`, address: `${gameId(b)}@judge.example.org`, gmPersonId: gm.id, status: 'active', tournamentId: tour.id, roundNumber: 1, endYear: 1909 });
    for (let j = 0; j < 7; j++) await insertPosition(t.db, { gameId: gameId(b), power: POWERS[j]!, personId: ids.get(emailOf(teamAt(b, j), j))!, kind: 'original', startedAt: new Date('2030-01-01T00:00:00Z') });
    await insertPhase(t.db, { gameId: gameId(b), state: standardStartState(), deadline: new Date('2030-01-06T12:00:00Z') });
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Replace the acting holder of `power` on board `b` an hour after `at`. */
async function standIn(b: number, power: Power, who: Person, at: Date, kind: 'temporary' | 'permanent', fromPool = false): Promise<void> {
  const after = new Date(at.getTime() + HOUR);
  if (kind === 'permanent') {
    const seat = (await findCurrentPositions(t.db, gameId(b))).find((p) => p.power === power && p.kind !== 'temporary')!;
    await endPosition(t.db, seat.id, { at: after, reason: 'replaced' });
  }
  await insertPosition(t.db, { gameId: gameId(b), power, personId: who.id, kind, startedAt: after, reason: kind === 'temporary' ? 'stand-in (B.7)' : 'replacement', fromPool });
}
async function back(b: number, power: Power, at: Date): Promise<void> {
  const seat = (await findCurrentPositions(t.db, gameId(b))).find((p) => p.power === power && p.kind === 'temporary')!;
  await endPosition(t.db, seat.id, { at: new Date(at.getTime() + HOUR), reason: 'the player is back (B.7)' });
}

describe('a 42-team event: round 1 from its records (issue 26, "Done when")', () => {
  const start = new Date('2030-01-05T12:00:00Z');
  let clock = start;

  it('plays the 42 boards: eight partial draws, a returning player, outside replacements, a reserve', async () => {
    const began = Date.now();
    for (let b = 0; b < TEAMS; b++) {
      const drawA = DRAW_A_BOARDS.includes(b);
      const drawB = DRAW_B_BOARDS.includes(b);
      // Seasons are numbered from 0 (S1901): S1903 is 4, F1903 5, S1904 6, S1905 8, F1905 9.
      const between = async (season: number, at: Date) => {
        if (b === 8 && season === 4) await standIn(8, 'FRANCE', outsiders.zoe, at, 'temporary');
        if (b === 8 && season === 6) await back(8, 'FRANCE', at);
        if (b === 9 && season === 8) await standIn(9, 'GERMANY', outsiders.sean, at, 'temporary');
        if (b === 9 && season === 9) await back(9, 'GERMANY', at);
        if (b === 10 && season === 8) await standIn(10, 'ITALY', outsiders.anais, at, 'permanent');
        if (b === 11 && season === 8) await standIn(11, 'RUSSIA', outsiders.reserve, at, 'permanent', true);
      };
      const end = await playGame(t.db, gameId(b), {
        start, endYear: drawA || drawB ? 1908 : 1909, between,
        counts: (year) => (year < 1908 ? undefined : drawB ? B_1908 : END),
      });
      if (drawA || drawB) {
        // The draw voted in S1909 (D.IX): the survivors left out are named by their absence.
        const powers = drawA ? POWERS.filter((p) => p !== 'AUSTRIA') : POWERS.filter((p) => p !== 'RUSSIA' && p !== 'TURKEY');
        const p = await insertProposal(t.db, { gameId: gameId(b), phase: 'S1909M', proposal: { kind: 'draw', powers }, proposerPower: 'ENGLAND', personId: null, inboundMessageId: null, line: null, proposedAt: end });
        await insertProposalResult(t.db, { proposalId: p!.id, phase: 'S1909M', result: 'passed', decidedAt: new Date(end.getTime() + DAY) });
      }
      if (end > clock) clock = end;
    }
    clock = new Date(clock.getTime() + DAY);
    expect(Date.now() - began).toBeLessThan(40_000);
  }, 60_000);

  it('the standings: every player\'s score and every team\'s total as section C gives them', async () => {
    const r = await runTournamentStandings(t.db, SLUG, { round: 1, format: 'json' }, ACTOR, clock);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const j = r.json as { closed: boolean; standings: { player: string; name: string; score: number; team: string | null; credits: number; total: number; advancing: boolean; power: string; game: string }[]; teams: { team: string; total: number }[] };
    expect(j.closed).toBe(true);
    // 294 players of record and the two permanent replacements (the captain's and the pool's): 296 rows.
    // The two temporary stand-ins are permanent in no game, so they rank nowhere (C.15).
    expect(j.standings).toHaveLength(296);
    const row = (id: number) => j.standings.find((x) => x.player === String(id))!;
    for (let b = 0; b < TEAMS; b++) {
      for (let p = 0; p < 7; p++) {
        const power = POWERS[p]!;
        const x = row(ids.get(emailOf(teamAt(b, p), p))!);
        expect([x.game, x.power], `${gameId(b)} ${power}`).toEqual([gameId(b), power]);
        expect(x.score, `${gameId(b)} ${power}: ${x.name}`).toBeCloseTo(starterScore(b, power), 9);
      }
    }
    // The names as registered, accents and apostrophes kept: board 1's Austria is team 1's (b = 0, j = 0).
    expect(row(ids.get(emailOf(0, 0))!).name).toBe("Zoë O'Neill 1");
    // Those who held a seat for a while, by name (never an internal number), with no team and no credits.
    const o = (p: Person) => row(p.id);
    expect(o(outsiders.zoe)).toBeUndefined();
    expect(o(outsiders.sean)).toBeUndefined();
    // Their share of the seats they held, from the same records (C.14): Zoë 14 × 2/18, Seán 8 × 1/18; the
    // players beside them 14 × 16/18 and (one turn: not pro-rated) 8.
    const tour = (await findTournamentBySlug(t.db, SLUG))!;
    const records = await loadRoundRecords(t.db, { tournamentId: tour.id, round: 1, roundEndYear: 1909, now: clock, teamOf: () => null });
    const scored = scoreRound(records.games, () => null);
    const seat = (b: number, p: Power) => scored.games.find((g) => g.id === gameId(b))!.powers[p].players!;
    const b8 = seat(8, 'FRANCE');
    expect(b8[String(outsiders.zoe.id)]).toBeCloseTo((14 * 2) / 18, 9);
    expect(b8[String(ids.get(emailOf(teamAt(8, 2), 2)))]).toBeCloseTo((14 * 16) / 18, 9);
    const b9 = seat(9, 'GERMANY');
    expect(b9[String(outsiders.sean.id)]).toBeCloseTo(8 / 18, 9);
    expect(b9[String(ids.get(emailOf(teamAt(9, 3), 3)))]).toBeCloseTo(8, 9);
    expect(o(outsiders.anais)).toMatchObject({ name: "Anaïs L'Hermite", team: null, credits: 0 });
    expect(o(outsiders.anais).score).toBeCloseTo((5 * 10) / 18, 9);
    expect(o(outsiders.reserve).score).toBeCloseTo((3 * 10) / 18, 9);
    // C.6 team totals: 97 for a team with no special board; otherwise the sum, over its seven players
    // (power j on board (k − 6j) mod 42), of the points each board credits the team. E.g. team 1 (k = 0):
    // Austria on board 0 (draw A: 0), England on 36, France 30, Germany 24, Italy 18, Russia 12 (normal:
    // 24 + 14 + 8 + 5 + 3), Turkey on board 6 (draw B: 0) → 54. Team 7 (k = 6): Austria on board 6 (draw
    // B: 33), England on 0 (draw A: 40), France 36, Germany 30, Italy 24, Russia 18 (14 + 8 + 5 + 3), Turkey
    // on 12 (1) → 104. Team 13 (k = 12): Austria board 12 (42), England board 6 (draw B: 33), France board 0
    // (draw A: 22), Germany 36, Italy 30, Russia 24, Turkey 18 (8 + 5 + 3 + 1) → 114. Team 12 (k = 11):
    // Austria board 11 (42), England board 5 (draw B: 33), France 41, Germany 35, Italy 29, Russia 23
    // (14 + 8 + 5 + 3), Turkey 17 (1) → 106; its Russia is on board 23, not 11, so nothing is forfeited.
    // Team 42 (k = 41): Austria board 41 (42), England 35 (24), France 29 (14), Germany 23 (8), Italy 17 (5),
    // Russia board 11 — its player replaced by the pool's reserve: forfeited, 0 (B.8(e)) — and Turkey board 5
    // (draw B: left out, 0) → 93.
    const expectedTotal = (k: number) => POWERS.reduce((sum, p, jj) => sum + teamPoints(((k - 6 * jj) % TEAMS + TEAMS) % TEAMS, p), 0);
    expect([expectedTotal(0), expectedTotal(6), expectedTotal(12), expectedTotal(11), expectedTotal(41)]).toEqual([54, 104, 114, 106, 93]);
    const total = new Map(j.teams.map((x) => [x.team, x.total]));
    expect(total.size).toBe(TEAMS);
    for (let k = 0; k < TEAMS; k++) expect(total.get(teamName(k)), teamName(k)).toBeCloseTo(expectedTotal(k), 9);
    // B.4: 28 boards would advance 196 of 294, more than one half: rounded down to 21 boards, 147 players.
    expect(j.standings.filter((x) => x.advancing)).toHaveLength(147);
    // Sure of their place whatever the credits (at most 10, C.6): the draws' winners (40 and 33) are above any
    // 147th total, and the Austrias left out of a draw A (0; their teams, ≤ 97 − 42 + 16 + 8 + 4 + 2 + 1 + 1 =
    // 87, are below the 22 teams at 97 or more, so get no credits) are among the 16 scoring 0.
    for (const b of DRAW_A_BOARDS) {
      expect(row(ids.get(emailOf(teamAt(b, 1), 1))!).advancing).toBe(true);
      expect(row(ids.get(emailOf(teamAt(b, 0), 0))!)).toMatchObject({ score: 0, credits: 0, total: 0, advancing: false });
    }
    for (const b of DRAW_B_BOARDS) for (const p of [0, 1]) expect(row(ids.get(emailOf(teamAt(b, p), p))!).advancing).toBe(true);
    for (const p of [outsiders.anais, outsiders.reserve]) expect(o(p).advancing).toBe(false);
  }, 60_000);

  it('the round-close mail tells each player where they stand; advance records the 147', async () => {
    const queued = await t.db.transaction().execute((trx) => mailStandingsIfRoundClosed(trx, JUDGE, gameId(0), clock));
    expect(queued).toBeGreaterThanOrEqual(294);
    const mailTo = async (email: string) => (await t.db.selectFrom('outbox').select(['body_text']).where('kind', '=', 'tournament-standings').where('to_address', '=', email).executeTakeFirstOrThrow()).body_text;
    // Board 1's Austria, left out of the draw: 0 points and no credits; 0 centres as scored (eliminated).
    const austria = await mailTo(emailOf(teamAt(0, 0), 0));
    expect(austria).toMatch(/^You are (tied )?\d+(st|nd|rd|th) of 296, with 0 \(wm42-r1-b1, AUSTRIA, 0 centres\): you do not advance \(C\.7\)\.$/m);
    // Board 9's France player, back after two seasons: 12.44 (14 × 16/18) plus the team's credits.
    const s = (await runTournamentStandings(t.db, SLUG, { round: 1, format: 'json' }, ACTOR, clock)) as { json: { standings: { player: string; credits: number }[] } };
    const france = ids.get(emailOf(teamAt(8, 2), 2))!;
    const credits = s.json.standings.find((x) => x.player === String(france))!.credits;
    const shown = String(Math.round(((14 * 16) / 18 + credits) * 100) / 100); // two decimals at most
    expect(await mailTo(emailOf(teamAt(8, 2), 2))).toContain(`with ${shown} (wm42-r1-b9, FRANCE, 6 centres)`);
    // 296 ranked, more than the 20 rows a mail shows: the mail shows the top of the table, the ties and
    // dice of those places and the top ten teams; the reader's own team, tie and dice first; the whole
    // report and table attached (the same two files for every reader, stored once).
    const row = (await withAttachments(t.db, await t.db.selectFrom('outbox').select(['body_text', 'attachments']).where('kind', '=', 'tournament-standings').where('to_address', '=', emailOf(teamAt(0, 0), 0)).execute()))[0]!;
    // Team 1 (k = 0), Équipe 1: 54 points (worked above), below the top ten (the 22 teams at 97 or more
    // are above it), so no credits (C.6).
    expect(austria).toMatch(/^Your team, Équipe 1, is \d+(st|nd|rd|th) of 42 after round 1 with 54: no credits \(C\.6: the top ten teams only\)\.$/m);
    // The sixteen 0s are tied; the line names the rule that broke it.
    expect(austria).toMatch(/^Your place was tied:\n {2}places \d+–\d+: .+ tied; C\.7\([a-f]\) /m);
    // 147 advance (B.4, above): one line, not 147 names; the first 147 places when nobody declined.
    expect(austria).toMatch(/^Advancing \(147\): the first 147 places, down to .+ \(147th, [\d.]+\); each marked "yes" in the attached CSV file\.$/m);
    expect(austria).toMatch(/^ {2}\(the first 10 of 42 teams; every team in the attached report\)$/m);
    expect(austria).toContain('The whole of it is attached: every place in wm42-round-1-standings.csv, and every\ntie, team and dice roll in wm42-round-1-standings.txt.');
    expect(row.attachments.map((a) => a.filename)).toEqual(['wm42-round-1-standings.csv', 'wm42-round-1-standings.txt']);
    const report = Buffer.from(row.attachments[1]!.content, 'base64').toString('utf8');
    // The report is the TD's whole text: every one of the 296 rows and the 147 names advancing.
    expect(report).toMatch(/^.+ \(wm42\): round 1, team round 1, ranked by C\.7 — final$/m);
    expect(report.split('\n').filter((l) => l.includes(' wm42-r1-b'))).toHaveLength(296);
    expect(report).toMatch(/^Advancing \(147\): [^\n]+(, [^\n,]+){146}$/m);
    // Every reader's mail names the same two files by the same bytes.
    const csvOf = await withAttachments(t.db, await t.db.selectFrom('outbox').select(['attachments']).where('kind', '=', 'tournament-standings').limit(3).execute());
    for (const c of csvOf) expect(c.attachments.map((a) => a.content)).toEqual(row.attachments.map((a) => a.content));
    const a = await runTournamentAdvance(t.db, SLUG, { round: 1, declined: [] }, ACTOR, clock);
    expect(a.ok && a.text).toContain('Advancement from round 1 (C.7) recorded: 147 player(s) go on.');
    const tour = (await findTournamentBySlug(t.db, SLUG))!;
    const going = new Set((await findRoundAdvancements(t.db, tour.id, 1)).map((x) => x.personId));
    expect(going.size).toBe(147);
    for (const b of DRAW_A_BOARDS) expect(going.has(ids.get(emailOf(teamAt(b, 0), 0))!)).toBe(false);
    expect(going.has(outsiders.zoe.id)).toBe(false);
  }, 60_000);
});
