import { describe, expect, it } from 'vitest';
import type { Power } from '../../../src/diplomacy/index.js';
import { collectVotes, proposalAtAdjudication, tallyVote, validateProposal, voteOnTime, votePublication, votesMissing, type Proposal, type TallyInput, type Vote } from '../../../src/diplomacy/conduct/votes.js';

const SURVIVORS: Power[] = ['ENGLAND', 'FRANCE', 'GERMANY', 'TURKEY'];
const draw: Proposal = { kind: 'draw', powers: ['ENGLAND', 'FRANCE', 'GERMANY', 'TURKEY'] };
const concession: Proposal = { kind: 'concession', power: 'FRANCE' };
const houseRule: Proposal = { kind: 'house-rule', rule: 'D.VII(3)', change: 'orders accepted until adjudication starts' };
const votes = (...v: [Power, Vote][]) => new Map(v);
const allYes = votes(['ENGLAND', 'yes'], ['FRANCE', 'yes'], ['GERMANY', 'yes'], ['TURKEY', 'yes']);
const turkey = (v: Vote | undefined) => new Map([...allYes].filter(([p]) => p !== 'TURKEY' || v !== undefined).map(([p, x]) => [p, p === 'TURKEY' ? v! : x] as [Power, Vote]));
const tally = (over: Partial<TallyInput>): TallyInput => ({ proposal: draw, survivors: SURVIVORS, votes: allYes, nmrPowers: new Set(), voteDeadlineIsMovementDeadline: true, ...over });

describe('tallyVote (D.IX(1): unanimity of the players remaining)', () => {
  // prettier-ignore
  it.each([
    ['D.IX(1): every survivor votes yes: passed',                                           tally({}),                                                                             'passed'],
    ['D.IX(1): a single no defeats it',                                                      tally({ votes: turkey('no') }),                                                        'failed'],
    ['D.IX(1): an abstention counts as no',                                                  tally({ votes: turkey('abstain') }),                                                   'failed'],
    ['D.IX(1): an unclear vote counts as no',                                                tally({ votes: turkey('unclear') }),                                                   'failed'],
    ['D.IX(1): an uncast vote counts as no',                                                 tally({ votes: turkey(undefined) }),                                                   'failed'],
    ['D.IX(1): game end, movement deadline, the player NMRs: the uncast vote is a yes',     tally({ votes: turkey(undefined), nmrPowers: new Set(['TURKEY']) }),                    'passed'],
    ['D.IX(1): … an unclear vote is treated as uncast, so also a yes',                       tally({ votes: turkey('unclear'), nmrPowers: new Set(['TURKEY']) }),                    'passed'],
    ['D.IX(1): … an explicit abstention is a vote cast, still a no',                         tally({ votes: turkey('abstain'), nmrPowers: new Set(['TURKEY']) }),                    'failed'],
    ['D.IX(1): … an explicit no from the NMR’d player still defeats it',                     tally({ votes: turkey('no'), nmrPowers: new Set(['TURKEY']) }),                         'failed'],
    ['D.IX(1): the NMR exception needs the vote deadline to be a movement deadline',         tally({ votes: turkey(undefined), nmrPowers: new Set(['TURKEY']), voteDeadlineIsMovementDeadline: false }), 'failed'],
    ['D.IX(1): the NMR exception needs the player to have NMR’d',                            tally({ votes: turkey(undefined), nmrPowers: new Set(['ENGLAND']) }),                   'failed'],
    ['D.IX(4): a draw excluding a survivor still needs that survivor’s vote',                tally({ proposal: { kind: 'draw', powers: ['ENGLAND', 'FRANCE'] }, votes: turkey(undefined) }), 'failed'],
    ['D.IX(4): a draw excluding a survivor passes if all vote yes',                         tally({ proposal: { kind: 'draw', powers: ['ENGLAND', 'FRANCE'] } }),                  'passed'],
    ['D.IX(3): a concession passes unanimously',                                            tally({ proposal: concession }),                                                       'passed'],
    ['D.IX(3): a concession is not a game-end proposal: an NMR’d player’s silence is a no',  tally({ proposal: concession, votes: turkey(undefined), nmrPowers: new Set(['TURKEY']) }), 'failed'],
    ['D.IX(5): a house-rule change needs the GM too',                                       tally({ proposal: houseRule }),                                                        'failed'],
    ['D.IX(5): a house-rule change with the GM and every player',                           tally({ proposal: houseRule, gmAgrees: true }),                                        'passed'],
    ['D.IX(5): a house-rule change: the NMR’d player’s uncast vote is a no',                 tally({ proposal: houseRule, gmAgrees: true, votes: turkey(undefined), nmrPowers: new Set(['TURKEY']) }), 'failed'],
    ['D.IX(1): votes from eliminated powers are ignored',                                   tally({ votes: new Map([...allYes, ['ITALY', 'no']]) }),                               'passed'],
    ['D.IX(4): an invalid proposal (a non-survivor in the draw) fails',                     tally({ proposal: { kind: 'draw', powers: ['ENGLAND', 'ITALY'] } }),                   'failed'],
  ])('%s', (_rule, input, result) => {
    expect(tallyVote(input)).toBe(result);
  });
});

