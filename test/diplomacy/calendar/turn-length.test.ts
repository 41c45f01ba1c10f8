import { describe, expect, it } from 'vitest';
import { checkTurnLength, type TurnLengthInput } from '../../../src/diplomacy/calendar/index.js';
import { at } from '../../rules/calendar/windows.js';

const input = (over: Partial<TurnLengthInput>): TurnLengthInput => ({
  phase: 'S1901M', kind: 'M', opened: at('2030-01-07T12:00:00Z'), deadline: at('2030-01-11T12:00:00Z'), consented: false, howToConsent: 'add --consent-recorded', ...over,
});
const summary = (i: TurnLengthInput) => {
  const c = checkTurnLength(i);
  return [c.short, c.problem ?? null];
};

describe('checkTurnLength (D.VII(4)(a): one minimum for every deadline the GM gives)', () => {
  // prettier-ignore
  it.each([
    ['D.VII(4)(a): 96 hours of movement: fine',                           input({}),                                                                  [false, null]],
    ['D.VII(4)(a): exactly 72 hours of movement: fine',                   input({ deadline: at('2030-01-10T12:00:00Z') }),                             [false, null]],
    ['D.VII(4)(a): 71 hours of movement, no consent: refused',            input({ deadline: at('2030-01-10T11:00:00Z') }),                             [true, 'that makes the S1901M turn 71 hours long, under the 72-hour minimum: it needs the consent of every surviving player (D.VII(4)(a)); once you have it, add --consent-recorded']],
    ['D.VII(4)(a): a first deadline 6 minutes away, no consent: refused', input({ deadline: at('2030-01-07T12:06:00Z') }),                             [true, 'that makes the S1901M turn 6 minutes long, under the 72-hour minimum: it needs the consent of every surviving player (D.VII(4)(a)); once you have it, add --consent-recorded']],
    ['D.VII(4)(a): … with the players\' consent: short, allowed',         input({ deadline: at('2030-01-07T12:06:00Z'), consented: true }),            [true, null]],
    ['D.VII(4)(a): a retreat turn of 24 hours: fine',                    input({ phase: 'F1901R', kind: 'R', deadline: at('2030-01-08T12:00:00Z') }), [false, null]],
    ['D.VII(4)(a): a retreat turn of 12 hours, no consent: refused',     input({ phase: 'F1901R', kind: 'R', deadline: at('2030-01-08T00:00:00Z') }), [true, 'that makes the F1901R turn 12 hours long, under the 24-hour minimum: it needs the consent of every surviving player (D.VII(4)(a)); once you have it, add --consent-recorded']],
  ])('%s', (_rule, i, expected) => {
    expect(summary(i)).toEqual(expected);
  });
});
