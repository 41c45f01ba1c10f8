import { describe, expect, it } from 'vitest';
import { decideExtension, type ExtensionInput, type GrantedExtension } from '../../../src/diplomacy/calendar/index.js';
import { NY_WEEKEND, at } from '../../rules/calendar/windows.js';

const DEADLINE = at('2025-01-10T12:00:00Z');
const guaranteed: GrantedExtension = { power: 'ENGLAND', hours: 24, charged: true, guaranteed: true };
const christmas = { name: 'Christmas 2025', start: at('2025-12-24T00:00:00Z'), end: at('2025-12-27T00:00:00Z') };
const req = (at_: string, hours: number, over: Partial<ExtensionInput> = {}, power: 'ENGLAND' | 'GM' = 'ENGLAND'): ExtensionInput => ({
  request: { at: at(at_), hours, power },
  deadline: DEADLINE,
  history: [],
  ...over,
});
const summary = (d: ReturnType<typeof decideExtension>) =>
  d.kind === 'granted' ? ['granted', d.deadline.toISOString(), d.hours, d.charged ? 'charged' : 'uncharged', d.guaranteed ? 'guaranteed' : '-']
  : d.kind === 'refused' ? ['refused', d.reason, d.applyLater ? 'later' : '-', d.remainingHours]
  : ['needs-gm', d.remainingHours];

