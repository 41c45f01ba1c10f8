import { describe, expect, it } from 'vitest';
import { parsePhase, type Phase } from '../../../src/diplomacy/index.js';
import {
  captainChangeInTime,
  chooseReplacement,
  officialPlayerRoundOne,
  orderSetByPrecedence,
  replacementPeriod,
  replacementSeasonsUsed,
  replacementStatus,
  type ReplacementInput,
  type Reserve,
} from '../../../src/diplomacy/conduct/replacements.js';

const at = (s: string) => new Date(s);
const ph = (s: string): Phase => parsePhase(s)!;
const START = at('2025-01-06T10:00:00Z'); // Monday: captain until Wed 10:00Z, reserves until Fri 10:00Z
const r2 = (rank: number | undefined, person: string, repliedAt?: string): Reserve => ({ person, ...(rank !== undefined ? { rank } : {}), ...(repliedAt ? { repliedAt: at(repliedAt) } : {}) });
const input = (over: Partial<ReplacementInput>): ReplacementInput => ({ round: 2, now: at('2025-01-07T10:00:00Z'), startedAt: START, captain: 'cap', reserves: [], ...over });
const brief = (c: ReturnType<typeof chooseReplacement>) =>
  c.kind === 'wait' ? `wait ${c.for} until ${c.until.toISOString()}` : c.kind === 'civil-disorder' ? 'civil disorder' : `${c.kind} ${c.person}`;

describe('chooseReplacement (B.8)', () => {
  // prettier-ignore
  it.each([
    ['B.8(c): round 1: the captain is the default replacement, at once',                      input({ round: 1 }),                                                                      'captain-default cap'],
    ['B.8(c): round 1: or the player the captain designates',                                 input({ round: 1, captainChoice: { person: 'mate', at: at('2025-01-06T11:00:00Z') } }),  'captain-choice mate'],
    ['B.8(c): round 1: reserves do not come into it',                                         input({ round: 1, reserves: [r2(1, 'star', '2025-01-06T11:00:00Z')] }),                 'captain-default cap'],
    ['B.8(a),(d): round 2: the captain has 48 hours to choose',                               input({}),                                                                                'wait captain until 2025-01-08T10:00:00.000Z'],
    ['B.8(a): round 2: the captain’s choice within 48 hours',                                 input({ captainChoice: { person: 'mate', at: at('2025-01-08T10:00:00Z') } }),           'captain-choice mate'],
    ['B.8(d): round 2: a captain’s choice after 48 hours comes too late; reserves are called', input({ now: at('2025-01-08T12:00:00Z'), captainChoice: { person: 'mate', at: at('2025-01-08T10:01:00Z') } }), 'wait reserves until 2025-01-10T10:00:00.000Z'],
    ['B.8(d): a lower eliminee replied, a higher one may still: wait',                         input({ now: at('2025-01-09T12:00:00Z'), reserves: [r2(5, 'fifth', '2025-01-08T11:00:00Z'), r2(2, 'second')] }), 'wait reserves until 2025-01-10T10:00:00.000Z'],
    ['B.8(d): ranks 5 and 2 replied, rank 1 is still silent: wait for the time to run out',    input({ now: at('2025-01-09T12:00:00Z'), reserves: [r2(5, 'fifth', '2025-01-08T11:00:00Z'), r2(2, 'second', '2025-01-09T11:00:00Z'), r2(1, 'first')] }), 'wait reserves until 2025-01-10T10:00:00.000Z'],
    ['B.8(d): once the time is up, the highest ranked who replied in time',                   input({ now: at('2025-01-10T10:00:00Z'), reserves: [r2(5, 'fifth', '2025-01-08T11:00:00Z'), r2(2, 'second', '2025-01-09T11:00:00Z'), r2(1, 'first')] }), 'reserve second'],
    ['B.8(d): the top eliminee replying ends the wait at once',                               input({ now: at('2025-01-08T12:00:00Z'), reserves: [r2(5, 'fifth', '2025-01-08T11:00:00Z'), r2(1, 'first', '2025-01-08T11:30:00Z')] }), 'reserve first'],
    ['B.8(d): a reply after the given time does not count',                                   input({ now: at('2025-01-10T12:00:00Z'), reserves: [r2(5, 'fifth', '2025-01-08T11:00:00Z'), r2(1, 'first', '2025-01-10T10:01:00Z')] }), 'reserve fifth'],
    ['B.8(d): eliminees before reserves never eliminated',                                    input({ now: at('2025-01-10T10:00:00Z'), reserves: [r2(undefined, 'fresh', '2025-01-08T11:00:00Z'), r2(9, 'ninth', '2025-01-09T11:00:00Z')] }), 'reserve ninth'],
    ['B.8(d): only never-eliminated reserves replied: the first to reply, at the end',        input({ now: at('2025-01-10T10:00:00Z'), reserves: [r2(undefined, 'late', '2025-01-09T11:00:00Z'), r2(undefined, 'early', '2025-01-08T11:00:00Z'), r2(3, 'silent')] }), 'reserve early'],
    ['B.8(f): nobody within the given periods: civil disorder',                               input({ now: at('2025-01-10T10:00:00Z'), reserves: [r2(3, 'silent')] }),                'civil disorder'],
    ['B.8(a): semi-final (round 3): no captain’s right, reserves at once',                    input({ round: 3, now: at('2025-01-06T12:00:00Z') }),                                    'wait reserves until 2025-01-08T10:00:00.000Z'],
    ['B.8(d): over a weekend the reserves have 96 hours',                                     input({ round: 3, startedAt: at('2025-01-10T10:00:00Z'), now: at('2025-01-12T12:00:00Z') }), 'wait reserves until 2025-01-14T10:00:00.000Z'],
    ['B.8(d): the weekend is read on the given zone’s clock (Sydney)',                        input({ round: 3, startedAt: at('2025-01-08T14:00:00Z'), now: at('2025-01-08T15:00:00Z'), zone: 'Australia/Sydney' }), 'wait reserves until 2025-01-12T14:00:00.000Z'],
  ])('%s', (_rule, i, expected) => {
    expect(brief(chooseReplacement(i))).toBe(expected);
  });

  it('B.8(e): a reserve is a permanent replacement', () => {
    expect(chooseReplacement(input({ now: at('2025-01-10T10:00:00Z'), reserves: [r2(2, 'x', '2025-01-09T00:00:00Z')] }))).toEqual({ kind: 'reserve', person: 'x', eliminee: true, permanent: true });
  });
});

