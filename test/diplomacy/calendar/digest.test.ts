import { describe, expect, it } from 'vitest';
import { digestFor, formatTimeLeft, type DigestInput } from '../../../src/diplomacy/calendar/index.js';
import { at } from '../../rules/calendar/windows.js';

const INPUT: DigestInput = {
  phase: { season: 'F', year: 1903, kind: 'M' },
  now: at('2025-03-08T12:00:00Z'),
  nextDeadline: at('2025-03-10T13:00:00Z'),
  zone: 'America/New_York',
  powers: [
    { power: 'ENGLAND', status: 'final', lastSetAt: at('2025-03-08T09:15:00Z') },
    { power: 'FRANCE', status: 'preliminary', lastSetAt: at('2025-03-07T22:00:00Z'), extensionRequests: [{ at: at('2025-03-08T10:00:00Z'), hours: 24, pending: true }, { at: at('2025-03-01T10:00:00Z'), hours: 24, pending: false }] },
    { power: 'GERMANY', status: 'missing', absences: [{ from: at('2025-03-09T00:00:00Z'), to: at('2025-03-12T00:00:00Z'), note: 'travelling' }, { from: at('2025-02-01T00:00:00Z'), to: at('2025-02-03T00:00:00Z') }] },
    { power: 'ITALY', status: 'missing', cd: true },
  ],
  votesPending: 2,
  refused: [
    { at: at('2025-03-08T08:00:00Z'), kind: 'press', pressKind: 'gray', from: 'TURKEY <turk@example.org>', reason: 'this game accepts only white press' },
    { at: at('2025-03-08T08:05:00Z'), kind: 'press', pressKind: 'white', from: 'AUSTRIA', reason: 'the GM publishes no press' },
    { at: at('2025-03-08T08:10:00Z'), kind: 'press', from: 'RUSSIA', reason: 'unknown colour' },
    { at: at('2025-03-08T08:20:00Z'), kind: 'orders', from: 'spoof@example.net', reason: 'not the player of record' },
  ],
  alarms: [{ at: at('2025-03-08T08:20:00Z'), from: 'spoof@example.net', claimedPower: 'GERMANY', detail: 'orders for GERMANY from an unregistered address' }],
};

describe('digestFor (the GM digest)', () => {
  it('lists every power’s state, pending requests, current absences, the vote count and the deadline in GMT then the GM’s zone', () => {
    const d = digestFor(INPUT);
    expect(d.phase).toBe('F1903M');
    expect(d.nextDeadline.map((l) => l.text)).toEqual(['Monday 10 March 2025, 13:00 GMT', 'Monday 10 March 2025, 09:00 EDT in America/New_York']);
    expect(d.timeLeft).toBe('2 days 1 hour');
    expect(d.counts).toEqual({ final: 1, preliminary: 1, missing: 1, civilDisorder: 1 });
    expect(d.powers.map((p) => [p.power, p.label, p.lastSet ?? '-', p.pendingExtensions.length, p.absences.length])).toEqual([
      ['ENGLAND', 'Final', 'Saturday 8 March 2025, 09:15 GMT', 0, 0],
      ['FRANCE', 'preliminary only', 'Friday 7 March 2025, 22:00 GMT', 1, 0],
      ['GERMANY', 'no orders', '-', 0, 1],
      ['ITALY', 'civil disorder', '-', 0, 0],
    ]);
    expect(d.votesPending).toBe(2);
    expect(d.alarms).toEqual([{ at: 'Saturday 8 March 2025, 08:20 GMT', from: 'spoof@example.net', claimedPower: 'GERMANY', detail: 'orders for GERMANY from an unregistered address' }]);
  });

  it('D.X(2): never the author of gray press (nor of press of unknown colour); white press and other refusals keep the sender', () => {
    const d = digestFor(INPUT);
    expect(d.refused.map((r) => r.from)).toEqual([undefined, 'AUSTRIA', undefined, 'spoof@example.net']);
    expect(JSON.stringify(d)).not.toMatch(/TURKEY|turk@|RUSSIA/);
  });

  it('D.IX(2): votes pending are a number only — the digest type has no place for their content', () => {
    const d = digestFor(INPUT);
    expect(Object.keys(d).sort()).toEqual(['alarms', 'counts', 'earlyWaitsForVotes', 'generatedAt', 'nextDeadline', 'phase', 'powers', 'refused', 'timeLeft', 'votesPending']);
    expect(d.earlyWaitsForVotes).toBeNull();
  });

  it('D.VII(2), D.IX(2): the proposals holding up an early adjudication are named, never whose vote is missing', () => {
    const d = digestFor({ ...INPUT, votesOutstanding: ['a draw between Austria, England and France'] });
    expect(d.earlyWaitsForVotes).toEqual({ proposals: ['a draw between Austria, England and France'], allFinal: false });
    const allFinal = digestFor({ ...INPUT, powers: INPUT.powers.map((p) => ({ ...p, status: 'final' as const, cd: false })), votesOutstanding: ['a draw between Austria, England and France'] });
    expect(allFinal.earlyWaitsForVotes).toEqual({ proposals: ['a draw between Austria, England and France'], allFinal: true });
  });

  // prettier-ignore
  it.each([
    [0,                       'passed'],
    [-5,                      'passed'],
    [30_000,                  '1 minute'],
    [59 * 60_000,             '59 minutes'],
    [3_600_000 + 60_000,      '1 hour 1 minute'],
    [2 * 86_400_000 + 3_600_000 * 5, '2 days 5 hours'],
  ])('time left %d ms is "%s"', (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text);
  });
});
