/**
 * The scorer's input built from a game's own records (src/service/tournament/round-records.ts): the
 * centre counts from the phase history, the result by vote (C.5), who held each power season by season
 * (C.14) with temporary stand-ins (B.7, C.15), and a running game scored on its current counts (B.3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endPosition, findCurrentPositions, insertPosition } from '../../../src/db/positions.js';
import { insertPerson } from '../../../src/db/people.js';
import { insertProposal, insertProposalResult } from '../../../src/db/proposals.js';
import { scoreRound } from '../../../src/tournament/advance/index.js';
import { loadRoundRecords } from '../../../src/service/tournament/round-records.js';
import type { Power } from '../../../src/diplomacy/index.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { calendarGame } from '../fixtures.js';
import { playGame } from './play-records.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const counts = (a: number, e: number, f: number, g: number, i: number, r: number, tu: number) => ({ AUSTRIA: a, ENGLAND: e, FRANCE: f, GERMANY: g, ITALY: i, RUSSIA: r, TURKEY: tu });

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

async function load(gameId: string, now: Date) {
  const g = (await t.db.selectFrom('games').select(['tournament_id']).where('id', '=', gameId).executeTakeFirstOrThrow());
  return loadRoundRecords(t.db, { tournamentId: g.tournament_id!, round: 1, roundEndYear: 1909, now, teamOf: () => null });
}

describe('a round game from its records', () => {
  it('C.5: a solo conceded by vote in Spring 1907 scores 34 + 32 = 66 for France, 0 for the rest', async () => {
    const g = await calendarGame(t.db, 'rr-concede', { deadline: new Date('2026-01-02T12:00:00Z'), round: 1 });
    // Played to Fall 1906: France 15 at the end of 1906.
    const end = await playGame(t.db, g.game.id, { start: new Date('2026-01-01T12:00:00Z'), endYear: 1906, counts: (y) => (y === 1906 ? counts(2, 5, 15, 4, 3, 3, 2) : undefined) });
    const p = await insertProposal(t.db, { gameId: g.game.id, phase: 'S1907M', proposal: { kind: 'concession', power: 'FRANCE' }, proposerPower: 'ENGLAND', personId: null, inboundMessageId: null, line: null, proposedAt: end });
    await insertProposalResult(t.db, { proposalId: p!.id, phase: 'S1907M', result: 'passed', decidedAt: end });
    const r = await load(g.game.id, end);
    expect(r.closed).toBe(true);
    expect(r.games[0]!.history.ending).toEqual({ kind: 'conceded-solo', power: 'FRANCE', year: 1907 });
    const scored = scoreRound(r.games, () => null);
    expect(scored.games[0]!.powers.FRANCE).toMatchObject({ centres: 34, bonus: 32, score: 66 });
    expect(scored.games[0]!.powers.ENGLAND.score).toBe(0);
    // Count-back (C.7(d)): 1908 and 1907 carry the counts at the concession (C.5), then 1906 as played.
    expect(scored.results.get(String(g.players.get('FRANCE')!.id))!.countBack.slice(0, 3)).toEqual([15, 15, 15]);
  });

  it('C.5, D.IX(4): a draw accepted in 1905 scores the counts then, the survivors left out of it eliminated; a two-season stand-in is pro-rated (C.14) and never counts for advancement (C.15)', async () => {
    const g = await calendarGame(t.db, 'rr-draw', { deadline: new Date('2026-02-02T12:00:00Z'), round: 1 });
    const sub = await insertPerson(t.db, { name: 'Stand-in Sue', email: 'sue@example.org' });
    const italy = g.players.get('ITALY')!;
    const end = await playGame(t.db, g.game.id, {
      start: new Date('2026-02-01T12:00:00Z'), endYear: 1904,
      counts: (y) => (y === 1904 ? counts(4, 6, 6, 5, 5, 5, 3) : undefined),
      between: async (season, at) => {
        // Sue stands in for Italy in Spring and Fall 1903 (seasons 4 and 5), temporarily (B.7).
        if (season === 4) await insertPosition(t.db, { gameId: g.game.id, power: 'ITALY', personId: sub.id, kind: 'temporary', startedAt: new Date(at.getTime() + HOUR), reason: 'away two seasons' });
        if (season === 6) {
          const seat = (await findCurrentPositions(t.db, g.game.id)).find((p) => p.personId === sub.id)!;
          await endPosition(t.db, seat.id, { at: new Date(at.getTime() + HOUR), reason: 'Italy back' });
        }
      },
    });
    const p = await insertProposal(t.db, { gameId: g.game.id, phase: 'S1905M', proposal: { kind: 'draw', powers: ['ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA'] }, proposerPower: 'ENGLAND', personId: null, inboundMessageId: null, line: null, proposedAt: end });
    await insertProposalResult(t.db, { proposalId: p!.id, phase: 'S1905M', result: 'passed', decidedAt: end });
    const r = await load(g.game.id, end);
    expect(r.games[0]!.history.ending).toEqual({ kind: 'vote', year: 1905, powers: ['ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA'] });
    expect(r.games[0]!.seats.ITALY.map((s) => [s.player, s.from, s.to, s.permanent])).toEqual([
      [String(italy.id), 0, 3, true], [String(sub.id), 4, 5, false], [String(italy.id), 6, 7, true],
    ]);
    const scored = scoreRound(r.games, () => null);
    // England and France tie on 6: (32 + 16) / 2 = 24 each, score 30; Germany, Italy, Russia tie on 5:
    // (8 + 4 + 2) / 3 = 4.67, score 9.67; Austria (4) and Turkey (3) are left out of the draw and so
    // eliminated (D.IX(4)): 0, where a draw of all would have given them 4 + 1 = 5 and 3 + 0 = 3.
    expect(scored.games[0]!.powers.ENGLAND.score).toBe(30);
    expect(scored.games[0]!.powers.AUSTRIA).toEqual({ centres: 0, bonus: 0, score: 0, players: { [String(g.players.get('AUSTRIA')!.id)]: 0 } });
    expect(scored.games[0]!.powers.TURKEY.score).toBe(0);
    expect(scored.games[0]!.powers.ITALY.score).toBeCloseTo(5 + 14 / 3, 12);
    // Italy's player: 16 of 18 seasons (the game ended in Spring 1905, the rest credited to the player active then, C.14);
    // Sue: 2 of 18, and no counting result (C.15: a temporary replacement never counts).
    const italyScore = 5 + 14 / 3;
    expect(scored.games[0]!.powers.ITALY.players![String(italy.id)]).toBeCloseTo(italyScore * 16 / 18, 12);
    expect(scored.games[0]!.powers.ITALY.players![String(sub.id)]).toBeCloseTo(italyScore * 2 / 18, 12);
    expect(scored.results.has(String(sub.id))).toBe(false);
  });

  it('C.14, B.8(e): an outside stand-in for S1901 and the captain\'s outside replacement keep the team its positions; only a reserve from the pool costs it', async () => {
    const g = await calendarGame(t.db, 'rr-keep', { deadline: new Date('2026-04-02T12:00:00Z'), round: 1 });
    const sue = await insertPerson(t.db, { name: 'Outside Sue', email: 'sue2@example.org' });
    const fred = await insertPerson(t.db, { name: 'Outside Fred', email: 'fred2@example.org' });
    const rita = await insertPerson(t.db, { name: 'Reserve Rita', email: 'rita2@example.org' });
    const id = (p: Power) => g.players.get(p)!.id;
    const end = await playGame(t.db, g.game.id, {
      start: new Date('2026-04-01T12:00:00Z'), endYear: 1909,
      // 1909: AUSTRIA 9, ENGLAND 7, FRANCE 6, GERMANY 5, ITALY 4, RUSSIA 2, TURKEY 1
      counts: (y) => (y === 1909 ? counts(9, 7, 6, 5, 4, 2, 1) : undefined),
      between: async (season, at) => {
        const from = new Date(at.getTime() + HOUR);
        // Sue stands in for Italy in S1901 only (temporary, B.7), Italy is back for F1901.
        if (season === 0) await insertPosition(t.db, { gameId: g.game.id, power: 'ITALY', personId: sue.id, kind: 'temporary', startedAt: from, reason: 'away S1901' });
        if (season === 1) {
          const seat = (await findCurrentPositions(t.db, g.game.id)).find((p) => p.personId === sue.id)!;
          await endPosition(t.db, seat.id, { at: from, reason: 'Italy back' });
        }
        // From S1907 (season 12): France's captain names Fred, from outside the team; Germany's captain
        // names nobody and Rita comes from the pool (B.8(d)).
        if (season === 12) {
          for (const [power, who, fromPool] of [['FRANCE', fred.id, false], ['GERMANY', rita.id, true]] as const) {
            const seat = (await findCurrentPositions(t.db, g.game.id)).find((p) => p.power === power)!;
            await endPosition(t.db, seat.id, { at: from, reason: 'replaced' });
            await insertPosition(t.db, { gameId: g.game.id, power, personId: who, kind: 'permanent', startedAt: from, reason: 'replacement', fromPool });
          }
        }
      },
    });
    const r = await load(g.game.id, end);
    expect(r.games[0]!.starters).toMatchObject({ ITALY: String(id('ITALY')), FRANCE: String(id('FRANCE')) });
    const blue = new Set([id('ITALY'), id('FRANCE'), id('GERMANY')].map(String));
    const scored = scoreRound(r.games, (p) => (blue.has(p) ? 'blue' : null));
    const game = scored.games[0]!.powers;
    // Places: AUSTRIA 32, ENGLAND 16, FRANCE 8, GERMANY 4, ITALY 2: FRANCE 6 + 8 = 14, GERMANY 5 + 4 = 9, ITALY 4 + 2 = 6.
    expect([game.FRANCE.score, game.GERMANY.score, game.ITALY.score]).toEqual([14, 9, 6]);
    // Italy's player: one season away at the start is not pro-rated (C.14): all 6; Sue 6 × 1/18.
    expect(game.ITALY.players![String(id('ITALY'))]).toBe(6);
    expect(game.ITALY.players![String(sue.id)]).toBeCloseTo(6 / 18, 12);
    // Fred 6 of 18 seasons: 14 × 6/18; the team keeps FRANCE (14) and ITALY (6); GERMANY's 9 is forfeited (B.8(e)).
    expect(game.FRANCE.players![String(fred.id)]).toBeCloseTo(14 / 3, 12);
    const team = scored.teams.find((x) => x.team === 'blue')!;
    expect([...team.scores].sort((a, b) => a - b)).toEqual([0, 6, 14]);
    expect(team.forfeited).toBe(9);
    // Rita scores as an individual: no team (C.7(e) ranks her last among ties).
    expect(scored.results.get(String(rita.id))).toMatchObject({ team: null, power: 'GERMANY' });
  });

  it('B.3: a game still running is scored on its current counts, and the round is not closed', async () => {
    const g = await calendarGame(t.db, 'rr-running', { deadline: new Date('2026-03-02T12:00:00Z'), round: 1 });
    const end = await playGame(t.db, g.game.id, { start: new Date('2026-03-01T12:00:00Z'), endYear: 1902, counts: (y) => (y === 1902 ? counts(3, 4, 5, 5, 4, 6, 7) : undefined) });
    await t.db.updateTable('games').set({ status: 'active', current_phase: 'S1903M' }).where('id', '=', g.game.id).execute();
    const r = await load(g.game.id, end);
    expect(r.closed).toBe(false);
    const scored = scoreRound(r.games, () => null);
    // Turkey 7 + 32 = 39 on the counts at the end of 1902.
    expect(scored.games[0]!.powers.TURKEY.score).toBe(39);
  });
});