describe('validateProposal (D.IX(3)–(5))', () => {
  // prettier-ignore
  it.each([
    ['D.IX(4): a draw of all survivors',                        draw,                                                              []],
    ['D.IX(4): a draw of some survivors',                       { kind: 'draw', powers: ['ENGLAND', 'TURKEY'] },                    []],
    ['D.IX(4): a draw naming an eliminated power',              { kind: 'draw', powers: ['ENGLAND', 'ITALY'] },                     ['not-a-survivor']],
    ['D.IX(4): a draw naming a power twice',                    { kind: 'draw', powers: ['ENGLAND', 'FRANCE', 'ENGLAND'] },         ['duplicate-power']],
    ['D.IX(4): a draw naming nobody',                           { kind: 'draw', powers: [] },                                       ['empty-draw']],
    ['D.IX(3): a "draw" of one power is a concession',          { kind: 'draw', powers: ['FRANCE'] },                               ['single-power-draw']],
    ['D.IX(3): a concession to a survivor',                     concession,                                                        []],
    ['D.IX(3): a concession to an eliminated power',            { kind: 'concession', power: 'ITALY' },                             ['not-a-survivor']],
    ['D.IX(5): a change to a discretionary rule',               houseRule,                                                         []],
    ['D.IX(5): no change to a tournament rule (D.VII(5))',       { kind: 'house-rule', rule: 'D.VII(5)', change: 'two guaranteed' }, ['not-discretionary']],
    ['D.IX(5): the change must be stated',                      { kind: 'house-rule', rule: 'D.X(1)', change: ' ' },                ['empty-change']],
  ] as [string, Proposal, string[]][])('%s', (_rule, proposal, codes) => {
    expect(validateProposal(proposal, SURVIVORS).map((i) => i.code)).toEqual(codes);
  });
});

describe('votes are due with the orders, revisable, and secret (D.IX(2))', () => {
  it('D.IX(2): the last ballot received by the deadline counts; later ones do not', () => {
    const deadline = new Date('2025-01-10T12:00:00Z');
    const v = collectVotes([
      { power: 'ENGLAND', vote: 'no', receivedAt: new Date('2025-01-08T00:00:00Z') },
      { power: 'ENGLAND', vote: 'yes', receivedAt: new Date('2025-01-09T00:00:00Z') },
      { power: 'FRANCE', vote: 'yes', receivedAt: new Date('2025-01-09T00:00:00Z') },
      { power: 'FRANCE', vote: 'no', receivedAt: new Date('2025-01-10T12:00:01Z') },
      { power: 'GERMANY', vote: 'yes', receivedAt: deadline },
    ], deadline);
    expect([...v].sort()).toEqual([['ENGLAND', 'yes'], ['FRANCE', 'yes'], ['GERMANY', 'yes']]);
  });

  it('D.IX(2): a passed proposal replaces the adjudication; a failed one goes with it; no count, no names of voters', () => {
    expect(votePublication(draw, 'passed')).toEqual({ replacesAdjudication: true, text: 'A draw between England, France, Germany, Turkey has been agreed.' });
    const failed = votePublication({ kind: 'draw', powers: ['ENGLAND', 'FRANCE'] }, 'failed');
    expect(failed).toEqual({ replacesAdjudication: false, text: 'A draw between England, France was proposed and has not been agreed.' });
    expect(failed.text).not.toMatch(/\d|Germany|Turkey|vote/i);
    expect(votePublication(concession, 'passed').text).toBe('The concession of the win to France has been agreed.');
  });
});

