import { describe, expect, it } from 'vitest';
import { addressedToGame, gameFromAddresses, normalizeAddress, type GameCandidate } from '../../../src/rules/submission/index.js';

describe('addressedToGame: D.II(2) the game address in To or Cc', () => {
  // prettier-ignore
  it.each([
    ['D.II(2): the game address in To',                              ['wm-b12@judge.example'],         [],                                'wm-b12@judge.example',     true],
    ['D.II(2): the game address in Cc',                              ['france@player.example'],        ['wm-b12@judge.example'],          'wm-b12@judge.example',     true],
    ['D.II(2): neither To nor Cc names it',                          ['france@player.example'],        ['gm@judge.example'],              'wm-b12@judge.example',     false],
    ['D.II(2): no recipients at all (Bcc only)',                     [],                               [],                                'wm-b12@judge.example',     false],
    ['D.II(2): case-insensitive: upper-case recipient',              ['WM-B12@JUDGE.EXAMPLE'],         [],                                'wm-b12@judge.example',     true],
    ['D.II(2): case-insensitive: mixed-case game address',           ['wm-b12@judge.example'],         [],                                'WM-B12@Judge.Example',     true],
    ['D.II(2): blanks and angle brackets are ignored',               [' <wm-b12@judge.example> '],     [],                                'wm-b12@judge.example',     true],
    ['D.II(2): a tagged game address needs its own tag',             ['judge+wm01@judge.example'],     [],                                'judge+wm01@judge.example', true],
    ['D.II(2): the tag compares case-insensitively',                 ['Judge+WM01@judge.example'],     [],                                'judge+wm01@judge.example', true],
    ['D.II(2): the untagged address is not a tagged game\'s address', ['judge@judge.example'],         [],                                'judge+wm01@judge.example', false],
    ['D.II(2): another tag is another game',                         ['judge+wm02@judge.example'],     [],                                'judge+wm01@judge.example', false],
    ['D.II(2): a subaddress of an untagged game address is not it',  ['wm-b12+orders@judge.example'],  [],                                'wm-b12@judge.example',     false],
    ['D.II(2): same local part at another domain is not it',         ['wm-b12@judge.example.org'],     [],                                'wm-b12@judge.example',     false],
    ['an empty game address matches nothing',                        [''],                             [],                                '',                         false],
  ])('%s', (_name, to, cc, gameAddress, expected) => {
    expect(addressedToGame({ to, cc }, gameAddress)).toBe(expected);
  });

  it('normalizeAddress trims, unwraps and lower-cases', () => {
    expect(normalizeAddress('  <Judge+WM01@Judge.Example>  ')).toBe('judge+wm01@judge.example');
  });
});

describe('gameFromAddresses: which game a message is for', () => {
  const games: GameCandidate[] = [
    { id: 'wm01', address: 'judge+wm01@judge.example' },
    { id: 'wm02', address: 'judge+wm02@judge.example' },
    { id: 'b12', address: 'wm-b12@judge.example' },
    { id: 'shared-a', address: 'coalition@judge.example' },
    { id: 'shared-b', address: 'coalition@judge.example' },
  ];
  // prettier-ignore
  it.each([
    ['by its tagged address',                                      ['judge+wm01@judge.example'],                              'Orders S1901',             { gameId: 'wm01', by: 'address', addressed: true }],
    ['by its own address, case-insensitive',                       ['WM-B12@judge.example'],                                  'orders',                   { gameId: 'b12', by: 'address', addressed: true }],
    ['by address, among unrelated recipients',                     ['france@p.example', 'judge+wm02@judge.example'],          '',                         { gameId: 'wm02', by: 'address', addressed: true }],
    ['a subject tag does not override the address',                ['judge+wm01@judge.example'],                              '[wm02] orders',            { gameId: 'wm01', by: 'address', addressed: true }],
    ['two games\' addresses: ambiguous, both listed',               ['judge+wm01@judge.example', 'judge+wm02@judge.example'], 'orders',                   { gameId: undefined, candidates: ['wm01', 'wm02'] }],
    ['two games\' addresses: the subject tag picks one',           ['judge+wm01@judge.example', 'judge+wm02@judge.example'], 'Re: [WM02] orders',        { gameId: 'wm02', by: 'subject', addressed: true }],
    ['shared address: "[id]" subject tag picks the game',          ['coalition@judge.example'],                              '[shared-b] moves',         { gameId: 'shared-b', by: 'subject', addressed: true }],
    ['shared address: "Game: id" subject tag picks the game',      ['coalition@judge.example'],                              'Moves — Game: shared-a',   { gameId: 'shared-a', by: 'subject', addressed: true }],
    ['shared address: no tag, ambiguous',                          ['coalition@judge.example'],                              'moves',                    { gameId: undefined, candidates: ['shared-a', 'shared-b'] }],
    ['shared address: both tagged, ambiguous between those',       ['coalition@judge.example'],                              '[shared-a] [shared-b]',    { gameId: undefined, candidates: ['shared-a', 'shared-b'] }],
    ['shared address: unrelated bracket words are ignored',        ['coalition@judge.example'],                              '[EXTERNAL] [Final] [shared-a]', { gameId: 'shared-a', by: 'subject', addressed: true }],
    ['D.II(2): no game address, subject tag found: not addressed', ['gm@judge.example'],                                     '[b12] orders',             { gameId: 'b12', by: 'subject', addressed: false }],
    ['no address and no tag: no game',                             ['someone@else.example'],                                 'hello',                    { gameId: undefined, candidates: [] }],
    ['no address, two tags: ambiguous',                            [],                                                        '[wm01] [wm02]',            { gameId: undefined, candidates: ['wm01', 'wm02'] }],
  ] as const)('%s', (_name, addresses, subject, expected) => {
    expect(gameFromAddresses(addresses, subject, games)).toEqual(expected);
  });
});