describe('decideExtension (D.VII(5))', () => {
  // prettier-ignore
  it.each([
    ['D.VII(5): the first request is the guaranteed extension',                       req('2025-01-08T12:00:00Z', 24),                                              ['granted', '2025-01-11T12:00:00.000Z', 24, 'charged', 'guaranteed']],
    ['D.VII(5): a request exactly 12 hours before the deadline is in time',           req('2025-01-10T00:00:00Z', 24),                                              ['granted', '2025-01-11T12:00:00.000Z', 24, 'charged', 'guaranteed']],
    ['D.VII(5): a request 11h59m before the deadline is refused for this turn',       req('2025-01-10T00:01:00Z', 24),                                              ['refused', 'too-late', 'later', 168]],
    ['D.VII(5): a request after the deadline is refused, may apply later',            req('2025-01-10T13:00:00Z', 24),                                              ['refused', 'too-late', 'later', 168]],
    ['D.VII(5): a second extension is for the GM to decide',                          req('2025-01-08T12:00:00Z', 24, { history: [guaranteed] }),                   ['needs-gm', 144]],
    ['D.VII(5): the GM grants a further extension, charged',                          req('2025-01-08T12:00:00Z', 24, { history: [guaranteed], gmApproves: true }), ['granted', '2025-01-11T12:00:00.000Z', 24, 'charged', '-']],
    ['D.VII(5): the GM declines a further extension',                                 req('2025-01-08T12:00:00Z', 24, { history: [guaranteed], gmApproves: false }), ['refused', 'gm-declined', '-', 144]],
    ['D.VII(5): never more than 7 days for one position: 144 h used, 48 h asked',     req('2025-01-08T12:00:00Z', 48, { history: [guaranteed, { ...guaranteed, hours: 120, guaranteed: false }], gmApproves: true }), ['refused', 'over-seven-days', '-', 24]],
    ['D.VII(5): … 24 h still fits exactly',                                           req('2025-01-08T12:00:00Z', 24, { history: [guaranteed, { ...guaranteed, hours: 120, guaranteed: false }], gmApproves: true }), ['granted', '2025-01-11T12:00:00.000Z', 24, 'charged', '-']],
    ['D.VII(5): the guaranteed extension cannot exceed 7 days either',                req('2025-01-08T12:00:00Z', 169),                                             ['refused', 'over-seven-days', '-', 168]],
    ['D.VII(5): uncharged extensions do not count toward the 7 days',                 req('2025-01-08T12:00:00Z', 24, { history: [{ power: 'ENGLAND', hours: 160, charged: false, guaranteed: false, holiday: 'Easter' }] }), ['granted', '2025-01-11T12:00:00.000Z', 24, 'charged', 'guaranteed']],
    ['D.VII(5): another position’s extensions are not this one’s',                    req('2025-01-08T12:00:00Z', 24, { history: [{ ...guaranteed, power: 'FRANCE', hours: 168 }] }), ['granted', '2025-01-11T12:00:00.000Z', 24, 'charged', 'guaranteed']],
    ['D.VII(5): no length asked',                                                      req('2025-01-08T12:00:00Z', 0),                                               ['refused', 'bad-length', '-', 168]],
    ['D.VII(2): an extended deadline landing in New York’s window moves to its end',  req('2025-01-08T12:00:00Z', 12, { windows: [NY_WEEKEND] }),                  ['granted', '2025-01-13T14:00:00.000Z', 12, 'charged', 'guaranteed']],
  ])('%s', (_rule, input, expected) => {
    expect(summary(decideExtension(input))).toEqual(expected);
  });

  it('D.VII(5): the guaranteed extension is per player: a replacement has their own, the 7 days stay with the position', () => {
    const history: GrantedExtension[] = [{ ...guaranteed, person: 'alice', hours: 150 }];
    const bob = (hours: number) => decideExtension({ request: { at: at('2025-01-08T12:00:00Z'), hours, power: 'ENGLAND', person: 'bob' }, deadline: DEADLINE, history });
    expect(summary(bob(18))).toEqual(['granted', '2025-01-11T06:00:00.000Z', 18, 'charged', 'guaranteed']);
    expect(summary(bob(19))).toEqual(['refused', 'over-seven-days', '-', 18]);
    const alice = decideExtension({ request: { at: at('2025-01-08T12:00:00Z'), hours: 12, power: 'ENGLAND', person: 'alice' }, deadline: DEADLINE, history });
    expect(alice.kind).toBe('needs-gm');
  });

  it('D.VII(5): the 7 days are counted and said in hours; a partial holiday grant says what was asked', () => {
    const over = decideExtension(req('2025-01-08T12:00:00Z', 169));
    expect(over.kind === 'refused' && over.message).toBe('this position has 168 hours of extensions left of the 7 days (168 hours) one position may have in a game (D.VII(5)); ask for 168 hours or fewer');
    const one = decideExtension(req('2025-01-08T12:00:00Z', 2, { history: [guaranteed, { ...guaranteed, hours: 143, guaranteed: false }], gmApproves: true }));
    expect(one.kind === 'refused' && one.message).toBe('this position has 1 hour of extensions left of the 7 days (168 hours) one position may have in a game (D.VII(5)); ask for 1 hour or fewer');
    const none = decideExtension(req('2025-01-08T12:00:00Z', 2, { history: [{ ...guaranteed, hours: 168 }], gmApproves: true }));
    expect(none.kind === 'refused' && none.message).toBe('this position has used all 7 days (168 hours) of extensions one position may have in a game (D.VII(5))');
    const gm = decideExtension(req('2025-01-08T12:00:00Z', 1, {}, 'GM'));
    expect(gm.kind === 'granted' && gm.message).toBe('the GM extends the deadline by 1 hour (D.VII(4)(a))');
    const partial = decideExtension({ request: { at: at('2025-12-23T12:00:00Z'), hours: 12, power: 'ENGLAND' }, deadline: at('2025-12-25T18:00:00Z'), holidays: [christmas],
      history: [guaranteed, { power: 'FRANCE', hours: 71, charged: false, guaranteed: false, holiday: 'Christmas 2025' }] });
    expect(partial.kind === 'granted' && partial.message).toBe('1-hour extension granted for Christmas 2025, not charged: all that is left of its 72-hour allowance in this game (you asked for 12 hours) (D.VII(5))');
  });

  it('D.VII(5): refusal messages say why and what can be done', () => {
    const late = decideExtension(req('2025-01-10T00:01:00Z', 24));
    expect(late.kind === 'refused' && late.message).toMatchInlineSnapshot(`"an extension must be asked for at least 12 hours before the deadline (D.VII(5)); it is refused for this turn, but you may ask for it to apply to a later turn"`);
  });
});

