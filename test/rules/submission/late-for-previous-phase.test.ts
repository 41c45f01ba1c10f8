import { describe, expect, it } from 'vitest';
import { lateForPreviousPhase, type PreviousPhaseInput } from '../../../src/rules/submission/late-for-previous-phase.js';

const at = (iso: string) => new Date(iso);
const DEADLINE = at('2026-11-25T13:52:30Z');
const input = (over: Partial<PreviousPhaseInput>): PreviousPhaseInput => ({
  receivedAt: at('2026-11-25T13:52:31Z'),
  previous: { name: 'S1901M', deadline: DEADLINE, adjudicatedAt: at('2026-11-25T13:52:30Z') },
  firstSetThisPhase: undefined,
  fitsPrevious: 3,
  fitsCurrent: 1,
  policy: 'refuse',
  ...over,
});
const summary = (i: PreviousPhaseInput) => {
  const d = lateForPreviousPhase(i);
  return d.late ? [d.phase, d.code] : false;
};

describe('lateForPreviousPhase (D.VII(1), D.VII(3): a set written for the phase just adjudicated)', () => {
  // prettier-ignore
  it.each([
    ['D.VII(3): one second after the deadline, orders fit the old position: late for S1901M',        input({}),                                                                 ['S1901M', 'late']],
    ['D.VII(1): at the deadline\'s second it was on time, but read after the adjudication: missed',   input({ receivedAt: at('2026-11-25T13:52:30.600Z') }),                ['S1901M', 'missed']],
    ['D.VII(1): received well before the deadline, decided only after it (a restart): missed',       input({ receivedAt: at('2026-11-25T12:00:00Z') }),                    ['S1901M', 'missed']],
    ['D.VII(2): before an early adjudication, read after it: missed',                                input({ receivedAt: at('2026-11-24T08:59:59Z'), previous: { name: 'S1901M', deadline: DEADLINE, adjudicatedAt: at('2026-11-24T09:00:00Z') } }), ['S1901M', 'missed']],
    ['an on-time message whose orders fit the new position: for the open phase, not missed',        input({ receivedAt: at('2026-11-25T13:52:30Z'), fitsPrevious: 0, fitsCurrent: 3 }), false],
    ['D.VII(2): before the deadline but after an early adjudication: no longer counts for it',       input({ receivedAt: at('2026-11-24T10:00:00Z'), previous: { name: 'S1901M', deadline: DEADLINE, adjudicatedAt: at('2026-11-24T09:00:00Z') } }), ['S1901M', 'adjudicated-early']],
    ['D.VII(2): … but orders fitting the new position are for it',                                    input({ receivedAt: at('2026-11-24T10:00:00Z'), previous: { name: 'S1901M', deadline: DEADLINE, adjudicatedAt: at('2026-11-24T09:00:00Z') }, fitsPrevious: 0, fitsCurrent: 3 }), false],
    ['the first phase: no previous phase',                                                           input({ previous: undefined }),                                           false],
    ['the power has ordered for the new phase already: later sets are for it',                       input({ firstSetThisPhase: at('2026-11-25T13:52:31Z') }),                false],
    ['a set for the new phase came after this one: this one is still the slip',                      input({ firstSetThisPhase: at('2026-11-25T14:00:00Z') }),                ['S1901M', 'late']],
    ['orders that fit both positions equally decide nothing: filed for the open phase',              input({ fitsPrevious: 1, fitsCurrent: 1 }),                               false],
    ['orders that fit the new position better: for the open phase',                                  input({ fitsPrevious: 0, fitsCurrent: 3 }),                               false],
    ['D.VII(3) alternative: after adjudication started, refused too',                                input({ policy: 'accept-until-adjudication' }),                           ['S1901M', 'adjudication-started']],
    ['D.VII(3) alternative: arrived before adjudication started, read after it was done',            input({ policy: 'accept-until-adjudication', previous: { name: 'S1901M', deadline: DEADLINE, adjudicatedAt: at('2026-11-25T13:55:00Z') } }), ['S1901M', 'adjudication-started']],
  ])('%s', (_rule, i, expected) => {
    expect(summary(i)).toEqual(expected);
  });

  it('says why, citing D.VII(3)', () => {
    const d = lateForPreviousPhase(input({}));
    expect(d.late && d.reason).toBe('it arrived after the deadline, and orders are not accepted after the deadline in this game (D.VII(3))');
  });
});