describe('round 1 stand-ins (B.8(c))', () => {
  // prettier-ignore
  it.each([
    ['B.8(c): before the captain sends orders the original player keeps the position', {},                                                                                                    'orig', false],
    ['B.8(c): the captain’s first orders make the captain the official player',         { replacementOrderedAt: at('2025-01-07T00:00:00Z') },                                                  'cap',  true],
    ['B.8(c): … or the captain’s designee',                                             { designee: 'mate', replacementOrderedAt: at('2025-01-07T00:00:00Z') },                                'mate', true],
    ['B.8(c): the original player returning first keeps the position',                  { originalReturnedAt: at('2025-01-06T12:00:00Z'), replacementOrderedAt: at('2025-01-07T00:00:00Z') }, 'orig', false],
    ['B.8(c): returning after the captain’s orders is too late',                         { originalReturnedAt: at('2025-01-07T12:00:00Z'), replacementOrderedAt: at('2025-01-07T00:00:00Z') }, 'cap',  true],
  ])('%s', (_rule, over, person, replaced) => {
    expect(officialPlayerRoundOne({ originalPlayer: 'orig', captain: 'cap', ...over })).toEqual({ person, replaced });
  });

  // prettier-ignore
  it.each([
    ['B.8(c): a change announced 48 hours before the deadline applies to it',  '2025-01-08T12:00:00Z', true],
    ['B.8(c): a change announced 47h59m before applies only to a later one',   '2025-01-08T12:01:00Z', false],
  ])('%s', (_rule, announced, ok) => {
    expect(captainChangeInTime(at(announced), at('2025-01-10T12:00:00Z'))).toBe(ok);
  });
});