describe('decideExtension: TD-declared holidays (D.VII(5): not charged, must be granted)', () => {
  const xmas = (over: Partial<ExtensionInput> = {}, power: 'ENGLAND' | 'GM' = 'ENGLAND', hours = 48, when = '2025-12-23T12:00:00Z') =>
    decideExtension({ request: { at: at(when), hours, power }, deadline: at('2025-12-25T18:00:00Z'), history: [], holidays: [christmas], ...over });

  // prettier-ignore
  it.each([
    ['D.VII(5): a Christmas extension is granted uncharged',                            xmas(),                                                          ['granted', '2025-12-27T18:00:00.000Z', 48, 'uncharged', '-']],
    ['D.VII(5): … even with the guaranteed extension used and no GM answer',            xmas({ history: [guaranteed] }),                                  ['granted', '2025-12-27T18:00:00.000Z', 48, 'uncharged', '-']],
    ['D.VII(5): … even with the position’s 7 days used up',                              xmas({ history: [{ ...guaranteed, hours: 168 }] }),               ['granted', '2025-12-27T18:00:00.000Z', 48, 'uncharged', '-']],
    ['D.VII(5): … and when the GM asks',                                                 xmas({}, 'GM'),                                                   ['granted', '2025-12-27T18:00:00.000Z', 48, 'uncharged', '-']],
    ['D.VII(5): the holiday gives the game its length (72 h) in all: 24 h left, guaranteed one used: 24 h uncharged', xmas({ history: [guaranteed, { power: 'FRANCE', hours: 48, charged: false, guaranteed: false, holiday: 'Christmas 2025' }] }), ['granted', '2025-12-26T18:00:00.000Z', 24, 'uncharged', '-']],
    ['D.VII(5): 24 h of holiday left but 48 asked, guaranteed one unused: the guaranteed one, in full', xmas({ history: [{ power: 'FRANCE', hours: 48, charged: false, guaranteed: false, holiday: 'Christmas 2025' }] }), ['granted', '2025-12-27T18:00:00.000Z', 48, 'charged', 'guaranteed']],
    ['D.VII(5): 1 h of holiday left, 12 asked, guaranteed one unused: 12 h, not 1',    xmas({ history: [{ power: 'FRANCE', hours: 71, charged: false, guaranteed: false, holiday: 'Christmas 2025' }] }, 'ENGLAND', 12), ['granted', '2025-12-26T06:00:00.000Z', 12, 'charged', 'guaranteed']],
    ['D.VII(5): 12 h of holiday left, 12 asked: the holiday, uncharged',               xmas({ history: [{ power: 'FRANCE', hours: 60, charged: false, guaranteed: false, holiday: 'Christmas 2025' }] }, 'ENGLAND', 12), ['granted', '2025-12-26T06:00:00.000Z', 12, 'uncharged', '-']],
    ['D.VII(4)(a): the GM asks more than the holiday has left: the GM\'s own, in full', xmas({ history: [{ power: 'FRANCE', hours: 71, charged: false, guaranteed: false, holiday: 'Christmas 2025' }] }, 'GM', 12), ['granted', '2025-12-26T06:00:00.000Z', 12, 'uncharged', '-']],
    ['D.VII(5): the holiday allowance used up: an ordinary (guaranteed) extension',      xmas({ history: [{ power: 'FRANCE', hours: 72, charged: false, guaranteed: false, holiday: 'Christmas 2025' }] }), ['granted', '2025-12-27T18:00:00.000Z', 48, 'charged', 'guaranteed']],
    ['D.VII(5): the 12-hour rule applies to holiday extensions too',                     xmas({}, 'ENGLAND', 48, '2025-12-25T07:00:00Z'),                  ['refused', 'too-late', 'later', 168]],
    ['D.VII(5): a turn not touching the holiday gets no holiday extension',              xmas({ holidays: [{ ...christmas, start: at('2026-01-01T00:00:00Z'), end: at('2026-01-02T00:00:00Z') }] }), ['granted', '2025-12-27T18:00:00.000Z', 48, 'charged', 'guaranteed']],
  ])('%s', (_rule, decision, expected) => {
    expect(summary(decision)).toEqual(expected);
  });
});