describe('votes due with the deadline (D.IX(2)) and early adjudication', () => {
  const D = new Date('2030-01-18T10:00:00Z');
  const t = (iso: string) => new Date(iso);
  const ballot = (power: Power, at: string, vote: Vote = 'yes') => ({ power, vote, receivedAt: t(at) });

  // prettier-ignore
  it.each([
    ['D.IX(1): every survivor has voted: nobody missing',                 [ballot('ENGLAND', '2030-01-15T00:00:00Z'), ballot('FRANCE', '2030-01-15T00:00:00Z'), ballot('GERMANY', '2030-01-15T00:00:00Z', 'no'), ballot('TURKEY', '2030-01-15T00:00:00Z')], []],
    ['D.IX(1): Turkey has not voted',                                     [ballot('ENGLAND', '2030-01-15T00:00:00Z'), ballot('FRANCE', '2030-01-15T00:00:00Z'), ballot('GERMANY', '2030-01-15T00:00:00Z')], ['TURKEY']],
    ['D.IX(2): a ballot after the deadline is not a vote cast',           [ballot('ENGLAND', '2030-01-15T00:00:00Z'), ballot('FRANCE', '2030-01-15T00:00:00Z'), ballot('GERMANY', '2030-01-15T00:00:00Z'), ballot('TURKEY', '2030-01-18T10:00:01Z')], ['TURKEY']],
  ])('votesMissing: %s', (_rule, ballots, expected) => {
    expect(votesMissing(ballots, SURVIVORS, D)).toEqual(expected);
  });

  // prettier-ignore
  it.each([
    ['D.IX(2): at the deadline every proposal made by it is decided',                { proposedAt: t('2030-01-15T00:00:00Z'), deadline: D, now: D,                          missing: ['TURKEY'] as Power[] }, 'decide'],
    ['D.IX(2): a proposal made after the deadline is due with the next one',         { proposedAt: t('2030-01-18T10:00:01Z'), deadline: D, now: t('2030-01-18T10:05:00Z'), missing: [] as Power[] },         'later'],
    ['D.IX(2): early, every remaining player has voted: decided',                    { proposedAt: t('2030-01-15T00:00:00Z'), deadline: D, now: t('2030-01-16T00:00:00Z'), missing: [] as Power[] },         'decide'],
    ['D.IX(2): early (the GM\'s override), Turkey has not voted: carried, not decided', { proposedAt: t('2030-01-15T00:00:00Z'), deadline: D, now: t('2030-01-16T00:00:00Z'), missing: ['TURKEY'] as Power[] }, 'carry'],
  ])('proposalAtAdjudication: %s', (_rule, input, expected) => {
    expect(proposalAtAdjudication(input)).toBe(expected);
  });

  // prettier-ignore
  it.each([
    ['D.IX(2): at the deadline\'s second: on time',                         '2030-01-18T10:00:00.900Z', '2030-01-10T00:00:00Z', true],
    ['D.IX(2): one second after the deadline: late, not counted',          '2030-01-18T10:00:01Z',     '2030-01-10T00:00:00Z', false],
    ['D.IX(2): a proposal made after the deadline: due with the next one', '2030-01-18T10:00:05Z',     '2030-01-18T10:00:02Z', true],
  ])('voteOnTime: %s', (_rule, received, proposed, expected) => {
    expect(voteOnTime({ receivedAt: t(received), deadline: D, proposedAt: t(proposed) })).toBe(expected);
  });
});