describe('temporary replacements (B.7)', () => {
  // prettier-ignore
  it.each([
    ['B.7, C.14: Spring and Fall 1902 are two seasons',                    [{ from: ph('S1902M'), to: ph('F1902R') }],                                            2],
    ['C.14: a Winter turn alone is no season',                            [{ from: ph('W1902A'), to: ph('W1902A') }],                                            0],
    ['C.14: a retreat turn belongs to its season',                        [{ from: ph('F1902R'), to: ph('S1903M') }],                                            2],
    ['B.7: overlapping periods count each season once',                   [{ from: ph('S1902M'), to: ph('F1902M') }, { from: ph('F1902M'), to: ph('S1903M') }],  3],
    ['B.7: the four seasons are per round, across the player’s games',    [{ game: 'a', from: ph('S1902M'), to: ph('F1902M') }, { game: 'b', from: ph('S1902M'), to: ph('F1902M') }], 4],
    ['B.7: Spring 1901 to Fall 1902 is four seasons',                     [{ from: ph('S1901M'), to: ph('F1902R') }],                                            4],
  ])('%s', (_rule, periods, n) => {
    expect(replacementSeasonsUsed(periods)).toBe(n);
  });

  const base = { declared: { from: ph('S1903M'), to: ph('F1903R') }, declaredAt: at('2025-01-06T00:00:00Z'), startedAt: at('2025-01-06T00:00:00Z'), earlierPeriodsThisRound: [], current: ph('F1903M'), playerBack: false };
  // prettier-ignore
  it.each([
    ['B.7: declared with the replacement: temporary',                           base,                                                                                    'temporary'],
    ['B.7: declared after the replacement began: permanent',                    { ...base, declaredAt: at('2025-01-06T00:00:01Z') },                                     'permanent declared-late'],
    ['B.7: never declared: permanent',                                          { ...base, declared: undefined },                                                        'permanent undeclared'],
    ['B.7: exactly four seasons in the round: still temporary',                 { ...base, earlierPeriodsThisRound: [{ from: ph('S1901M'), to: ph('F1901M') }] },        'temporary'],
    ['B.7: more than four seasons in the round: permanent',                     { ...base, earlierPeriodsThisRound: [{ from: ph('S1901M'), to: ph('S1902M') }] },        'permanent four-season-limit'],
    ['B.7: the period has run out and the player is not back: permanent',       { ...base, current: ph('W1903A') },                                                      'permanent period-exceeded'],
    ['B.7: the player is back',                                                 { ...base, playerBack: true },                                                           'ended'],
  ])('%s', (_rule, i, expected) => {
    const s = replacementStatus(i);
    expect(s.kind === 'permanent' ? `permanent ${s.reason}` : s.kind).toBe(expected);
  });

  it('B.7: where player and replacement disagree over the period, the player’s decision is final', () => {
    const player = { from: ph('S1903M'), to: ph('S1903M') };
    const replacement = { from: ph('S1903M'), to: ph('F1904R') };
    expect(replacementPeriod({ player, replacement })).toBe(player);
    expect(replacementPeriod({ replacement })).toBe(replacement);
  });

  it('B.7: orders from the player beat a later set from the temporary replacement in the same phase', () => {
    const sets = [
      { id: 1, by: 'player' as const, receivedAt: at('2025-01-08T10:00:00Z') },
      { id: 2, by: 'replacement' as const, receivedAt: at('2025-01-09T10:00:00Z') },
      { id: 3, by: 'player' as const, receivedAt: at('2025-01-08T11:00:00Z') },
    ];
    expect(orderSetByPrecedence(sets)?.id).toBe(3);
    expect(orderSetByPrecedence(sets.filter((s) => s.by === 'replacement'))?.id).toBe(2);
    expect(orderSetByPrecedence([])).toBeUndefined();
  });
});
