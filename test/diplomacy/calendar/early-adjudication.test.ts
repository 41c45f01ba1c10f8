import { describe, expect, it } from 'vitest';
import type { Power } from '../../../src/diplomacy/index.js';
import { earlyAdjudicationAt, earlyAdjudicationCheck, type EarlyAdjudicationInput } from '../../../src/diplomacy/calendar/index.js';
import { NY_WEEKEND, at } from '../../rules/calendar/windows.js';

const ALL: Power[] = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
const finals = (...notFinal: Power[]) => new Map(ALL.map((p) => [p, !notFinal.includes(p)] as const));
const input = (over: Partial<EarlyAdjudicationInput>): EarlyAdjudicationInput => ({
  latestFinal: finals(),
  powers: ALL,
  lastPublication: at('2025-01-06T12:00:00Z'),
  now: at('2025-01-08T09:00:00Z'),
  deadline: at('2025-01-10T12:00:00Z'),
  ...over,
});

describe('earlyAdjudicationAt (D.VII(2): all Final, and 24 hours between publications)', () => {
  // prettier-ignore
  it.each([
    ['D.VII(2): every survivor Final, 45 hours after the last publication: adjudicate now',  input({}),                                                              '2025-01-08T09:00:00.000Z'],
    ['D.VII(2): every survivor Final after 3 hours: wait until 24 hours have passed',         input({ now: at('2025-01-06T15:00:00Z') }),                            '2025-01-07T12:00:00.000Z'],
    ['D.VII(2): exactly 24 hours after the last publication',                                input({ now: at('2025-01-07T12:00:00Z') }),                            '2025-01-07T12:00:00.000Z'],
    ['D.II(1): one power only preliminary: no early adjudication',                           input({ latestFinal: finals('ITALY') }),                               undefined],
    ['D.VII(2): a revised set not marked Final cancels "all Final" (latest set counts)',     input({ latestFinal: finals('FRANCE') }),                              undefined],
    ['D.VII(2): a power with no set at all: no early adjudication',                          input({ latestFinal: new Map(ALL.slice(1).map((p) => [p, true])) }),   undefined],
    ['D.VII(2): only the powers that must order count (a retreat phase)',                    input({ powers: ['ITALY'], latestFinal: new Map([['ITALY', true]]) }), '2025-01-08T09:00:00.000Z'],
    ['D.VII(2): the deadline comes first: the deadline adjudicates',                         input({ now: at('2025-01-06T15:00:00Z'), deadline: at('2025-01-07T06:00:00Z') }), undefined],
    ['D.VII(2): 24 hours later falls in New York’s window: publish at its end (Mon 09:00 EST)', input({ lastPublication: at('2025-01-10T12:00:00Z'), now: at('2025-01-10T13:00:00Z'), deadline: at('2025-01-14T12:00:00Z'), windows: [NY_WEEKEND] }), '2025-01-13T14:00:00.000Z'],
    ['D.VII(2): spring-forward Monday: the window ends at 13:00Z',                           input({ lastPublication: at('2025-03-07T12:00:00Z'), now: at('2025-03-07T13:00:00Z'), deadline: at('2025-03-11T12:00:00Z'), windows: [NY_WEEKEND] }), '2025-03-10T13:00:00.000Z'],
    ['D.VII(2): no powers to order: nothing to adjudicate early',                            input({ powers: [] }),                                                 undefined],
    ['D.IX(2): every set Final but a vote not in: no early adjudication',                     input({ votesOutstanding: ['a draw between Austria and England'] }),   undefined],
    ['D.IX(2): every vote in (none outstanding): adjudicate now',                             input({ votesOutstanding: [] }),                                       '2025-01-08T09:00:00.000Z'],
  ])('%s', (_rule, i, expected) => {
    expect(earlyAdjudicationAt(i)?.toISOString()).toBe(expected);
  });
});

describe('earlyAdjudicationCheck (D.VII(2), D.IX(2): what fails, for the GM\'s process)', () => {
  const LAST = at('2025-01-06T12:00:00Z');
  const kinds = (i: EarlyAdjudicationInput) => earlyAdjudicationCheck(i).blocks.map((b) => b.kind);
  // prettier-ignore
  it.each([
    ['D.VII(2): 23:59:59 after the last publication: too soon',                 input({ lastPublication: LAST, now: at('2025-01-07T11:59:59Z') }),                           ['too-soon']],
    ['D.VII(2): 24:00:00 after the last publication: allowed',                  input({ lastPublication: LAST, now: at('2025-01-07T12:00:00Z') }),                           []],
    ['D.VII(2): 24:00:00 but Italy only preliminary',                           input({ lastPublication: LAST, now: at('2025-01-07T12:00:00Z'), latestFinal: finals('ITALY') }), ['not-final']],
    ['D.VII(2), D.IX(2): 20 seconds after, Italy preliminary, a vote not in',   input({ lastPublication: LAST, now: at('2025-01-06T12:00:20Z'), latestFinal: finals('ITALY'), votesOutstanding: ['a draw'] }), ['not-final', 'too-soon', 'votes']],
    ['D.VII(4)(a) consent does not shorten D.VII(2): a 6-hour turn is no reason', input({ lastPublication: LAST, now: at('2025-01-06T18:00:00Z'), deadline: at('2025-01-06T18:10:00Z') }), ['too-soon']],
  ])('%s', (_rule, i, expected) => {
    expect(kinds(i)).toEqual(expected);
  });

  it('names the powers not Final and the soonest instant', () => {
    const c = earlyAdjudicationCheck(input({ lastPublication: LAST, now: at('2025-01-06T12:00:20Z'), latestFinal: finals('ITALY', 'TURKEY') }));
    expect(c.allowed).toBe(false);
    expect(c.soonest.toISOString()).toBe('2025-01-07T12:00:00.000Z');
    expect(c.blocks).toEqual([{ kind: 'not-final', powers: ['ITALY', 'TURKEY'] }, { kind: 'too-soon', since: LAST, from: at('2025-01-07T12:00:00Z') }]);
  });
});
