/**
 * The pure parts of `mailjudge reproduce`: what is masked before texts are compared (only the random
 * secret and reply token, nothing else), and the replay log's argument encoding (instants survive).
 */
import { describe, expect, it } from 'vitest';
import { maskText } from '../../../src/cli/reproduce/compare-records.js';
import { decodeArgs, encodeArgs } from '../../../src/db/replay-log.js';

describe('maskText', () => {
  it.each([
    ['Your secret: k7Q2m-9xP_a\nAdd the line "Password: k7Q2m-9xP_a" to your messages', 'Your secret: <secret>\nAdd the line "Password: <secret>" to your messages'],
    ['Reply-To: judge+demo-1.k7q2m9xp@judge.example.org', 'Reply-To: judge+demo-1.<token>@judge.example.org'],
    // Everything else is compared as it is: orders, times, a "secret" that is not the judge's line.
    ['  A BUR - BEL                  moves', '  A BUR - BEL                  moves'],
    ['My secret: Paris falls in 1902', 'My secret: Paris falls in 1902'],
    ['Deadline: Friday 11 January 2030, 12:00 GMT', 'Deadline: Friday 11 January 2030, 12:00 GMT'],
  ])('%j', (text, masked) => {
    expect(maskText(text)).toBe(masked);
  });
});

describe('the replay log\'s arguments', () => {
  it('keep instants as instants, drop undefined members, keep everything else', () => {
    const args = { gameId: 'g', at: new Date('2030-01-07T12:00:00.123Z'), hours: 24, power: undefined, players: [{ deadline: new Date(0), email: 'a@b' }], note: null };
    const stored = JSON.parse(JSON.stringify(encodeArgs(args)));
    expect(stored).toEqual({ gameId: 'g', at: { $date: '2030-01-07T12:00:00.123Z' }, hours: 24, players: [{ deadline: { $date: '1970-01-01T00:00:00.000Z' }, email: 'a@b' }], note: null });
    expect(decodeArgs(stored)).toEqual({ gameId: 'g', at: new Date('2030-01-07T12:00:00.123Z'), hours: 24, players: [{ deadline: new Date(0), email: 'a@b' }], note: null });
  });
});
