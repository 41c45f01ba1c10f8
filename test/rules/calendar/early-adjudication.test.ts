import { describe, expect, it } from 'vitest';
import type { Power } from '../../../src/game/index.js';
import { earlyAdjudicationAt, type EarlyAdjudicationInput } from '../../../src/rules/calendar/index.js';
import { NY_WEEKEND, at } from './windows.js';

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
  ])('%s', (_rule, i, expected) => {
    expect(earlyAdjudicationAt(i)?.toISOString()).toBe(expected);
  });
});
