import { describe, expect, it } from 'vitest';
import { assignBoards, type AssignInput, type AssignPlayer } from '../../../src/tournament/assign/index.js';
import { recount } from './recount.js';

/** Seven single-player teams per board, with `extra` players replacing the first ones. */
function players(n: number, teams: Record<string, string> = {}): AssignPlayer[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, team: teams[`p${i + 1}`] ?? `solo${i + 1}` }));
}
const rules = (input: AssignInput) => assignBoards(input).broken.map((b) => `${b.rule} ${[...b.players].sort().join(',')}`).sort();

describe('assignBoards: one table row per B.6 letter (kept when possible, broken when forced)', () => {
  // prettier-ignore
  const rows: [string, AssignInput, string[]][] = [
    ['(a) team-mates on different powers in a team round',
      { round: 2, teamRound: true, seed: 's', players: players(14, { p1: 'x', p2: 'x' }), history: [] }, []],
    ['(a) forced by the team\'s round-1 choice (B.5)',
      { round: 1, teamRound: true, seed: 's', players: players(14, { p1: 'x', p2: 'x' }).map((p) => (p.team === 'x' ? { ...p, power: 'FRANCE' as const } : p)), history: [] }, ['B.6(a) p1,p2']],
    ['(b) team-mates on different boards',
      { round: 3, teamRound: false, seed: 's', players: players(21, { p1: 'x', p2: 'x', p3: 'x' }), history: [] }, []],
    ['(b) forced on a single board',
      { round: 4, teamRound: false, seed: 's', players: players(7, { p1: 'x', p2: 'x' }), history: [] }, ['B.6(b) p1,p2']],
    ['(c) a power not held before',
      { round: 2, teamRound: true, seed: 's', players: players(7), history: [{ round: 1, board: 'r1-b1', seats: { FRANCE: 'p1', ENGLAND: 'p2' } }] }, ['B.6(d) p1,p2']],
    ['(c) forced: all seven held AUSTRIA before',
      { round: 2, teamRound: false, seed: 's', players: players(7), history: Array.from({ length: 7 }, (_, i) => ({ round: 1, board: `r1-b${i + 1}`, seats: { AUSTRIA: `p${i + 1}` } })) }, ['B.6(c) *']],
    ['(d) former opponents on different boards',
      { round: 2, teamRound: false, seed: 's', players: players(14), history: [{ round: 1, board: 'r1-b1', seats: { FRANCE: 'p1', ENGLAND: 'p2' } }] }, []],
    ['(d) forced on a single board',
      { round: 2, teamRound: false, seed: 's', players: players(7), history: [{ round: 1, board: 'r1-b1', seats: { FRANCE: 'p3', ENGLAND: 'p4' } }] }, ['B.6(d) p3,p4']],
    ['(e) two teams meet on one board only',
      { round: 2, teamRound: true, seed: 's', players: players(21, { p1: 'x', p2: 'x', p3: 'y', p4: 'y' }), history: [] }, []],
    ['(e) forced: two teams of two on two boards',
      { round: 2, teamRound: true, seed: 's', players: players(14, { p1: 'x', p2: 'x', p3: 'y', p4: 'y' }), history: [] }, ['B.6(e) *']],
  ];
  it.each(rows)('%s', (_, input, expected) => {
    const got = rules(input).map((r) => (expected.some((e) => e.endsWith('*')) ? r.replace(/ .*/, ' *') : r));
    expect(got).toEqual(expected);
    expect(assignBoards(input).broken.length).toBe(recount(input, assignBoards(input)).length);
  });
});

describe('the break order: the less important rule gives way (e < c < a < d < b)', () => {
  it('(d) gives way to (b): p1 met all twelve others before, so team-mate p2 is not put with him', () => {
    const history = Array.from({ length: 12 }, (_, i) => ({ round: 1, board: `r1-b${i + 1}`, seats: { AUSTRIA: 'p1', ENGLAND: `p${i + 3}` } }));
    const out = assignBoards({ round: 3, teamRound: false, seed: 's', players: players(14, { p1: 'x', p2: 'x' }), history });
    expect(out.broken.map((b) => b.rule)).toEqual(Array(6).fill('B.6(d)'));
    // In a team round the two ENGLAND seats are wanted by p1 and p2 (the only ones who never held it),
    // but team-mates may not share a power (a): one former ENGLAND player breaks (c) instead.
    const team = assignBoards({ round: 2, teamRound: true, seed: 's', players: players(14, { p1: 'x', p2: 'x' }), history });
    expect(team.broken.map((b) => b.rule).sort()).toEqual(['B.6(c)', ...Array(6).fill('B.6(d)')]);
  });
  it('(c) gives way to (a): team-mates p1 and p2 both held every power but FRANCE; only one gets FRANCE', () => {
    const others = ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'] as const;
    const history = others.flatMap((power, r) => [{ round: 1, board: `h${r}a`, seats: { [power]: 'p1' } }, { round: 1, board: `h${r}b`, seats: { [power]: 'p2' } }]);
    const out = assignBoards({ round: 2, teamRound: true, seed: 's', players: players(14, { p1: 'x', p2: 'x' }), history });
    expect(out.broken.map((b) => `${b.rule} ${b.players.join(',')}`)).toHaveLength(1);
    expect(out.broken[0]!.rule).toBe('B.6(c)');
  });
});
