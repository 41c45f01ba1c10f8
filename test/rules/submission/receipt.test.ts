import { describe, expect, it } from 'vitest';
import { countedReceipt, type MailCopy } from '../../../src/rules/submission/index.js';

const GAME = 'judge+wm01@judge.example';
const copy = (iso: string, to: string[], cc: string[] = []): MailCopy => ({ receivedAt: new Date(iso), to, cc });
const game = copy('2025-03-03T12:00:05Z', [GAME], ['wmconfirm@worldmasters.net']);

describe('countedReceipt: D.VII(1) and D.VII(7)', () => {
  // prettier-ignore
  it.each([
    ['D.VII(1): no confirmation copy — the game copy counts',                          [],                                                                                      { by: 'game',    at: '2025-03-03T12:00:05Z' }],
    ['D.VII(1): an earlier confirmation copy naming the game in Cc counts',            [copy('2025-03-03T11:59:58Z', ['wmconfirm@worldmasters.net'], [GAME])],                   { by: 'confirm', at: '2025-03-03T11:59:58Z' }],
    ['D.VII(1): an earlier confirmation copy naming the game in To counts',            [copy('2025-03-03T11:59:58Z', [GAME])],                                                   { by: 'confirm', at: '2025-03-03T11:59:58Z' }],
    ['D.VII(7): a confirmation copy without the game address does not count',          [copy('2025-03-03T11:59:58Z', ['wmconfirm@worldmasters.net'])],                           { by: 'game',    at: '2025-03-03T12:00:05Z' }],
    ['D.VII(7): naming another game address does not count',                           [copy('2025-03-03T11:59:58Z', ['judge+wm02@judge.example'])],                             { by: 'game',    at: '2025-03-03T12:00:05Z' }],
    ['D.VII(7): the untagged judge address is not the game address',                   [copy('2025-03-03T11:59:58Z', ['judge@judge.example'])],                                  { by: 'game',    at: '2025-03-03T12:00:05Z' }],
    ['D.VII(7): the game address in another case still counts',                        [copy('2025-03-03T11:59:58Z', ['WMConfirm@worldmasters.net'], ['Judge+WM01@Judge.Example'])], { by: 'confirm', at: '2025-03-03T11:59:58Z' }],
    ['D.VII(1): a later confirmation copy does not count ("if it is sooner")',         [copy('2025-03-03T12:00:09Z', [GAME])],                                                   { by: 'game',    at: '2025-03-03T12:00:05Z' }],
    ['D.VII(1): a confirmation copy at the same instant leaves the game copy',         [copy('2025-03-03T12:00:05Z', [GAME])],                                                   { by: 'game',    at: '2025-03-03T12:00:05Z' }],
    ['D.VII(1): of several qualifying copies the earliest counts',                     [copy('2025-03-03T11:59:59Z', [GAME]), copy('2025-03-03T11:59:57Z', [], [GAME]), copy('2025-03-03T11:59:50Z', ['x@y.z'])], { by: 'confirm', at: '2025-03-03T11:59:57Z' }],
  ] as const)('%s', (_name, confirms, expected) => {
    const r = countedReceipt(game, confirms, GAME);
    expect(r.by).toBe(expected.by);
    expect(r.receivedAt.toISOString()).toBe(new Date(expected.at).toISOString());
  });

  it('D.VII(1): the earlier confirmation time can make a set on time that the game copy would make late', () => {
    const deadline = new Date('2025-03-03T12:00:00Z');
    const r = countedReceipt(game, [copy('2025-03-03T11:59:58Z', [GAME])], GAME);
    expect(game.receivedAt.getTime() > deadline.getTime()).toBe(true);
    expect(r.receivedAt.getTime() <= deadline.getTime()).toBe(true);
  });
});
